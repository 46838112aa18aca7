// `npm run test:vscode`: runs the mocha suite in out/test/integration/ inside a real VS Code extension
// host (VS Code 1.139.1 server from code-server, workbench in headless chromium), the way
// @vscode/test-electron does on a desktop. How: docs/testing.md.
//
// Usage: node test/harness/run-integration.mjs [--timeout SECONDS] [--env KEY=VALUE]... [--verbose] [--no-build]
//   --env      extra environment variables for the extension host, e.g. DEDUP_CURATOR_TEST_FAIL_ONE=1
//   --verbose  also print the workbench's own log lines, hidden by default
// Exit status: 0 when every test passed, 1 on a failing test, a timeout or a harness problem.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureInstalled, REPO, HarnessError, stopAllOnExit, killGroup, run } from './vscode-install.mjs';
import { createRun, removeTmp } from './profile.mjs';
import { startTestServer } from './servers.mjs';
import { runSuiteInWorkbench } from './suite-in-browser.mjs';
import { memorySampler, formatPeaks, chromiumGroup } from './memory.mjs';

const { values: opts } = parseArgs({
  options: {
    timeout: { type: 'string', default: process.env.DEDUP_CURATOR_TEST_TIMEOUT ?? '900' },
    env: { type: 'string', multiple: true, default: [] },
    verbose: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});

const SUITE = join(REPO, 'out', 'test', 'integration', 'index.js');
const log = (m) => console.log(`[test:vscode] ${m}`);

async function main() {
  const t0 = Date.now();
  const stamp = await ensureInstalled();

  if (!opts['no-build']) {
    // Always rebuild: esbuild takes about a second, and a stale dist/ or out/ would test old code.
    if ((await run(process.execPath, [join(REPO, 'esbuild.js')], { cwd: REPO })) !== 0) {
      throw new HarnessError('the build (node esbuild.js) failed; see its errors above');
    }
  }
  if (!existsSync(SUITE)) throw new HarnessError(`no compiled suite at ${SUITE}: is there a test/integration/index.ts?`);
  if (!existsSync(join(REPO, 'dist', 'extension.js'))) throw new HarnessError('dist/extension.js is missing after the build');

  const env = Object.fromEntries(
    opts.env.map((kv) => {
      const i = kv.indexOf('=');
      if (i < 1) throw new HarnessError(`--env wants KEY=VALUE, got "${kv}"`);
      return [kv.slice(0, i), kv.slice(i + 1)];
    }),
  );

  // Decisions are sent at once in the suite (each test of the undo period sets its own), so the
  // suite's many decisions do not each wait the default 5 s.
  const profile = createRun('integration', { settings: { 'dedupCurator.undoSeconds': 0 } });
  log(`VS Code ${stamp.vscode}; logs and profile in ${profile.dir}`);
  let server;
  const mem = memorySampler();
  try {
    server = await startTestServer(profile);
    mem.add('VS Code server', server.pgid);
    log(`VS Code server on ${server.url} (started in ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
    const result = await runSuiteInWorkbench({
      serverUrl: server.url,
      extensionPath: REPO,
      suitePath: SUITE,
      profile,
      env,
      timeoutS: Number(opts.timeout),
      verbose: opts.verbose,
      serverExited: server.exited,
      onBrowser: () => mem.add('chromium', chromiumGroup()),
    });
    const peaks = mem.stop();
    const secs = ((Date.now() - t0) / 1000).toFixed(1);
    if (result.ok) {
      log(`PASSED in ${secs} s; peak memory: ${formatPeaks(peaks)}`);
      return 0;
    }
    console.error(`[test:vscode] FAILED: ${result.reason} (after ${secs} s)`);
    if (result.screenshot) console.error(`[test:vscode] screenshot: ${result.screenshot}`);
    console.error(`[test:vscode] logs: ${profile.logs} (server: ${server.logFile})`);
    return 1;
  } finally {
    await killGroup(server?.pgid);
    removeTmp(profile);
  }
}

stopAllOnExit((sig) => console.error(`[test:vscode] ${sig}: stopping VS Code`));
try {
  process.exitCode = await main();
} catch (e) {
  // Harness problems are explained in their message; anything else gets its stack with --verbose.
  console.error(`[test:vscode] ${e instanceof HarnessError ? '' : 'unexpected error: '}${e.message}`);
  if (opts.verbose && !(e instanceof HarnessError)) console.error(e.stack);
  process.exitCode = 1;
}
