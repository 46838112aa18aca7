// Load all (src/api/load-all.ts), the loop behind the trees' "Load all", over a real Pager against
// the sandbox on 127.0.0.1 (through the page-failing proxy where a page must fail): every page to
// the end, the limit, Cancel, a failed page that ends the run without asking for the next one, and
// a reload meanwhile that the run goes on with (same service) or stops for (another service).
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import { type WholeList, loadRemaining } from '../../src/api/load-all';
import type { Recommendation } from '../../src/api/model';
import { Pager } from '../../src/api/pager';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { type PageFailingProxy, startPageFailingProxy } from '../support/page-failing-proxy';

const PAGE = 10;

/** The sandbox's recommendation list as a PagedList keeps it: a pager, its generation, its source. */
class RecommendationList implements WholeList {
  asked: number[] = [];
  private gen = 0;
  private pager: Pager<Recommendation>;
  constructor(public baseUrl: string, private readonly token: string) {
    this.pager = this.newPager();
  }
  private newPager(): Pager<Recommendation> {
    const client = new DedupClient({ baseUrl: this.baseUrl, token: this.token, retry: { retries: 0 } });
    return new Pager<Recommendation>((page, signal) => {
      this.asked.push(page);
      return client.listRecommendations({ page, pageSize: PAGE }, { signal });
    });
  }
  /** Emptied and read again, from `baseUrl` (a refresh, or a switch of connection). */
  reload(baseUrl = this.baseUrl): void {
    this.baseUrl = baseUrl;
    this.pager.reset();
    this.pager = this.newPager();
    this.gen++;
  }
  count = () => this.pager.records.length;
  hasMore = () => this.pager.hasMore;
  nextPage = () => this.pager.nextPage;
  generation = () => this.gen;
  sameSource = (start = this.startUrl) => this.baseUrl === start;
  startUrl = '';
  loadMore = async () => {
    await this.pager.loadMore();
  };
}

describe('Load all (loadRemaining) over a Pager against the sandbox', function () {
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
    total = 0;
    total = (await client.listRecommendations({ pageSize: 1 })).total ?? 0;
    assert.ok(total > 3 * PAGE, `the sandbox has ${total} recommendations, the tests need several pages`);
  });
  after(async () => {
    await proxy.close();
    await sandbox.close();
    await other.close();
  });

  const listOf = (baseUrl: string) => {
    const list = new RecommendationList(baseUrl, sandbox.token);
    list.startUrl = baseUrl;
    return list;
  };

  it('loads every page to the end', async () => {
    const list = listOf(sandbox.baseUrl);
    assert.deepEqual(await loadRemaining(list, Infinity), { complete: true, cancelled: false, beyondLimit: false });
    assert.equal(list.count(), total);
  });

  it('stops at the limit, saying so', async () => {
    const list = listOf(sandbox.baseUrl);
    assert.deepEqual(await loadRemaining(list, 2 * PAGE), { complete: false, cancelled: false, beyondLimit: true });
    assert.equal(list.count(), 2 * PAGE);
  });

  it('stops when cancelled, saying so', async () => {
    const list = listOf(sandbox.baseUrl);
    let pages = 0;
    const result = await loadRemaining(list, Infinity, { beforePage: () => pages++, cancelled: () => pages >= 2 });
    assert.deepEqual(result, { complete: false, cancelled: true, beyondLimit: false });
    assert.deepEqual(list.asked, [0, 1]);
  });

  it('a page that fails ends the run there: the next page is not asked for', async () => {
    const list = listOf(proxy.baseUrl);
    proxy.failPage(2);
    try {
      assert.deepEqual(await loadRemaining(list, Infinity), { complete: false, cancelled: false, beyondLimit: false });
    } finally {
      proxy.heal();
    }
    assert.deepEqual(list.asked, [0, 1, 2]);
    assert.equal(list.count(), 2 * PAGE);
    // Retry goes on from the failed page, keeping the two loaded.
    assert.equal((await loadRemaining(list, Infinity)).complete, true);
    assert.equal(list.count(), total);
    assert.equal(list.asked.filter((p) => p === 0).length, 1);
  });

  it('goes on after a reload of the same service, stops after a switch to another', async () => {
    const same = listOf(sandbox.baseUrl);
    const reloaded = loadRemaining(same, Infinity, { beforePage: () => same.asked.length === 2 && same.reload() });
    assert.equal((await reloaded).complete, true);
    assert.equal(same.count(), total);

    const switched = listOf(sandbox.baseUrl);
    const result = await loadRemaining(switched, Infinity, { beforePage: () => switched.asked.length === 2 && switched.reload(other.baseUrl) });
    assert.equal(result.complete, false);
    assert.ok(switched.count() < total, 'the run stopped at the switch instead of loading the other service whole');
  });
});
