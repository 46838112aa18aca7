// A throw-away VS Code profile per run: user data, extensions, workspace, logs and the folders VS Code
// would otherwise write to in $HOME and /tmp, all under .cache/vscode-harness/runs/<kind>-<pid>/.
// Each run gets its own folder because several people may run the suite in this working tree at once.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE, paths } from './vscode-install.mjs';

const RUNS = join(CACHE, 'runs');
const KEEP_RUNS = 3;

/** Settings that keep the workbench quiet and light (no AI agent host, no update or telemetry calls). */
export const QUIET_SETTINGS = {
  'chat.disableAIFeatures': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.enabled': false,
};

/**
 * Creates runs/<kind>-<pid>/ with ud/ (user data, User/settings.json), ext/, ws/, logs/, home/ and
 * tmp/, after pruning all but the newest runs of that kind. Returns the paths and `env` for VS Code.
 */
export function createRun(kind, { settings = {}, base = RUNS } = {}) {
  pruneRuns(kind, base);
  const dir = join(base, `${kind}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const run = {
    dir,
    userData: join(dir, 'ud'),
    serverData: join(dir, 'sd'),
    extensions: join(dir, 'ext'),
    workspace: join(dir, 'workspace'),
    logs: join(dir, 'logs'),
    home: join(dir, 'home'),
    tmp: join(dir, 'tmp'),
  };
  for (const p of Object.values(run)) mkdirSync(p, { recursive: true });
  mkdirSync(join(run.userData, 'User'), { recursive: true });
  writeSettings(run, settings);
  writeFileSync(join(run.workspace, 'README.md'), `Workspace of a Dedup Curator ${kind} run.\n`);
  run.tmp = socketSafeTmp(run.tmp);
  run.env = vscodeEnv(run);
  return run;
}

export function writeSettings(run, settings) {
  writeFileSync(join(run.userData, 'User', 'settings.json'), JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2) + '\n');
}

/**
 * VS Code puts its IPC sockets (vscode-ipc-<uuid>.sock, 52 characters) in TMPDIR, and a Unix socket
 * path may not exceed 107 bytes: with a deep checkout the run folder is too long for that, and a
 * short folder under the system temp directory is used instead (removed by removeTmp()).
 */
function socketSafeTmp(tmp) {
  if (Buffer.byteLength(tmp) + 1 + 52 <= 107) return tmp;
  return mkdtempSync(join(tmpdir(), 'dc-vscode-'));
}

export function removeTmp(run) {
  if (!run.tmp.startsWith(run.dir)) rmSync(run.tmp, { recursive: true, force: true });
}

/**
 * The environment for VS Code: Node 24 first on PATH, XDG folders and TMPDIR inside the run, and
 * nothing inherited that would make it behave differently — VSCODE_* variables (set inside a VS Code
 * terminal, they make code-server hand its arguments to that other instance), ELECTRON_RUN_AS_NODE,
 * NODE_OPTIONS (e.g. tsx loaders meant for Node 20), npm lifecycle variables.
 */
function vscodeEnv(run) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(VSCODE_|ELECTRON_|npm_|NODE_OPTIONS$|XDG_RUNTIME_DIR$)/i.test(k)),
  );
  return {
    ...env,
    PATH: `${paths.node24BinDir}:${process.env.PATH}`,
    XDG_CONFIG_HOME: join(run.home, '.config'),
    XDG_DATA_HOME: join(run.home, '.local', 'share'),
    XDG_CACHE_HOME: join(run.home, '.cache'),
    TMPDIR: run.tmp,
  };
}

function pruneRuns(kind, base) {
  if (!existsSync(base)) return;
  const old = readdirSync(base)
    .filter((n) => n.startsWith(`${kind}-`))
    .map((n) => ({ p: join(base, n), t: statSync(join(base, n)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
    .slice(KEEP_RUNS - 1);
  for (const { p } of old) {
    // A run folder whose owner still runs (another engineer's suite) is left alone.
    const pid = Number(p.slice(p.lastIndexOf('-') + 1));
    if (pid && pid !== process.pid && isAlive(pid)) continue;
    rmSync(p, { recursive: true, force: true });
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
