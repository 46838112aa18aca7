// Panels brought back by the serializer after a window reload (issue 13): the comparison panel reads
// its recommendation's state from the list before its buttons work (a decided one is said to be no
// longer pending, one on a page the view has not loaded is found, one from another connection is
// held), a click that cannot be acted on gets an answer instead of "Approving…" forever, and a
// restored queue waits for the list instead of saying "finished". The serializer is called as
// VS Code calls it after a reload, with the state the page saved.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { ComparisonPanel } from '../../src/extension/panels/comparison-panel';
import type { QueuePanel } from '../../src/extension/panels/queue-panel';
import { pendingNow, withSandbox } from './curation-helpers';
import { waitFor } from './helpers';

const VIEW_TYPE = 'dedupCurator.comparison';

function newPanel(): vscode.WebviewPanel {
  return vscode.window.createWebviewPanel(VIEW_TYPE, 'restored', vscode.ViewColumn.Active, { enableScripts: true });
}

/** What VS Code does after a reload: a new panel handed to the serializer with the page's saved state. */
async function restore(api: DedupCuratorApi, state: { recommendationId: string; connection?: string }): Promise<ComparisonPanel> {
  await api.comparisons.deserializeWebviewPanel(newPanel(), state);
  const restored = api.comparisons.get(state.recommendationId);
  assert.ok(restored, 'the serializer kept no panel');
  return restored;
}

/** The same for a review queue's page. */
async function restoreQueue(api: DedupCuratorApi, state: { recommendationId: string; queue: true }): Promise<QueuePanel> {
  await api.comparisons.deserializeWebviewPanel(newPanel(), state);
  const restored = api.comparisons.queue;
  assert.ok(restored, 'the serializer kept no queue');
  return restored;
}

describe('Panels restored after a reload', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;
  let client: DedupClient;
  const opened: ComparisonPanel[] = [];

  before(async () => {
    ({ api, client } = await withSandbox());
    await api.recommendations.refresh();
  });

  after(() => {
    for (const p of opened) p.view.dispose();
    api.comparisons.queue?.view.dispose();
  });

  it('a decided recommendation is said to be no longer pending; Approve gets an answer and sends nothing', async () => {
    const rec = api.recommendations.shown()[0];
    await client.reject(rec['@id']);
    await api.recommendations.refresh();
    const panel = await restore(api, { recommendationId: rec['@id'], connection: api.session.active?.name });
    opened.push(panel);
    assert.match(panel.heldReason ?? '', /No longer pending/);
    assert.equal(panel.recommendation, undefined);
    const before = await pendingNow(client);
    // The saved page still shows it: exactly what a click on its Approve posts.
    await panel.view.handleMessage({ type: 'decide', recommendationId: rec['@id'], verdict: 'approve' });
    assert.equal(panel.decisionStatus, undefined, 'the panel took the click as a decision');
    assert.equal((await pendingNow(client)).size, before.size, 'something was decided');
  });

  it('a pending recommendation beyond the loaded pages is found, and deciding it works', async () => {
    const loaded = new Set(api.recommendations.loaded().map((r) => r['@id']));
    const all = [...(await pendingNow(client)).values()];
    const beyond = all.find((r) => !loaded.has(r['@id']));
    assert.ok(beyond, 'the sandbox should have more pending recommendations than one page');
    const panel = await restore(api, { recommendationId: beyond['@id'], connection: api.session.active?.name });
    opened.push(panel);
    assert.equal(panel.heldReason, undefined);
    assert.equal(panel.recommendation?.['@id'], beyond['@id']);
    await waitFor('the page to say ready', () => panel.view.isReady, 30000);
    await vscode.workspace.getConfiguration('dedupCurator').update('panels.advanceAfterDecision', false, vscode.ConfigurationTarget.Global);
    try {
      await panel.view.handleMessage({ type: 'decide', recommendationId: beyond['@id'], verdict: 'reject' });
    } finally {
      await vscode.workspace.getConfiguration('dedupCurator').update('panels.advanceAfterDecision', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.equal(panel.decisionStatus?.state, 'done');
    assert.ok(!(await pendingNow(client)).has(beyond['@id']), 'the service still lists it');
  });

  it('one shown for another connection is held, naming both', async () => {
    const rec = api.recommendations.shown()[1];
    const panel = await restore(api, { recommendationId: rec['@id'], connection: 'Staging' });
    opened.push(panel);
    assert.match(panel.heldReason ?? '', /"Staging".*"Local sandbox"/);
    await panel.view.handleMessage({ type: 'decide', recommendationId: rec['@id'], verdict: 'approve' });
    assert.ok((await pendingNow(client)).has(rec['@id']), 'a held panel sent a decision');
  });

  it('a queue restored while the list is still loading starts on its item, not "finished"', async () => {
    api.comparisons.queue?.view.dispose();
    const item = api.recommendations.shown()[2];
    // The view reloads as after a window reload; the serializer runs meanwhile.
    void api.recommendations.refresh();
    const queue = await restoreQueue(api, { recommendationId: item['@id'], queue: true });
    assert.equal(queue.queue.atEnd, false, 'the restored queue says it is finished');
    assert.equal(queue.recommendationId, item['@id']);
    const before = await pendingNow(client);
    await queue.view.handleMessage({ type: 'decide', recommendationId: item['@id'], verdict: 'approve' });
    assert.ok(!(await pendingNow(client)).has(item['@id']), 'the restored queue’s approval did not reach the service');
    assert.ok((await pendingNow(client)).size < before.size);
  });

  describe('under a whole-list sort', () => {
    afterEach(async () => {
      api.comparisons.queue?.view.dispose();
      api.recommendations.sort = 'server';
      await api.recommendations.wholeLoad;
    });

    /** Sorted lowest first over the whole list: an item the service lists beyond its first page. */
    async function sortedItemBeyondFirstPage() {
      api.recommendations.sort = 'score-asc';
      await api.recommendations.wholeLoad;
      const firstPage = new Set(api.recommendations.loaded().slice(0, 50).map((r) => r['@id']));
      const item = api.recommendations.shown().find((r, i) => i >= 3 && !firstPage.has(r['@id']));
      assert.ok(item, 'every sorted item is on the first page: the test proves nothing');
      return item;
    }

    it('a restored queue comes back to its item once the sorted list has it, and says so', async () => {
      api.comparisons.queue?.view.dispose();
      const item = await sortedItemBeyondFirstPage();
      // The view reloads as after a window reload: only its first page is in when the serializer runs.
      void api.recommendations.refresh();
      const queue = await restoreQueue(api, { recommendationId: item['@id'], queue: true });
      assert.equal(queue.recommendationId, item['@id'], 'the restored queue did not come back to its item');
      assert.match(queue.noticeShown ?? '', /Back at the item shown before the reload/);
    });

    it('a restored queue whose item was decided meanwhile starts at the view’s first, and says why', async () => {
      api.comparisons.queue?.view.dispose();
      const item = await sortedItemBeyondFirstPage();
      await client.reject(item['@id']);
      void api.recommendations.refresh();
      const queue = await restoreQueue(api, { recommendationId: item['@id'], queue: true });
      await api.recommendations.wholeLoad;
      assert.equal(queue.recommendationId, api.recommendations.shown()[0]['@id'], 'not the sorted view’s first');
      assert.match(queue.noticeShown ?? '', /no longer pending \(decided meanwhile\): the queue starts at the view’s first/);
    });
  });
});
