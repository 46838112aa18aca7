// A full listing's records kept in columns (src/mirror/listed-records.ts) stand exactly as applying
// them one by one to a set would leave them (RecordSet.apply, the sync of changes): a record
// replaced by a later one of its id, or merged into a later one holding one of its source ids, is
// gone; the order is the set's.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ListedRecords } from '../../src/mirror/listed-records';
import { type MirroredRecord, RecordSet } from '../../src/mirror/record-set';

function rec(id: string, sources: string[], updatedAt = '2026-01-01T00:00:00.000Z'): MirroredRecord {
  return { id, updatedAt, sourceIds: sources.map((s) => ({ integration: 'urn:i', id: s })) };
}

function standing(records: MirroredRecord[]): { ids: string[]; set: RecordSet } {
  const listed = new ListedRecords('/base');
  records.forEach((r, i) => listed.add(r, i * 10, 9));
  const set = listed.toSet();
  const size = set.size; // known before the set is filled (RecordSet.deferred)
  const ids = [...set.ids()];
  assert.equal(size, ids.length);
  // The table committed for them lists the same records, in the same order, with their spans and source ids.
  const table = listed.table();
  assert.deepEqual(table.ids, ids);
  assert.deepEqual(table.at, ids.map((id) => set.entry(id)?.at));
  assert.deepEqual(table.keys, ids.flatMap((id) => set.entry(id)?.keys ?? []));
  return { ids, set };
}

function applied(records: MirroredRecord[]): string[] {
  const set = new RecordSet();
  for (const r of records) set.apply(r);
  return [...set.ids()];
}

describe('mirror: a full listing\'s records in columns', () => {
  it('drops records replaced or merged into later ones, keeps where the rest are', () => {
    const { ids, set } = standing([rec('a', ['k1']), rec('b', ['k1', 'k2']), rec('c', ['k2']), rec('d', ['k3']), rec('e', []), rec('d', ['k4'], '2026-02-01T00:00:00.000Z')]);
    assert.deepEqual(ids, ['c', 'e', 'd'], 'a merged into b, b into c; d replaced by its later listing (and moved to the end)');
    assert.deepEqual(set.entry('d'), { file: '/base', at: 50, len: 9, keys: ['urn:i\u0000k4'], place: undefined });
    assert.equal(set.newestUpdate, '2026-02-01T00:00:00.000Z');
  });

  it('stands as applying the records one by one would leave them (property)', () => {
    const id = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    const source = fc.constantFrom('s1', 's2', 's3', 's4', 's5', 's6', 's7');
    const record = fc.record({ id, sources: fc.uniqueArray(source, { maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 25 }), (draws) => {
        const records = draws.map((d) => rec(d.id, d.sources));
        assert.deepEqual(standing(records).ids, applied(records));
      }),
      { numRuns: 2000 },
    );
  });
});
