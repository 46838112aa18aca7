// The data directory's lock after a kill -9 (issue 14.5): a lock whose pid now belongs to another
// running process (pid reuse) is stale and taken over; a lock whose process is really running is
// refused with a message that says so. Real processes: a child node stands in for "another process".
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { promises as fs, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { currentOwner, processStartMs, processStartTicks } from '../../src/sandbox/data-dir-lock';
import { SandboxStore } from '../../src/sandbox/store';
import { SMALL } from './store-helpers';

const onLinux = processStartTicks(process.pid) !== undefined;

/** The child of `parentPid`, once the parent has exec'd into `comm` (waited for, 10 ms at a time, up to 5 s). */
async function childOfExeced(parentPid: number, comm: string): Promise<number> {
  for (let i = 0; i < 500; i++) {
    if (readFileSync(`/proc/${parentPid}/comm`, 'utf8').trim() === comm) {
      for (const entry of await fs.readdir('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const stat = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
        // The fields after the command's closing parenthesis: state, then the parent's pid.
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parentPid) return Number(entry);
      }
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`process ${parentPid} never became ${comm} with a child`);
}

describe('sandbox data dir: the lock', function () {
  this.timeout(60_000);
  let dir: string;
  let other: ChildProcess;
  before(async () => {
    // Lives until after() kills it: a fixed lifetime ran out under load before the last test using it.
    other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
    await new Promise((r) => setTimeout(r, 200));
  });
  after(() => other.kill('SIGKILL'));
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(tmpdir(), 'dedup-lock-'));
    const first = await SandboxStore.open({ ...SMALL, dataDir: dir });
    await first.close();
  });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));
  const lock = (owner: object) => fs.writeFile(path.join(dir, '.lock'), JSON.stringify(owner));

  it('takes over a lock whose pid was reused by another running process', async function () {
    if (!onLinux) this.skip();
    // What a kill -9 leaves when the pid later goes to someone else: that pid, another start time.
    await lock({ ...currentOwner(), pid: other.pid, startTicks: '1' });
    const store = await SandboxStore.open({ dataDir: dir });
    const written = JSON.parse(await fs.readFile(path.join(dir, '.lock'), 'utf8')) as { pid: number };
    assert.equal(written.pid, process.pid, 'the lock is ours now');
    await store.close();
    await assert.rejects(fs.access(path.join(dir, '.lock')), 'removed on close');
    // In a container the restarted sandbox often gets the killed one's pid: its own.
    await lock({ ...currentOwner(), startTicks: '1' });
    const again = await SandboxStore.open({ dataDir: dir });
    await again.close();
  });

  it('refuses a lock held by a process that is really running, and says so', async () => {
    await lock({ pid: other.pid, startTicks: processStartTicks(other.pid!), bootId: currentOwner().bootId });
    await assert.rejects(SandboxStore.open({ dataDir: dir }), (e: unknown) => {
      assert.match((e as Error).message, new RegExp(`data dir .* is in use by process ${other.pid}, which is still running; stop it, or choose another --data-dir`));
      return true;
    });
  });

  it('takes over the lock of a process that is gone, in the old bare-pid form too, and an unreadable one', async () => {
    for (const text of ['999999999', JSON.stringify({ pid: 999999999, startTicks: '5' }), 'garbage']) {
      await fs.writeFile(path.join(dir, '.lock'), text);
      const store = await SandboxStore.open({ dataDir: dir });
      await store.close();
    }
  });

  it('takes over an old bare-pid lock whose pid was reused (the process started after the lock was written), and refuses one really held', async function () {
    if (!onLinux) this.skip();
    const file = path.join(dir, '.lock');
    const started = processStartMs(other.pid!);
    assert.ok(started !== undefined && Math.abs(started - Date.now()) < 60_000, `the start time read from /proc is plausible (${started})`);
    // Written an hour before the process under that pid (and before this test's own process) started.
    const hourBefore = new Date(Math.min(started, processStartMs(process.pid)!) - 3_600_000);
    for (const pid of [other.pid!, process.pid]) {
      await fs.writeFile(file, `${pid}\n`);
      await fs.utimes(file, hourBefore, hourBefore);
      const store = await SandboxStore.open({ dataDir: dir });
      const written = JSON.parse(await fs.readFile(file, 'utf8')) as { pid: number };
      assert.equal(written.pid, process.pid, `the bare-pid lock of reused pid ${pid} is ours now`);
      await store.close();
    }
    // The same bare pid written after that process started: it may be the holder, so it is refused.
    await fs.writeFile(file, `${other.pid}\n`);
    await assert.rejects(SandboxStore.open({ dataDir: dir }), new RegExp(`in use by process ${other.pid}, which is still running`));
  });

  it('takes over the lock of a killed process that is an unreaped zombie (it holds nothing)', async function () {
    if (!onLinux) this.skip();
    // A parent that never reaps: `sh` starts a child, then becomes `sleep` (exec), which never waits.
    // The child is killed only once the exec is done: `sh` itself would reap it.
    const parent = spawn('sh', ['-c', 'sleep 30 & exec sleep 60'], { stdio: 'ignore' });
    try {
      const pid = await childOfExeced(parent.pid!, 'sleep');
      const startTicks = processStartTicks(pid);
      await lock({ pid, startTicks, bootId: currentOwner().bootId });
      process.kill(pid, 'SIGKILL');
      const state = () => readFileSync(`/proc/${pid}/stat`, 'utf8').slice(readFileSync(`/proc/${pid}/stat`, 'utf8').lastIndexOf(')') + 2, -1).split(' ')[0];
      for (let i = 0; i < 200 && state() !== 'Z'; i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(state(), 'Z', 'the killed predecessor is a zombie');
      const store = await SandboxStore.open({ dataDir: dir });
      const written = JSON.parse(await fs.readFile(path.join(dir, '.lock'), 'utf8')) as { pid: number };
      assert.equal(written.pid, process.pid, 'the lock is ours now');
      await store.close();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('refuses a second open in the same process', async () => {
    const first = await SandboxStore.open({ dataDir: dir });
    try {
      await assert.rejects(SandboxStore.open({ dataDir: dir }), /already open in this process/);
    } finally {
      await first.close();
    }
  });
});
