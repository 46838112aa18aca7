import assert from 'node:assert/strict';
import { mergeEvent, mergeLocation, UnionFind } from '../../src/sandbox/merge';
import { UnifiedRecords } from '../../src/sandbox/store-table';
import { sourceKey, type SourceEventRecord, type SourceLocationRecord, type SourceRecord } from '../../src/sandbox/source-records';

const L = (integration: string, sourceId: string, extra: Partial<SourceLocationRecord> = {}): SourceLocationRecord =>
  ({ kind: 'location', integration: `urn:integration:${integration}`, sourceId, name: 'Blue Heron Café', ...extra });
const E = (integration: string, sourceId: string, extra: Partial<SourceEventRecord> = {}): SourceEventRecord =>
  ({ kind: 'event', integration: `urn:integration:${integration}`, sourceId, name: 'Jazz Night', startDate: '2026-07-01T20:00:00.000Z', ...extra });

describe('survivorship (merge.ts)', () => {
  it('name: the most common spelling (case/accent-insensitive), preferring mixed case and accents', () => {
    assert.equal(mergeLocation([L('a', '1', { name: 'BLUE HERON CAFE' }), L('b', '2', { name: 'Blue Heron Café' }), L('c', '3', { name: 'Blue Heron Cafe Chicago' })]).name, 'Blue Heron Café');
    // A tie goes to the more complete (longer) name, then to source order.
    assert.equal(mergeLocation([L('a', '1', { name: 'Heron' }), L('b', '2', { name: 'Blue Heron' })]).name, 'Blue Heron');
    assert.equal(mergeLocation([L('a', '1', { name: 'Heron A' }), L('b', '2', { name: 'Heron B' })]).name, 'Heron A');
  });

  it('address: whole from one source, most common then most complete; telephone by digits, "+" form preferred', () => {
    const full = { streetAddress: '1 Main Street', postalCode: '10001', addressLocality: 'New York', addressCountry: 'US' };
    const m = mergeLocation([
      L('a', '1', { address: { streetAddress: '1 Main St', addressLocality: 'New York' }, telephone: '(212) 555-0100' }),
      L('b', '2', { address: full, telephone: '+1 212-555-0100' }),
      L('c', '3', { address: { streetAddress: '', addressLocality: '' }, telephone: '212.555.0100' }),
    ]);
    assert.deepEqual(m.address, full);
    assert.equal(m.telephone, '+1 212-555-0100');
  });

  it('coordinates: the medoid, so one far-off geocode cannot win', () => {
    const m = mergeLocation([
      L('a', '1', { latitude: 40, longitude: -74 }), L('b', '2', { latitude: 40.5, longitude: -74.5 }), L('c', '3', { latitude: 40.0001, longitude: -74.0001 }),
      L('d', '4'), L('e', '5', { latitude: 40.0002, longitude: -74.0002 }),
    ]);
    assert.ok(m.latitude! < 40.001 && m.longitude! > -74.001, 'one of the three close positions');
    assert.ok([40, 40.0001, 40.0002].includes(m.latitude!), 'a source position, not an average');
    assert.equal(mergeLocation([L('a', '1')]).latitude, undefined);
  });

  it('unions sourceIds, urls, integrations and images in source order', () => {
    const img = { contentUrl: 'https://img.example/1.jpg', width: 1, height: 1 };
    const m = mergeLocation([L('a', '1', { url: 'https://x.example', images: [img] }), L('b', '2', { images: [img] }), L('a', '3', { url: 'https://x.example' })]);
    assert.deepEqual(m.sourceIds, [{ integration: 'urn:integration:a', id: '1' }, { integration: 'urn:integration:b', id: '2' }, { integration: 'urn:integration:a', id: '3' }]);
    assert.deepEqual(m.integrations, ['urn:integration:a', 'urn:integration:b']);
    assert.deepEqual(m.urls, [{ integration: 'urn:integration:a', url: 'https://x.example' }]);
    assert.deepEqual(m.images, [{ ...img, integration: 'urn:integration:a' }]);
  });

  it('events: confirmed times outvote date-only ones; prices span sources; listings add up; cancellation wins a tie', () => {
    const m = mergeEvent([
      E('a', '1', { startDate: '2026-07-01T00:00:00.000Z', timeConfirmed: false, minimumPrice: 10, maximumPrice: 20, averagePrice: 15, listingCount: 2, eventStatus: 'EventScheduled', keywords: ['Jazz'] }),
      E('b', '2', { startDate: '2026-07-01T20:00:00.000Z', timeConfirmed: true, accessStart: '2026-07-01T19:00:00.000Z', minimumPrice: 12, maximumPrice: 25, averagePrice: 17, listingCount: 5, eventStatus: 'EventCancelled', keywords: ['jazz', 'live'], description: 'A long description' }),
      E('c', '3', { startDate: '2026-07-01T19:30:00.000Z', categories: [{ identifier: 'music', name: 'Music' }] }),
    ]);
    assert.equal(m.startDate, '2026-07-01T19:30:00.000Z', 'tie among confirmed starts: the earliest');
    assert.equal(m.accessStart, undefined, 'door time from the same source as the start');
    assert.deepEqual([m.minimumPrice, m.maximumPrice, m.averagePrice, m.listingCount], [10, 25, 16, 7]);
    assert.equal(m.eventStatus, 'EventCancelled');
    assert.deepEqual(m.keywords, ['Jazz', 'live']);
    assert.deepEqual(m.categories, [{ identifier: 'music', name: 'Music' }]);
    assert.equal(m.description, 'A long description');
    assert.equal(mergeEvent([E('a', '1')]).description, '');
  });
});

describe('unified records (store-table.ts)', () => {
  function table(records: SourceRecord[], links: [number, number][] = []) {
    const keyIndex = new Map(records.map((r, i) => [sourceKey(r), i]));
    const uf = new UnionFind(records.length);
    for (const [a, b] of links) uf.union(a, b);
    return new UnifiedRecords(records, keyIndex, records.map((_, i) => ({ first: 1000 + i, last: 2000 + i })), uf);
  }
  const list = (t: UnifiedRecords, since = 0) => t.listLocations({ page: 0, pageSize: 100, updatedSince: since, onlyExternalUpdates: false }).data;

  it('numbers clusters in source order, merges transitively into the lowest number, and stamps times', () => {
    const t = table([L('a', '1'), L('b', '2'), L('c', '3'), L('d', '4')], [[1, 3]]);
    assert.deepEqual(list(t).map((l) => [l.id, l.sourceIds!.length]), [
      ['urn:dedup-sandbox:location:1', 1], ['urn:dedup-sandbox:location:3', 1], ['urn:dedup-sandbox:location:2', 2],
    ]);
    t.merge([0, 1], 5000);
    t.merge([3, 2], 6000);
    const [only] = list(t);
    assert.equal(list(t).length, 1);
    assert.equal(only.id, 'urn:dedup-sandbox:location:1');
    assert.equal(only.sourceIds!.length, 4);
    assert.equal(only.createdAt, new Date(1000).toISOString());
    assert.equal(only.updatedAt, new Date(6000).toISOString());
    assert.deepEqual(t.listLocations({ page: 0, pageSize: 10, updatedSince: 2004, onlyExternalUpdates: true }).data, []);
    assert.equal(t.listLocations({ page: 0, pageSize: 10, updatedSince: 2003, onlyExternalUpdates: true }).data.length, 1);
  });

  it('re-embeds the merged location in events, which the location filter then finds under the survivor', () => {
    const t = table([L('a', '1'), L('b', '2'), E('a', 'e1', { location: { integration: 'urn:integration:a', sourceId: '1' } }), E('b', 'e2', { location: { integration: 'urn:integration:b', sourceId: '2' } })]);
    const q = { page: 0, pageSize: 10, updatedSince: 0, onlyExternalUpdates: false };
    assert.equal(t.listEvents({ ...q, location: 'urn:dedup-sandbox:location:2' }).data.length, 1);
    t.merge([1, 0], 9000);
    assert.deepEqual(t.listEvents({ ...q, location: 'urn:dedup-sandbox:location:2' }).data, []);
    const events = t.listEvents({ ...q, location: 'urn:dedup-sandbox:location:1' }).data;
    assert.equal(events.length, 2);
    for (const e of events) {
      assert.equal(e.location!.sourceIds!.length, 2);
      assert.equal(e.updatedAt, new Date(9000).toISOString());
    }
  });
});
