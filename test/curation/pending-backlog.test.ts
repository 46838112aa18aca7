// The pending backlog (src/curation/pending-backlog.ts) that the tree, the queue, the status bar,
// triage and group decisions share, against the sandbox over real HTTP on 127.0.0.1: a decision's
// recommendation out at once with the total, back where it was; one never loaded still counted; the
// whole backlog read once, joining a read already under way; a failed page or a Cancel said.
import assert from 'node:assert/strict';
import { CancelledError, DedupClient } from '../../src/api';
import type { Recommendation } from '../../src/api/model';
import { PendingBacklog, type PendingChange } from '../../src/curation/pending-backlog';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { type PageFailingProxy, startPageFailingProxy } from '../support/page-failing-proxy';

const PAGE = 10;

describe('PendingBacklog against the sandbox', function () {
  this.timeout(30_000);
  let sandbox: RunningSandbox;
  let proxy: PageFailingProxy;
  let total: number;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 4, locations: 150, events: 0, integrations: 3, token: 'backlog-token', autoMergeThreshold: 2 });
    proxy = await startPageFailingProxy(sandbox.baseUrl);
    total = (await new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token }).listRecommendations({ pageSize: 1 })).total ?? 0;
    assert.ok(total > 4 * PAGE, `the sandbox has ${total} recommendations, the tests need several pages`);
  });
  after(async () => {
    await proxy.close();
    await sandbox.close();
  });

  const backlogOf = (baseUrl = sandbox.baseUrl, asked: number[] = []) =>
    new PendingBacklog(
      ({ page, pageSize, signal }) => {
        asked.push(page);
        return new DedupClient({ baseUrl, token: sandbox.token, retry: { retries: 0 } }).listRecommendations({ page, pageSize }, { signal });
      },
      { pageSize: PAGE },
    );

  it('takes a recommendation out with the total, says so, and puts it back where it was', async () => {
    const backlog = backlogOf();
    await backlog.source.loadMore();
    const changes: PendingChange[] = [];
    backlog.onDidChangePending((c) => changes.push(c));
    const third = backlog.loaded()[2];
    const settle = backlog.take(third['@id'])!;
    assert.equal(backlog.find(third['@id']), undefined);
    assert.equal(backlog.total, total - 1);
    assert.equal(backlog.take(third['@id']), undefined, 'taken twice');
    settle(false);
    settle(false);
    assert.equal(backlog.loaded()[2], third, 'back in its place, once');
    assert.equal(backlog.total, total);
    assert.deepEqual(changes, [
      { id: third['@id'], pending: false },
      { id: third['@id'], pending: true },
    ]);
  });

  it('a recommendation it never loaded leaves the total while it is decided, and stays out once applied', async () => {
    const backlog = backlogOf();
    await backlog.source.loadMore();
    const unloaded = (await new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token }).listRecommendations({ page: 3, pageSize: PAGE })).data[0];
    const settle = backlog.take(unloaded['@id'])!;
    assert.equal(backlog.total, total - 1);
    settle(true);
    settle(false);
    assert.equal(backlog.total, total - 1, 'settled twice');
    const failed = backlog.take(backlog.loaded()[0]['@id'])!;
    assert.equal(backlog.total, total - 2);
    failed(false);
    assert.equal(backlog.total, total - 1);
  });

  it('reads the whole backlog once: a second reader joins the read under way', async () => {
    const asked: number[] = [];
    const backlog = backlogOf(sandbox.baseUrl, asked);
    const progress: number[] = [];
    const tree = backlog.source.loadAll({ limit: 2 * PAGE });
    const whole = await backlog.loadWhole({ onProgress: (n) => progress.push(n) });
    await tree;
    assert.equal(whole.result.complete, true);
    assert.equal(whole.pending.length, total);
    assert.equal(new Set(whole.pending.map((r: Recommendation) => r['@id'])).size, total);
    // At most the page the tree's run had already asked for when it reached its limit is asked again.
    assert.ok(asked.length <= new Set(asked).size + 1, `pages asked: ${asked.join(' ')}`);
    assert.equal(progress.at(-1), total);
    const again = await backlog.loadWhole();
    assert.equal(again.pending.length, total);
    const before = asked.length;
    assert.equal((await backlog.loadWhole()).pending.length, total);
    assert.equal(asked.length, before, 'a complete backlog is not read again');
  });

  it('a page that fails ends the read with its error; a Cancel with a CancelledError', async () => {
    const failing = backlogOf(proxy.baseUrl);
    proxy.failPage(2);
    try {
      await assert.rejects(failing.loadWhole(), (e: Error) => /503|unavailable/i.test(e.message));
    } finally {
      proxy.heal();
    }
    assert.equal(failing.loaded().length, 2 * PAGE, 'the pages before it stay');
    const cancel = new AbortController();
    const cancelled = backlogOf();
    cancelled.onDidChange(() => cancelled.loaded().length >= PAGE && cancel.abort());
    await assert.rejects(cancelled.loadWhole({ signal: cancel.signal }), CancelledError);
  });

  it('reading on after decisions misses none of the records that moved up into the pages read', async () => {
    const local = await startSandbox({ port: 0, seed: 9, locations: 150, events: 0, integrations: 3, token: 'moved-token', autoMergeThreshold: 2 });
    try {
      const direct = new DedupClient({ baseUrl: local.baseUrl, token: local.token });
      const backlog = new PendingBacklog(({ page, pageSize, signal }) => direct.listRecommendations({ page, pageSize }, { signal }), { pageSize: PAGE });
      await backlog.source.loadMore();
      await backlog.source.loadMore();
      // Three of the first page rejected: the service's third page now starts three records later.
      for (const rec of backlog.loaded().slice(0, 3)) {
        const settle = backlog.take(rec['@id'])!;
        await direct.reject(rec['@id']);
        settle(true);
      }
      const whole = await backlog.loadWhole();
      const now: string[] = [];
      for await (const r of direct.allRecommendations({ pageSize: 200 })) now.push(r['@id']);
      assert.deepEqual(new Set(whole.pending.map((r) => r['@id'])), new Set(now));
      assert.equal(backlog.total, now.length);
    } finally {
      await local.close();
    }
  });

  describe('pages read while a decision is under way', () => {
    let local: RunningSandbox;
    let direct: DedupClient;
    const serviceTotal = async () => (await direct.listRecommendations({ pageSize: 1 })).total;
    beforeEach(async () => {
      local = await startSandbox({ port: 0, seed: 21, locations: 150, events: 0, integrations: 3, token: 'crossing-token', autoMergeThreshold: 2 });
      direct = new DedupClient({ baseUrl: local.baseUrl, token: local.token });
    });
    afterEach(() => local.close());

    /** A backlog whose page answers, once read from the service, wait until `release` lets them through. */
    function heldBacklog() {
      let gate: Promise<void> = Promise.resolve();
      let open = () => {};
      let answered = () => {};
      const backlog = new PendingBacklog(
        async ({ page, pageSize, signal }) => {
          const result = await direct.listRecommendations({ page, pageSize }, { signal });
          answered();
          await gate;
          return result;
        },
        { pageSize: PAGE },
      );
      const hold = () => (gate = new Promise<void>((resolve) => (open = resolve)));
      /** Resolves when the service has answered the next page asked (its answer then waits at the gate, if held). */
      const nextAnswer = () => new Promise<void>((resolve) => (answered = () => resolve()));
      return { backlog, hold, release: () => open(), nextAnswer };
    }

    /** Resolves once the backlog's total is `expected` (told by its change events), or says what it is. */
    function totalBecomes(backlog: PendingBacklog, expected: number): Promise<void> {
      return new Promise((resolve, reject) => {
        const check = () => backlog.total === expected && (watch.dispose(), clearTimeout(timer), resolve());
        const watch = backlog.onDidChange(check);
        const timer = setTimeout(() => (watch.dispose(), reject(new Error(`the backlog's total stayed ${backlog.total}, the service's is ${expected}`))), 10_000);
        check();
      });
    }

    it('a page the service answered before a decision, arriving after it, does not bring its total back', async () => {
      const { backlog, hold, release, nextAnswer } = heldBacklog();
      await backlog.source.loadMore();
      const unloaded = (await direct.listRecommendations({ page: 5, pageSize: PAGE })).data[0];
      const settle = backlog.take(unloaded['@id'])!;
      hold();
      const answer = nextAnswer();
      const page = backlog.source.loadMore();
      await answer;
      // The service answered the next page counting it; the decision is applied and confirmed before that answer lands.
      await direct.reject(unloaded['@id']);
      settle(true);
      release();
      await page;
      await totalBecomes(backlog, (await serviceTotal())!);
    });

    it('a page read while a loaded one waits out its undo period keeps it out; undone, it is back once', async () => {
      const { backlog } = heldBacklog();
      await backlog.source.loadMore();
      const third = backlog.loaded()[2];
      const settle = backlog.take(third['@id'])!;
      // A reload of the list during the undo period: the service still lists it.
      backlog.source.reset();
      await backlog.source.loadMore();
      assert.equal(backlog.find(third['@id']), undefined, 'back in the list while it is being decided');
      assert.equal(backlog.total, (await serviceTotal())! - 1);
      settle(false);
      assert.equal(backlog.loaded().filter((r) => r['@id'] === third['@id']).length, 1);
      assert.equal(backlog.loaded()[2]['@id'], third['@id'], 'not back in its place');
      assert.equal(backlog.total, await serviceTotal());
    });
  });
});
