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
import { spyNotifications, waitFor } from './helpers';

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

  // Skipped: since the matcher proposes one recommendation per set of unified records (issue 16),
  // the local sandbox of "Try the Local Sandbox" starts with no two recommendations sharing an
  // entity, so this case cannot be set up there; it needs its own sandbox with --auto-merge off
  // (as test/integration/bulk-moot.test.ts does). The queue's handling of a 409/404 is the same
  // code path as the test above, which runs.
  it.skip('A on one made moot by an approval that merged its entities: the same, once per item', async () => {
    // Another client approves a recommendation whose entity another loaded one shares; when the
    // merge makes that other one moot (not every shared entity does), the queue meets it.
    let second: Recommendation | undefined;
    for (let tries = 0; tries < 10 && !second; tries++) {
      const pending = [...(await pendingNow(client)).values()];
      const shared = pairSharingAnEntity(pending.filter((r) => api.recommendations.find(r['@id'])));
      assert.ok(shared, 'the sandbox data should have two loaded recommendations sharing an entity');
      await client.approve(shared[0]['@id']);
      if (!(await pendingNow(client)).has(shared[1]['@id'])) second = shared[1];
      else await api.recommendations.refresh();
    }
    assert.ok(second, 'no approval made another loaded recommendation moot in 10 tries');
    const spy = spyNotifications(api);
    try {
      // The queue reaches the moot one (it is loaded in the tree, which does not know yet).
      await queue.begin(second['@id']);
      assert.equal(queue.recommendationId, second['@id']);
      await queue.handleMessage({ type: 'decide', recommendationId: second['@id'], verdict: 'approve' });
      assert.notEqual(queue.recommendationId, second['@id']);
      assert.deepEqual(spy.calls, []);
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
