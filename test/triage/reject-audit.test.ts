// The reject side's audit (src/triage/reject-audit.ts): small reject-side groups certified together
// by one uniform sample of their union, the exact binomial upper end of its match share charged to
// the recall budget. Simulated strata with known matches (whole small groups of matches among them)
// check the bound's coverage; a real sandbox and journal check the reject-side draw numbers survive a
// reload apart from the approve side's.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { attemptDecision } from '../../src/curation/decide';
import { DecisionJournal, journalConnection, readJournal } from '../../src/curation/journal';
import { startSandbox } from '../../src/sandbox';
import { auditDraws, auditSpentFromJournal } from '../../src/triage/audit';
import { labelsFromContents } from '../../src/triage/journal-labels';
import { type RejectAuditGroup, rejectAuditSpentFromJournal, rejectAuditState, rejectDrawNumber, rejectDrawOf, rejectDrawsOf, rejectStratumTally } from '../../src/triage/reject-audit';
import { type BulkTally, normalUpperQuantile } from '../../src/triage/safe-sets';
import { mulberry32 } from './random-draws';

function group(key: string, size: number, extra: Partial<RejectAuditGroup> = {}): RejectAuditGroup {
  return { key, flags: ['chain'], size, decidable: [...Array(size)].map((_, i) => `${key}#${i}`), safe: null, p: 0.02, labels: { approve: 0, reject: 0 }, ...extra };
}
const tail = 0.05;
const z = normalUpperQuantile(tail);
/** Earlier bulk rejections: `size` items, 1 % expected matches. */
const history = (size: number): BulkTally => ({ size, expectedWrong: size * 0.01, variance: size * 0.01, unseen: 0 });
const upperEnd = (t: BulkTally) => t.expectedWrong + z * Math.sqrt(t.variance) + t.unseen;

describe('triage: the reject side\'s audit', () => {
  it('the bound covers the stratum\'s true matches in at least 95 % of runs, heterogeneous strata with whole groups of matches included', () => {
    // Strata of 150–600 items in groups of 1–6, a few groups entirely matches (the model wrong about
    // them as a whole), the rest at a low rate; k uniform draws without replacement; the certificate's
    // upper end (expected + z·sd of its tally) must reach the stratum's true matches.
    const rng = mulberry32(31);
    let runs = 0;
    let covered = 0;
    for (const share of [0.005, 0.02, 0.05, 0.12]) {
      for (const k of [30, 80, 160]) {
        for (let r = 0; r < 150; r++) {
          const items: string[] = [];
          const match = new Set<string>();
          const size = 150 + Math.floor(rng() * 450);
          for (let g = 0; items.length < size; g++) {
            const m = 1 + Math.floor(rng() * 6);
            const whole = rng() < share / 4;
            for (let i = 0; i < m; i++) {
              const id = `g${g}#${i}`;
              items.push(id);
              if (whole || rng() < share) match.add(id);
            }
          }
          const drawn = auditDraws(items, r * 1000, Math.min(k, items.length));
          const x = drawn.filter((id) => match.has(id)).length;
          runs++;
          if (x < drawn.length && match.size <= upperEnd(rejectStratumTally(items.length, drawn.length, x, tail)) + 1e-9) covered++;
          if (x >= drawn.length) covered++; // every draw a match: no certificate, nothing rejected
        }
      }
    }
    assert.ok(covered / runs >= 0.95, `covered in ${covered} of ${runs} runs`);
  });

  it('the stratum: open reject-side groups that do not lean to approval; certified once enough draws say so, within the budget, cheaper groups first', () => {
    const groups = [
      ...[...Array(40)].map((_, i) => group(`small${i}`, 1 + (i % 4))),
      group('likely', 3, { p: 0.7 }),
      group('leans', 3, { labels: { approve: 1, reject: 1 } }),
      group('safe', 3, { safe: 'reject' }),
      group('large', 400, { answersToSafe: 2 }),
    ];
    const o = { tail, spent: 0, base: history(2000), maxLost: 60 };
    const open = rejectAuditState(groups, [], o);
    assert.ok(open.keys.length > 0 && open.keys.every((k) => k.startsWith('small')), open.keys.join(' '));
    // The groups would cost 100 answers on their own (one per item): the audit asks fewer.
    assert.ok(open.needed > 0 && open.needed < 100, `needed ${open.needed}`);
    assert.equal(open.certified, false);
    const draws = rejectDrawsOf(open);
    assert.equal(draws.size, open.needed);
    assert.deepEqual([...draws.values()], [...Array(open.needed)].map((_, d) => rejectDrawNumber(d)), 'journalled as −1 − d');
    assert.ok([...draws.keys()].every((id) => open.items.includes(id)));
    const answers = [...draws.values()].map((n) => ({ verdict: 'reject' as const, draw: rejectDrawOf(n)! }));
    const done = rejectAuditState(groups, answers, o);
    assert.equal(done.certified, true);
    assert.equal(rejectDrawsOf(done).size, 0, 'nothing more is drawn once certified');
    assert.ok(upperEnd({ ...done.tally, expectedWrong: done.tally.expectedWrong + o.base.expectedWrong, variance: done.tally.variance + o.base.variance }) <= o.maxLost + 1e-9, 'charged within the budget');
    assert.ok(Math.abs(upperEnd(done.tally) - done.items.length * done.matchShareHigh) < 1e-6, 'its own charge is N × the exact upper end');
    // A match among the draws asks for more; no budget, no audit; a spent certificate counts nothing.
    const oneMatch = rejectAuditState(groups, [...answers.slice(1), { verdict: 'approve', draw: 0 }], o);
    assert.equal(oneMatch.certified, false);
    assert.ok(oneMatch.least > open.least, `K ${open.least} → ${oneMatch.least} with one match`);
    assert.equal(rejectAuditState(groups, [], { ...o, maxLost: 0 }).keys.length, 0);
    const spent = rejectAuditState(groups, answers, { ...o, spent: answers.length });
    assert.equal(spent.answers, 0);
    assert.equal(spent.nextDraw, answers.length);
    // Open groups cheaper than what the certificate charges per item keep their room: a budget
    // they would fill leaves the audit nothing.
    const crowded = rejectAuditState(groups, answers, { ...o, room: () => 60 });
    assert.equal(crowded.certified, false);
  });

  it('reject-side draws survive the journal apart from the approve side\'s, and a certified rejection spends them', async function () {
    this.timeout(30_000);
    const dir = await mkdtemp(path.join(tmpdir(), 'dedup-reject-audit-'));
    const sandbox = await startSandbox({ port: 0, seed: 5, locations: 40, events: 0, integrations: 3, token: 'ra-token', autoMergeThreshold: 2 });
    try {
      const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: 'ra-token' });
      const page = await client.listRecommendations({ pageSize: 3 });
      const [a, b] = page.data;
      const journal = new DecisionJournal(path.join(dir, 'journal.ndjson'));
      const connection = journalConnection(sandbox.baseUrl, 'ra');
      assert.equal((await attemptDecision(client, a, 'reject', { journal, connection, audit: rejectDrawNumber(4) })).status, 'ok');
      assert.equal((await attemptDecision(client, b, 'approve', { journal, connection, audit: 4 })).status, 'ok');
      await journal.close();
      const contents = await readJournal(journal.path);
      const labels = labelsFromContents(contents);
      assert.equal(rejectDrawOf(labels.find((l) => l.id === a['@id'])!.audit!), 4);
      assert.equal(labels.find((l) => l.id === b['@id'])?.audit, 4);
      const spentEntry = { ...contents.entries[0], bulk: { group: 'g', expectedWrong: 0.01, variance: 0.01, unseen: 0, audit: rejectDrawNumber(9) } };
      assert.equal(rejectAuditSpentFromJournal([...contents.entries, spentEntry]), 9);
      assert.equal(auditSpentFromJournal([...contents.entries, spentEntry]), 0, 'the approve side\'s certificates are not spent by it');
    } finally {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
