// "Load all" of PagedSource (src/api/paged-source.ts), behind the trees' Load all and the pending
// backlog's whole read, against the sandbox on 127.0.0.1 (through the page-failing proxy where a
// page must fail): every page to the end, in parallel pages once the total is known, the limit,
// Cancel, a failed page that ends the run there, and a reset meanwhile that the run goes on with
// (same service) or stops for (another service).
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import type { Recommendation } from '../../src/api/model';
import { PagedSource } from '../../src/api/paged-source';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { type PageFailingProxy, startPageFailingProxy } from '../support/page-failing-proxy';

const PAGE = 10;

/** The sandbox's recommendation list as the extension keeps it, reading from `baseUrl` (switchable). */
function recommendationSource(state: { baseUrl: string; token: string; asked: number[] }): PagedSource<Recommendation> {
  return new PagedSource<Recommendation>(
    ({ page, pageSize, signal }) => {
      state.asked.push(page);
      return new DedupClient({ baseUrl: state.baseUrl, token: state.token, retry: { retries: 0 } }).listRecommendations({ page, pageSize }, { signal });
    },
    { keyOf: (r) => r['@id'], pageSize: PAGE },
  );
}

describe('PagedSource: load all against the sandbox', function () {
  this.timeout(30_000);
  let sandbox: RunningSandbox;
  let other: RunningSandbox;
  let proxy: PageFailingProxy;
  let total: number;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 7, locations: 120, events: 5, integrations: 3, token: 'all-token', autoMergeThreshold: 2 });
    other = await startSandbox({ port: 0, seed: 8, locations: 120, events: 5, integrations: 3, token: 'all-token', autoMergeThreshold: 2 });
    proxy = await startPageFailingProxy(sandbox.baseUrl);
    const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    total = (await client.listRecommendations({ pageSize: 1 })).total ?? 0;
    assert.ok(total > 3 * PAGE, `the sandbox has ${total} recommendations, the tests need several pages`);
  });
  after(async () => {
    await proxy.close();
    await sandbox.close();
    await other.close();
  });

  const stateOf = (baseUrl: string) => ({ baseUrl, token: sandbox.token, asked: [] as number[] });

  it('loads every page to the end, in the service order, one page at a time or several at once', async () => {
    const one = recommendationSource(stateOf(sandbox.baseUrl));
    assert.deepEqual(await one.loadAll({ limit: Infinity }), { complete: true, cancelled: false, beyondLimit: false });
    assert.equal(one.records.length, total);
    const state = stateOf(sandbox.baseUrl);
    const four = recommendationSource(state);
    assert.deepEqual(await four.loadAll({ limit: Infinity, concurrency: 4 }), { complete: true, cancelled: false, beyondLimit: false });
    assert.deepEqual(four.records.map((r) => r['@id']), one.records.map((r) => r['@id']));
    assert.equal(four.total, total);
    assert.equal(new Set(state.asked).size, state.asked.length, 'no page asked twice');
  });

  it('goes on from the pages already loaded, and a second call joins the run', async () => {
    const state = stateOf(sandbox.baseUrl);
    const source = recommendationSource(state);
    await source.loadMore();
    const a = source.loadAll({ limit: Infinity, concurrency: 3 });
    const b = source.loadAll({ limit: Infinity });
    assert.equal(a, b);
    await a;
    assert.equal(source.records.length, total);
    assert.equal(state.asked.filter((p) => p === 0).length, 1, 'page 0 was not asked again');
    assert.equal(source.busy, false);
  });

  it('stops at the limit, saying so', async () => {
    const source = recommendationSource(stateOf(sandbox.baseUrl));
    assert.deepEqual(await source.loadAll({ limit: 2 * PAGE }), { complete: false, cancelled: false, beyondLimit: true });
    assert.equal(source.records.length, 2 * PAGE);
    assert.equal(source.nextPage, 2, 'the next load goes on after the last page loaded');
  });

  it('stops when cancelled, saying so, and keeps what it has', async () => {
    const source = recommendationSource(stateOf(sandbox.baseUrl));
    const cancel = new AbortController();
    const watch = source.onDidChange(() => source.records.length >= 2 * PAGE && cancel.abort());
    const result = await source.loadAll({ limit: Infinity, signal: cancel.signal });
    watch.dispose();
    assert.deepEqual(result, { complete: false, cancelled: true, beyondLimit: false });
    assert.equal(source.records.length, 2 * PAGE);
    assert.equal(source.busy, false);
  });

  it('a page that fails ends the run there, reported once; Retry goes on from it', async () => {
    const state = stateOf(proxy.baseUrl);
    const source = recommendationSource(state);
    const failures: number[] = [];
    source.onDidSettle((o) => o.status === 'failed' && failures.push(o.page));
    proxy.failPage(2);
    try {
      assert.deepEqual(await source.loadAll({ limit: Infinity }), { complete: false, cancelled: false, beyondLimit: false });
    } finally {
      proxy.heal();
    }
    assert.deepEqual(failures, [2]);
    assert.equal(source.records.length, 2 * PAGE);
    assert.equal(source.nextPage, 2);
    assert.equal((await source.loadAll({ limit: Infinity })).complete, true);
    assert.equal(source.records.length, total);
    assert.equal(state.asked.filter((p) => p === 0).length, 1);
  });

  it('a failed page asked again after a pause (resume) does not end the run', async () => {
    const source = recommendationSource(stateOf(proxy.baseUrl));
    const resumed: number[] = [];
    proxy.failPage(1);
    try {
      const result = await source.loadAll({ limit: Infinity, resume: { resumes: 2, resumePauseMs: 10, onResume: (i) => (resumed.push(i.page), proxy.heal()) } });
      assert.equal(result.complete, true);
    } finally {
      proxy.heal();
    }
    assert.deepEqual(resumed, [1]);
    assert.equal(source.records.length, total);
  });

  it('goes on after a reset of the same service, stops after a switch to another', async () => {
    const same = stateOf(sandbox.baseUrl);
    const sameSource = recommendationSource(same);
    const reset = sameSource.onDidSettle((o) => o.status === 'loaded' && o.page === 1 && same.asked.length < 4 && sameSource.reset());
    const reloaded = await sameSource.loadAll({ limit: Infinity, sameSource: () => same.baseUrl === sandbox.baseUrl });
    reset.dispose();
    assert.equal(reloaded.complete, true);
    assert.equal(sameSource.records.length, total);

    const switched = stateOf(sandbox.baseUrl);
    const switchedSource = recommendationSource(switched);
    switchedSource.onDidSettle((o) => {
      if (o.status !== 'loaded' || o.page !== 1 || switched.baseUrl !== sandbox.baseUrl) return;
      switched.baseUrl = other.baseUrl;
      switchedSource.reset();
    });
    const result = await switchedSource.loadAll({ limit: Infinity, sameSource: () => switched.baseUrl === sandbox.baseUrl });
    assert.equal(result.complete, false);
    assert.equal(switchedSource.records.length, 0, 'the run stopped at the switch instead of loading the other service');
  });

  it('while a load-all runs, the next page is the next one it brings with records, not the end of the run', async () => {
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const source = new PagedSource<Recommendation>(
      async ({ page, pageSize, signal }) => {
        const result = await new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token }).listRecommendations({ page, pageSize }, { signal });
        // The run's later pages wait until the test lets them through.
        if (page >= 2) await gate;
        return result;
      },
      { keyOf: (r) => r['@id'], pageSize: PAGE },
    );
    let ended = false;
    const run = source.loadAll({ limit: Infinity }).then((r) => ((ended = true), r));
    await source.loadNext();
    assert.ok(source.records.length >= PAGE, `the next page did not land (${source.records.length} records)`);
    assert.equal(ended, false, 'loadNext waited for the whole run');
    open();
    assert.equal((await run).complete, true);
    assert.equal(source.records.length, total);
    source.dispose();
  });
});
