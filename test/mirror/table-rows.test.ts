// A set opened from a store's table keeps each base record as its row of the table's columns until
// one is read (RecordSet.fromTable: no entry object and keys array per record at open, most of a
// fresh process's incremental sync beyond its pages). These tests hold it to the set built by
// applying the same records, on real files: what a sync, a search and the events at a location read.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { MirrorError } from '../../src/mirror/mirror-error';
import { RecordSet } from '../../src/mirror/record-set';
import { RecordStore } from '../../src/mirror/record-store';
import { tempDir } from './helpers';

function event(id: string, place: string, sources: string[]) {
  return { id, name: `Event ${id}`, updatedAt: '2026-01-01T00:00:00.000Z', sourceIds: sources.map((s) => ({ integration: 'urn:i', id: s })), location: { id: place } };
}

async function opened(records: ReturnType<typeof event>[]): Promise<{ built: RecordSet; loaded: RecordSet; store: RecordStore }> {
  const store = new RecordStore(await tempDir(), 'events');
  const built = new RecordSet();
  for (const r of records) built.apply(r);
  const { state } = await store.commit(undefined, built, built.ids(), []);
  return { built, loaded: await store.load(state), store };
}

describe('mirror: a set opened from its table (rows until read)', () => {
  const records = [event('e1', 'p1', ['a', 'b']), event('e2', 'p2', []), event('e3', 'p1', ['c']), event('e4', 'p3', ['d', 'e', 'f'])];

  it('reads back every record, its source keys and its place as the set it was written from', async () => {
    const { built, loaded } = await opened(records);
    assert.deepEqual([...loaded.ids()], ['e1', 'e2', 'e3', 'e4']);
    for (const id of built.ids()) {
      assert.deepEqual(loaded.get(id), built.get(id));
      assert.deepEqual(loaded.entry(id)?.keys, built.entry(id)?.keys, `keys of ${id}`);
      assert.equal(loaded.entry(id)?.place, built.entry(id)?.place);
      assert.ok(loaded.has(id));
    }
    assert.equal(loaded.has('e9'), false);
    assert.equal(loaded.entry('e9'), undefined);
    assert.deepEqual(loaded.idsAt('p1'), ['e1', 'e3']);
    assert.deepEqual([...loaded.texts()].map(([id, t]) => [id, JSON.parse(t)]), [...built.ids()].map((id) => [id, built.get(id)]));
    assert.deepEqual([...loaded.textsOf(['e4', 'e9', 'e2'])].map(([id]) => id), ['e4', 'e2']);
  });

  it('drops a row whose source id a received record took (owners from the columns), and a copy leaves the original alone', async () => {
    const { loaded } = await opened(records);
    const copy = loaded.clone({ takeOwners: true });
    copy.prepareOwnersNow();
    // e5 holds e4's middle source id: the service merged e4 into e5.
    assert.deepEqual(copy.apply(event('e5', 'p3', ['e'])).removed, ['e4']);
    // e1 again, with one of its keys only: replaced (moved to the end), nothing else removed.
    assert.deepEqual(copy.apply(event('e1', 'p2', ['b'])).removed, []);
    assert.deepEqual([...copy.ids()], ['e2', 'e3', 'e5', 'e1']);
    assert.deepEqual(copy.idsAt('p2'), ['e2', 'e1']);
    // A key e1 no longer holds has no owner: a record taking it removes nothing.
    assert.deepEqual(copy.apply(event('e6', 'p1', ['a'])).removed, []);
    assert.deepEqual(copy.apply(event('e7', 'p1', ['c'])).removed, ['e3'], 'a row untouched so far still owns its key');
    assert.deepEqual([...loaded.ids()], ['e1', 'e2', 'e3', 'e4'], 'the original is unchanged');
    assert.equal((loaded.get('e4') as { id: string }).id, 'e4');
  });

  it('a table whose source keys do not add up is refused with the file named, not half read', async () => {
    const { store } = await opened(records);
    const file = store.file(1, 'table.json');
    const table = JSON.parse(await readFile(file, 'utf8')) as { keys: string[] };
    table.keys.pop();
    await writeFile(file, JSON.stringify(table));
    await assert.rejects(store.load({ gen: 1, baseBytes: 1, changesBytes: 0 }), (e: Error) => e instanceof MirrorError && e.message.includes(file) && /not a mirror table/.test(e.message));
  });
});
