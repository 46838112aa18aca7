// The review queue across a connection switch (found by the issue 13 walk, docs/walks.md): a queue
// started on one service, left open while another connection is made active, used to walk into the
// new service's list while refusing every decision — A drew the next item and "Sending the decision
// on the previous item…" stayed forever, nothing sent. Now it stops at once and says why; no key
// acts; back on its own connection it goes on. A queue opened on a service with nothing pending says
// so ("No pending recommendations to review"), not "finished"; Open Location there says the view's
// window holds nothing, not "open the Locations view first". The queue's header follows the view's
// sort when it changes, not at the next item.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { QueuePanel } from '../../src/extension/panels/queue-panel';
import type { ToWebview } from '../../src/webview/comparison/protocol';
import { listenToPage } from './page-posts';
import { configuredConnections } from '../../src/extension/connection/connections';
import { curatorApi, setTokens, settled, waitFor } from './helpers';
import { capturingNotifications } from './messages';
import { journalEntries, tempDir } from './curation-helpers';

const TOKEN = 'queue-switch-token';
const A = 'Queue switch A';
const B = 'Queue switch B';
const EMPTY = 'Queue switch empty';

const lastEnd = (posted: ToWebview[]) => [...posted].reverse().find((m): m is Extract<ToWebview, { type: 'queueEnd' }> => m.type === 'queueEnd');

describe('Review queue across a connection switch, and on an empty list', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let a: RunningSandbox;
  let b: RunningSandbox;
  let empty: RunningSandbox;
  let wasActive: string | undefined;
  let queue: QueuePanel | undefined;

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    [a, b, empty] = await Promise.all([
      startSandbox({ port: 0, token: TOKEN, seed: 11, locations: 60, events: 20, integrations: 3 }),
      startSandbox({ port: 0, token: TOKEN, seed: 12, locations: 60, events: 20, integrations: 3 }),
      startSandbox({ port: 0, token: TOKEN, seed: 13, locations: 0, events: 0, integrations: 2 }),
    ]);
    await setTokens(api, [a, b, empty].map((s) => [s.baseUrl, TOKEN] as const));
    for (const [name, s] of [[B, b], [EMPTY, empty], [A, a]] as const) await vscode.commands.executeCommand('dedupCurator.addConnection', { name, baseUrl: s.baseUrl });
    await api.session.useConnection(A);
    await settled(api);
    assert.ok(a.store.stats().pendingRecommendations >= 3 && b.store.stats().pendingRecommendations >= 3, 'both services need pending recommendations');
  });

  after(async () => {
    queue?.view.dispose();
    for (const name of [A, B, EMPTY]) {
      if (configuredConnections().some((c) => c.name === name)) await vscode.commands.executeCommand('dedupCurator.removeConnection', name);
    }
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await Promise.all([a, b, empty].map((s) => s?.close()));
  });

  it('a queue open on A stops when B is made active, and says so', async () => {
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    await waitFor('the queue page to say ready', () => queue?.view.isReady, 30_000);
    assert.equal(queue.startedFor, a.baseUrl);
    const posted = listenToPage(queue);
    await api.session.useConnection(B);
    await settled(api);
    const end = await waitFor('the queue to say it stopped', () => lastEnd(posted));
    assert.equal(end.heading, 'Review queue stopped');
    assert.match(end.message, /The active connection changed: this queue was started on "Queue switch A"/);
    assert.equal(end.queue.item, undefined);
    assert.equal(end.queue.remaining, 0, 'the header counted the other service’s list as this queue’s');
    assert.equal(queue.view.panel.title, 'Review Queue: stopped');
  });

  it('A and S on the stopped queue send nothing and walk nowhere: the page is told again that it stopped', async () => {
    const q = queue as QueuePanel;
    const posted = listenToPage(q);
    const id = q.recommendationId;
    const [pendingA, pendingB] = [a.store.stats().pendingRecommendations, b.store.stats().pendingRecommendations];
    const dir = await tempDir('dedup-queue-switch-');
    const journalled = (await journalEntries(dir)).length;
    await q.view.handleMessage({ type: 'decide', recommendationId: id, verdict: 'approve' });
    await q.view.handleMessage({ type: 'queue', action: 'skip', recommendationId: id });
    assert.equal(posted.filter((m) => m.type === 'queueEnd').length, 2, `posted: ${posted.map((m) => m.type).join(', ')}`);
    assert.ok(!posted.some((m) => m.type === 'show'), 'the stopped queue showed an item');
    assert.equal(q.recommendationId, id, 'the stopped queue moved');
    // A decision is journalled before its undo period begins: one that had been accepted would be
    // in the journal now, and would reach a service when the period ends.
    assert.equal((await journalEntries(dir)).length, journalled, 'the stopped queue journalled a decision');
    assert.deepEqual([a.store.stats().pendingRecommendations, b.store.stats().pendingRecommendations], [pendingA, pendingB]);
  });

  it('back on A, the queue goes on with its item', async () => {
    const q = queue as QueuePanel;
    const posted = listenToPage(q);
    await api.session.useConnection(A);
    await settled(api);
    await waitFor('the queue to show its item again', () => posted.find((m) => m.type === 'show' && m.view.recommendationId === q.recommendationId));
    assert.match(q.view.panel.title, /^Review Queue: 0 done, [\d,]+ left$/);
  });

  it('the queue’s header follows the view’s sort at once, not at the next item', async () => {
    if (api.session.active?.name !== A) await api.session.useConnection(A);
    await settled(api);
    queue?.view.dispose();
    const q = (queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel);
    await waitFor('the queue page to say ready', () => q.view.isReady, 30_000);
    const posted = listenToPage(q);
    const id = q.recommendationId;
    await vscode.commands.executeCommand('dedupCurator.recommendations.sort', 'score-asc');
    await api.recommendations.wholeLoad;
    await settled(api);
    const scope = api.recommendations.describeScope();
    assert.match(String(scope), /score ↑/);
    await waitFor('the header to name the sort', () => posted.some((m) => m.type === 'queueStatus' && m.queue.scope === scope));
    assert.equal(q.recommendationId, id, 'the queue moved');
    await vscode.commands.executeCommand('dedupCurator.recommendations.sort', 'server');
    await settled(api);
  });

  it('a queue opened on a service with nothing pending says there is nothing to review, not "finished"', async () => {
    queue?.view.dispose();
    await api.session.useConnection(EMPTY);
    await settled(api);
    assert.equal(api.recommendations.shown().length, 0);
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    const posted = listenToPage(queue);
    await waitFor('the queue page to say ready', () => queue?.view.isReady, 30_000);
    // Ready may have come before the listener: ask for the state again, as a reloaded page would.
    await queue.view.handleMessage({ type: 'ready' });
    const end = await waitFor('the end of the empty queue', () => lastEnd(posted));
    assert.equal(end.heading, 'No pending recommendations to review');
    assert.match(end.message, /Nothing left to review: 0 approved, 0 rejected, 0 skipped/);
    // The tab agrees with the page: an empty list is not a finished queue.
    assert.equal(queue.view.panel.title, 'Review Queue: nothing to review');
  });

  it('Open Location on the empty service says the view’s window holds nothing, and how to widen it', async () => {
    assert.equal(api.session.active?.name, EMPTY);
    const shown = await capturingNotifications(async (shown) => {
      await vscode.commands.executeCommand('dedupCurator.openLocation');
      return shown;
    });
    assert.deepEqual(
      shown.map((m) => m.text),
      [`No locations in the Locations view (${api.locations.scopeText()}): nothing to open. Show Locations Changed Since… widens its window.`],
    );
  });
});
