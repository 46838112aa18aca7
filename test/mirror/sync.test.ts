// Sync of a mirror against the sandbox over real HTTP: the first sync lists everything, later ones
// only changes, and after each the mirror equals a fresh full listing, also when approvals merged
// records in between (the absorbed records disappear); a cancelled sync resumes after the last page
// it wrote; one sync of a directory at a time.
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { EARLIEST_SINCE, Mirror, MirrorError, type SyncProgress } from '../../src/mirror';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { approveSome, assertEqualsService, mirrored, tempDir } from './helpers';

describe('mirror sync against the sandbox (real HTTP)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 7, locations: 300, events: 200, integrations: 4 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  /** A first sync, 10 records a page, cancelled at the first locations progress for which `stop(pages written)` says so. */
  async function syncCancelledWhen(stop: (pages: number) => boolean): Promise<{ dir: string; mirror: Mirror }> {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    const cancel = new AbortController();
    const onProgress = (p: SyncProgress) => {
      if (p.kind === 'locations' && stop(p.pages)) cancel.abort();
    };
    await assert.rejects(mirror.sync(client, { pageSize: 10, signal: cancel.signal, onProgress }), (e: Error) => e.name === 'CancelledError');
    return { dir, mirror };
  }

  it('mirrors everything at first, then only the changes, and drops records merged away', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    const progress: SyncProgress[] = [];
    const first = await mirror.sync(client, { onProgress: (p) => progress.push(p), pageSize: 100 });
    assert.deepEqual(first.kinds.map((k) => [k.kind, k.full, k.since, k.passes, k.confirmed]), [['locations', true, EARLIEST_SINCE, 1, true], ['events', true, EARLIEST_SINCE, 1, true]]);
    assert.ok(progress.length >= 4, 'progress per page');
    for (const k of first.kinds) assert.equal(k.added, k.count, `${k.kind}: every record of a first sync is added`);
    for (const kind of ['locations', 'events'] as const) assert.equal(progress.filter((p) => p.kind === kind).at(-1)!.mirrored, mirror.count(kind));
    await assertEqualsService(client, mirror);
    const locationsBefore = mirror.count('locations');

    assert.equal((await approveSome(client, 6)).length, 6);
    const second = await mirror.sync(client, { pageSize: 100 });
    for (const k of second.kinds) {
      assert.equal(k.full, false);
      assert.ok(k.received < (k.kind === 'locations' ? locationsBefore : 200), `${k.kind}: only changes listed (${k.received})`);
      assert.equal(k.added, 0, `${k.kind}: approvals update survivors, they add nothing (${k.added} of ${k.upserted} added)`);
    }
    const removed = second.kinds.reduce((s, k) => s + k.removed, 0);
    assert.ok(removed >= 6, `records merged away are removed (${removed})`);
    await assertEqualsService(client, mirror);

    // A restart reads the same mirror back.
    const reopened = await Mirror.open(dir);
    assert.deepEqual(mirrored(reopened, 'locations'), mirrored(mirror, 'locations'));
    assert.deepEqual(mirrored(reopened, 'events'), mirrored(mirror, 'events'));
    assert.equal(reopened.syncedAt?.getTime(), mirror.syncedAt?.getTime());
    mirror.close();

    await approveSome(client, 4);
    await reopened.sync(client);
    await assertEqualsService(client, reopened);
    reopened.close();
    assert.deepEqual((await readdir(dir)).sort(), ['mirror.sqlite', 'mirror.sqlite.checked'], 'no lock, journal or temporary file left');
    assert.ok(!(await readFile(path.join(dir, 'mirror.sqlite'))).includes(sandbox.token), 'the token is never stored');
  });

  it('after approvals, an incremental sync leaves the search index as a fresh full sync builds it', async () => {
    const synced = await Mirror.open(await tempDir());
    await synced.sync(client, { pageSize: 100 });
    // Approvals change survivors' source ids (their index entries) and re-embed them in their
    // events (new JSON, the same searched text: index entries kept as they are).
    assert.equal((await approveSome(client, 8)).length, 8);
    const second = await synced.sync(client, { pageSize: 100 });
    assert.ok(second.kinds.some((k) => k.upserted > 0), 'the approvals changed records');
    const fresh = await Mirror.open(await tempDir());
    await fresh.sync(client, { pageSize: 100 });
    for (const kind of ['locations', 'events'] as const) {
      const records = [...mirrored(fresh, kind).values()] as { name?: string; sourceIds?: { id: string }[] }[];
      assert.deepEqual([...mirrored(synced, kind).keys()].sort(), [...mirrored(fresh, kind).keys()].sort());
      const queries = records.flatMap((r) => [r.name ?? '', ...(r.sourceIds ?? []).map((s) => s.id)]).filter((q) => q.length >= 3);
      for (const q of queries) {
        const ids = (m: Mirror) => m.search(kind, q, 100_000).map((h) => h.id).sort();
        assert.deepEqual(ids(synced), ids(fresh), `${kind} '${q}': the same hits as a fresh sync`);
      }
    }
    synced.close();
    fresh.close();
  });

  it('a cancelled sync keeps every page it wrote, and the next one resumes after the last of them', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    await mirror.sync(client, { pageSize: 50 });
    await approveSome(client, 3);
    const cancel = new AbortController();
    let eventPages = 0;
    await assert.rejects(
      mirror.sync(client, {
        pageSize: 1, // one record a page, so there are pages left to cancel
        signal: cancel.signal,
        onProgress: (p) => {
          if (p.kind === 'events' && ++eventPages === 2) cancel.abort();
        },
      }),
      (e: Error) => e.name === 'CancelledError',
    );
    mirror.close();
    const onDisk = await Mirror.open(dir);
    const resumed = await onDisk.sync(client, { pageSize: 1 });
    const events = resumed.kinds.find((k) => k.kind === 'events')!;
    assert.equal(events.resumedPages, 2, 'the two pages written are not asked again');
    await assertEqualsService(client, onDisk);
    onDisk.close();
  });

  it('writes the first pages one by one and later ones a few a transaction; a cancel keeps every batch written', async () => {
    const pages: number[] = [];
    // The first write of more than one page: stop there.
    const { dir, mirror } = await syncCancelledWhen((written) => {
      pages.push(written);
      return pages.length > 1 && written - pages[pages.length - 2] > 1;
    });
    assert.deepEqual(pages.slice(0, 8), [1, 2, 3, 4, 5, 6, 7, 8], 'the first pages are written one by one');
    const atCancel = pages[pages.length - 1];
    assert.ok(atCancel - pages[pages.length - 2] > 1, `later pages are written a few at a time (${pages.join(', ')})`);
    assert.equal(mirror.count('locations'), atCancel * 10, 'every page of every batch reported is written');
    mirror.close();
    const again = await Mirror.open(dir);
    const resumed = await again.sync(client, { pageSize: 10 });
    assert.equal(resumed.kinds.find((k) => k.kind === 'locations')!.resumedPages, atCancel, 'the resume asks for none of them again');
    await assertEqualsService(client, again);
    again.close();
  });

  it('a first sync cancelled mid-listing resumes from its fourth page in another process', async () => {
    let seen = 0;
    const { dir, mirror } = await syncCancelledWhen((written) => {
      seen = written;
      return written === 3;
    });
    assert.equal(seen, 3, 'no page reported after the cancel');
    assert.equal(mirror.state('locations'), undefined, 'no sync completed');
    assert.equal(mirror.syncedAt, undefined);
    assert.equal(mirror.count('locations'), 30, 'the three pages written');
    mirror.close();
    const again = await Mirror.open(dir);
    const resumed = await again.sync(client, { pageSize: 500 });
    const locations = resumed.kinds.find((k) => k.kind === 'locations')!;
    assert.equal(locations.resumedPages, 3);
    assert.equal(locations.added, locations.count);
    await assertEqualsService(client, again);
    again.close();
  });

  it('refuses a mirror of another service, and a second sync of one directory while one runs', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    await mirror.sync(client);
    const other = new DedupClient({ baseUrl: 'http://127.0.0.1:9', token: 't' });
    await assert.rejects(mirror.sync(other), (e: Error) => e instanceof MirrorError && /holds records of http:\/\/127\.0\.0\.1:\d+/.test(e.message));

    const second = await Mirror.open(dir);
    await approveSome(client, 2);
    // The second sync starts while the first has written its first page.
    let refused: Promise<unknown> | undefined;
    await mirror.sync(client, { pageSize: 1, onProgress: () => (refused ??= second.sync(client).then(() => 'synced', (e: unknown) => e)) });
    const outcome = await refused;
    assert.ok(outcome instanceof MirrorError && /another sync of the mirror in .* is running/.test(outcome.message), String(outcome));
    await second.sync(client);
    await assertEqualsService(client, second);
    mirror.close();
    second.close();
  });

  it('a service emptied or its data replaced since the last sync: the next sync lists everything and the mirror equals it', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    let service = await startSandbox({ port: 0, seed: 7, locations: 150, events: 60, integrations: 4 });
    const port = Number(new URL(service.baseUrl).port);
    /** The service behind the same address restarted with another data set. */
    const restart = async (seed: number, locations: number, events: number) => {
      await service.close();
      service = await startSandbox({ port, seed, locations, events, integrations: 3, token: service.token });
      return new DedupClient({ baseUrl: service.baseUrl, token: service.token });
    };
    try {
      const first = new DedupClient({ baseUrl: service.baseUrl, token: service.token });
      await mirror.sync(first, { pageSize: 100 });
      const other = await restart(8, 120, 40);
      const second = await mirror.sync(other, { pageSize: 100 });
      assert.deepEqual(second.kinds.map((k) => [k.kind, k.full]), [['locations', true], ['events', true]], 'listed in full');
      await assertEqualsService(other, mirror);
      const left = Object.fromEntries(second.kinds.map((k) => [k.kind, k.count]));
      const third = await mirror.sync(await restart(9, 0, 0), { pageSize: 100 });
      assert.deepEqual(third.kinds.map((k) => [k.kind, k.full, k.count, k.removed]), [['locations', true, 0, left.locations], ['events', true, 0, left.events]]);
      assert.equal(mirror.count('locations') + mirror.count('events'), 0);
      // Records again, then in step: the next sync lists changes only.
      const again = await restart(8, 120, 40);
      assert.ok((await mirror.sync(again, { pageSize: 100 })).kinds.every((k) => k.full), 'an emptied mirror lists in full');
      assert.ok((await mirror.sync(again, { pageSize: 100 })).kinds.every((k) => !k.full && k.received < k.count), 'in step: only changes listed');
      await assertEqualsService(again, mirror);
    } finally {
      await service.close();
    }
  });
});
