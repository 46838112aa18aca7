// A full listing's pages written behind the listing (src/mirror/write-behind.ts), on real files:
// every page added is journalled, in order, once its bytes are in the base; a failed write ends
// the listing with its error and journals nothing after it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ListingBase } from '../../src/mirror/listing-base';
import type { JournalPage } from '../../src/mirror/mirror-files';
import { WriteBehind } from '../../src/mirror/write-behind';
import { tempDir } from './helpers';

describe('mirror: pages written behind the listing', () => {
  it('journals every page, in order, after its bytes are in the base', async () => {
    const file = path.join(await tempDir(), 'locations.1.ndjson');
    const base = await ListingBase.start(file);
    const lines: JournalPage[] = [];
    const behind = new WriteBehind(base, async (group) => {
      // Every page of a group is in the file when its lines are written.
      const size = (await readFile(file)).length;
      for (const p of group) assert.ok((p.bytes ?? 0) <= size, `page ${p.page} journalled before its bytes were written`);
      lines.push(...group);
    });
    for (let page = 0; page < 40; page++) {
      const bytes = base.layOut([{ id: `r${page}`, name: 'x'.repeat(page * 100) }]);
      await behind.add(bytes, { page, bytes: bytes.at + bytes.buf.length, final: page === 39 });
    }
    await behind.drain();
    await base.close();
    assert.deepEqual(lines.map((p) => p.page), [...Array(40).keys()]);
    const text = await readFile(file, 'utf8');
    assert.equal(text.length, lines.at(-1)?.bytes);
    assert.deepEqual(text.trimEnd().split('\n').map((l) => (JSON.parse(l) as { id: string }).id), [...Array(40).keys()].map((i) => `r${i}`));
  });

  it('a failed write ends the listing with its error and journals nothing after it', async () => {
    const base = await ListingBase.start(path.join(await tempDir(), 'events.1.ndjson'));
    const lines: JournalPage[] = [];
    const behind = new WriteBehind(base, async (group) => void lines.push(...group));
    await base.close(); // the file can no longer be written
    const bytes = base.layOut([{ id: 'a' }]);
    await behind.add(bytes, { page: 0, bytes: bytes.buf.length });
    await assert.rejects(behind.drain(), (e: NodeJS.ErrnoException) => typeof e.code === 'string');
    const next = base.layOut([{ id: 'b' }]);
    await assert.rejects(behind.add(next, { page: 1, bytes: next.at + next.buf.length }));
    assert.deepEqual(lines, []);
  });
});
