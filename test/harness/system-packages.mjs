// The Debian packages the tests and the demo need, installed when missing so that `npm ci && npm test`
// and `npm ci && npm run demo` are the only two commands on a fresh machine:
//   - always: chromium and fonts-liberation (webview tests, the browser workbench, the e2e walk);
//   - to install the VS Code harness (first run only): g++, make, python3, pkg-config, libkrb5-dev
//     (code-server compiles native modules with node-gyp).
// When a package is missing and this process runs as root, or `sudo -n` works (sudo without a
// password prompt), they are installed with apt-get, printing what is installed. Otherwise the run
// stops with the one command to run.
//
// Each package is detected by a file it provides (not dpkg), so a chromium from elsewhere
// (CHROMIUM=/path) counts too. DEDUP_CURATOR_REQUIRE_PACKAGES (tests only) adds `name=/file` pairs to
// require, and DEDUP_CURATOR_APT_GET replaces apt-get: together they let a test walk the install
// path on a machine where everything is present, without removing anything.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HarnessError } from './processes.mjs';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** [package, a file it provides]; a name in PATH is looked up there. */
const ALWAYS = [
  ['chromium', CHROMIUM],
  ['fonts-liberation', '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf'],
];
const FOR_HARNESS_INSTALL = [
  ['libkrb5-dev', '/usr/include/gssapi/gssapi.h'],
  ['g++', 'g++'],
  ['make', 'make'],
  ['python3', 'python3'],
  ['pkg-config', 'pkg-config'],
];

function present(file) {
  return file.startsWith('/') ? existsSync(file) : onPath(file);
}

function onPath(bin) {
  return (process.env.PATH ?? '').split(':').some((d) => d && existsSync(join(d, bin)));
}

function extraRequired() {
  return (process.env.DEDUP_CURATOR_REQUIRE_PACKAGES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => p.split('='));
}

/** Names of the packages that are missing, in install order. */
export function missingPackages({ forInstall }) {
  const wanted = [...ALWAYS, ...(forInstall ? FOR_HARNESS_INSTALL : []), ...extraRequired()];
  return [...new Set(wanted.filter(([, file]) => !present(file)).map(([pkg]) => pkg))];
}

/** How apt-get can be run here: directly (root), through `sudo -n`, or not at all. */
function privilege() {
  if (process.getuid?.() === 0) return [];
  const sudo = spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' });
  return sudo.status === 0 ? ['sudo', '-n'] : undefined;
}

function aptCommand(missing) {
  return `sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`;
}

/**
 * Makes sure the packages are there: installs the missing ones when it may, else throws a
 * HarnessError with the command to run. `say` prints progress lines.
 */
export function ensureSystemPackages({ forInstall, say = (m) => console.log(`[setup] ${m}`) }) {
  const missing = missingPackages({ forInstall });
  if (missing.length === 0) return [];
  const prefix = privilege();
  const aptGet = process.env.DEDUP_CURATOR_APT_GET || 'apt-get';
  if (prefix === undefined || (!process.env.DEDUP_CURATOR_APT_GET && !onPath('apt-get'))) {
    throw new HarnessError(
      `missing system packages: ${missing.join(' ')}\n` +
        `  install them with: ${aptCommand(missing)}` +
        (missing.includes('chromium') ? `\n  (or set CHROMIUM=/path/to/a/chromium binary; looked for ${CHROMIUM})` : ''),
    );
  }
  const run = (args) => {
    const [cmd, ...rest] = [...prefix, aptGet, ...args];
    say(`$ ${[cmd, ...rest].join(' ')}`);
    const r = spawnSync(cmd, rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    return r.status === 0;
  };
  say(`installing missing Debian packages: ${missing.join(' ')}`);
  if (!run(['update']) || !run(['install', '-y', '--no-install-recommends', ...missing])) {
    throw new HarnessError(`could not install ${missing.join(' ')} with apt-get (see its output above)\n  install them with: ${aptCommand(missing)}`);
  }
  const still = missingPackages({ forInstall });
  if (still.length) throw new HarnessError(`apt-get finished, yet these are still missing: ${still.join(' ')}\n  install them with: ${aptCommand(still)}`);
  say(`installed: ${missing.join(' ')}`);
  return missing;
}
