// The review queue on recommendations that left the list behind its back (issue 12): decided in
// another window or client, or made moot when an earlier approval merged their entities. A or R on
// such an item gets a 409 (or 404) from the service: the queue says so on its page, moves on, and
// shows no notification; the tree does not get the item back.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { Recommendation } from '../../src/api/model';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { QueuePanel } from '../../src/extension/panels/queue-panel';
import { pendingNow, withSandbox } from './curation-helpers';
import { settled, spyNotifications, waitFor } from './helpers';
import { type SandboxConnection, sandboxConnection } from './sandbox-connection';

describe('Review queue on items that left the list', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;
  let client: DedupClient;
  let queue: QueuePanel;

  before(async () => {
    ({ api, client } = await withSandbox());
    await api.recommendations.refresh();
    api.comparisons.queue?.dispose();
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    await waitFor('the page to say ready', () => queue.isReady, 30000);
  });

  after(() => queue?.dispose());

  it('A on one decided elsewhere: the queue says so and moves on, without a notification', async () => {
    const spy = spyNotifications(api);
    try {
      const id = queue.recommendationId;
      const done = queue.queue.status().done;
      await client.reject(id); // another client decided it; this window does not know
      await queue.handleMessage({ type: 'decide', recommendationId: id, verdict: 'approve' });
      assert.notEqual(queue.recommendationId, id, 'the queue stayed on it');
      assert.equal(queue.queue.entry(id)?.state, 'gone');
      assert.equal(queue.queue.status().done, done, 'counted as decided in this queue');
      assert.deepEqual(spy.calls, [], 'a notification was shown');
      assert.equal(api.recommendations.find(id), undefined, 'it came back into the tree');
    } finally {
      spy.restore();
    }
  });
});

// Since the matcher proposes one recommendation per set of unified records (issue 16), the local
// sandbox of "Try the Local Sandbox" starts with no two recommendations sharing an entity; a sandbox
// of its own with auto-merge off (as in bulk-moot.test.ts) keeps the chains in its backlog, so an
// approval there can make another loaded recommendation moot.
const NAME = 'Queue moot test service';
const TOKEN = 'queue-moot-test-token';

describe('Review queue on items made moot by a merge', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;
  let direct: DedupClient;
  let fixture: SandboxConnection;
  let queue: QueuePanel | undefined;

  before(async () => {
    fixture = await sandboxConnection(NAME, { token: TOKEN, seed: 11, locations: 800, events: 200, integrations: 4, autoMergeThreshold: 2 });
    api = fixture.api;
    direct = fixture.direct;
    await settled(api);
    // The whole list (983 here), so pairs sharing an entity are among the loaded ones and the queue's.
    // A refresh arriving late from the connection's set-up (a slow machine: CI) starts the list over
    // at page 1, so load until the tree holds every pending one, not once.
    const total = (await pendingNow(direct)).size;
    for (let tries = 0; tries < 5 && api.recommendations.loaded().length < total; tries++) {
      await settled(api);
      await api.recommendations.loadAll(5000, false);
      await settled(api);
    }
    assert.equal(api.recommendations.loaded().length, total, 'the tree should hold the whole pending list');
    api.comparisons.queue?.dispose();
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    await waitFor('the page to say ready', () => queue!.isReady, 30000);
  });

  after(async () => {
    queue?.dispose();
    await fixture?.close();
  });

  it('A on one made moot by an approval that merged its entities: the queue says so and moves on, without a notification', async () => {
    const q = queue!;
    // Another client approves a recommendation whose entity another loaded one shares; when the
    // merge makes that other one moot (not every shared entity does), the queue meets it.
    let second: Recommendation | undefined;
    for (let tries = 0; tries < 10 && !second; tries++) {
      const pending = [...(await pendingNow(direct)).values()];
      const loaded = pending.filter((r) => api.recommendations.find(r['@id']));
      const shared = pairSharingAnEntity(loaded);
      assert.ok(shared, `the sandbox data should have two loaded recommendations sharing an entity (try ${tries + 1}: ${loaded.length} of ${pending.length} pending loaded, ${pairSharingAnEntity(pending) ? 'a pair among all pending' : 'no pair among all pending'})`);
      await direct.approve(shared[0]['@id']);
      if (!(await pendingNow(direct)).has(shared[1]['@id'])) second = shared[1];
    }
    assert.ok(second, 'no approval made another loaded recommendation moot in 10 tries');
    const id = second['@id'];
    const spy = spyNotifications(api);
    try {
      // The queue reaches the moot one (it is loaded in the tree, which does not know yet).
      await q.begin(id);
      assert.equal(q.recommendationId, id);
      const done = q.queue.status().done;
      await q.handleMessage({ type: 'decide', recommendationId: id, verdict: 'approve' });
      assert.notEqual(q.recommendationId, id, 'the queue stayed on it');
      assert.equal(q.queue.entry(id)?.state, 'gone');
      assert.equal(q.queue.status().done, done, 'counted as decided in this queue');
      assert.deepEqual(spy.calls, [], 'a notification was shown');
      assert.equal(api.recommendations.find(id), undefined, 'it came back into the tree');
      // The service agrees: it is not pending, and this window sent no second decision that applied.
      assert.ok(!(await pendingNow(direct)).has(id));
    } finally {
      spy.restore();
    }
  });
});

function pairSharingAnEntity(recs: Recommendation[]): [Recommendation, Recommendation] | undefined {
  const byEntity = new Map<string, Recommendation>();
  for (const r of recs) {
    for (const e of r.entities) {
      const other = byEntity.get(e['@id']);
      if (other && other['@id'] !== r['@id']) return [other, r];
      byEntity.set(e['@id'], r);
    }
  }
  return undefined;
}
