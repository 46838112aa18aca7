// A bulk approval over recommendations that share entities, against the sandbox over real HTTP:
// the later ones are answered 409 because the earlier approvals merged their entities. splitMoot
// must call exactly those moot, and leave a real failure (decided elsewhere before the run) a failure.
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import type { Recommendation } from '../../src/api/model';
import { runBulkDecisions } from '../../src/curation/bulk-decisions';
import { splitMoot } from '../../src/curation/bulk-moot';
import { journalConnection } from '../../src/curation/journal';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

async function allPending(client: DedupClient): Promise<Recommendation[]> {
  const out: Recommendation[] = [];
  for await (const r of client.allRecommendations({ pageSize: 200 })) out.push(r);
  return out;
}

describe('bulk approval: outcomes made moot by an earlier approval in the run', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  before(async () => {
    // Nothing merged at start: the backlog holds chains (entities shared by several recommendations).
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 300, events: 100, integrations: 4, token: 'moot-test-token', autoMergeThreshold: 2 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  it('names the conflicts among shared entities moot, and keeps an unrelated conflict a failure', async () => {
    const pending = await allPending(client);
    const entityCount = new Map<string, number>();
    for (const r of pending) for (const e of r.entities) entityCount.set(e['@id'], (entityCount.get(e['@id']) ?? 0) + 1);
    assert.ok([...entityCount.values()].some((n) => n > 1), 'the sandbox has no recommendations sharing an entity');
    // One decided before the run (by someone else) and sharing nothing with the rest: a real conflict.
    const lone = pending.find((r) => r.entities.every((e) => entityCount.get(e['@id']) === 1));
    assert.ok(lone, 'no recommendation with entities of its own');
    await client.reject(lone['@id']);
    // One at a time, so "earlier" is the list's order and the sandbox's answers are deterministic.
    const summary = await runBulkDecisions(client, pending, { verdict: 'approve', connection: journalConnection(sandbox.baseUrl, 'test'), concurrency: 1 });
    const { moot, failed } = splitMoot(summary, pending);
    assert.deepEqual(Object.keys(failed), ['conflict']);
    assert.deepEqual(failed.conflict.map((f) => f.id), [lone['@id']]);
    assert.ok(moot.length > 0, 'no outcome was made moot');
    const conflicts = summary.failed.conflict?.length ?? 0;
    assert.equal(moot.length + 1, conflicts, 'every conflict is either moot or the lone one');
    // Each moot one shares an entity with one approved in this run, and is no longer pending.
    const approved = new Set(summary.done.flatMap((id) => pending.find((r) => r['@id'] === id)!.entities.map((e) => e['@id'])));
    const stillPending = new Set((await allPending(client)).map((r) => r['@id']));
    for (const m of moot) {
      const rec = pending.find((r) => r['@id'] === m.id)!;
      assert.ok(rec.entities.some((e) => approved.has(e['@id'])), `${m.id} shares no entity with an approved one`);
      assert.ok(!stillPending.has(m.id), `${m.id} is still pending`);
    }
  });

  it('is empty when nothing failed', () => {
    const r = splitMoot({ verdict: 'approve', total: 1, done: ['a'], failed: {}, unknown: {}, notAttempted: [], cancelled: false, retryIds: [] }, [{ '@id': 'a', score: 1 }]);
    assert.deepEqual(r, { moot: [], failed: {} });
  });
});
