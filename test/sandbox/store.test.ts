import assert from 'node:assert/strict';
import { SandboxStore } from '../../src/sandbox/store';
import { StoreError } from '../../src/sandbox/store-api';
import { RECOMMENDATION_TYPE } from '../../src/sandbox/store-ids';
import { allEvents, allLocations, allRecommendations, clock, idNumber, openSmall, SMALL } from './store-helpers';

const byTimeThenNumber = (a: { updatedAt?: string | null; id: string }, b: { updatedAt?: string | null; id: string }) =>
  Date.parse(a.updatedAt!) - Date.parse(b.updatedAt!) || idNumber(a.id) - idNumber(b.id);

describe('sandbox store: generation and listing', () => {
  let store: SandboxStore;
  before(async () => { store = await openSmall(); });
  after(() => store.close());

  it('partitions every source record into exactly one unified record, some with several sources', () => {
    const locations = allLocations(store);
    const events = allEvents(store);
    const seen = new Set<string>();
    for (const r of [...locations, ...events]) {
      for (const s of r.sourceIds!) {
        const key = `${s.integration}#${s.id}`;
        assert.ok(!seen.has(key), `${key} is in two unified records`);
        seen.add(key);
      }
    }
    assert.equal(seen.size, store.stats().sourceRecords);
    assert.equal(locations.length, store.stats().locations);
    assert.equal(events.length, store.stats().events);
    assert.ok(locations.some((l) => l.sourceIds!.length >= 3), 'auto-merge at start-up yields multi-source locations');
    assert.ok(locations.every((l) => /^urn:dedup-sandbox:location:\d+$/.test(l.id)));
    assert.ok(events.every((e) => /^urn:dedup-sandbox:event:\d+$/.test(e.id)));
  });

  it('gives the same ids and records for the same seed and inputs', async () => {
    const again = await openSmall();
    try {
      assert.deepEqual(allLocations(again), allLocations(store));
      assert.deepEqual(allEvents(again), allEvents(store));
      assert.deepEqual(allRecommendations(again), allRecommendations(store));
    } finally {
      await again.close();
    }
  });

  it('lists locations and events by (updatedAt, id number) without skipping or repeating across pages', () => {
    for (const list of [allLocations(store, 0, false, 13), allEvents(store, {}, 17)]) {
      assert.deepEqual(list.map((r) => r.id), [...list].sort(byTimeThenNumber).map((r) => r.id));
      assert.equal(new Set(list.map((r) => r.id)).size, list.length);
    }
    assert.deepEqual(allLocations(store, 0, false, 500), allLocations(store, 0, false, 13));
  });

  it('treats updatedSince as inclusive', () => {
    const list = allLocations(store);
    const pivot = list[Math.floor(list.length / 2)];
    const since = Date.parse(pivot.updatedAt!);
    const after = allLocations(store, since);
    assert.ok(after.some((l) => l.id === pivot.id));
    assert.ok(after.every((l) => Date.parse(l.updatedAt!) >= since));
    assert.equal(after.length, list.filter((l) => Date.parse(l.updatedAt!) >= since).length);
    assert.equal(allLocations(store, Date.parse(list[list.length - 1].updatedAt!) + 1).length, 0);
  });

  it('reports hasNextPage exactly and returns an empty page past the end', () => {
    const n = store.stats().locations;
    assert.equal(store.listLocations({ page: 0, pageSize: n, updatedSince: 0, onlyExternalUpdates: false }).hasNextPage, false);
    assert.equal(store.listLocations({ page: 0, pageSize: n - 1, updatedSince: 0, onlyExternalUpdates: false }).hasNextPage, true);
    assert.deepEqual(store.listLocations({ page: 99, pageSize: 50, updatedSince: 0, onlyExternalUpdates: false }), { data: [], hasNextPage: false });
  });

  it('filters events by start strictly after / before, and by location', () => {
    const events = allEvents(store);
    const starts = events.map((e) => Date.parse(e.startDate!)).sort((a, b) => a - b);
    const mid = starts[Math.floor(starts.length / 2)];
    const afterMid = allEvents(store, { startAfter: mid }, 9);
    assert.equal(afterMid.length, events.filter((e) => Date.parse(e.startDate!) > mid).length);
    assert.ok(afterMid.every((e) => Date.parse(e.startDate!) > mid));
    const beforeMid = allEvents(store, { startBefore: mid }, 9);
    assert.equal(beforeMid.length, events.filter((e) => Date.parse(e.startDate!) < mid).length);
    const both = allEvents(store, { startAfter: starts[0], startBefore: starts[starts.length - 1] }, 5);
    assert.ok(both.every((e) => Date.parse(e.startDate!) > starts[0] && Date.parse(e.startDate!) < starts[starts.length - 1]));
    assert.deepEqual(both.map((e) => e.id), [...both].sort(byTimeThenNumber).map((e) => e.id));
    const busiest = [...events.reduce((m, e) => m.set(e.location!.id, (m.get(e.location!.id) ?? 0) + 1), new Map<string, number>())].sort((a, b) => b[1] - a[1])[0][0];
    const at = allEvents(store, { location: busiest }, 2);
    assert.equal(at.length, events.filter((e) => e.location!.id === busiest).length);
    assert.ok(at.length >= 2 && at.every((e) => e.location!.id === busiest));
    assert.deepEqual(allEvents(store, { location: 'urn:dedup-sandbox:location:999999' }), []);
  });

  it('embeds each event\'s unified location in full', () => {
    const locations = new Map(allLocations(store).map((l) => [l.id, l]));
    for (const e of allEvents(store)) assert.deepEqual(e.location, locations.get(e.location!.id));
  });

  it('carries every Deduplicated Event field', () => {
    const e = allEvents(store).find((x) => x.sourceIds!.length > 1 && x.images!.length > 0)!;
    for (const f of ['id', 'updatedAt', 'createdAt', 'integrations', 'name', 'description', 'startDate', 'accessStart', 'accessEnd', 'dateConfirmed',
      'timeConfirmed', 'maximumPrice', 'minimumPrice', 'averagePrice', 'listingCount', 'eventStatus', 'categories', 'keywords', 'sourceIds', 'urls', 'images', 'location']) {
      assert.ok(e[f] !== undefined, `event lacks ${f}`);
    }
  });

  it('lists recommendations by score descending then id, with entities in the spec shape', () => {
    const recs = allRecommendations(store, 4);
    assert.ok(recs.length > 0);
    assert.equal(recs.length, store.listRecommendations({ page: 0, pageSize: 1 }).total);
    for (let i = 1; i < recs.length; i++) {
      const [a, b] = [recs[i - 1], recs[i]];
      assert.ok((a.score as number) > (b.score as number) || (a.score === b.score && a['@id'] < b['@id']), `order at ${i}`);
    }
    const unified = new Set([...allLocations(store), ...allEvents(store)].map((r) => r.id));
    for (const r of recs) {
      assert.equal(r['@type'], RECOMMENDATION_TYPE);
      assert.match(r['@id'], /^urn:dedup-sandbox:recommendation:[0-9a-f]{20}$/);
      assert.ok(r.entities.length >= 2);
      assert.ok(new Set(r.entities.map((e) => e.identifier)).size >= 2, 'not already one record');
      for (const e of r.entities) {
        assert.ok(e['@type'] === 'https://schema.org/PostalAddress' || e['@type'] === 'https://schema.org/Event');
        assert.ok(e.integration && e.sourceId && e.name && e.address);
        assert.ok(unified.has(e.identifier!), 'identifier is the current unified record');
      }
    }
    assert.ok(recs.some((r) => r.entities[0]['@type'] === 'https://schema.org/Event'));
  });

  it('reports stats that agree with the lists', () => {
    const s = store.stats();
    assert.equal(s.pendingRecommendations, allRecommendations(store).length);
  });
});

describe('sandbox store: imported records', () => {
  const location = { kind: 'location', integration: 'urn:integration:mine', sourceId: 'L1', name: 'Test Hall', latitude: 1, longitude: 2 } as const;
  const event = { kind: 'event', integration: 'urn:integration:mine', sourceId: 'E1', name: 'Test Gig', startDate: '2026-07-01T20:00:00.000Z', location: { integration: 'urn:integration:mine', sourceId: 'L1' } } as const;

  it('adds imported records to the generated ones, synced at creation', async () => {
    const c = clock();
    const store = await SandboxStore.open({ ...SMALL, records: [location, event], now: c.now });
    try {
      const l = allLocations(store).find((x) => x.sourceIds!.some((s) => s.id === 'L1'))!;
      assert.equal(l.name, 'Test Hall');
      assert.equal(l.createdAt, new Date(c.now()).toISOString());
      const e = allEvents(store).find((x) => x.name === 'Test Gig')!;
      assert.equal(e.location!.id, l.id);
      assert.equal(store.stats().sourceRecords, (await openSmall()).stats().sourceRecords + 2);
    } finally {
      await store.close();
    }
  });

  it('refuses a duplicate integration+sourceId and an event at an unknown location', async () => {
    await assert.rejects(SandboxStore.open({ ...SMALL, records: [location, location] }), /urn:integration:mine#L1 has the same integration and sourceId as another imported record/);
    await assert.rejects(SandboxStore.open({ ...SMALL, records: [event] }), /event urn:integration:mine#E1 refers to location urn:integration:mine#L1, which is not in the data set/);
  });
});

describe('sandbox store: errors', () => {
  it('throws StoreError not_found for an unknown recommendation', async () => {
    const store = await openSmall();
    try {
      await assert.rejects(store.approve('urn:dedup-sandbox:recommendation:nope'), (e: unknown) => e instanceof StoreError && e.kind === 'not_found');
      await assert.rejects(store.reject('nope'), (e: unknown) => e instanceof StoreError && e.kind === 'not_found');
    } finally {
      await store.close();
    }
  });
});
