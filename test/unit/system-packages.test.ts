// "Two commands on a fresh machine" (issue 14): the setup step of `npm test` and `npm run demo`
// installs missing Debian packages itself when it runs as root (or `sudo -n` works), printing what it
// installs, and otherwise stops with the one command to run. Nothing is removed from this machine
// (other work needs its chromium): a made-up package is required instead
// (DEDUP_CURATOR_REQUIRE_PACKAGES, detected by a file), and a stand-in apt-get records what it is
// asked and "installs" the package by creating that file (DEDUP_CURATOR_APT_GET).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.resolve(__dirname, '../harness/vscode-install.mjs');
const FAKE = 'dedup-curator-fake-package';

describe('setup: missing Debian packages', () => {
  let dir: string;
  let marker: string;
  let calls: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dedup-apt-'));
    chmodSync(dir, 0o755);
    marker = path.join(dir, 'installed-marker');
    calls = path.join(dir, 'calls.log');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function fakeAptGet(succeed: boolean): string {
    const file = path.join(dir, 'apt-get');
    writeFileSync(
      file,
      `#!/bin/sh\necho "$*" >> ${calls}\n` +
        (succeed ? `if [ "$1" = install ]; then touch ${marker}; fi\nexit 0\n` : `echo "E: Unable to locate package ${FAKE}" >&2\n[ "$1" = update ] && exit 0\nexit 100\n`),
    );
    chmodSync(file, 0o755);
    return file;
  }

  function setup(aptGet: string, uid?: number) {
    const r = spawnSync(process.execPath, [SCRIPT, '--system-only'], {
      encoding: 'utf8',
      uid,
      env: {
        ...process.env,
        // The harness finds its cache itself (DEDUP_CURATOR_HARNESS_CACHE, else the checkout's
        // .cache/vscode-harness): no machine's path here. Where that install is not done yet, the
        // install's packages are checked too; they are present wherever the harness ever ran.
        DEDUP_CURATOR_REQUIRE_PACKAGES: `${FAKE}=${marker}`,
        DEDUP_CURATOR_APT_GET: aptGet,
      },
    });
    return { code: r.status, out: r.stdout + r.stderr, calls: existsSync(calls) ? readFileSync(calls, 'utf8').trim().split('\n') : [] };
  }

  const isRoot = process.getuid?.() === 0;

  it('as root: installs the missing package with apt-get, saying what it installs, then goes on', function () {
    if (!isRoot) this.skip();
    const r = setup(fakeAptGet(true));
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, new RegExp(`installing missing Debian packages: ${FAKE}`));
    assert.match(r.out, new RegExp(`\\$ .*apt-get install -y --no-install-recommends ${FAKE}`));
    assert.deepEqual(r.calls, ['update', `install -y --no-install-recommends ${FAKE}`]);
    assert.ok(existsSync(marker));
    // Run again: nothing missing, nothing installed.
    const again = setup(fakeAptGet(true));
    assert.equal(again.code, 0);
    assert.equal(again.calls.length, 2, 'apt-get not called again');
  });

  it('as root: when apt-get fails, stops with the command to run', function () {
    if (!isRoot) this.skip();
    const r = setup(fakeAptGet(false));
    assert.equal(r.code, 1);
    assert.match(r.out, new RegExp(`could not install ${FAKE} with apt-get`));
    assert.match(r.out, new RegExp(`install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${FAKE}`));
  });

  it('without root and without sudo: installs nothing and stops with the one command to run', function () {
    // Run as `nobody`, which this root can switch to; without root the test itself is that case.
    const r = setup(fakeAptGet(true), isRoot ? 65534 : undefined);
    if (!isRoot && spawnSync('sudo', ['-n', 'true']).status === 0) this.skip();
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, new RegExp(`missing system packages: ${FAKE}\\n  install them with: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${FAKE}`));
    assert.deepEqual(r.calls, [], 'apt-get was not run');
  });
});
