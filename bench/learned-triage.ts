// Prototype of a learned triage (bench only; src/triage is unchanged): one logistic model of P(match)
// (bench/lib/learned-model.ts), questions most-uncertain first plus a uniform audit stream, and bulk
// decisions only where the audit certifies them: "approve every pending item with p ≥ x" when the
// exact (Clopper–Pearson) 95 % upper bound on wrong approvals, from the audit answers that fall in that
// set, is ≤ 1 − target precision; "reject every item with p ≤ y" when the bound on true matches among
// them is ≤ 1 − target recall.
//   npx tsx bench/learned-triage.ts [--load FILE.ndjson [--truth FILE.tsv] | --locations N --seed S]
//                                   [--target-precision 0.98] [--target-recall 0.95] [--batch 10]
//   npx tsx bench/learned-triage.ts --report [--data DIR] [--report-locations N]
// Offline: the backlog is listed once from a sandbox (--auto-merge off) and the decisions are
// simulated here (approvals join their entities; a recommendation whose entities are already one
// place leaves, as it would in the service). Its output lines are triage-sim's, so the report is the
// same table.
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DedupClient } from '../src/api/client';
import type { Recommendation } from '../src/api/model';
import { clusterQuality } from '../src/matching/cluster-quality';
import { betaQuantile } from '../src/triage/beta';
import { startServerProcess } from './lib/http-load';
import { itemsOf, LogisticModel, vectorOf, type Item } from './lib/learned-model';
import { runTriageReport } from './lib/triage-report';

const { values } = parseArgs({
  options: {
    load: { type: 'string' },
    truth: { type: 'string' },
    locations: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '1' },
    'target-precision': { type: 'string', default: '0.98' },
    'target-recall': { type: 'string', default: '0.95' },
    batch: { type: 'string', default: '10' },
    report: { type: 'boolean' },
    data: { type: 'string' },
    'report-locations': { type: 'string' },
    'report-logs': { type: 'string' },
    'report-only': { type: 'string' },
    'from-logs': { type: 'boolean' },
    jobs: { type: 'string', default: '2' },
  },
});
const targetPrecision = Number(values['target-precision']);
const targetRecall = Number(values['target-recall']);
const batch = Number(values.batch);

/** Exact one-sided 95 % upper bound on a rate after k events in m uniform draws. */
const upperBound = (k: number, m: number) => (m === 0 ? 1 : k >= m ? 1 : betaQuantile(0.95, k + 1, m - k));

async function backlogOf(dir: string): Promise<{ backlog: Recommendation[]; trueId: Map<string, string> }> {
  const truthFile = values.truth ?? join(dir, 'truth.tsv');
  if (values.load && !values.truth) {
    const rows = readFileSync(values.load, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { integration: string; sourceId: string; truth: string });
    writeFileSync(truthFile, rows.map((r) => `${r.integration}\t${r.sourceId}\t${r.truth}`).join('\n') + '\n');
  }
  const cli = join(__dirname, '..', 'dist', 'cli.js');
  const args = [cli, 'sandbox', '--port', '0', '--token', 't', '--auto-merge', 'off'];
  if (values.load) args.push('--load', values.load, '--locations', '0', '--events', '0');
  else args.push('--locations', values.locations!, '--events', '0', '--seed', values.seed!, '--truth-out', truthFile);
  const sandbox = await startServerProcess(args, /^Endpoints: /, { readyMs: 600_000 });
  try {
    const url = /Sandbox listening on (\S+)/.exec(sandbox.banner.join('\n'))![1];
    const client = new DedupClient({ baseUrl: url, token: 't' });
    const backlog: Recommendation[] = [];
    for await (const r of client.allRecommendations({ pageSize: 200 })) backlog.push(r);
    const trueId = new Map<string, string>();
    for (const line of readFileSync(truthFile, 'utf8').split('\n')) {
      const [integration, sourceId, id] = line.split('\t');
      if (id !== undefined) trueId.set(`${integration}\t${sourceId}`, id);
    }
    return { backlog, trueId };
  } finally {
    await sandbox.stop();
  }
}

class UnionFind {
  private parent = new Map<string, string>();
  find(x: string): string {
    let p = this.parent.get(x) ?? x;
    while (p !== (this.parent.get(p) ?? p)) p = this.parent.get(p) ?? p;
    if (p !== x) this.parent.set(x, p);
    return p;
  }
  union(a: string, b: string): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

interface Audit {
  /** P(match) under the current model, recomputed before each certificate. */
  p: number;
  x: number[];
  score: number;
  match: boolean;
  /** Drawn uniformly from the pending items the model then thought matches (approve) or not (reject). */
  stratum: 'approve' | 'reject';
}

/**
 * Among the audit answers, the largest certified set: approve all with p ≥ x when the bound on its
 * wrong share is ≤ 1 − target precision; reject all with p ≤ y when the bound on the true matches it
 * holds (share × size) fits in what the recall target still allows to lose.
 */
function certified(audit: readonly Audit[], pending: readonly { p: number }[], lossAllowed: number): { verdict: 'approve' | 'reject'; cut: number; lossBound: number } | undefined {
  const cuts = [...new Set(pending.map((x) => Math.round(x.p * 200) / 200))];
  let best: { verdict: 'approve' | 'reject'; cut: number; size: number; lossBound: number } | undefined;
  for (const cut of cuts) {
    const inA = audit.filter((a) => a.stratum === 'approve' && a.p >= cut);
    const sizeA = pending.filter((x) => x.p >= cut).length;
    if (sizeA && upperBound(inA.filter((a) => !a.match).length, inA.length) <= 1 - targetPrecision && (!best || sizeA > best.size)) best = { verdict: 'approve', cut, size: sizeA, lossBound: 0 };
    const inR = audit.filter((a) => a.stratum === 'reject' && a.p <= cut);
    const sizeR = pending.filter((x) => x.p <= cut).length;
    const loss = upperBound(inR.filter((a) => a.match).length, inR.length) * sizeR;
    if (sizeR && loss <= lossAllowed && (!best || sizeR > best.size)) best = { verdict: 'reject', cut, size: sizeR, lossBound: loss };
  }
  return best;
}

async function main(): Promise<void> {
  if (values.report) {
    await runTriageReport({
      script: __filename,
      dataDir: values.data ?? process.env.DEDUP_REAL_PLACES ?? '/tmp/real-places',
      syntheticLocations: Number(values['report-locations'] ?? 19700),
      batch,
      jobs: Math.min(2, Math.max(1, Number(values.jobs))),
      logDir: values['report-logs'],
      only: values['report-only'] ? new RegExp(values['report-only']) : undefined,
      fromLogs: values['from-logs'],
      title: `Learned triage prototype (bench/learned-triage.ts), targets precision ${targetPrecision}, recall ${targetRecall}`,
    });
    return;
  }
  const t0 = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'dedup-learned-triage-'));
  try {
    const { backlog, trueId } = await backlogOf(dir);
    const isMatch = (r: Recommendation) => new Set(r.entities.map((e) => trueId.get(`${e.integration}\t${e.sourceId}`))).size === 1;
    const truth = new Map(backlog.map((r) => [r['@id'], isMatch(r)]));
    const trueMatches = [...truth.values()].filter(Boolean).length;
    console.log(`backlog ${backlog.length} recommendations, ${trueMatches} true matches`);
    const result = simulate(itemsOf(backlog), truth);
    const uf = new UnionFind();
    const byId = new Map(backlog.map((r) => [r['@id'], r]));
    for (const id of result.approved) {
      const ks = byId.get(id)!.entities.map((e) => `${e.integration}\t${e.sourceId}`);
      for (const k of ks.slice(1)) uf.union(ks[0], k);
    }
    const clusters = new Map<string, string[]>();
    for (const k of trueId.keys()) clusters.set(uf.find(k), [...(clusters.get(uf.find(k)) ?? []), k]);
    const q = clusterQuality(clusters.values(), (k) => trueId.get(k));
    const tp = [...result.approved].filter((id) => truth.get(id)).length;
    const b = result.bulk;
    console.log(`human answers: uncertain ${result.asked.uncertain}, audit ${result.asked.audit}; ${result.rounds} refits; ${((performance.now() - t0) / 1000).toFixed(0)} s in all`);
    console.log(`bulk decisions: ${b.approved} approved (${b.wrongApprovals} wrong), ${b.rejected} rejected (${b.trueRejected} true matches)`);
    console.log(`clusters: P ${q.precision.toFixed(3)} R ${q.recall.toFixed(3)} F1 ${q.f1.toFixed(3)}`);
    console.log(`labels ${result.labels}, decided ${backlog.length} of ${backlog.length}, precision ${(result.approved.size ? tp / result.approved.size : 1).toFixed(3)}, recall ${(trueMatches ? tp / trueMatches : 1).toFixed(3)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The curator's loop, offline: refit, certify and decide in bulk, else ask a batch. */
function simulate(items: Item[], truth: ReadonlyMap<string, boolean>) {
  const model = new LogisticModel();
  const uf = new UnionFind();
  const decided = new Map<string, { approved: number; rejected: number }>();
  const done = new Set<string>();
  const xs: number[][] = [];
  const ys: number[] = [];
  const scores: number[] = [];
  let audit: Audit[] = [];
  /** Upper bounds on the true matches the certified rejections hold, summed. */
  let lostBound = 0;
  const approved = new Set<string>();
  const bulk = { approved: 0, wrongApprovals: 0, rejected: 0, trueRejected: 0 };
  const asked = { uncertain: 0, audit: 0 };
  let pending = items;
  let rounds = 0;
  let random = 12345;
  const uniform = () => ((random = (random * 1103515245 + 12345) % 2147483648) / 2147483648);
  const decide = (item: Item, verdict: boolean) => {
    for (const k of item.entities) {
      const d = decided.get(k) ?? { approved: 0, rejected: 0 };
      if (verdict) d.approved++;
      else d.rejected++;
      decided.set(k, d);
    }
    if (verdict) {
      approved.add(item.id);
      for (const k of item.entities.slice(1)) uf.union(item.entities[0], k);
    }
  };
  const label = (item: Item, x: number[]) => {
    const y = truth.get(item.id)!;
    xs.push(x);
    ys.push(y ? 1 : 0);
    scores.push(item.score);
    decide(item, y);
    return y;
  };
  for (;;) {
    // A recommendation whose entities are already one place is moot: it leaves the list.
    pending = pending.filter((it) => !done.has(it.id) && new Set(it.entities.map((k) => uf.find(k))).size > 1);
    if (!pending.length) break;
    if (ys.length) model.fit(xs, ys, scores);
    rounds++;
    const scored = pending.map((it) => {
      const x = vectorOf(it, decided);
      return { it, x, p: model.probability(x, it.score) };
    });
    for (const a of audit) a.p = model.probability(a.x, a.score);
    // True matches: those answered, and the model's expectation among the pending.
    const matches = ys.reduce((a, b) => a + b, 0) + bulk.approved + scored.reduce((a, x) => a + x.p, 0);
    // Before a hundred answers the model is the score's prior, too rough to budget the recall on.
    const cert = ys.length < 100 ? undefined : certified(audit, scored, (1 - targetRecall) * matches - lostBound);
    if (cert) lostBound += cert.lossBound;
    if (process.env.TRACE && rounds % 20 === 1) {
      const ps = scored.map((x) => x.p).sort((a, b) => a - b);
      console.log(`round ${rounds}: pending ${ps.length}, labels ${ys.length}, audit ${audit.length} (${audit.filter((a) => a.match).length} true), p min ${ps[0]?.toFixed(3)} median ${ps[ps.length >> 1]?.toFixed(3)} max ${ps[ps.length - 1]?.toFixed(3)}, NaN ${ps.filter((x) => Number.isNaN(x)).length}, loss allowed ${((1 - targetRecall) * matches - lostBound).toFixed(1)}, weights ${model.weights.map((w) => w.toFixed(1)).join(' ')}`);
    }
    if (cert) {
      for (const s of scored) {
        if (cert.verdict === 'approve' ? s.p < cert.cut : s.p > cert.cut) continue;
        const m = truth.get(s.it.id)!;
        if (cert.verdict === 'approve') {
          bulk.approved++;
          if (!m) bulk.wrongApprovals++;
        } else {
          bulk.rejected++;
          if (m) bulk.trueRejected++;
        }
        decide(s.it, cert.verdict === 'approve');
        done.add(s.it.id);
      }
      // The draws outside the decided set are still uniform draws of what remains pending.
      audit = audit.filter((a) => (cert.verdict === 'approve' ? a.p < cert.cut : a.p > cert.cut));
      continue;
    }
    // The most uncertain items teach the model; once it has seen a hundred answers, most of the batch
    // is a uniform audit of what is pending, which is what certifies.
    const uncertainShare = ys.length < 100 ? 0.5 : 0.2;
    const chosen = new Set<number>();
    const order = scored.map((s, i) => ({ i, u: Math.abs(s.p - 0.5) })).sort((a, b) => a.u - b.u);
    for (const { i } of order.slice(0, Math.ceil(batch * uncertainShare))) chosen.add(i);
    // The audit draws uniformly from each side of p = 0.5 in turn: each side's certificate needs its own draws.
    const audits = new Map<number, Audit['stratum']>();
    const sides = { approve: scored.flatMap((x, i) => (x.p >= 0.5 ? [i] : [])), reject: scored.flatMap((x, i) => (x.p < 0.5 ? [i] : [])) };
    const auditCount = batch - chosen.size;
    for (let tries = 0; audits.size < auditCount && tries < 10 * batch && chosen.size < scored.length; tries++) {
      const side = tries % 2 === 0 ? 'approve' : 'reject';
      const from = sides[side];
      if (!from.length) continue;
      const i = from[Math.floor(uniform() * from.length)];
      if (!chosen.has(i)) {
        chosen.add(i);
        audits.set(i, side);
      }
    }
    for (const i of chosen) {
      const s = scored[i];
      const y = label(s.it, s.x);
      done.add(s.it.id);
      const stratum = audits.get(i);
      if (stratum) {
        audit.push({ p: s.p, x: s.x, score: s.it.score, match: y, stratum });
        asked.audit++;
      } else asked.uncertain++;
    }
  }
  return { approved, bulk, asked, labels: ys.length, rounds };
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
