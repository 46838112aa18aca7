// DecisionService (src/curation/decision-service.ts), the one path of a single approve or reject,
// against the sandbox over real HTTP on 127.0.0.1: typed outcomes, and the pending backlog kept
// right for each — out with the total when applied or gone, back in its place when undone, held
// back, refused or not reached.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import type { Recommendation } from '../../src/api/model';
import { type DecisionOutcome, DecisionService } from '../../src/curation/decision-service';
import { DecisionJournal, journalConnection, readJournal } from '../../src/curation/journal';
import { PendingBacklog } from '../../src/curation/pending-backlog';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

const PAGE = 20;

/** A port on 127.0.0.1 that refuses connections (bound, then closed). */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('DecisionService against the sandbox', function () {
  this.timeout(30_000);
  let sandbox: RunningSandbox;
  let dir: string;
  let journal: DecisionJournal;
  let backlog: PendingBacklog;
  let client: DedupClient | undefined;
  let decisions: DecisionService;
  const connection = journalConnection('http://127.0.0.1:1', 'test');
  const service = () => new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token, retry: { retries: 0 } });
  const serviceTotal = async () => (await service().listRecommendations({ pageSize: 1 })).total;

  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 12, locations: 150, events: 0, integrations: 3, autoMergeThreshold: 2 });
  });
  after(() => sandbox.close());
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-decisions-'));
    journal = new DecisionJournal(path.join(dir, 'journal.ndjson'));
    client = service();
    backlog = new PendingBacklog(({ page, pageSize, signal }) => service().listRecommendations({ page, pageSize }, { signal }), { pageSize: PAGE });
    decisions = new DecisionService({ client: async () => client, connection: () => connection, journal, backlog });
    await backlog.source.loadMore();
  });
  afterEach(async () => {
    backlog.dispose();
    await journal.close();
    await rm(dir, { recursive: true, force: true });
  });

  const decide = (rec: Recommendation, graceMs = 0, onWaiting?: (held: Promise<boolean>) => void): Promise<DecisionOutcome> =>
    decisions.decide({ rec, verdict: 'reject', graceMs, onWaiting });

  it('applied: rejected, out of the backlog with the total, and out of the service list', async () => {
    const rec = backlog.loaded()[1];
    const before = { backlog: backlog.total!, service: await serviceTotal() };
    assert.deepEqual(await decide(rec), { status: 'rejected' });
    assert.equal(backlog.find(rec['@id']), undefined);
    assert.equal(backlog.total, before.backlog - 1);
    assert.equal(await serviceTotal(), before.service! - 1);
  });

  it('undone within the undo period: nothing sent, back in its place, the journal says cancelled', async () => {
    const rec = backlog.loaded()[2];
    const before = await serviceTotal();
    const outcome = await decide(rec, 5_000, () => {
      assert.equal(backlog.find(rec['@id']), undefined, 'out of the backlog while it waits');
      assert.equal(decisions.undo(rec['@id']), true);
    });
    assert.deepEqual(outcome, { status: 'undone' });
    assert.equal(backlog.loaded()[2], rec);
    assert.equal(await serviceTotal(), before);
    const lines = (await readJournal(journal.path)).entries;
    assert.equal(lines.at(-1)?.outcome, 'cancelled');
  });

  it('held back while the service cannot be reached: queued offline, nothing sent, back in the backlog', async () => {
    const rec = backlog.loaded()[3];
    const before = await serviceTotal();
    const outcome = await decide(rec, 5_000, () => assert.equal(decisions.holdBack(rec['@id']), true));
    assert.deepEqual(outcome, { status: 'queued-offline' });
    assert.equal(backlog.find(rec['@id']), rec);
    assert.equal(await serviceTotal(), before);
    assert.equal(decisions.holdBack(rec['@id']), false, 'nothing is waiting any more');
  });

  it('decided elsewhere: gone, with the conflict as its cause; it stays out', async () => {
    const rec = backlog.loaded()[4];
    await service().approve(rec['@id']);
    const outcome = await decide(rec);
    assert.equal(outcome.status, 'gone');
    assert.ok(outcome.status === 'gone' && (outcome.cause.kind === 'conflict' || outcome.cause.kind === 'not-found') && outcome.cause.error instanceof Error);
    assert.equal(backlog.find(rec['@id']), undefined);
  });

  it('refused (a revoked token): failed, not worth retrying, back in its place', async () => {
    const rec = backlog.loaded()[5];
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: 'revoked', retry: { retries: 0 } });
    const outcome = await decide(rec);
    assert.equal(outcome.status, 'failed');
    assert.ok(outcome.status === 'failed' && outcome.cause.kind === 'invalid-token' && !outcome.cause.retryable && !outcome.cause.unreachable);
    assert.equal(backlog.loaded()[5], rec);
  });

  it('not reached (connection refused): failed, unreachable and worth retrying, back in the backlog', async () => {
    const rec = backlog.loaded()[6];
    client = new DedupClient({ baseUrl: `http://127.0.0.1:${await refusedPort()}`, token: sandbox.token, retry: { retries: 0 } });
    const outcome = await decide(rec);
    assert.equal(outcome.status, 'failed');
    assert.ok(outcome.status === 'failed' && outcome.cause.kind === 'network' && outcome.cause.unreachable && outcome.cause.retryable);
    assert.equal(backlog.find(rec['@id']), rec);
  });

  it('one the backlog never loaded still leaves its total; without a connection nothing happens', async () => {
    const unloaded = (await service().listRecommendations({ page: 2, pageSize: PAGE })).data[0];
    const total = backlog.total!;
    assert.deepEqual(await decide(unloaded), { status: 'rejected' });
    assert.equal(backlog.total, total - 1);
    client = undefined;
    assert.deepEqual(await decide(backlog.loaded()[0]), { status: 'no-connection' });
    assert.equal(backlog.total, total - 1);
  });
});
