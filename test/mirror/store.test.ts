// The mirror's append-only store (src/mirror/record-store.ts) on real files: a sync appends what
// changed and leaves the base alone; changes beyond a fifth of the base are compacted into a new
// generation; bytes appended by a sync killed before its commit are never read and are cut off by
// the next one; a format-1 mirror (one snapshot per kind) is converted at open. Also the background
// index build and the events at a location, against the sandbox over real HTTP.
import assert from 'node:assert/strict';
import { appendFile, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { Mirror } from '../../src/mirror';
import { RecordSet } from '../../src/mirror/record-set';
import { COMPACT_FRACTION, RecordStore } from '../../src/mirror/record-store';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { fullListing, mirrored, tempDir } from './helpers';

function record(id: string, name: string, source = `s-${id}`, location?: string) {
  return { id, name, updatedAt: '2026-01-01T00:00:00.000Z', sourceIds: [{ integration: 'urn:i', id: source }], ...(location ? { location: { id: location } } : {}) };
}

function all(set: RecordSet): Map<string, unknown> {
  return new Map([...set.ids()].map((id) => [id, set.get(id)]));
}

describe('mirror store (append-only, on disk)', () => {
  it('appends small changes, compacts large ones, and reads back what it committed', async () => {
    const dir = await tempDir();
    const store = new RecordStore(dir, 'locations');
    const set = new RecordSet();
    for (let i = 0; i < 100; i++) set.apply(record(`r${i}`, `Place ${i} ${'x'.repeat(50)}`));
    const first = await store.commit(undefined, set, set.ids(), []);
    assert.equal(first.state.gen, 1);
    assert.equal(first.state.changesBytes, 0);
    assert.equal(first.set.entry('r5')?.text, undefined, 'committed records are read from disk, not held');
    assert.deepEqual(all(await store.load(first.state)), all(set));

    // A small change: appended, the base is not rewritten.
    const baseBefore = await stat(store.file(1, 'ndjson'));
    const next = first.set.clone();
    next.apply(record('r1', 'Renamed'));
    const merged = next.apply(record('r2', 'Survivor', 's-r3')); // r3's source id moved to r2: r3 merged away
    assert.deepEqual(merged.removed, ['r3']);
    const second = await store.commit(first.state, next, ['r1', 'r2'], ['r3']);
    assert.equal(second.state.gen, 1, 'same generation');
    assert.ok(second.state.changesBytes > 0 && second.state.changesBytes < COMPACT_FRACTION * second.state.baseBytes);
    assert.equal((await stat(store.file(1, 'ndjson'))).mtimeMs, baseBefore.mtimeMs, 'base untouched');
    const loaded = await store.load(second.state);
    assert.equal(loaded.size, 99);
    assert.equal((loaded.get('r1') as unknown as { name: string }).name, 'Renamed');
    assert.equal(loaded.get('r3'), undefined);
    assert.deepEqual(all(loaded), all(next));

    // Bytes a killed sync appended after the commit are not read, and the next append cuts them off.
    await appendFile(store.file(1, 'changes.ndjson'), '+{"id":"r7","name":"never committed"}\n+{"id":"torn');
    assert.deepEqual(all(await store.load(second.state)), all(next));
    const after = next.clone();
    after.apply(record('r4', 'Four'));
    const third = await store.commit(second.state, after, ['r4'], []);
    const text = await readFile(store.file(1, 'changes.ndjson'), 'utf8');
    assert.ok(!text.includes('never committed') && !text.includes('torn'), 'the uncommitted tail is gone');
    assert.deepEqual(all(await store.load(third.state)), all(after));

    // Changes beyond the fraction: a new generation, the old files removed after the commit.
    const big = after.clone();
    for (let i = 0; i < 40; i++) big.apply(record(`r${i}`, `Changed ${i} ${'y'.repeat(50)}`));
    const fourth = await store.commit(third.state, big, [...Array(40).keys()].map((i) => `r${i}`).filter((id) => id !== 'r3'), []);
    assert.equal(fourth.state.gen, 2);
    assert.equal(fourth.state.changesBytes, 0);
    const want = all(big);
    await store.removeOtherGenerations(2);
    assert.deepEqual((await readdir(dir)).sort(), ['locations.2.ndjson', 'locations.2.table.json']);
    assert.deepEqual(all(await store.load(fourth.state)), want);
    assert.deepEqual(all(fourth.set), want, 'the committed set reads the new generation');
  });

  it('prepares the owners of source ids in slices, yielding between them, and ignores a set that changed meanwhile', async () => {
    const dir = await tempDir();
    const store = new RecordStore(dir, 'locations');
    const built = new RecordSet();
    for (let i = 0; i < 500; i++) built.apply(record(`r${i}`, `Place ${i}`));
    const { state } = await store.commit(undefined, built, built.ids(), []);

    // A loaded set (no owners yet), prepared one record a slice: the event loop has its turns.
    const prepared = await store.load(state);
    // Counted by a callback that queues itself again at every turn of the event loop (a 1 ms timer
    // missed them once building from table rows got faster: 500 slices in under a millisecond).
    let turns = 0;
    let yielding = true;
    const tick = () => {
      turns++;
      if (yielding) setImmediate(tick);
    };
    setImmediate(tick);
    await prepared.prepareOwners(0);
    yielding = false;
    assert.ok(turns > 1, 'the event loop ran between slices');
    // The owners it built find the records merged away, as a map built at once does.
    const atOnce = await store.load(state);
    for (const set of [prepared, atOnce]) {
      const change = set.apply(record('r7', 'Survivor', 's-r400'));
      assert.deepEqual(change.removed, ['r400'], 'r400\'s source id moved to r7');
      assert.deepEqual(set.apply(record('r8', 'Another', 's-r400')).removed, ['r7'], 'then to r8: the map followed the first merge');
    }

    // Changed under the preparation (r0, already seen by the first slice, removed): the stale map
    // is not kept, so r0's source id has no owner any more.
    const changing = await store.load(state);
    const preparing = changing.prepareOwners(0);
    changing.remove('r0');
    await preparing;
    assert.deepEqual(changing.apply(record('r9', 'Takes it', 's-r0')).removed, [], 'no owner for a removed record\'s source id');
  });

  it('names the broken file instead of failing with a parse error', async () => {
    const dir = await tempDir();
    const store = new RecordStore(dir, 'events');
    const set = new RecordSet();
    set.apply(record('e1', 'One', 's1', 'loc-1'));
    const { state } = await store.commit(undefined, set, ['e1'], []);
    await writeFile(store.file(state.gen, 'changes.ndjson'), '?garbage\n');
    await assert.rejects(store.load({ ...state, changesBytes: 9 }), /events\.1\.changes\.ndjson line 1 is not a mirror change/);
    await assert.rejects(store.load({ ...state, changesBytes: 100 }), /shorter than mirror\.json says/);
    await writeFile(store.file(state.gen, 'table.json'), '{"ids":["e1"],"at":[0]}');
    await assert.rejects(store.load(state), /events\.1\.table\.json is not a mirror table/);
  });
});

describe('mirror store against the sandbox (real HTTP)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 300, events: 200, integrations: 4 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  it('an incremental sync appends to the store and equals the service after a restart', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    await mirror.sync(client);
    const base = await stat(path.join(dir, 'locations.1.ndjson'));
    const recs = await client.listRecommendations({ pageSize: 5 });
    await client.approve(recs.data[0]['@id']);
    await mirror.sync(client);
    assert.equal((await stat(path.join(dir, 'locations.1.ndjson'))).mtimeMs, base.mtimeMs, 'the base was not rewritten');
    const reopened = await Mirror.open(dir);
    for (const kind of ['locations', 'events'] as const) assert.deepEqual(mirrored(reopened, kind), await fullListing(client, kind));
  });

  it('converts a format-1 mirror at open', async () => {
    const dir = await tempDir();
    const locations = [...(await fullListing(client, 'locations')).values()];
    const events = [...(await fullListing(client, 'events')).values()];
    const state = { syncedAt: new Date().toISOString(), nextSince: '2000-01-01T00:00:00.000Z' };
    await writeFile(path.join(dir, 'mirror.json'), JSON.stringify({ format: 1, baseUrl: sandbox.baseUrl, kinds: { locations: { ...state, count: locations.length }, events: { ...state, count: events.length } } }));
    await writeFile(path.join(dir, 'locations.ndjson'), locations.map((r) => JSON.stringify(r) + '\n').join(''));
    await writeFile(path.join(dir, 'events.ndjson'), events.map((r) => JSON.stringify(r) + '\n').join(''));
    const mirror = await Mirror.open(dir);
    assert.equal(mirror.count('locations'), locations.length);
    assert.equal(mirror.count('events'), events.length);
    assert.ok(!(await readdir(dir)).includes('locations.ndjson'), 'the old snapshot is gone');
    const again = await Mirror.open(dir);
    for (const kind of ['locations', 'events'] as const) assert.deepEqual(mirrored(again, kind), await fullListing(client, kind));
  });

  it('builds the index in slices (the same answers as a synchronous build) and lists the events at a location', async () => {
    const dir = await tempDir();
    await (await Mirror.open(dir)).sync(client);
    const sliced = await Mirror.open(dir);
    const direct = await Mirror.open(dir);
    await sliced.prepare('locations');
    const name = (sliced.search<{ name: string }>('locations', '', 1)[0].record.name ?? '').split(' ')[0];
    assert.deepEqual(sliced.search('locations', name, 50).map((h) => h.id), direct.search('locations', name, 50).map((h) => h.id));

    const events = [...(await fullListing(client, 'events')).values()] as { id: string; location?: { id: string } }[];
    const at = events.find((e) => e.location)!.location!.id;
    const want = events.filter((e) => e.location?.id === at).map((e) => e.id).sort();
    assert.deepEqual(sliced.eventsAt<{ id: string }>(at).map((e) => e.id).sort(), want);
    assert.deepEqual(sliced.eventsAt('urn:nowhere'), []);
  });

  it('stores the index beside the records, loads it at the next open and catches up with later syncs', async () => {
    const dir = await tempDir();
    const first = await Mirror.open(dir);
    await first.sync(client);
    await first.prepare('locations');
    const stored = path.join(dir, 'locations.1.index.json');
    const written = await stat(stored);
    const name = (first.search<{ name: string }>('locations', '', 1)[0].record.name ?? '').split(' ')[0];

    // A merge after the index was stored: the next open loads it and indexes only what changed.
    const recs = await client.listRecommendations({ pageSize: 20 });
    await client.approve(recs.data[3]['@id']);
    await first.sync(client);
    const reopened = await Mirror.open(dir);
    await reopened.prepare('locations');
    assert.equal((await stat(stored)).mtimeMs, written.mtimeMs, 'loaded, not rebuilt and written again');
    const rebuilt = await Mirror.open(dir);
    await rm(stored);
    await rebuilt.prepare('locations');
    for (const q of [name, 'a', 'street', '']) {
      assert.deepEqual(reopened.search('locations', q, 100).map((h) => h.id), rebuilt.search('locations', q, 100).map((h) => h.id), `same answers for ${JSON.stringify(q)}`);
    }
    assert.ok((await stat(stored)).mtimeMs > written.mtimeMs, 'a rebuilt index is stored again');

    // A broken stored index is a cache miss, not an error.
    await writeFile(stored, '{"changesBytes":0,"index":{"version":1,"ids":[');
    const broken = await Mirror.open(dir);
    await broken.prepare('locations');
    assert.deepEqual(broken.search('locations', name, 100).map((h) => h.id), rebuilt.search('locations', name, 100).map((h) => h.id));
  });
});
