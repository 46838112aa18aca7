// The Triage panel follows what its groups are computed from (issue 17; found in the walk of
// 2026-11-26): the connection — after a switch the old table stayed under the new status bar, and
// its Approve… offered the other service's group of the same pattern (1,296 items for a row of 2) —
// and the curator's answers, after which the table kept its old counts until Refresh. Two sandboxes
// of their own, nothing merged at start; the sandboxes are the judge of what was decided.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DedupClient } from '../../src/api/client';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { TriagePanel } from '../../src/extension/panels/triage-panel';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { recordNode } from './curation-helpers';
import { curatorApi, sessionIdle, settled, waitFor } from './helpers';
import type { ToTriageWebview } from '../../src/webview/triage/protocol';

/** Records what the panel posts to its page (the page itself is real; this only listens). */
function listen(panel: TriagePanel): ToTriageWebview[] {
  const posted: ToTriageWebview[] = [];
  const target = panel as unknown as { post(m: ToTriageWebview): void };
  const original = target.post.bind(panel);
  target.post = (m) => {
    posted.push(m);
    original(m);
  };
  return posted;
}

const A = 'Triage follows test A';
const B = 'Triage follows test B';
const C = 'Triage follows test C';
const D = 'Triage follows test D (stopped)';

async function pendingTotal(client: DedupClient): Promise<number> {
  const page = await client.listRecommendations({ page: 0, pageSize: 1 });
  return page.total ?? -1;
}

describe('The Triage panel follows the connection and the answers', function () {
  this.timeout(180_000);
  let api: DedupCuratorApi;
  const sandboxes: RunningSandbox[] = [];
  const clients: DedupClient[] = [];
  let wasActive: string | undefined;
  let panel: TriagePanel;

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    for (const [name, seed, locations] of [[A, 1801, 240], [B, 1802, 90]] as const) {
      const token = `${name.replace(/\W/g, '-')}-token`;
      const sandbox = await startSandbox({ port: 0, token, seed, locations, events: 0, integrations: 3, autoMergeThreshold: 2 });
      sandboxes.push(sandbox);
      clients.push(new DedupClient({ baseUrl: sandbox.baseUrl, token }));
      await vscode.commands.executeCommand('dedupCurator.addConnection', { name, baseUrl: sandbox.baseUrl });
      await api.session.tokens.set(sandbox.baseUrl, token);
    }
    await api.session.useConnection(A);
    await waitFor('the ready state on A', () => api.session.state.kind === 'ready' && api.session.active?.name === A);
    await waitFor('the backlog in the tree', () => api.recommendations.loaded().length >= 10, 30_000);
    await settled(api);
  });

  after(async () => {
    panel?.dispose();
    for (const name of [A, B, C, D]) if (api.session.connections().some((c) => c.name === name)) await vscode.commands.executeCommand('dedupCurator.removeConnection', name);
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await Promise.all(sandboxes.map((s) => s.close()));
  });

  it('recomputes for the connection switched to and names it; a table of another connection decides nothing', async () => {
    const [totalA, totalB] = await Promise.all(clients.map(pendingTotal));
    assert.notEqual(totalA, totalB, 'the two backlogs differ in size');
    panel = (await vscode.commands.executeCommand('dedupCurator.openTriage')) as TriagePanel;
    await waitFor('the triage page to say ready', () => panel.isReady, 30_000);
    assert.equal(panel.computedOn, A);
    assert.equal(panel.pendingCount, totalA);

    await api.session.useConnection(B);
    await waitFor(`the groups of ${B}`, () => panel.computedOn === B && panel.pendingCount === totalB, 60_000);
    assert.equal(
      panel.groups.reduce((n, g) => n + g.size, 0),
      totalB,
      'the groups hold B’s pending recommendations',
    );

    // Hidden, the panel waits to be seen before it reads the list again: its table is B's while A is active.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'hides the Triage panel' }), { viewColumn: vscode.ViewColumn.Active });
    await waitFor('the Triage panel hidden', () => !panel.panel.visible);
    await api.session.useConnection(A);
    await waitFor('the ready state on A', () => api.session.state.kind === 'ready' && api.session.active?.name === A);
    // The switch is told, and the views have loaded A's lists: a panel that read on a switch would have begun.
    await sessionIdle(api);
    assert.equal(panel.computedOn, B, 'a hidden panel does not read the list');
    // Approve… on a row of B's table while A is active: nothing is decided on A (nor on B); the groups
    // are computed for A instead.
    const largest = panel.groups[0];
    await panel.handleMessage({ type: 'group', action: 'approve', key: largest.key });
    assert.equal(panel.computedOn, A);
    assert.equal(panel.pendingCount, totalA);
    assert.deepEqual(await Promise.all(clients.map(pendingTotal)), [totalA, totalB], 'nothing was decided');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('recomputes after an answer of the curator’s while it is shown', async () => {
    panel.panel.reveal();
    await waitFor('the Triage panel shown', () => panel.panel.visible);
    const unsureBefore = panel.groups.reduce((n, g) => n + g.labels.unsure, 0);
    const rec = api.recommendations.loaded()[3];
    assert.equal(await vscode.commands.executeCommand('dedupCurator.markUnsure', recordNode(rec), undefined, { note: 'follows' }), true);
    await waitFor('the groups computed again with the unsure answer', () => panel.groups.reduce((n, g) => n + g.labels.unsure, 0) === unsureBefore + 1, 30_000);
    assert.equal(panel.computedOn, A);
  });

  // The second walk: a connection added (no token yet, then its token) left the old groups under a
  // "no active connection" line, and the connection that then became ready was never computed.
  it('drops its groups while no connection is ready, and computes the one added once its token is set', async () => {
    const token = 'triage-follows-c-token';
    const sandbox = await startSandbox({ port: 0, token, seed: 1803, locations: 60, events: 0, integrations: 3, autoMergeThreshold: 2 });
    sandboxes.push(sandbox);
    const totalC = await pendingTotal(new DedupClient({ baseUrl: sandbox.baseUrl, token }));
    assert.equal(panel.computedOn, A);
    await vscode.commands.executeCommand('dedupCurator.addConnection', { name: C, baseUrl: sandbox.baseUrl });
    await waitFor('the new connection, without a token', () => api.session.active?.name === C && api.session.state.kind === 'no-token');
    await waitFor('the groups dropped', () => panel.computedOn === '' && panel.groups.length === 0);
    await api.session.tokens.set(sandbox.baseUrl, token);
    await waitFor(`the groups of ${C}`, () => panel.computedOn === C && panel.pendingCount === totalC, 60_000);
  });

  // The curator's walk: after a switch to a connection whose service was down, the panel kept
  // "Triage of 127.0.0.1:… · 558 pending" with live Review / Approve… / Reject…, and said the
  // failure only in a notification.
  it('after a switch to a connection whose service is down, says why in the panel and offers no group actions', async () => {
    const token = 'triage-follows-d-token';
    const stopped = await startSandbox({ port: 0, token, seed: 1804, locations: 30, events: 0, integrations: 3 });
    const baseUrl = stopped.baseUrl;
    await stopped.close();
    panel.panel.reveal();
    await waitFor('the Triage panel shown', () => panel.panel.visible);
    await waitFor(`the groups of ${C}`, () => panel.computedOn === C && panel.groups.length > 0, 60_000);
    const key = panel.groups[0].key;
    await api.session.tokens.set(baseUrl, token);
    await vscode.commands.executeCommand('dedupCurator.addConnection', { name: D, baseUrl });
    await waitFor(`the switch to ${D}`, () => api.session.active?.name === D && api.session.state.kind === 'ready', 30_000);
    await waitFor('the failure said in the panel', () => /^Could not compute the groups of "Triage follows test D \(stopped\)": Cannot reach the service at 127\.0\.0\.1:\d+/.test(panel.unavailableReason), 60_000);
    assert.equal(panel.groups.length, 0, 'the groups of the connection before are still offered');
    assert.equal(panel.shown, undefined, 'the page still draws a group table');
    // A click on a row of the table the page showed before: no queue, no decision.
    const queueBefore = api.comparisons.queue;
    await panel.handleMessage({ type: 'group', action: 'review', key });
    assert.equal(api.comparisons.queue, queueBefore, 'a review queue was opened from a table of another connection');
  });

  // The walk: "0 decisions learnt from" in the header while the approval rate said n = 14 and the
  // tree had moved on: the header came from the last computation, the charts from the journal now.
  it('its counts follow the answers at once and agree with each other: pending, decisions learnt from, histogram', async () => {
    await api.session.useConnection(A);
    panel.panel.reveal();
    await waitFor(`the groups of ${A}`, () => panel.computedOn === A && panel.groups.length > 0, 60_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument({ content: 'hides the Triage panel' }), { viewColumn: vscode.ViewColumn.Active });
    await waitFor('the Triage panel hidden', () => !panel.panel.visible);
    const labelsBefore = api.triage.labels.length;
    const decided = api.recommendations.shown().slice(0, 3);
    for (const rec of decided) await vscode.commands.executeCommand('dedupCurator.approve', recordNode(rec));
    await waitFor('the journal read again with the three approvals', () => api.triage.labels.length >= labelsBefore + 3);
    const total = await pendingTotal(clients[0]);
    const posted = listen(panel);
    panel.panel.reveal();
    // The first drawing after it is shown again: before any new computation.
    const first = await waitFor('the page drawn', () => posted.find((m): m is Extract<ToTriageWebview, { type: 'triage' }> => m.type === 'triage'), 30_000);
    const chartDecided = first.data.rates.reduce((n, b) => n + b.n, 0);
    assert.equal(first.data.labels, chartDecided, 'the header’s "decisions learnt from" and the approval rate’s answers differ');
    assert.equal(first.data.pending, total, 'the header’s pending count is not the backlog’s');
    assert.equal(first.data.histogram.reduce((n, b) => n + b.match + b.unsure + b.nonMatch, 0), total);
  });

  // The walk: "21,496 pending" in the panel beside a tree of 21,442, after the service changed behind
  // the tree's back (a restart). Here: a decision taken at the service directly.
  it('when the backlog it reads differs from the Recommendations view’s count, the view loads again: both say the same', async () => {
    await waitFor('the page drawn on A', () => panel.computedOn === A && panel.shown !== undefined, 30_000);
    const before = api.recommendations.knownTotal;
    const behind = [...(await clients[0].listRecommendations({ page: 0, pageSize: 5 })).data].pop()!;
    await clients[0].approve(behind['@id']);
    const total = await pendingTotal(clients[0]);
    assert.ok(total < (before ?? 0), 'the service’s count did not drop');
    await panel.handleMessage({ type: 'refresh' });
    assert.equal(panel.pendingCount, total);
    await waitFor(`the Recommendations view at ${total} (it says ${api.recommendations.knownTotal})`, () => api.recommendations.knownTotal === total, 30_000);
    await vscode.window.showTextDocument((await vscode.workspace.openTextDocument({ content: 'hides the Triage panel' })), { viewColumn: vscode.ViewColumn.Active });
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
