// makeDirectory: `mkdir -p` that ends with an error where Node's recursive mkdir spins for ever.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeFileError } from '../../src/records/file-error';
import { makeDirectory } from '../../src/records/make-directory';

describe('makeDirectory', () => {
  let root: string;
  before(() => (root = mkdtempSync(path.join(tmpdir(), 'make-directory-'))));
  after(() => rmSync(root, { recursive: true, force: true }));

  it('makes every missing level, and is content with a directory already there', async () => {
    const deep = path.join(root, 'a', 'b', 'c');
    await makeDirectory(deep);
    assert.ok(statSync(deep).isDirectory());
    await makeDirectory(deep);
    await makeDirectory(path.join(root, 'a'));
  });

  it('refuses where a file is in the way, at the end of the path or inside it', async () => {
    const file = path.join(root, 'plain-file');
    writeFileSync(file, 'x');
    await assert.rejects(makeDirectory(file), (e: NodeJS.ErrnoException) => e.code === 'EEXIST' && describeFileError(e) === 'a file of that name is in the way');
    await assert.rejects(makeDirectory(path.join(file, 'below')), (e: NodeJS.ErrnoException) => e.code === 'ENOTDIR');
  });

  it('ends with "no such file" under /proc, where a directory exists but takes no new child', async function () {
    if (!existsSync('/proc/self')) this.skip();
    // Node's own fs.mkdir(…, { recursive: true }) never settles here (checked on Node 20 and 24).
    await assert.rejects(makeDirectory('/proc/dedup-curator-test/mirror'), (e: NodeJS.ErrnoException) => e.code === 'ENOENT' && describeFileError(e) === 'no such file');
  });
});
