// The review queue after a window reload with a Triage group open, and with its service stopped
// (found in a curator's walk: a 21,496-item backlog, a reload, a service stopped mid-work). A group's
// queue came back on the whole list — no group line, "Back at the item shown before the reload" on
// an item outside the group, and A approving recommendations that do not fit it. With the service
// down the queue moved on while its decisions failed one by one, seconds later, with no sign of it
// being offline, and Retry Failed Decisions could not be found in the palette. A sandbox of its own,
// stopped and started again on the same port and data; the sandbox is the judge of what was decided.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { DedupClient } from '../../src/api/client';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { QueuePanel } from '../../src/extension/panels/queue-panel';
import type { TriagePanel } from '../../src/extension/panels/triage-panel';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import type { ToWebview } from '../../src/webview/comparison/protocol';
import { listenToPage } from './page-posts';
import { configuredConnections } from '../../src/extension/connection/connections';
import { curatorApi, settled, waitFor } from './helpers';

const NAME = 'Queue offline test';
const TOKEN = 'queue-offline-token';

const setUndo = (seconds: number | undefined) => vscode.workspace.getConfiguration('dedupCurator').update('undoSeconds', seconds, vscode.ConfigurationTarget.Global);

/** What VS Code does after a reload: a new panel handed to the serializer with the page's saved state. */
async function restoreQueue(api: DedupCuratorApi, state: unknown): Promise<QueuePanel> {
  api.comparisons.queue?.view.dispose();
  const panel = vscode.window.createWebviewPanel('dedupCurator.comparison', 'restored', vscode.ViewColumn.Active, { enableScripts: true });
  await api.comparisons.deserializeWebviewPanel(panel, state);
  const queue = api.comparisons.queue;
  assert.ok(queue, 'the serializer kept no queue');
  return queue;
}

async function pendingIds(client: DedupClient): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const r of client.allRecommendations({ pageSize: 200 })) ids.add(r['@id']);
  return ids;
}

describe('The review queue after a reload with a group, and with its service stopped', function () {
  this.timeout(180_000);
  let api: DedupCuratorApi;
  let sandbox: RunningSandbox;
  let dataDir: string;
  let client: DedupClient;
  let wasActive: string | undefined;
  let triage: TriagePanel | undefined;
  let queue: QueuePanel | undefined;

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    dataDir = await mkdtemp(path.join(tmpdir(), 'queue-offline-'));
    sandbox = await startSandbox({ port: 0, token: TOKEN, seed: 1907, locations: 400, events: 0, integrations: 3, dataDir });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: TOKEN });
    await api.session.tokens.set(sandbox.baseUrl, TOKEN);
    await vscode.commands.executeCommand('dedupCurator.addConnection', { name: NAME, baseUrl: sandbox.baseUrl });
    await api.session.useConnection(NAME);
    await waitFor('the ready state', () => api.session.state.kind === 'ready' && api.session.active?.name === NAME);
    await settled(api);
  });

  after(async () => {
    queue?.view.dispose();
    triage?.dispose();
    await setUndo(undefined);
    if (configuredConnections().some((c) => c.name === NAME)) await vscode.commands.executeCommand('dedupCurator.removeConnection', NAME);
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await sandbox?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a group’s queue restored after a reload walks the same group, back at the same item', async () => {
    triage = (await vscode.commands.executeCommand('dedupCurator.openTriage')) as TriagePanel;
    await waitFor('the triage page to say ready', () => triage?.isReady, 30_000);
    // A group of a few, none of them first in the tree: the whole list's queue would start elsewhere.
    const first = api.recommendations.shown()[0]['@id'];
    const group = triage.groups.find((g) => g.decidable.length >= 3 && !g.decidable.includes(first));
    assert.ok(group, 'no group of three or more without the tree’s first item');
    await triage.handleMessage({ type: 'group', action: 'review', key: group.key });
    queue = await waitFor('the group’s queue', () => api.comparisons.queue?.group?.key === group.key && api.comparisons.queue);
    await waitFor('the queue page to say ready', () => queue?.view.isReady, 30_000);
    // One skip: the item on screen is not the group's first.
    await queue.view.handleMessage({ type: 'queue', action: 'skip', recommendationId: queue.recommendationId });
    const id = queue.recommendationId;
    assert.ok(group.decidable.includes(id));
    const words = queue.group!.words;

    const restored = (queue = await restoreQueue(api, { recommendationId: id, queue: true, group: { key: group.key, words } }));
    const posted = listenToPage(restored);
    assert.equal(restored.group?.key, group.key, 'the restored queue lost its group');
    assert.equal(restored.recommendationId, id, 'not back at the item shown before the reload');
    await waitFor('the restored page to say ready', () => restored.view.isReady, 30_000);
    await restored.view.handleMessage({ type: 'ready' });
    const show = await waitFor('the restored item', () => [...posted].reverse().find((m): m is Extract<ToWebview, { type: 'show' }> => m.type === 'show'));
    assert.equal(show.queue?.group?.words, words, 'the header does not name the group');
    assert.match(show.notice ?? '', /Back at the item shown before the reload, in the same group/);
    // Every item it walks is the group's: skip to its end.
    const walked = [restored.recommendationId];
    for (let i = 0; i < 40 && !restored.queue.atEnd; i++) {
      await restored.view.handleMessage({ type: 'queue', action: 'skip', recommendationId: restored.recommendationId });
      if (restored.recommendationId) walked.push(restored.recommendationId);
    }
    assert.ok(restored.queue.atEnd, 'the group’s queue did not end');
    for (const w of walked) assert.ok(group.decidable.includes(w), `${w} is not in the group`);
  });

  it('a group that cannot be brought back is said plainly, and the queue walks nothing else', async () => {
    const restored = (queue = await restoreQueue(api, { recommendationId: api.recommendations.shown()[0]['@id'], queue: true, group: { key: 'location:no-such-pattern', words: 'Locations: a group gone' } }));
    const posted = listenToPage(restored);
    await waitFor('the restored page to say ready', () => restored.view.isReady, 30_000);
    await restored.view.handleMessage({ type: 'ready' });
    const end = await waitFor('the end screen', () => posted.find((m): m is Extract<ToWebview, { type: 'queueEnd' }> => m.type === 'queueEnd'));
    assert.equal(end.heading, 'The group of this queue could not be brought back');
    assert.match(end.message, /reviewed the group "Locations: a group gone", which could not be brought back: It is no longer among the backlog’s groups/);
    assert.equal(restored.recommendationId, '', 'the queue shows an item of the whole list');
    assert.equal(end.queue.group?.key, 'location:no-such-pattern', 'a later reload would not try the group again');
    queue.view.dispose();
  });

  it('with the service stopped: the queue and the status bar say so, the queue pauses, every failed decision is listed, Retry sends them once it answers', async () => {
    await setUndo(2);
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    await waitFor('the queue page to say ready', () => queue?.view.isReady, 30_000);
    const q = queue;
    const posted = listenToPage(q);
    const port = sandbox.port;
    await sandbox.close();
    // Two approvals while it is down: the second is still in its undo period when the first fails.
    // (A decision's message is answered once it is sent: the queue has moved on long before.)
    const first = q.recommendationId;
    void q.view.handleMessage({ type: 'decide', recommendationId: first, verdict: 'approve' });
    const second = await waitFor('the next item', () => q.recommendationId !== first && q.recommendationId);
    void q.view.handleMessage({ type: 'decide', recommendationId: second, verdict: 'approve' });
    await waitFor('the item after it', () => q.recommendationId !== second);
    await waitFor('the queue paused', () => q.paused, 30_000);
    const status = await waitFor('the offline sign in the queue', () => [...posted].reverse().find((m): m is Extract<ToWebview, { type: 'queueStatus' }> => m.type === 'queueStatus' && m.queue.offline !== undefined));
    assert.match(status.queue.offline!.message, /Cannot reach the service at 127\.0\.0\.1:\d+/);
    assert.equal(status.queue.offline!.paused, true);
    assert.match(api.statusBar.text, /unreachable/, `the status bar reads "${api.statusBar.text}"`);
    // The second one is not left to fail seconds later: held back and listed at once.
    const failed = await waitFor('both decisions listed as not sent', () => {
      const last = [...posted].reverse().find((m): m is Extract<ToWebview, { type: 'queueStatus' }> => m.type === 'queueStatus');
      return last?.queue.failed?.length === 2 && last.queue.failed;
    });
    assert.deepEqual(failed.map((f) => f.verdict), ['approve', 'approve']);
    assert.match(q.view.panel.title, /paused/);
    // Paused: A sends nothing and the queue stays on its item.
    const onScreen = q.recommendationId;
    await q.view.handleMessage({ type: 'decide', recommendationId: onScreen, verdict: 'reject' });
    assert.equal(q.recommendationId, onScreen, 'the paused queue moved on');
    assert.match(JSON.stringify(posted.at(-1)), /Paused, nothing was sent/);
    // Findable in the palette: no enablement hides it.
    const ext = vscode.extensions.getExtension('dedup-curator.dedup-curator')!;
    const command = (ext.packageJSON.contributes.commands as { command: string; enablement?: string }[]).find((c) => c.command === 'dedupCurator.retryFailedDecisions');
    assert.equal(command?.enablement, undefined, 'Retry Failed Decisions is hidden from the palette while disabled');

    // The service back on the same port and data: the queue goes on by itself, and Retry sends both.
    sandbox = await startSandbox({ port, token: TOKEN, dataDir });
    await waitFor('the queue going on', () => !q.paused, 30_000);
    assert.doesNotMatch(api.statusBar.text, /unreachable/);
    assert.match(JSON.stringify(posted.at(-1)), /The service answers again: the queue goes on. 2 decisions were not sent/);
    await vscode.commands.executeCommand('dedupCurator.retryFailedDecisions');
    const pending = await pendingIds(client);
    assert.ok(!pending.has(first) && !pending.has(second), 'the failed decisions were not sent again');
    assert.equal(api.comparisons.ctx.curation.failed.of(api.session.baseUrl).length, 0);
  });
});
