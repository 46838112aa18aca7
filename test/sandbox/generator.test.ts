import assert from 'node:assert/strict';
import { generateDataset } from '../../src/sandbox/generator';
import { sourceKey, type SourceEventRecord, type SourceLocationRecord, type SourceRecord } from '../../src/sandbox/source-records';
import { CITIES } from '../../src/sandbox/generator-words';
import { timestampProblem } from '../../src/api/timestamp';

const OPTS = { seed: 3, locations: 400, events: 400, integrations: 4 };

function byEntity<R extends SourceRecord>(records: R[], truth: Map<string, string>): Map<string, R[]> {
  const out = new Map<string, R[]>();
  for (const r of records) {
    const id = truth.get(sourceKey(r))!;
    out.set(id, [...(out.get(id) ?? []), r]);
  }
  return out;
}

describe('sandbox generator', () => {
  const { records, truth } = generateDataset(OPTS);
  const locations = records.filter((r): r is SourceLocationRecord => r.kind === 'location');
  const events = records.filter((r): r is SourceEventRecord => r.kind === 'event');
  const places = byEntity(locations, truth);
  const realEvents = byEntity(events, truth);

  it('is deterministic by seed, and another seed gives other data', () => {
    assert.deepEqual(generateDataset(OPTS), { records, truth });
    assert.notDeepEqual(generateDataset({ ...OPTS, seed: 4 }).records.slice(0, 20), records.slice(0, 20));
    const small = { locations: 5, events: 0, integrations: 2 };
    assert.notDeepEqual(generateDataset({ ...small, seed: 2 ** 32 + 3 }).records, generateDataset({ ...small, seed: 3 }).records);
  });

  it('keeps the ground truth of every record, with unique keys', () => {
    assert.equal(truth.size, records.length);
    assert.equal(new Set(records.map(sourceKey)).size, records.length);
    assert.equal(places.size, OPTS.locations);
    assert.equal(realEvents.size, OPTS.events);
    assert.ok([...truth.values()].every((v) => /^(place|event):\d+$/.test(v)));
  });

  it('lists every place at least once but not every place in every integration', () => {
    const integrations = new Set(records.map((r) => r.integration));
    assert.equal(integrations.size, OPTS.integrations);
    assert.ok([...integrations].every((i) => /^urn:integration:[a-z0-9-]+$/.test(i)));
    const counts = [...places.values()].map((l) => l.length);
    assert.ok(counts.some((n) => n === 1) && counts.some((n) => n === OPTS.integrations));
    assert.ok(counts.every((n) => n >= 1 && n <= OPTS.integrations));
    for (const list of places.values()) assert.equal(new Set(list.map((r) => r.integration)).size, list.length, 'one listing per integration');
  });

  it('adds realistic noise: names, abbreviations, phone formats, coordinates, missing members', () => {
    let differentNames = 0, abbreviated = 0, phoneFormats = 0, jittered = 0;
    for (const list of places.values()) {
      if (new Set(list.map((r) => r.name)).size > 1) differentNames++;
      if (list.some((r) => / (St|Ave|Rd|Blvd)\.?\b/.test(r.address?.streetAddress ?? '')) && list.some((r) => / (Street|Avenue|Road|Boulevard)\b/.test(r.address?.streetAddress ?? ''))) abbreviated++;
      const phones = list.map((r) => r.telephone).filter(Boolean) as string[];
      if (new Set(phones).size > 1 && new Set(phones.map((p) => p.replace(/\D/g, '').slice(-7))).size === 1) phoneFormats++;
      const lats = list.map((r) => r.latitude).filter((x) => x !== undefined);
      if (new Set(lats).size > 1) jittered++;
    }
    assert.ok(differentNames > 20, `names differ across sources for ${differentNames} places`);
    assert.ok(abbreviated > 20, `St/Street style differences for ${abbreviated} places`);
    assert.ok(phoneFormats > 20, `phone format differences for ${phoneFormats} places`);
    assert.ok(jittered > 50, `coordinate jitter for ${jittered} places`);
    assert.ok(locations.some((r) => r.url === undefined) && locations.some((r) => r.url !== undefined));
    assert.ok(locations.some((r) => r.telephone === undefined) && locations.some((r) => r.latitude === undefined));
  });

  it('places venues in real cities with plausible coordinates and addresses', () => {
    for (const r of locations) {
      const city = CITIES.find((c) => c.name === r.address?.addressLocality);
      assert.ok(city, `${r.address?.addressLocality} is a known city`);
      if (r.latitude !== undefined) {
        assert.ok(Math.abs(r.latitude - city.lat) < 0.2 && Math.abs(r.longitude! - city.lon) < 0.25, `${sourceKey(r)} is near ${city.name}`);
      }
      assert.match(r.address!.streetAddress!, /^\d+ /);
    }
  });

  it('has chains: branches that share a name but not an address (different real places)', () => {
    const byName = new Map<string, Set<string>>();
    for (const r of locations) byName.set(r.name, (byName.get(r.name) ?? new Set()).add(truth.get(sourceKey(r))!));
    assert.ok([...byName.values()].some((ids) => ids.size >= 3), 'a name shared by 3+ different places');
  });

  it('lists events at the same integration\'s listing of the venue, with all event fields', () => {
    const keys = new Set(locations.map(sourceKey));
    for (const e of events) {
      assert.ok(e.location && keys.has(sourceKey(e.location)));
      assert.equal(e.location.integration, e.integration);
      for (const t of [e.startDate, e.accessStart!, e.accessEnd!]) assert.equal(timestampProblem(t), undefined);
      assert.equal(typeof e.dateConfirmed, 'boolean');
      assert.equal(typeof e.timeConfirmed, 'boolean');
      assert.ok(Number.isInteger(e.listingCount) && e.eventStatus && e.categories!.length > 0 && e.keywords!.length > 0);
    }
    assert.ok(events.some((e) => e.minimumPrice !== undefined && e.maximumPrice! > e.minimumPrice));
    assert.ok(events.some((e) => e.eventStatus === 'EventCancelled'));
    assert.ok(events.some((e) => e.images?.length) && events.some((e) => e.description));
  });

  it('lists the same event in several integrations with shifted times, prices or titles', () => {
    let shifted = 0, retitled = 0, repriced = 0, multi = 0;
    for (const list of realEvents.values()) {
      if (list.length < 2) continue;
      multi++;
      if (new Set(list.map((e) => e.startDate)).size > 1) shifted++;
      if (new Set(list.map((e) => e.name)).size > 1) retitled++;
      if (new Set(list.map((e) => e.maximumPrice)).size > 1) repriced++;
    }
    assert.ok(multi > 100 && shifted > 10 && retitled > 10 && repriced > 10, JSON.stringify({ multi, shifted, retitled, repriced }));
  });

  it('generates 20,000 places quickly', () => {
    const t = Date.now();
    const big = generateDataset({ seed: 1, locations: 20_000, events: 2_000, integrations: 4 });
    const ms = Date.now() - t;
    assert.ok(big.records.length > 50_000);
    assert.ok(ms < 5_000, `took ${ms} ms`);
  });

  it('refuses impossible options with a clear message', () => {
    assert.throws(() => generateDataset({ ...OPTS, locations: -1 }), /locations must be a non-negative integer/);
    assert.throws(() => generateDataset({ ...OPTS, seed: 1.5 }), /seed must be a non-negative integer/);
    assert.throws(() => generateDataset({ ...OPTS, integrations: 0 }), /integrations must be at least 1/);
    assert.throws(() => generateDataset({ ...OPTS, locations: 0 }), /events need at least one location/);
    assert.deepEqual(generateDataset({ seed: 1, locations: 0, events: 0, integrations: 0 }).records, []);
  });
});
