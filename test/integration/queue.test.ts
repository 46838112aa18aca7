// The review queue in the real VS Code: Start Review Queue opens the comparison panel on the first
// pending recommendation in the tree's order; a decision posted by the page (exactly what A sends)
// changes the sandbox's state; skip, back and undo are local; a decision made elsewhere (the tree's
// command) is said in the queue and in an open comparison panel. Other suites decide
// recommendations too, so expectations are read from the live sandbox and tree, not assumed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { ComparisonPanel } from '../../src/extension/panels/comparison-panel';
import type { QueuePanel } from '../../src/extension/panels/queue-panel';
import { activeClient, curatorApi, settled, waitFor } from './helpers';
import { listenToPage } from './page-posts';

/** Every pending id the service lists now, all pages. */
async function pendingIds(api: DedupCuratorApi, client = activeClient(api)): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 0; ; page++) {
    const p = await client.listRecommendations({ page, pageSize: 200 });
    for (const r of p.data) ids.add(r['@id']);
    if (!p.hasNextPage) return ids;
  }
}

const queueMessage = (q: QueuePanel, action: 'skip' | 'back' | 'undo') => q.view.handleMessage({ type: 'queue', action, recommendationId: q.recommendationId });

describe('Review queue in the real VS Code', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;
  let queue: QueuePanel;
  const visited: string[] = [];

  before(async () => {
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    api = await curatorApi();
    await settled(api);
    await vscode.commands.executeCommand('dedupCurator.recommendations.sort', 'score-desc');
    await api.recommendations.refresh();
    assert.ok(api.recommendations.shown().length >= 5, 'the sandbox should leave a few recommendations pending');
  });

  after(async () => {
    await vscode.commands.executeCommand('dedupCurator.recommendations.sort', 'server');
    queue?.view.dispose();
  });

  it('Start Review Queue opens on the first pending recommendation in the tree’s order, and the page says ready', async () => {
    const first = api.recommendations.shown()[0]['@id'];
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    assert.ok(queue?.queue, 'the command returned no queue');
    assert.equal(queue.recommendationId, first);
    await waitFor('the page to say ready', () => queue.view.isReady, 30000);
    const s = queue.queue.status();
    assert.deepEqual([s.done, s.skipped, s.position, s.item], [0, 0, 1, 'pending']);
    assert.equal(s.remaining, api.recommendations.knownTotal, 'remaining is the pending total');
    assert.match(queue.view.panel.title, /Review Queue: 0 done/);
    // Its header says it follows the view's sort (the page draws `scope`: test/webview/queue.test.ts).
    assert.equal((queue as unknown as { statusNow(): { scope?: string } }).statusNow().scope, api.recommendations.describeScope());
    assert.match(String(api.recommendations.describeScope()), /score ↓/);
    visited.push(first);
  });

  it('starting it again reveals the same queue', async () => {
    assert.strictEqual(await vscode.commands.executeCommand('dedupCurator.startReviewQueue'), queue);
  });

  it('a decision from the page (what A posts) changes the sandbox, and the queue moves on', async () => {
    const id = queue.recommendationId;
    const remaining = queue.queue.status().remaining;
    assert.ok((await pendingIds(api)).has(id), 'decided elsewhere in the meantime');
    await queue.view.handleMessage({ type: 'decide', recommendationId: id, verdict: 'approve' });
    assert.ok(!(await pendingIds(api)).has(id), 'the service still lists it as pending');
    assert.equal(api.recommendations.find(id), undefined, 'still in the tree');
    assert.notEqual(queue.recommendationId, id);
    assert.equal(queue.recommendationId, api.recommendations.shown()[0]['@id'], 'not the next in the tree’s order');
    const s = queue.queue.status();
    assert.deepEqual([s.done, s.approved, s.position], [1, 1, 2]);
    assert.equal(s.remaining, remaining - 1);
    visited.push(queue.recommendationId);
  });

  it('S skips locally: the service still lists the skipped one; the counts say so', async () => {
    const skipped = queue.recommendationId;
    const remaining = queue.queue.status().remaining;
    await queueMessage(queue, 'skip');
    assert.notEqual(queue.recommendationId, skipped);
    assert.ok((await pendingIds(api)).has(skipped), 'a skip reached the service');
    assert.ok(api.recommendations.find(skipped), 'a skip took it out of the tree');
    const s = queue.queue.status();
    assert.deepEqual([s.skipped, s.remaining, s.position], [1, remaining - 1, 3]);
    visited.push(queue.recommendationId);
  });

  it('← goes back: to the skipped one (still decidable), then to the decided one (read-only)', async () => {
    await queueMessage(queue, 'back');
    assert.equal(queue.recommendationId, visited[1]);
    assert.equal(queue.queue.status().item, 'skipped');
    await queueMessage(queue, 'back');
    assert.equal(queue.recommendationId, visited[0]);
    assert.equal(queue.queue.status().item, 'approved');
    assert.equal(queue.decisionStatus?.state, 'done');
    assert.match((queue.decisionStatus as { message: string }).message, /^Approved: /);
    // A or R on a decided item is dropped: nothing is sent, the status stays.
    await queue.view.handleMessage({ type: 'decide', recommendationId: visited[0], verdict: 'reject' });
    assert.equal(queue.decisionStatus?.state, 'done');
    // A stale key (naming another item than the one on screen) is dropped too.
    await queue.view.handleMessage({ type: 'queue', action: 'skip', recommendationId: visited[2] });
    assert.equal(queue.recommendationId, visited[0]);
  });

  it('→ moves forward through the visited ones; U undoes the skip', async () => {
    await queueMessage(queue, 'skip'); // on a decided item: forward, not a skip
    await queueMessage(queue, 'skip'); // on the skipped one: forward
    assert.equal(queue.recommendationId, visited[2]);
    assert.equal(queue.queue.status().skipped, 1);
    await queueMessage(queue, 'undo');
    assert.equal(queue.recommendationId, visited[1]);
    assert.deepEqual([queue.queue.status().skipped, queue.queue.status().item, queue.queue.status().canUndo], [0, 'pending', false]);
  });

  it('a decision made elsewhere (the tree’s Reject) is said in the queue; its buttons are off', async () => {
    const id = queue.recommendationId;
    const rec = api.recommendations.find(id);
    assert.ok(rec);
    await vscode.commands.executeCommand('dedupCurator.reject', { kind: 'record', record: rec });
    assert.ok(!(await pendingIds(api)).has(id), 'the tree’s reject did not reach the service');
    assert.equal(queue.recommendationId, id, 'the queue moved by itself');
    assert.equal(queue.decidedElsewhere, true);
    assert.equal(queue.queue.status().item, 'gone');
    assert.equal(queue.queue.status().done, 1, 'a decision made elsewhere is not one of this queue');
    await queueMessage(queue, 'skip');
    assert.equal(queue.queue.status().skipped, 0, 'an item decided elsewhere is not skipped');
  });

  it('an open comparison panel says so too when its recommendation is approved from the tree', async () => {
    const rec = api.recommendations.shown().find((r) => r['@id'] !== queue.recommendationId);
    assert.ok(rec);
    const panel = (await vscode.commands.executeCommand('dedupCurator.openComparison', rec)) as ComparisonPanel;
    assert.equal(panel.decidedElsewhere, false);
    await vscode.commands.executeCommand('dedupCurator.approve', { kind: 'record', record: rec });
    assert.equal(panel.decidedElsewhere, true);
    assert.equal(panel.recommendationId, rec['@id'], 'the panel moved by itself');
    // Its buttons are off: a click that still arrives is dropped (the service already has the decision).
    await panel.view.handleMessage({ type: 'decide', recommendationId: rec['@id'], verdict: 'reject' });
    assert.equal(panel.decisionStatus, undefined);
    panel.view.dispose();
  });

  it('with advanceAfterDecision off, a comparison panel keeps the decided recommendation; the queue still moves on', async () => {
    await vscode.workspace.getConfiguration('dedupCurator').update('panels.advanceAfterDecision', false, vscode.ConfigurationTarget.Global);
    try {
      const rec = api.recommendations.shown().find((r) => r['@id'] !== queue.recommendationId);
      assert.ok(rec);
      const panel = (await vscode.commands.executeCommand('dedupCurator.openComparison', rec)) as ComparisonPanel;
      await panel.view.handleMessage({ type: 'decide', recommendationId: rec['@id'], verdict: 'reject' });
      assert.equal(panel.recommendationId, rec['@id']);
      assert.equal(panel.decisionStatus?.state, 'done');
      panel.view.dispose();
      const id = queue.recommendationId;
      await queue.view.handleMessage({ type: 'decide', recommendationId: id, verdict: 'approve' });
      assert.ok(!(await pendingIds(api)).has(id));
      assert.notEqual(queue.recommendationId, id);
    } finally {
      await vscode.workspace.getConfiguration('dedupCurator').update('panels.advanceAfterDecision', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a move the page numbered: the queue goes to the item the page drew for it, names the move in what it posts, and redraws on a key for another item', async () => {
    const posted = listenToPage(queue);
    const id = queue.recommendationId;
    const unvisited = api.recommendations.shown().filter((r) => r['@id'] !== id && !queue.queue.entry(r['@id']));
    assert.ok(unvisited.length >= 2, 'the sandbox should leave a few recommendations pending');
    // The page drew the second unvisited one ahead (the tree was re-sorted since it was sent): the curator sees it, so the queue goes there.
    const drawn = unvisited[1]['@id'];
    await queue.view.handleMessage({ type: 'queue', action: 'skip', recommendationId: id, seq: 7, ahead: drawn });
    assert.equal(queue.recommendationId, drawn);
    // (Drawn again when the service's reasons for it arrive: every show the same.)
    const shows = () => [...new Set(posted.filter((m) => m.type === 'show').map((m) => `${m.view.recommendationId} ${m.seq}`))];
    assert.deepEqual(shows(), [`${drawn} 7`], 'what the queue posts names the latest move it received');
    // A key for an item the queue is not on: nothing sent, the queue's item drawn again (stamped), and said.
    const other = unvisited[0]['@id'];
    const done = queue.queue.status().done;
    posted.length = 0;
    await queue.view.handleMessage({ type: 'decide', recommendationId: other, verdict: 'approve', seq: 8 });
    assert.equal(queue.queue.status().done, done);
    assert.ok((await pendingIds(api)).has(other), 'a key for another item decided it');
    assert.deepEqual(shows(), [`${drawn} 8`]);
    assert.match(posted.filter((m) => m.type === 'notice').map((m) => m.message).join(' '), /Nothing sent: the queue had moved to this item/);
  });

  it('after a switch to another connection, a panel sends nothing for the old service’s recommendation', async () => {
    const sandbox = activeClient(api);
    // Not the queue's item: its comparison would be the queue itself, which stops on a switch.
    const rec = api.recommendations.shown().find((r) => r['@id'] !== queue.recommendationId)!;
    const panel = (await vscode.commands.executeCommand('dedupCurator.openComparison', rec)) as ComparisonPanel;
    assert.notEqual(panel, queue);
    const other = 'queue-test-other';
    try {
      assert.equal(await vscode.commands.executeCommand('dedupCurator.addConnection', { name: other, baseUrl: 'http://127.0.0.1:9' }), other);
      await panel.view.handleMessage({ type: 'decide', recommendationId: rec['@id'], verdict: 'approve' });
      assert.equal(panel.decisionStatus?.state, 'failed');
      assert.match((panel.decisionStatus as { message: string }).message, /connection changed/);
      await queue.view.handleMessage({ type: 'decide', recommendationId: queue.recommendationId, verdict: 'approve' });
      // The queue stops when another connection is made active (queue-switch.test.ts): no key acts.
      assert.equal(queue.view.panel.title, 'Review Queue: stopped', 'the queue went on with another service active');
      assert.notEqual(queue.decisionStatus?.state, 'done', 'the queue sent a decision to another service');
      assert.notEqual(queue.decisionStatus?.state, 'working', 'the queue is sending a decision to another service');
      assert.ok((await pendingIds(api, sandbox)).has(rec['@id']), 'the recommendation was decided');
    } finally {
      panel.view.dispose();
      await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
      await vscode.commands.executeCommand('dedupCurator.removeConnection', other);
      await settled(api);
    }
  });
});
