// `npm run test:e2e`: the extension as a user gets it. Packages the VSIX (scripts/package.mjs),
// installs it into a fresh code-server profile, serves the workbench on 127.0.0.1 and walks it in
// headless chromium (e2e-walk.mjs). Screenshots go to the run's folder (on failure, e2e-failure.png);
// with --update-docs-images they also replace docs/images/e2e-*.png. How: docs/testing.md.
//
// Usage: node test/harness/run-e2e.mjs [--vsix FILE] [--update-docs-images] [--verbose]
//   --vsix                test this VSIX instead of packaging one
//   --update-docs-images  refresh the committed pictures in docs/images/ (also: DEDUP_CURATOR_UPDATE_DOCS_IMAGES=1).
//                         Not by default: no two runs give the same bytes (focus and hover pixels),
//                         and a test run should not leave tracked files modified in a shared tree.
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import { ensureInstalled, REPO, HarnessError, stopAllOnExit, killGroup } from './vscode-install.mjs';
import { createRun, removeTmp } from './profile.mjs';
import { startCodeServer, installVsix } from './servers.mjs';
import { openBrowser } from './browser.mjs';
import { walk, StepError } from './e2e-walk.mjs';
import { memorySampler, formatPeaks, chromiumGroup } from './memory.mjs';

const { values: opts } = parseArgs({
  options: {
    vsix: { type: 'string' },
    'update-docs-images': { type: 'boolean', default: process.env.DEDUP_CURATOR_UPDATE_DOCS_IMAGES === '1' },
    verbose: { type: 'boolean', default: false },
  },
});
const DOCS_IMAGES = join(REPO, 'docs', 'images');
const t0 = Date.now();
const since = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const log = (m) => console.log(`[test:e2e ${since()}] ${m}`);

function packageVsix() {
  if (opts.vsix) {
    if (!existsSync(opts.vsix)) throw new HarnessError(`no VSIX at ${opts.vsix}`);
    return opts.vsix;
  }
  const r = spawnSync(process.execPath, [join(REPO, 'scripts', 'package.mjs'), '--quiet'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new HarnessError('packaging the VSIX failed (npm run package shows why)');
  return r.stdout.trim().split('\n').pop();
}

/** First line of the Recommendations view's welcome content, read from package.json (it gets reworded). */
function welcomeText() {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  const nls = JSON.parse(readFileSync(join(REPO, 'package.nls.json'), 'utf8'));
  const entry = pkg.contributes?.viewsWelcome?.find((w) => w.view === 'dedupCurator.recommendations');
  // Contribution strings are %keys% of package.nls.json (the English text).
  const contents = entry?.contents.replace(/^%(.+)%$/, (_, key) => nls[key] ?? key);
  const first = contents?.split('\n')[0].trim();
  // A line that is a command link renders as a button, not as text.
  return first && !first.startsWith('[') ? first : undefined;
}

/** Whether package.json contributes a command (the walk visits the panels the extension has). */
function contributes(command) {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
  return Boolean(pkg.contributes?.commands?.some((c) => c.command === command));
}

async function main() {
  const stamp = await ensureInstalled();
  const vsix = packageVsix();
  log(`packaged ${vsix}`);

  const profile = createRun('e2e');
  log(`code-server ${stamp.codeServer} (VS Code ${stamp.vscode}); logs and profile in ${profile.dir}`);
  await installVsix(profile, vsix);
  log('VSIX installed into a fresh extensions folder');

  let server;
  let browser;
  const mem = memorySampler();
  try {
    server = await startCodeServer(profile);
    mem.add('code-server', server.pgid);
    log(`code-server on ${server.url}`);
    let page;
    ({ browser, page } = await openBrowser(profile));
    mem.add('chromium', chromiumGroup());
    if (opts.verbose) page.on('pageerror', (e) => console.error(`[workbench] ${e.message}`));

    const shots = join(profile.logs, 'screenshots');
    mkdirSync(shots, { recursive: true });
    const screenshot = async (name) => {
      const file = join(shots, `${name}.png`);
      await page.screenshot({ path: file });
      if (opts['update-docs-images']) {
        mkdirSync(DOCS_IMAGES, { recursive: true });
        copyFileSync(file, join(DOCS_IMAGES, `${name}.png`));
      }
      log(`screenshot ${opts['update-docs-images'] ? `docs/images/${name}.png` : file}`);
    };

    await page.goto(`${server.url}/?folder=${encodeURIComponent(profile.workspace)}`);
    try {
      await walk(page, { screenshot, say: log, welcome: welcomeText(), recordPanels: contributes('dedupCurator.openLocation') && contributes('dedupCurator.openEvent'), userData: profile.userData });
    } catch (e) {
      const file = join(profile.logs, 'e2e-failure.png');
      await page.screenshot({ path: file }).catch(() => {});
      console.error(`[test:e2e] FAILED: ${e instanceof StepError ? e.message : `unexpected error: ${e.message}`}`);
      console.error(`[test:e2e] failure screenshot: ${file}`);
      console.error(`[test:e2e] logs: ${profile.logs}`);
      return 1;
    }
    log(`PASSED; peak memory: ${formatPeaks(mem.stop())}`);
    return 0;
  } finally {
    await browser?.close().catch(() => {});
    await killGroup(server?.pgid);
    removeTmp(profile);
  }
}

stopAllOnExit((sig) => console.error(`[test:e2e] ${sig}: stopping code-server`));
try {
  process.exitCode = await main();
} catch (e) {
  console.error(`[test:e2e] ${e instanceof HarnessError ? '' : 'unexpected error: '}${e.message}`);
  if (opts.verbose && !(e instanceof HarnessError)) console.error(e.stack);
  process.exitCode = 1;
}
