// `npm run demo`: Dedup Curator in a real VS Code, connected to the local sandbox, in one command.
// Builds and packages the extension, starts the sandbox service (`node dist/cli.js sandbox`) with a
// random token, and opens VS Code with the VSIX installed in a throw-away profile under .cache/demo/
// (your own VS Code profile and extensions are not touched):
//  - the desktop `code` if it is on PATH (and --web is not given);
//  - otherwise VS Code in the browser, served by the code-server the test harness installs, on
//    127.0.0.1 only.
// The profile's settings.json gets dedupCurator.baseUrl = the sandbox's URL; the token reaches the
// extension only through the DEDUP_TOKEN environment variable (it imports it into secret storage),
// never through a file. Ctrl-C stops everything the demo started.
//
// Usage: npm run demo -- [--web] [--port N] [--sandbox-port N] [--no-open] [-- SANDBOX OPTIONS…]
//   --web            use the browser workbench even if `code` is on PATH
//   --port N         serve the browser workbench on 127.0.0.1:N (default: a free port)
//   --sandbox-port N run the sandbox on 127.0.0.1:N (default: a free port)
//   --no-open        only print the URL; do not open a browser
//   -- …             the rest goes to the sandbox (`dedup-curator sandbox --help`), e.g.
//                    `npm run demo -- --web -- --locations 20000 --auto-merge off` or `-- --load places.ndjson`
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ensureInstalled, REPO, HarnessError, startGroup, stopAll, stopAllOnExit,
} from '../test/harness/vscode-install.mjs';
import { createRun, removeTmp, writeSettings } from '../test/harness/profile.mjs';
import { startCodeServer, installVsix } from '../test/harness/servers.mjs';

let opts;
/** Everything after `--`: options of the sandbox. */
let sandboxArgs = [];
try {
  ({ values: opts, positionals: sandboxArgs } = parseArgs({
    allowPositionals: true,
    options: {
      web: { type: 'boolean', default: false },
      port: { type: 'string' },
      'sandbox-port': { type: 'string' },
      'no-open': { type: 'boolean', default: false },
    },
  }));
} catch (e) {
  console.error(`[demo] ${e.message}\nusage: npm run demo -- [--web] [--port N] [--sandbox-port N] [--no-open] [-- SANDBOX OPTIONS…]`);
  process.exit(2);
}
const DEMO_DIR = join(REPO, '.cache', 'demo');
let stopping = false; // set on Ctrl-C, when the children's exits are expected
let desktop = false;
let demoProfile; // for the Ctrl-C handler
const say = (m) => console.log(`[demo] ${m}`);

function port(name) {
  const v = opts[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new HarnessError(`--${name} wants a port number, got "${v}"`);
  return n;
}

function onPath(bin) {
  return (process.env.PATH ?? '').split(':').find((d) => d && existsSync(join(d, bin)));
}

function packageVsix() {
  say('building and packaging the extension…');
  const r = spawnSync(process.execPath, [join(REPO, 'scripts', 'package.mjs'), '--quiet'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new HarnessError('packaging failed (run `npm run package` to see why)');
  return r.stdout.trim().split('\n').pop();
}

/** Starts the sandbox and waits for its "Sandbox listening on <url>" line; returns { url, group }. */
async function startSandbox(profile, token) {
  const logFile = join(profile.logs, 'sandbox.log');
  // --port 0 lets the sandbox pick a free port itself and report it: no race with another program.
  const sandboxPort = port('sandbox-port') ?? 0;
  const group = startGroup(process.execPath, [join(REPO, 'dist', 'cli.js'), 'sandbox', '--port', String(sandboxPort), ...sandboxArgs], {
    cwd: REPO,
    // The token goes by environment, not argv, so `ps` does not show it.
    env: { ...process.env, DEDUP_SANDBOX_TOKEN: token },
    logFile,
  });
  let exited;
  group.exited.then((c) => (exited = c));
  // A large backlog (--locations 20000) or a loaded file is matched before the sandbox listens.
  const limitS = sandboxArgs.length ? 600 : 30;
  const deadline = Date.now() + limitS * 1000;
  while (Date.now() < deadline) {
    const out = readFileSync(logFile, 'utf8');
    const m = out.match(/Sandbox listening on (http:\/\/\S+)/);
    if (m) return { url: m[1].replace(/\/$/, ''), group };
    if (exited !== undefined) {
      const tail = out.trim().split('\n').slice(-5).join('\n  ');
      throw new HarnessError(`the sandbox stopped before it was ready (${exited}):\n  ${tail}\n  full log: ${logFile}`);
    }
    await sleep(200);
  }
  throw new HarnessError(`the sandbox did not report "Sandbox listening on …" within ${limitS} s; see ${logFile}`);
}

/** Desktop VS Code with its own profile folders; --wait keeps the launcher alive until the window closes. */
async function startDesktop(profile, codeBin, vsix, token) {
  const dirs = ['--user-data-dir', profile.userData, '--extensions-dir', profile.extensions];
  const inst = spawnSync(codeBin, [...dirs, '--install-extension', vsix, '--force'], { encoding: 'utf8' });
  if (inst.status !== 0) throw new HarnessError(`\`code --install-extension\` failed:\n${inst.stderr || inst.stdout}`);
  // Only the token goes into this environment; VS Code's own variables from a surrounding VS Code
  // terminal would make `code` reuse that instance instead of opening the demo profile.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VSCODE_|ELECTRON_RUN_AS_NODE$)/.test(k)));
  const group = startGroup(codeBin, [...dirs, '--new-window', '--wait', profile.workspace], {
    cwd: profile.dir,
    env: { ...env, DEDUP_TOKEN: token },
    logFile: join(profile.logs, 'code.log'),
  });
  say('VS Code (desktop) is opening with the Dedup Curator demo profile');
  return group;
}

/**
 * The desktop `code` launcher starts VS Code's main process detached from itself, so stopping the
 * launcher's group leaves the window open: stop the processes that run on the demo's own
 * user-data folder (a path unique to this run) as well.
 */
function stopDesktopWindows(profile) {
  const ps = spawnSync('ps', ['-axo', 'pid=,pgid=,command='], { encoding: 'utf8' });
  const own = new Set([process.pid, getpgid()]);
  const groups = new Set();
  for (const line of (ps.stdout ?? '').split('\n')) {
    const m = line.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/);
    if (m && !own.has(Number(m[1])) && m[3].includes(profile.userData)) groups.add(Number(m[2]));
  }
  // Each group is one VS Code main process with its renderers and helpers.
  for (const g of groups) {
    if (own.has(g)) continue;
    try {
      process.kill(-g, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** This process's own group, never to be signalled. */
function getpgid() {
  const r = spawnSync('ps', ['-o', 'pgid=', '-p', String(process.pid)], { encoding: 'utf8' });
  return Number(r.stdout?.trim());
}

async function startWeb(profile, vsix, token) {
  await installVsix(profile, vsix);
  const server = await startCodeServer(profile, { port: port('port'), env: { DEDUP_TOKEN: token } });
  const url = `${server.url}/?folder=${encodeURIComponent(profile.workspace)}`;
  say(`VS Code in the browser: ${url}`);
  const opener = !opts['no-open'] && (process.env.DISPLAY || process.env.WAYLAND_DISPLAY) && onPath('xdg-open');
  if (opener) spawnSync('xdg-open', [url], { stdio: 'ignore', timeout: 10000 });
  return server;
}

async function main() {
  const codeBin = !opts.web && onPath('code');
  desktop = Boolean(codeBin);
  // Before anything runs: the first use installs code-server (a few minutes, once).
  if (!desktop) await ensureInstalled();
  const vsix = packageVsix();
  const token = randomBytes(24).toString('base64url');
  const profile = createRun('demo', { base: DEMO_DIR });
  demoProfile = profile;
  try {
    const sandbox = await startSandbox(profile, token);
    say(`sandbox on ${sandbox.url} (token handed to VS Code as DEDUP_TOKEN, not written anywhere)`);
    // The settings name the service only; the token stays out of every file.
    writeSettings(profile, { 'dedupCurator.baseUrl': sandbox.url });

    const vscode = codeBin ? await startDesktop(profile, join(codeBin, 'code'), vsix, token) : await startWeb(profile, vsix, token);
    say(`profile and logs in ${profile.dir}`);
    say('press Ctrl-C to stop the demo');

    // Closing the desktop window ends the demo normally; anything else stopping is a failure.
    const end = await Promise.race([
      sandbox.group.exited.then((c) => ({ why: `the sandbox stopped (${c})`, code: 1 })),
      vscode.exited.then((c) => (codeBin ? { why: 'the VS Code window was closed', code: 0 } : { why: `code-server stopped (${c})`, code: 1 })),
    ]);
    if (stopping) return 0;
    say(`${end.why}; stopping the demo`);
    return end.code;
  } finally {
    await stopAll();
    if (desktop) stopDesktopWindows(profile);
    removeTmp(profile);
  }
}

stopAllOnExit(() => {
  stopping = true;
  say('stopping the sandbox and VS Code…');
  if (desktop && demoProfile) stopDesktopWindows(demoProfile);
});
try {
  process.exitCode = await main();
} catch (e) {
  console.error(`[demo] ${e instanceof HarnessError ? '' : 'unexpected error: '}${e.message}`);
  process.exitCode = 1;
}
