import assert from 'node:assert/strict';
import type { Recommendation } from '../../src/api/model';
import { SandboxStore } from '../../src/sandbox/store';
import { StoreError } from '../../src/sandbox/store-api';
import { allEvents, allLocations, allRecommendations, clock, openSmall, T0 } from './store-helpers';

const isStoreError = (kind: 'not_found' | 'conflict', message?: RegExp) => (e: unknown) =>
  e instanceof StoreError && e.kind === kind && (!message || message.test(e.message));

const locationRecs = (store: SandboxStore) => allRecommendations(store).filter((r) => r.entities[0]['@type'] === 'https://schema.org/PostalAddress');
const eventRecs = (store: SandboxStore) => allRecommendations(store).filter((r) => r.entities[0]['@type'] === 'https://schema.org/Event');
const keysOf = (r: Recommendation) => r.entities.map((e) => `${e.integration}#${e.sourceId}`);

describe('sandbox store: approve', () => {
  it('merges the entities into one unified record with united sources, bumped updatedAt and re-embedded events', async () => {
    const c = clock();
    const store = await openSmall({ now: c.now });
    try {
      const rec = locationRecs(store).find((r) => {
        const ids = new Set(r.entities.map((e) => e.identifier));
        return ids.size >= 2 && allEvents(store).some((e) => ids.has(e.location!.id));
      })!;
      assert.ok(rec, 'a location recommendation whose records host events');
      const before = allLocations(store);
      const involved = [...new Set(rec.entities.map((e) => e.identifier!))];
      const survivorId = involved.sort((a, b) => Number(a.split(':').pop()) - Number(b.split(':').pop()))[0];
      const expectedSources = before.filter((l) => involved.includes(l.id)).flatMap((l) => l.sourceIds!);
      const eventsThere = allEvents(store).filter((e) => involved.includes(e.location!.id)).map((e) => e.id);
      const at = c.advance(60_000);
      await store.approve(rec['@id']);

      const after = allLocations(store);
      assert.equal(after.length, before.length - (involved.length - 1));
      const merged = after.find((l) => l.id === survivorId)!;
      assert.deepEqual(new Set(merged.sourceIds!.map((s) => `${s.integration}#${s.id}`)), new Set(expectedSources.map((s) => `${s.integration}#${s.id}`)));
      assert.ok(keysOf(rec).every((k) => merged.sourceIds!.some((s) => `${s.integration}#${s.id}` === k)));
      assert.equal(merged.updatedAt, new Date(at).toISOString());
      for (const id of involved.filter((i) => i !== survivorId)) assert.ok(!after.some((l) => l.id === id), `${id} was absorbed`);
      assert.equal(after[after.length - 1].id, merged.id, 'the merged record is the most recently updated');
      const integrations = new Set(merged.sourceIds!.map((s) => s.integration));
      assert.deepEqual(new Set(merged.integrations), integrations);

      const events = allEvents(store);
      for (const id of eventsThere) {
        const e = events.find((x) => x.id === id)!;
        assert.equal(e.location!.id, survivorId);
        assert.deepEqual(e.location, merged);
        assert.equal(e.updatedAt, new Date(at).toISOString());
      }
      assert.ok(!allRecommendations(store).some((r) => r['@id'] === rec['@id']));
      assert.equal(store.stats().locations, after.length);
    } finally {
      await store.close();
    }
  });

  it('refuses to decide twice (conflict) and knows unknown ids (not_found)', async () => {
    const store = await openSmall();
    try {
      const [a, b] = allRecommendations(store);
      await store.approve(a['@id']);
      await assert.rejects(store.approve(a['@id']), isStoreError('conflict', /already approved/));
      await assert.rejects(store.reject(a['@id']), isStoreError('conflict', /already approved/));
      await store.reject(b['@id']);
      await assert.rejects(store.approve(b['@id']), isStoreError('conflict', /already rejected/));
      await assert.rejects(store.approve('urn:dedup-sandbox:recommendation:0000'), isStoreError('not_found'));
    } finally {
      await store.close();
    }
  });

  it('serialises concurrent decisions on the same recommendation: one wins, the other conflicts', async () => {
    const store = await openSmall();
    try {
      const [a] = allRecommendations(store);
      const results = await Promise.allSettled([store.approve(a['@id']), store.approve(a['@id']), store.reject(a['@id'])]);
      assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'rejected']);
    } finally {
      await store.close();
    }
  });

  it('merges transitively across approvals and drops recommendations the merges made moot', async () => {
    const store = await openSmall();
    try {
      // Find two pending recommendations that share a source record: approving both must give one record.
      const recs = locationRecs(store);
      let pair: [Recommendation, Recommendation] | undefined;
      for (const x of recs) for (const y of recs) if (!pair && x !== y && keysOf(x).some((k) => keysOf(y).includes(k))) pair = [x, y];
      if (pair) {
        await store.approve(pair[0]['@id']);
        const stillPending = allRecommendations(store).find((r) => r['@id'] === pair![1]['@id']);
        if (stillPending) await store.approve(pair[1]['@id']);
        const holders = allLocations(store).filter((l) => l.sourceIds!.some((s) => [...keysOf(pair![0]), ...keysOf(pair![1])].includes(`${s.integration}#${s.id}`)));
        assert.equal(holders.length, 1);
      }
      // Whatever happened above: after every approval no pending recommendation is already one record,
      // and a recommendation that left the list without its own decision answers conflict.
      const before = allRecommendations(store).map((r) => r['@id']);
      for (const r of allRecommendations(store).slice(0, 6)) if (allRecommendations(store).some((p) => p['@id'] === r['@id'])) await store.approve(r['@id']);
      for (const r of allRecommendations(store)) assert.ok(new Set(r.entities.map((e) => e.identifier)).size >= 2);
      const gone = before.filter((id) => !allRecommendations(store).some((r) => r['@id'] === id));
      for (const id of gone) await assert.rejects(store.approve(id), isStoreError('conflict'));
    } finally {
      await store.close();
    }
  });

  it('merges events too, keeping every source listing', async () => {
    const store = await openSmall();
    try {
      const rec = eventRecs(store)[0];
      assert.ok(rec, 'the small data set has an event recommendation');
      const n = store.stats().events;
      await store.approve(rec['@id']);
      const merged = allEvents(store).filter((e) => e.sourceIds!.some((s) => keysOf(rec).includes(`${s.integration}#${s.id}`)));
      assert.equal(merged.length, 1);
      assert.ok(store.stats().events < n);
      assert.ok(keysOf(rec).every((k) => merged[0].sourceIds!.some((s) => `${s.integration}#${s.id}` === k)));
    } finally {
      await store.close();
    }
  });
});

describe('sandbox store: reject', () => {
  it('takes the recommendation off the list and leaves the records alone', async () => {
    const store = await openSmall();
    try {
      const before = allLocations(store);
      const events = allEvents(store);
      const [r] = allRecommendations(store);
      const total = store.listRecommendations({ page: 0, pageSize: 1 }).total;
      await store.reject(r['@id']);
      assert.equal(store.listRecommendations({ page: 0, pageSize: 1 }).total, total - 1);
      assert.ok(!allRecommendations(store).some((x) => x['@id'] === r['@id']));
      assert.deepEqual(allLocations(store), before);
      assert.deepEqual(allEvents(store), events);
    } finally {
      await store.close();
    }
  });
});

describe('sandbox store: only_external_updates', () => {
  it('compares updatedSince with the last source update only, and still returns the unified form', async () => {
    const c = clock();
    const store = await openSmall({ now: c.now });
    try {
      const rec = locationRecs(store)[0];
      const at = c.advance(3_600_000);
      await store.approve(rec['@id']);
      const changed = allLocations(store, at, false);
      assert.ok(changed.length >= 1, 'the merge is an update');
      assert.equal(allLocations(store, at, true).length, 0, 'but not an external one');
      // Every record was synced before T0 (generated sync times lie in the 30 days before creation).
      const external = allLocations(store, T0 - 86_400_000, true);
      assert.ok(external.every((l) => Date.parse(l.updatedAt!) >= T0 - 86_400_000));
      const merged = allLocations(store, 0, true).find((l) => l.id === changed[0].id)!;
      assert.deepEqual(merged, changed[0], 'unified form, with its real updatedAt');
      // Ordered by external update time then id, without repeats, across pages.
      const all = allLocations(store, 0, true, 11);
      assert.equal(new Set(all.map((l) => l.id)).size, store.stats().locations);
    } finally {
      await store.close();
    }
  });
});
