// Sync of a mirror against the sandbox over real HTTP: the first sync lists everything, later ones
// only changes, and after each the mirror equals a fresh full listing, also when approvals merged
// records in between (the absorbed records disappear); a cancelled sync keeps the previous copy
// and the next one resumes after the last whole page.
import assert from 'node:assert/strict';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { EARLIEST_SINCE, Mirror, MirrorError, type SyncProgress } from '../../src/mirror';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { fullListing, mirrored, tempDir } from './helpers';

describe('mirror sync against the sandbox (real HTTP)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 7, locations: 300, events: 200, integrations: 4 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  async function assertEqualsService(mirror: Mirror): Promise<void> {
    for (const kind of ['locations', 'events'] as const) {
      const want = await fullListing(client, kind);
      const got = mirrored(mirror, kind);
      assert.equal(got.size, want.size, `${kind}: mirror has ${got.size}, the service lists ${want.size}`);
      assert.deepEqual(got, want, `${kind}: the mirror differs from a fresh listing`);
    }
  }

  /** Approves pending recommendations of a kind whose entities are not yet in one record: merges. */
  async function approveSome(n: number): Promise<string[]> {
    const approved: string[] = [];
    const page = await client.listRecommendations({ pageSize: 200 });
    const touched = new Set<string>();
    for (const r of page.data) {
      if (approved.length >= n) break;
      const ids = r.entities.map((e) => e.identifier ?? e['@id']);
      if (ids.some((id) => touched.has(id))) continue;
      ids.forEach((id) => touched.add(id));
      await client.approve(r['@id']);
      approved.push(r['@id']);
    }
    return approved;
  }

  it('mirrors everything at first, then only the changes, and drops records merged away', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    const progress: SyncProgress[] = [];
    const first = await mirror.sync(client, { onProgress: (p) => progress.push(p), pageSize: 100 });
    assert.deepEqual(first.kinds.map((k) => [k.kind, k.full, k.since]), [['locations', true, EARLIEST_SINCE], ['events', true, EARLIEST_SINCE]]);
    assert.ok(progress.length >= 4, 'progress per page');
    for (const k of first.kinds) assert.equal(k.added, k.count, `${k.kind}: every record of a first sync is added`);
    // A first (full) sync lists one kind after the other: both at once held both kinds' records.
    const kinds = progress.map((p) => p.kind);
    assert.deepEqual(kinds, [...kinds].sort((a, b) => (a === b ? 0 : a === 'locations' ? -1 : 1)), 'every location page before the first event page');
    // Each kind's last progress is its count.
    for (const kind of ['locations', 'events'] as const) assert.equal(progress.filter((p) => p.kind === kind).at(-1)!.mirrored, mirror.count(kind));
    await assertEqualsService(mirror);
    const locationsBefore = mirror.count('locations');

    assert.equal((await approveSome(6)).length, 6);
    const second = await mirror.sync(client, { pageSize: 100 });
    for (const k of second.kinds) {
      assert.equal(k.full, false);
      assert.ok(k.received < (k.kind === 'locations' ? locationsBefore : 200), `${k.kind}: only changes listed (${k.received})`);
    }
    for (const k of second.kinds) assert.equal(k.added, 0, `${k.kind}: approvals update survivors, they add nothing (${k.added} of ${k.upserted} added)`);
    const removed = second.kinds.reduce((s, k) => s + k.removed, 0);
    assert.ok(removed >= 6, `records merged away are removed (${removed})`);
    await assertEqualsService(mirror);

    // A restart reads the same mirror back.
    const reopened = await Mirror.open(dir);
    assert.deepEqual(mirrored(reopened, 'locations'), mirrored(mirror, 'locations'));
    assert.deepEqual(mirrored(reopened, 'events'), mirrored(mirror, 'events'));
    assert.equal(reopened.syncedAt?.getTime(), mirror.syncedAt?.getTime());

    await approveSome(4);
    await reopened.sync(client);
    await assertEqualsService(reopened);
    const files = await readdir(dir);
    assert.deepEqual(files.filter((f) => !/^(locations|events)\.\d+\.(ndjson|table\.json|changes\.ndjson)$/.test(f)), ['mirror.json'], 'no journal or temporary file left');
    for (const kind of ['locations', 'events']) assert.equal(new Set(files.filter((f) => f.startsWith(`${kind}.`)).map((f) => f.split('.')[1])).size, 1, `${kind}: one generation of files`);
    const all = (await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')))).join('');
    assert.ok(!all.includes(sandbox.token), 'the token is never stored');
  });

  it('keeps the previous copy when a sync is cancelled, and resumes after the last whole page', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    await mirror.sync(client, { pageSize: 50 });
    const before = mirrored(mirror, 'locations');
    const stateBefore = mirror.state('locations')?.syncedAt;
    await approveSome(3);

    // Cancel during the second sync, after the events' second page: both kinds are listed at the
    // same time, so the locations may or may not have completed by then.
    const cancel = new AbortController();
    let eventPages = 0;
    let locationPages = 0;
    await assert.rejects(
      mirror.sync(client, {
        pageSize: 1, // one record a page, so there are pages left to cancel
        signal: cancel.signal,
        onProgress: (p) => {
          if (p.kind === 'locations') locationPages = p.pages;
          if (p.kind === 'events' && ++eventPages === 2) cancel.abort();
        },
      }),
      (e: Error) => e.name === 'CancelledError',
    );
    const locationsCompleted = mirror.state('locations')?.syncedAt !== stateBefore;
    if (!locationsCompleted) assert.deepEqual(mirrored(mirror, 'locations'), before, 'an incomplete kind keeps its previous copy');
    else assert.notDeepEqual(mirrored(mirror, 'locations'), before, 'a completed kind was committed');
    const eventsAfterCancel = mirrored(mirror, 'events');
    const onDisk = await Mirror.open(dir);
    assert.deepEqual(mirrored(onDisk, 'events'), eventsAfterCancel, 'the events on disk are the previous consistent copy');
    assert.deepEqual(mirrored(onDisk, 'locations'), mirrored(mirror, 'locations'), 'the locations on disk are what the mirror shows');

    const resumed = await onDisk.sync(client, { pageSize: 1 });
    const events = resumed.kinds.find((k) => k.kind === 'events')!;
    assert.equal(events.resumedPages, 2, 'the two whole pages are replayed, not asked again');
    const locations = resumed.kinds.find((k) => k.kind === 'locations')!;
    if (!locationsCompleted) {
      assert.ok(locationPages > 0, 'the locations were listed alongside the events');
      assert.equal(locations.resumedPages, locationPages, 'the locations resume after their own last whole page');
    }
    await assertEqualsService(onDisk);
  });

  it('a cancelled sync leaves the open mirror ready for the next one (its copy took the source ids\' owners over)', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    await mirror.sync(client, { pageSize: 100 });
    await approveSome(2);
    await mirror.sync(client, { pageSize: 100 }); // appended: the set keeps its owners map for the next sync
    await approveSome(3);
    const cancel = new AbortController();
    await assert.rejects(
      mirror.sync(client, { pageSize: 1, signal: cancel.signal, onProgress: () => cancel.abort() }),
      (e: Error) => e.name === 'CancelledError',
    );
    await approveSome(3);
    const r = await mirror.sync(client, { pageSize: 100 });
    assert.ok(r.kinds.reduce((s, k) => s + k.removed, 0) >= 6, 'the records merged away since are removed');
    await assertEqualsService(mirror);
  });

  it('a first sync cancelled mid-listing commits nothing, journals no page past the cancel, and resumes from the base it wrote', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    const cancel = new AbortController();
    let seen = 0;
    await assert.rejects(
      mirror.sync(client, {
        pageSize: 10,
        signal: cancel.signal,
        onProgress: (p) => {
          seen = p.pages;
          if (p.pages === 3) cancel.abort(); // the next page is on its way (prefetched) by then
        },
      }),
      (e: Error) => e.name === 'CancelledError',
    );
    assert.equal(seen, 3, 'no page reported after the cancel');
    assert.equal(mirror.state('locations'), undefined, 'nothing committed');
    assert.equal(mirror.count('locations'), 0);
    // The journal says where each of the three pages ends in the base being written; the pages were
    // written behind the listing, and every one received before the cancel is journalled, none after.
    const journal = (await readFile(path.join(dir, 'locations.sync.ndjson'), 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as { base?: number; page?: number; bytes?: number });
    assert.equal(journal[0].base, 1, 'a full listing writes generation 1\'s base');
    assert.deepEqual(journal.slice(1).map((p) => p.page), [0, 1, 2]);
    const base = await readFile(path.join(dir, 'locations.1.ndjson'));
    assert.equal(base.length, journal[3].bytes, 'the base holds exactly the journalled pages');
    assert.equal(base.toString('utf8').trimEnd().split('\n').length, 30, 'one record a line');
    assert.equal((await readdir(dir)).includes('mirror.json'), false, 'no mirror until a kind is committed');

    // Another process (a restart) resumes after the third page, reading those 30 records back.
    const resumed = await (await Mirror.open(dir)).sync(client, { pageSize: 500 });
    const locations = resumed.kinds.find((k) => k.kind === 'locations')!;
    assert.equal(locations.resumedPages, 3);
    assert.equal(locations.added, locations.count);
    const reopened = await Mirror.open(dir);
    await assertEqualsService(reopened);
  });

  it('a full listing whose base lost journalled pages starts over instead of resuming', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    const cancel = new AbortController();
    await assert.rejects(
      mirror.sync(client, { pageSize: 10, signal: cancel.signal, onProgress: (p) => p.pages === 2 && cancel.abort() }),
      (e: Error) => e.name === 'CancelledError',
    );
    const file = path.join(dir, 'locations.1.ndjson');
    await writeFile(file, (await readFile(file)).subarray(0, 100)); // shorter than the journal says
    const r = await (await Mirror.open(dir)).sync(client);
    assert.equal(r.kinds[0].resumedPages, 0, 'listed again from the first page');
    await assertEqualsService(await Mirror.open(dir));
  });

  it('survives a torn journal line (killed mid-write) and refuses a mirror of another service', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    await mirror.sync(client);
    await writeFile(path.join(dir, 'events.sync.ndjson'), JSON.stringify({ since: EARLIEST_SINCE, startedAt: new Date().toISOString() }) + '\n{"page":0,"records":[{"id":"urn:x","na');
    const again = await Mirror.open(dir);
    const r = await again.sync(client);
    assert.equal(r.kinds[1].resumedPages, 0);
    await assertEqualsService(again);

    const other = new DedupClient({ baseUrl: 'http://127.0.0.1:9', token: 't' });
    await assert.rejects(again.sync(other), (e: Error) => e instanceof MirrorError && /holds records of http:\/\/127\.0\.0\.1:\d+/.test(e.message));
  });

  it('says which file is broken instead of failing with a parse error', async () => {
    const dir = await tempDir();
    await (await Mirror.open(dir)).sync(client);
    await writeFile(path.join(dir, 'locations.1.table.json'), '{"rows":[["urn:a",0,');
    await assert.rejects(Mirror.open(dir), (e: Error) => e instanceof MirrorError && /locations\.1\.table\.json is not valid JSON/.test(e.message));
    await writeFile(path.join(dir, 'mirror.json'), '[]');
    await assert.rejects(Mirror.open(dir), (e: Error) => e instanceof MirrorError && /not a mirror of format 2/.test(e.message));
  });
});
