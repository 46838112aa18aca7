// writeFileAtomically (src/records/atomic-file.ts) on the real file system: the file appears only
// when complete; a failure of the writer or of the disk leaves no partial file and keeps an earlier
// file as it was.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeFileAtomically } from '../../src/records/atomic-file';

describe('records: a file that appears only when complete', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-atomic-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes through <file>.partial and renames it when the writer is done', async () => {
    const file = path.join(dir, 'out.ndjson');
    const result = await writeFileAtomically(file, async (out) => {
      await new Promise((written) => out.write('{"a":1}\n', written));
      assert.deepEqual(await readdir(dir), ['out.ndjson.partial']);
      return 'done';
    });
    assert.equal(result, 'done');
    assert.deepEqual(await readdir(dir), ['out.ndjson']);
    assert.equal(await readFile(file, 'utf8'), '{"a":1}\n');
  });

  it('keeps an earlier file and removes the partial one when the writer fails', async () => {
    const file = path.join(dir, 'out.csv');
    await writeFile(file, 'earlier\n');
    await assert.rejects(
      writeFileAtomically(file, async (out) => {
        out.write('half a file');
        throw new Error('the listing failed');
      }),
      /the listing failed/,
    );
    assert.deepEqual(await readdir(dir), ['out.csv']);
    assert.equal(await readFile(file, 'utf8'), 'earlier\n');
  });

  it('reports the disk’s error (a folder that does not exist) and leaves nothing', async () => {
    const file = path.join(dir, 'missing', 'out.json');
    await assert.rejects(
      writeFileAtomically(file, async (out) => void out.write('[]')),
      (e: NodeJS.ErrnoException) => e.code === 'ENOENT' && e.path === `${file}.partial`,
    );
    assert.deepEqual(await readdir(dir), []);
  });
});
