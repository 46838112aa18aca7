// A journal export that fails must leave nothing behind and be over when it says so: no
// `<file>.partial` (not even one the stream's open creates after the clean-up) and no descriptor
// still open on it. The export used to remove the partial file without waiting for its stream to
// close, so it could report the failure while the file was still being opened.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { constants } from 'node:fs';
import { link, mkdtemp, open, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DecisionEntry } from '../../src/curation/journal';
import { exportJournal } from '../../src/curation/journal-export';

/** Entries that fail as soon as the export reads them, as a journal that cannot be read would. */
const failingEntries: Iterable<DecisionEntry> = {
  [Symbol.iterator]: () => {
    throw new Error('the journal could not be read');
  },
};

/** Files this process holds open (Linux: /proc/self/fd). */
async function openFiles(): Promise<string[]> {
  const fds = await readdir('/proc/self/fd');
  return Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
}

describe('journal export: a failure leaves nothing behind', () => {
  let dir: string;
  beforeEach(async function () {
    if (process.platform !== 'linux') this.skip(); // mkfifo and /proc/self/fd
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-journal-export-'));
  });
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is not over until the partial file is closed, even when opening it is slow', async () => {
    // A named pipe stands for a slow file system: opening it for writing waits for a reader. The
    // pipe is also linked under another name, so the test can still open it after the export
    // removed `<file>.partial`.
    const file = path.join(dir, 'history.csv');
    const pipe = path.join(dir, 'pipe');
    execFileSync('mkfifo', [pipe]);
    await link(pipe, `${file}.partial`);
    let settled = false;
    const exported = exportJournal(failingEntries, file).finally(() => (settled = true));
    exported.catch(() => undefined); // asserted below; keep it from counting as unhandled meanwhile
    let reader: Awaited<ReturnType<typeof open>> | undefined;
    try {
      await sleep(200);
      assert.equal(settled, false, 'the export reported its failure while its file was still being opened');
    } finally {
      // A reader lets the open finish, so the stream can close (and no thread stays blocked).
      reader = await open(pipe, constants.O_RDONLY | constants.O_NONBLOCK);
    }
    await assert.rejects(exported, /the journal could not be read/);
    await reader.close();
    assert.deepEqual(await readdir(dir), ['pipe']);
  });

  it('has closed and removed the partial file by the time it rejects, keeping an earlier export', async () => {
    for (let i = 0; i < 10; i++) {
      const file = path.join(dir, `history-${i}.csv`);
      await writeFile(file, 'earlier export\n');
      await assert.rejects(exportJournal(failingEntries, file), /the journal could not be read/);
      const open = (await openFiles()).filter((f) => f.startsWith(dir));
      assert.deepEqual(open, [], `export ${i}: a descriptor is still open on ${open.join(', ')}`);
      await sleep(5); // an open still in flight would have created the partial file by now
      assert.deepEqual((await readdir(dir)).filter((f) => f.startsWith(`history-${i}.`)), [`history-${i}.csv`], `export ${i}`);
      assert.equal(await readFile(file, 'utf8'), 'earlier export\n');
    }
  });
});
