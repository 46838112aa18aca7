// Bulk decisions against the sandbox over real HTTP: bounded concurrency, partial failure grouped
// by reason, cancellation mid-run, and a journal that matches the sandbox's state afterwards.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BadRequestError, DedupClient, InvalidTokenError, ServerError, TimeoutError } from '../../src/api';
import type { Recommendation } from '../../src/api/model';
import { DEFAULT_BULK_CONCURRENCY, clampConcurrency, runBulkDecisions } from '../../src/curation/bulk-decisions';
import { DecisionJournal, journalConnection, readJournal } from '../../src/curation/journal';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

const SMALL = { port: 0, seed: 11, locations: 150, events: 100, integrations: 4 };
const TOKEN = 'bulk-test-token-Zq9';

async function pendingIds(client: DedupClient): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const r of client.allRecommendations({ pageSize: 200 })) ids.add(r['@id']);
  return ids;
}

async function allPending(client: DedupClient): Promise<Recommendation[]> {
  const out: Recommendation[] = [];
  for await (const r of client.allRecommendations({ pageSize: 200 })) out.push(r);
  return out;
}

describe('bulk decisions against the sandbox', function () {
  this.timeout(60_000);
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-bulk-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  describe('partial failure', () => {
    let sandbox: RunningSandbox;
    let client: DedupClient;
    before(async () => {
      sandbox = await startSandbox({ ...SMALL, token: TOKEN });
      client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    });
    after(() => sandbox.close());

    it('approves what it can, groups the rest by reason, and journals every attempt without the token', async () => {
      const pending = await allPending(client);
      assert.ok(pending.length >= 8, `only ${pending.length} pending`);
      const [decidedBefore, ...rest] = pending;
      await client.reject(decidedBefore['@id']); // decided elsewhere meanwhile → 409
      const targets = [...rest.slice(0, 5), decidedBefore, { '@id': 'urn:dedup:recommendation:does-not-exist', score: 0.5 }];
      const journal = new DecisionJournal(path.join(dir, 'partial', 'journal.ndjson'));
      const seen: number[] = [];
      let running = 0;
      let maxRunning = 0;
      const counting = {
        approve: async (id: string, call?: { signal?: AbortSignal }) => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          try {
            await client.approve(id, call);
          } finally {
            running--;
          }
        },
        reject: client.reject.bind(client),
      };
      const summary = await runBulkDecisions(counting, targets, {
        verdict: 'approve',
        connection: journalConnection(sandbox.baseUrl, 'sandbox'),
        journal,
        concurrency: 2,
        onProgress: (p) => seen.push(p.finished),
      });
      await journal.close();
      assert.ok(maxRunning <= 2, `${maxRunning} requests at once`);
      assert.deepEqual(seen, [1, 2, 3, 4, 5, 6, 7]);
      assert.equal(summary.total, 7);
      assert.equal(summary.cancelled, false);
      assert.deepEqual(summary.notAttempted, []);
      // Approving one of the five may make a later one moot (its entities merged): also a conflict.
      const conflicts = summary.failed.conflict?.map((f) => f.id) ?? [];
      assert.ok(conflicts.includes(decidedBefore['@id']));
      assert.deepEqual(summary.failed['not-found']?.map((f) => f.id), ['urn:dedup:recommendation:does-not-exist']);
      assert.equal(summary.done.length + conflicts.length + 1, 7);
      assert.deepEqual(summary.retryIds, [], 'conflicts and unknown ids would fail again');
      const still = await pendingIds(client);
      for (const id of summary.done) assert.ok(!still.has(id), `${id} approved yet still pending`);

      const text = await readFile(journal.path, 'utf8');
      assert.ok(!text.includes(TOKEN), 'the token is in the journal');
      const { entries, skippedLines } = await readJournal(journal.path);
      assert.equal(skippedLines, 0);
      assert.equal(entries.length, 7);
      for (const e of entries) {
        assert.equal(e.outcomeRecorded, true);
        assert.equal(e.connection.baseUrl, sandbox.baseUrl);
        assert.equal(e.verdict, 'approve');
        assert.equal(e.outcome, summary.done.includes(e.id) ? 'ok' : 'failed');
      }
      const known = entries.find((e) => e.id === rest[0]['@id'])!;
      assert.equal(known.score, rest[0].score);
      assert.deepEqual(known.entities.map((x) => x.id), rest[0].entities.map((x) => x['@id']));
      assert.equal(entries.find((e) => e.id === decidedBefore['@id'])!.kind, 'conflict');
    });

    it('offers for retry what a repeat may cure, and unknown outcomes', async () => {
      const errors: Record<string, Error> = {
        'urn:r:503': new ServerError('unavailable', { status: 503 }),
        'urn:r:400': new BadRequestError('bad', 'bad id', { status: 400 }),
        'urn:r:timeout': new TimeoutError('slow', 1000),
        'urn:r:401': new InvalidTokenError('refused', { status: 401 }),
      };
      const fake = { approve: async (id: string) => { if (errors[id]) throw errors[id]; }, reject: async () => {} };
      const targets = ['urn:r:ok', ...Object.keys(errors)].map((id) => ({ '@id': id, score: 0.9 }));
      const s = await runBulkDecisions(fake, targets, { verdict: 'approve', connection: journalConnection('http://127.0.0.1:1', 'fake') });
      assert.deepEqual(s.done, ['urn:r:ok']);
      assert.deepEqual(Object.keys(s.failed).sort(), ['bad-request', 'invalid-token', 'server']);
      assert.deepEqual(Object.keys(s.unknown), ['timeout']);
      assert.deepEqual(s.retryIds.sort(), ['urn:r:401', 'urn:r:503', 'urn:r:timeout']);
    });

    it('clamps the concurrency to 1–16', () => {
      assert.equal(DEFAULT_BULK_CONCURRENCY, 8);
      assert.deepEqual([clampConcurrency(undefined), clampConcurrency(0), clampConcurrency(3.7), clampConcurrency(99)], [8, 1, 3, 16]);
    });
  });

  describe('cancelled mid-run (latency 200 ms)', () => {
    let sandbox: RunningSandbox;
    let client: DedupClient;
    // A fresh sandbox per case: each run decides a good share of the ~20 recommendations.
    beforeEach(async () => {
      sandbox = await startSandbox({ ...SMALL, token: TOKEN, faults: 'latency=200ms' });
      client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    });
    afterEach(() => sandbox.close());

    for (const inFlight of ['finish', 'abort'] as const) {
      it(`leaves a journal that matches the sandbox (in-flight requests: ${inFlight})`, async () => {
        const pending = await allPending(client);
        // Rejections never make another recommendation moot unless all its pairs are rejected, so
        // "not attempted ⇒ still pending" holds for the ids of this run.
        const targets = pending.slice(0, 10);
        assert.equal(targets.length, 10);
        const journal = new DecisionJournal(path.join(dir, `cancel-${inFlight}.ndjson`));
        const controller = new AbortController();
        const summary = await runBulkDecisions(client, targets, {
          verdict: 'reject',
          connection: journalConnection(sandbox.baseUrl, 'sandbox'),
          journal,
          concurrency: 2,
          signal: controller.signal,
          inFlight,
          // Cancel once two have ended: by then the worker that ended first has started a third.
          onProgress: (p) => p.finished === 2 && controller.abort(),
        });
        await journal.close();
        assert.equal(summary.cancelled, true);
        assert.ok(summary.notAttempted.length >= 6, `not attempted: ${summary.notAttempted.length}`);
        const unknown = Object.values(summary.unknown).flat().map((f) => f.id);
        if (inFlight === 'abort') {
          assert.ok(unknown.length >= 1, 'the aborted in-flight requests have an unknown outcome');
          assert.deepEqual(Object.keys(summary.unknown), ['cancelled']);
          assert.deepEqual(summary.retryIds.sort(), [...unknown].sort());
        } else {
          assert.equal(unknown.length, 0, 'in-flight requests were let finish');
        }

        const { entries } = await readJournal(journal.path);
        const still = await pendingIds(client);
        const attempted = new Set(entries.map((e) => e.id));
        assert.equal(entries.length, targets.length - summary.notAttempted.length);
        for (const e of entries) {
          if (e.outcome === 'ok') assert.ok(!still.has(e.id), `journal says ${e.id} was rejected, yet it is pending`);
          if (e.outcome === 'failed') assert.ok(still.has(e.id), `journal says ${e.id} failed, yet it left the list`);
        }
        for (const id of summary.notAttempted) {
          assert.ok(!attempted.has(id), `${id} is in the journal but was not attempted`);
          assert.ok(still.has(id), `${id} was never attempted, yet it is no longer pending`);
        }
        for (const id of summary.done) assert.ok(entries.some((e) => e.id === id && e.outcome === 'ok'));
        // Cancelled is an end: the run is not reported as cut short at the next start.
        const { runs } = await readJournal(journal.path);
        assert.deepEqual(runs.map((r) => ({ ended: r.ended, count: r.count, attempted: r.attempted })), [{ ended: true, count: targets.length, attempted: entries.length }]);
      });
    }
  });
});
