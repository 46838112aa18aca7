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
    const putBack = backlog.take(third['@id'])!;
    assert.equal(backlog.find(third['@id']), undefined);
    assert.equal(backlog.total, total - 1);
    putBack();
    putBack();
    assert.equal(backlog.loaded()[2], third, 'back in its place, once');
    assert.equal(backlog.total, total);
    assert.deepEqual(changes, [
      { id: third['@id'], pending: false },
      { id: third['@id'], pending: true },
    ]);
    assert.equal(backlog.take('urn:not-loaded'), undefined);
  });

  it('a decided recommendation it never loaded still leaves the total; a loaded one is not counted twice', async () => {
    const backlog = backlogOf();
    await backlog.source.loadMore();
    const unloaded = (await new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token }).listRecommendations({ page: 3, pageSize: PAGE })).data[0];
    backlog.decidedUnloaded(unloaded['@id']);
    assert.equal(backlog.total, total - 1);
    backlog.decidedUnloaded(backlog.loaded()[0]['@id']);
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
        backlog.take(rec['@id']);
        await direct.reject(rec['@id']);
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
});
