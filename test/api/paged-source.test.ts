// "Load N more" of PagedSource (src/api/paged-source.ts), which the trees, the pending backlog and the location panel's events share,
// against the sandbox over real HTTP on 127.0.0.1: paging to the end, one request at a time, a
// reset that aborts the request in flight and drops its page, a failed page that is asked for
// again, and records repeated across pages dropped.
import assert from 'node:assert/strict';
import { DedupClient, InvalidTokenError, isDedupError } from '../../src/api';
import type { Location } from '../../src/api/model';
import { PagedSource } from '../../src/api/paged-source';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

const EPOCH = new Date(0);

describe('PagedSource: load more against the sandbox (real HTTP)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let slow: RunningSandbox;
  let client: DedupClient;
  let total: number;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 5, locations: 60, events: 20, integrations: 3, token: 'pager-token' });
    slow = await startSandbox({ port: 0, seed: 5, locations: 60, events: 20, integrations: 3, token: 'pager-token', faults: { latencyMs: { min: 300, max: 300 } } });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    total = (await everyLocation()).length;
  });
  after(async () => {
    await sandbox.close();
    await slow.close();
  });

  const everyLocation = async () => {
    const all: Location[] = [];
    for await (const l of client.allLocations({ updatedSince: EPOCH })) all.push(l);
    return all;
  };

  const locations = (c: DedupClient, pageSize: number, asked: number[] = []) =>
    new PagedSource<Location>(({ page, signal }) => {
      asked.push(page);
      return c.listLocations({ updatedSince: EPOCH, page, pageSize }, { signal });
    });

  it('loads page after page until the service says there is no next page', async () => {
    const asked: number[] = [];
    const pager = locations(client, 25, asked);
    const first = await pager.loadMore();
    assert.equal(first.status, 'loaded');
    assert.equal(pager.records.length, Math.min(25, total));
    while (pager.hasMore) assert.equal((await pager.loadMore()).status, 'loaded');
    assert.equal(pager.records.length, total);
    assert.equal(new Set(pager.records.map((l) => l.id)).size, total);
    assert.deepEqual(asked, [...Array(Math.ceil(total / 25) + (total % 25 === 0 ? 1 : 0)).keys()]);
    assert.deepEqual(await pager.loadMore(), { status: 'skipped' });
  });

  it('a second loadMore while a page is on its way joins it: one request', async () => {
    const asked: number[] = [];
    const pager = locations(new DedupClient({ baseUrl: slow.baseUrl, token: slow.token }), 10, asked);
    const a = pager.loadMore();
    assert.equal(pager.busy, true);
    const b = pager.loadMore();
    assert.equal(a, b);
    await a;
    assert.deepEqual(asked, [0]);
    assert.equal(pager.busy, false);
    assert.equal(pager.records.length, 10);
  });

  it('reset aborts the request in flight and drops its page; the next load starts at page 0', async () => {
    const signals: AbortSignal[] = [];
    const c = new DedupClient({ baseUrl: slow.baseUrl, token: slow.token });
    const pager = new PagedSource<Location>(({ page, signal }) => {
      signals.push(signal);
      return c.listLocations({ updatedSince: EPOCH, page, pageSize: 10 }, { signal });
    });
    await pager.loadMore();
    const second = pager.loadMore();
    pager.reset();
    assert.equal(signals[1].aborted, true);
    assert.deepEqual(await second, { status: 'stale' });
    assert.equal(pager.records.length, 0);
    assert.equal(pager.nextPage, 0);
    const again = await pager.loadMore();
    assert.equal(again.status === 'loaded' && again.page, 0);
    assert.equal(pager.records.length, 10);
  });

  it('a failed page keeps what was loaded and is asked for again; the error is the typed one', async () => {
    let token = 'pager-token';
    const pager = new PagedSource<Location>(({ page, signal }) =>
      new DedupClient({ baseUrl: sandbox.baseUrl, token }).listLocations({ updatedSince: EPOCH, page, pageSize: 20 }, { signal }),
    );
    await pager.loadMore();
    token = 'revoked';
    const failed = await pager.loadMore();
    assert.equal(failed.status, 'failed');
    assert.ok(failed.status === 'failed' && failed.error instanceof InvalidTokenError && isDedupError(failed.error));
    assert.equal(pager.records.length, 20);
    assert.equal(pager.nextPage, 1);
    token = 'pager-token';
    const retried = await pager.loadMore();
    assert.equal(retried.status === 'loaded' && retried.page, 1);
    assert.equal(pager.records.length, Math.min(40, total));
  });

  it('a fetch that declines (no connection) asks nothing and changes nothing', async () => {
    const pager = new PagedSource<Location>(async () => undefined);
    assert.deepEqual(await pager.loadMore(), { status: 'skipped' });
    assert.equal(pager.hasMore, true);
    assert.equal(pager.nextPage, 0);
  });

  it('with keyOf, a record repeated on the next page (the data shifted) is kept once', async () => {
    // Overlapping pages, as when records are inserted between two requests: page n asks from 10n - 5.
    const all = await everyLocation();
    const pager = new PagedSource<Location>(
      async ({ page }) => {
        const from = Math.max(0, page * 10 - 5);
        return { data: all.slice(from, from + 10), page, hasNextPage: from + 10 < all.length };
      },
      { keyOf: (l) => l.id },
    );
    await pager.loadMore();
    const second = await pager.loadMore();
    assert.equal(second.status === 'loaded' && second.added.length, 5);
    assert.deepEqual(pager.records.map((l) => l.id), all.slice(0, 15).map((l) => l.id));
  });
});
