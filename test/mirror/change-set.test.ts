// An incremental sync applies what it received to the records it touches (change-set.ts) instead of
// to a copy of all of them: these tests hold its outcome to RecordSet.apply on a copy (the rule it
// replaces) over seeded random changes — replacements, merges taking one or several source ids,
// records merged away and listed again, new records — on a set opened from real store files, and
// commit the outcome to the store and read it back.
import assert from 'node:assert/strict';
import { ChangeSet } from '../../src/mirror/change-set';
import { type MirroredRecord, type RecordEntry, RecordSet } from '../../src/mirror/record-set';
import { RecordStore } from '../../src/mirror/record-store';
import { tempDir } from './helpers';

/** A small deterministic generator (mulberry32): the same cases every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function record(id: string, sources: string[], minute: number, place?: string, pad = 0): MirroredRecord & { name: string } {
  const updatedAt = `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`;
  return { id, name: `Record ${id} at ${minute}${' '.repeat(pad)}`, updatedAt, sourceIds: sources.map((s) => ({ integration: 'urn:i', id: s })), ...(place ? { location: { id: place } } : {}) };
}

function contents(set: RecordSet): unknown[] {
  return [...set.ids()].map((id) => [id, set.get(id), set.entry(id)?.keys, set.entry(id)?.place]);
}

describe('mirror: an incremental sync applied to the records it touches', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`equals applying the records to a copy of the set, and commits the same records (seed ${seed})`, async () => {
      const next = random(seed);
      const pick = (n: number) => Math.floor(next() * n);
      const store = new RecordStore(await tempDir(), 'events');
      const built = new RecordSet();
      // Odd seeds: a base large beside the changes (appended, the outcome never copied); even: compacted.
      const pad = seed % 2 ? 1000 : 0;
      for (let i = 0; i < 60; i++) built.apply(record(`r${i}`, i % 7 === 0 ? [] : [`s${i}`, ...(i % 3 === 0 ? [`t${i}`] : [])], 0, `p${i % 5}`, pad));
      const first = await store.commit(undefined, built, built.ids(), []);
      const current = await store.load(first.state);
      // Seeds 4–6: the owners map prepared (the extension after an open), looked up instead of a pass over the rows.
      if (seed > 3) await current.prepareOwners(1000);

      const received: MirroredRecord[] = [];
      for (let i = 0; i < 40; i++) {
        const id = next() < 0.6 ? `r${pick(70)}` : `n${pick(15)}`;
        const sources = [...new Set(Array.from({ length: pick(3) }, () => (next() < 0.7 ? `s${pick(70)}` : `t${pick(70)}`)))];
        received.push(record(id, sources, 1 + pick(50), `p${pick(5)}`));
      }

      const reference = current.clone();
      const upserted = new Set<string>();
      const removed = new Set<string>();
      for (const r of received) {
        const change = reference.apply(r);
        upserted.add(change.upserted);
        removed.delete(change.upserted);
        for (const id of change.removed) {
          removed.add(id);
          upserted.delete(id);
        }
      }

      const changes = new ChangeSet(current);
      changes.add(received.slice(0, 17));
      changes.add(received.slice(17));
      const applied = changes.apply();
      assert.deepEqual([...applied.upserted].sort(), [...upserted].sort());
      assert.deepEqual([...applied.removed].sort(), [...removed].sort());
      assert.ok(removed.size > 0, 'the case merges records away');
      assert.equal(applied.records.size, reference.size);
      assert.equal(applied.records.newestUpdate, reference.newestUpdate);
      for (const id of [...upserted, ...removed, 'r0', 'zz']) assert.equal(applied.records.has(id), reference.has(id), id);
      assert.deepEqual(contents(current), contents(await store.load(first.state)), 'the current set is unchanged');

      // Committed (appended, or compacted when large) and read back: the same records in the same
      // order as the copy committed the same way (another directory, the same base).
      const committed = await store.commit(first.state, applied.records, applied.upserted, applied.removed);
      assert.equal(committed.state.gen, pad ? 1 : 2, pad ? 'appended' : 'compacted');
      const other = new RecordStore(await tempDir(), 'events');
      await other.commit(undefined, built, built.ids(), []);
      const copyCommitted = await other.commit(first.state, reference, upserted, removed);
      assert.deepEqual(contents(committed.set), contents(copyCommitted.set));
      assert.deepEqual(contents(await store.load(committed.state)), contents(await other.load(copyCommitted.state)));
      assert.deepEqual(new Set(contents(committed.set)), new Set(contents(reference)));
      // And the next record merges away what the reference's would.
      const later = record('n99', ['s5', 's6', 't9'], 59);
      assert.deepEqual(committed.set.apply(later).removed.sort(), copyCommitted.set.apply(later).removed.sort());
      assert.deepEqual(contents(committed.set), contents(copyCommitted.set));
    });
  }
});

describe('mirror: derived sets no one reads', () => {
  it('chain at most a few syncs deep, and the last one read holds every change', () => {
    let set = new RecordSet();
    for (let i = 0; i < 20; i++) set.apply(record(`r${i}`, [`s${i}`], 0, 'p0', 0));
    let deepest = 0;
    // Fifty syncs of one change each, never read (an extension that never searches).
    for (let k = 0; k < 50; k++) {
      const changes = new Map<string, RecordEntry | null>([[`n${k}`, { text: JSON.stringify({ id: `n${k}` }), keys: [`x\u0000n${k}`] }]]);
      if (k % 5 === 4) changes.set(`r${(k - 4) / 5}`, null);
      set = RecordSet.derived(set, changes, set.size + 1 - (k % 5 === 4 ? 1 : 0), undefined);
      deepest = Math.max(deepest, set.derivedDepth);
    }
    assert.ok(deepest > 1, 'no chain formed: the case tests nothing');
    assert.ok(deepest <= 8, `a chain of ${deepest} unread sets`);
    const ids = new Set(set.ids());
    assert.equal(set.derivedDepth, 0, 'read, the set is filled');
    assert.equal(ids.size, 20 + 50 - 10);
    for (let k = 0; k < 50; k++) assert.ok(ids.has(`n${k}`));
    for (let k = 0; k < 10; k++) assert.ok(!ids.has(`r${k}`), `r${k} was removed`);
  });
});
