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
    api.comparisons.queue?.view.dispose();
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    await waitFor('the page to say ready', () => queue.view.isReady, 30000);
  });

  after(() => queue?.view.dispose());

  it('A on one decided elsewhere: the queue says so and moves on, without a notification', async () => {
    const spy = spyNotifications(api);
    try {
      const id = queue.recommendationId;
      const done = queue.queue.status().done;
      await client.reject(id); // another client decided it; this window does not know
      await queue.view.handleMessage({ type: 'decide', recommendationId: id, verdict: 'approve' });
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
// of its own with auto-merge off (as in bulk-moot.test.ts) keeps the chains in its backlog, so
// approvals along a chain can make another loaded recommendation moot.
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
    // The whole list (985 here), so the chains of recommendations sharing entities are among the
    // loaded ones and the queue's.
    // A refresh arriving late from the connection's set-up (a slow machine: CI) starts the list over
    // at page 1, so load until the tree holds every pending one, not once.
    const total = (await pendingNow(direct)).size;
    for (let tries = 0; tries < 5 && api.recommendations.loaded().length < total; tries++) {
      await settled(api);
      await api.recommendations.loadAll(5000, false);
      await settled(api);
    }
    assert.equal(api.recommendations.loaded().length, total, 'the tree should hold the whole pending list');
    api.comparisons.queue?.view.dispose();
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    await waitFor('the page to say ready', () => queue!.view.isReady, 30000);
  });

  after(async () => {
    queue?.view.dispose();
    await fixture?.close();
  });

  it('A on one made moot by an approval that merged its entities: the queue says so and moves on, without a notification', async () => {
    const q = queue!;
    // A recommendation is moot once every one of its entities is in one unified record. Pick from
    // the listed data a loaded one and the other loaded ones whose approval joins all its entities'
    // unified records (a chain through shared entities); another client approves those.
    const pending = [...(await pendingNow(direct)).values()];
    const loaded = pending.filter((r) => api.recommendations.find(r['@id']));
    const plan = mootingApprovals(loaded);
    assert.ok(plan, `no loaded recommendation can be made moot by approving others (${loaded.length} of ${pending.length} pending loaded)`);
    const { target: second, approvals } = plan;
    for (const a of approvals) {
      assert.ok((await pendingNow(direct)).has(second['@id']), `${second['@id']} left the list before its last joining approval`);
      await direct.approve(a['@id']);
    }
    assert.ok(!(await pendingNow(direct)).has(second['@id']), `approving ${approvals.map((a) => a['@id']).join(', ')} joined every entity of ${second['@id']}, yet it is still pending`);
    const id = second['@id'];
    const spy = spyNotifications(api);
    try {
      // The queue reaches the moot one (it is loaded in the tree, which does not know yet).
      await q.begin(id);
      assert.equal(q.recommendationId, id);
      const done = q.queue.status().done;
      await q.view.handleMessage({ type: 'decide', recommendationId: id, verdict: 'approve' });
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

/**
 * A recommendation and the fewest others (found breadth first over shared unified records) whose
 * approvals, in order, put all its entities into one unified record: each approval joins at least
 * one unified record not joined yet, so none of them is itself moot when it is sent.
 */
function mootingApprovals(recs: Recommendation[]): { target: Recommendation; approvals: Recommendation[] } | undefined {
  const unified = (r: Recommendation) => [...new Set(r.entities.map((e) => e.identifier ?? assert.fail(`entity ${e['@id']} of ${r['@id']} names no unified record`)))];
  const byUnified = new Map<string, Recommendation[]>();
  for (const r of recs) for (const u of unified(r)) byUnified.set(u, [...(byUnified.get(u) ?? []), r]);
  let best: { target: Recommendation; approvals: Recommendation[] } | undefined;
  for (const target of recs) {
    const [start, ...rest] = unified(target);
    // Breadth first from one unified record of the target, never through the target itself.
    const via = new Map<string, { from: string; rec: Recommendation } | null>([[start, null]]);
    const queue = [start];
    while (queue.length > 0 && !rest.every((u) => via.has(u))) {
      const u = queue.shift()!;
      for (const r of byUnified.get(u) ?? []) {
        if (r === target) continue;
        for (const next of unified(r)) {
          if (via.has(next)) continue;
          via.set(next, { from: u, rec: r });
          queue.push(next);
        }
      }
    }
    if (!rest.every((u) => via.has(u))) continue;
    const approvals = new Set<Recommendation>();
    for (const u of rest) for (let step = via.get(u); step; step = via.get(step.from)) approvals.add(step.rec);
    const ordered = orderedApprovals([...approvals], start, unified);
    if (ordered && (!best || ordered.length < best.approvals.length)) best = { target, approvals: ordered };
  }
  return best;
}

/** The approvals in an order where each shares a unified record with those before (from `start`) and adds one. */
function orderedApprovals(approvals: Recommendation[], start: string, unified: (r: Recommendation) => string[]): Recommendation[] | undefined {
  const joined = new Set([start]);
  const out: Recommendation[] = [];
  const left = [...approvals];
  while (left.length > 0) {
    const i = left.findIndex((r) => unified(r).some((u) => joined.has(u)) && unified(r).some((u) => !joined.has(u)));
    if (i < 0) return undefined;
    const [r] = left.splice(i, 1);
    for (const u of unified(r)) joined.add(u);
    out.push(r);
  }
  return out;
}
