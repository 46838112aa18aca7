// A curator clearing a backlog with triage, simulated against a real sandbox over HTTP (issue 17).
//   npx tsx bench/triage-sim.ts [--load FILE.ndjson [--truth FILE.tsv] | --locations N --events N --seed S]
//                               [--target-precision 0.99] [--target-recall 0.97] [--max-labels N] [--batch N]
// The sandbox starts with --auto-merge off, so every candidate is pending. Then, until the backlog
// is empty: every group the triage core calls safe at the target precision is decided in bulk
// (its unflagged members, through the same bulk path as the extension); otherwise the next item of
// "most informative first" is answered from the truth (a true match iff all its entities share a
// true id) and decided through the client — that is the human's work, L. Recommendations made moot
// by a merge leave the list by themselves. --batch N answers the first N items of the order before
// triaging again (a curator working down the queue; default 1, every answer re-triages). Last line, exactly:
//   labels L, decided D of N, precision P, recall R
// with P and R of the approvals against the truth, per recommendation. Baselines are printed
// before it: everything by hand (L = N) and the best single score threshold. TRACE='other flagged'
// (or another kind of the "human answers" line) prints each such answer with its group's estimate,
// the answers it still needs to a group decision, the approve set's bound and tally and the κs, then
// the asked item's score and fields' estimate next to the group's answered and pending members';
// TRACE=tally prints what each group approval added to the approve tally, with κ at the time;
// TRACE=audit prints the audit's stratum at each triage that asks draws, with its true wrong items;
// TRACE=wrong prints, for each group approval with false matches, the answers it rested on next to
// the wrong and the right items (their scores and estimates, their patterns).
// Before the last line: the bulk decisions and how many of them were wrong, and
//   clusters: P x R y F1 z
// the pairwise quality of the final unified locations against the truth (every pair inside one
// location counts, also pairs joined through other approvals, which the per-recommendation figures
// of the last line do not see).
//   npx tsx bench/triage-sim.ts --report [--data DIR] [--report-locations N] [--batch N] [--jobs 2]
//                               [--report-logs DIR] [--report-only REGEX] [--from-logs]
// runs every development set, Fodors–Zagat and synthetic seeds 1–5, each in its own simulation and
// sandbox process, and prints one table against the goals (bench/lib/triage-report.ts). --data
// defaults to $DEDUP_REAL_PLACES or /tmp/real-places; --report-only runs the sets whose name matches;
// --from-logs prints the table again from the logs in --report-logs without running anything.
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DedupClient } from '../src/api/client';
import type { Recommendation } from '../src/api/model';
import { runBulkDecisions } from '../src/curation/bulk-decisions';
import { attemptDecision } from '../src/curation/decide';
import { DecisionJournal, journalConnection } from '../src/curation/journal';
import { auditSpentFromJournal } from '../src/triage/audit';
import { groupRefOf, labelsFromContents } from '../src/triage/journal-labels';
import { bulkRejectionsFromJournal, bulkTallyFromJournal } from '../src/triage/journal-tally';
import { auditDrawsOf, informativeOrder } from '../src/triage/informative-order';
import type { Flag } from '../src/triage/flags';
import { FeatureCache, triage, type TriageLabel } from '../src/triage/triage';
import { clusterQuality } from '../src/matching/cluster-quality';
import { startServerProcess } from './lib/http-load';
import { runTriageReport } from './lib/triage-report';

const { values } = parseArgs({
  options: {
    load: { type: 'string' },
    truth: { type: 'string' },
    locations: { type: 'string', default: '20000' },
    events: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    'target-precision': { type: 'string', default: '0.99' },
    'target-recall': { type: 'string', default: '0.97' },
    'max-labels': { type: 'string' },
    'describe-only': { type: 'boolean' },
    batch: { type: 'string', default: '1' },
    report: { type: 'boolean' },
    data: { type: 'string' },
    'report-locations': { type: 'string' },
    'report-logs': { type: 'string' },
    'report-only': { type: 'string' },
    'from-logs': { type: 'boolean' },
    jobs: { type: 'string', default: '2' },
  },
});
const target = Number(values['target-precision']);
const targetRecall = Number(values['target-recall']);
const dir = mkdtempSync(join(tmpdir(), 'dedup-triage-sim-'));
const truthFile = values.truth ?? join(dir, 'truth.tsv');
// A --load file whose lines carry their truth (bench/restaurants-to-ndjson.ts writes a "truth" member)
// needs no --truth file: the lines are the truth.
if (values.load && !values.truth) {
  const lines = readFileSync(values.load, 'utf8').split('\n').filter((l) => l.trim());
  const rows = lines.map((l) => JSON.parse(l) as { integration?: string; sourceId?: string; truth?: string });
  if (rows.some((r) => !r.integration || r.sourceId === undefined || !r.truth)) throw new Error(`${values.load}: every line needs integration, sourceId and truth when --truth is not given`);
  writeFileSync(truthFile, rows.map((r) => `${r.integration}\t${r.sourceId}\t${r.truth}`).join('\n') + '\n');
}
const token = 'triage-sim-token';
const cli = join(__dirname, '..', 'dist', 'cli.js');
const args = [cli, 'sandbox', '--port', '0', '--token', token, '--auto-merge', 'off'];
if (values.load) args.push('--load', values.load, '--locations', '0', '--events', '0');
else args.push('--locations', values.locations!, '--events', values.events!, '--seed', values.seed!, '--truth-out', truthFile);

async function main(): Promise<void> {
  if (values.report) {
    await runTriageReport({
      script: __filename,
      dataDir: values.data ?? process.env.DEDUP_REAL_PLACES ?? '/tmp/real-places',
      syntheticLocations: Number(values['report-locations'] ?? 19700),
      batch: Number(values.batch),
      jobs: Math.min(2, Math.max(1, Number(values.jobs))),
      logDir: values['report-logs'],
      only: values['report-only'] ? new RegExp(values['report-only']) : undefined,
      fromLogs: values['from-logs'],
    });
    return;
  }
  const t0 = performance.now();
  const sandbox = await startServerProcess(args, /^Endpoints: /, { readyMs: 600_000 });
  try {
    const url = /Sandbox listening on (\S+)/.exec(sandbox.banner.join('\n'))?.[1];
    if (!url) throw new Error(`no URL in the sandbox's banner: ${sandbox.banner.join(' | ')}`);
    console.log(sandbox.banner.filter((l) => /^(Data|Matcher)/.test(l)).join('\n'));
    const trueId = new Map<string, string>();
    for (const line of readFileSync(truthFile, 'utf8').split('\n')) {
      const [integration, sourceId, id] = line.split('\t');
      if (id !== undefined) trueId.set(`${integration}\t${sourceId}`, id);
    }
    const isMatch = (r: Recommendation) => {
      const ids = r.entities.map((e) => trueId.get(`${e.integration}\t${e.sourceId}`));
      if (ids.some((x) => x === undefined)) throw new Error(`no truth for an entity of ${r['@id']}`);
      return ids.every((x) => x === ids[0]);
    };
    const client = new DedupClient({ baseUrl: url, token });
    const listAll = async () => {
      const out: Recommendation[] = [];
      for await (const r of client.allRecommendations({ pageSize: 200 })) out.push(r);
      return out;
    };
    const initial = await listAll();
    const truthOf = new Map(initial.map((r) => [r['@id'], isMatch(r)]));
    const trueMatches = [...truthOf.values()].filter(Boolean).length;
    console.log(`backlog ${initial.length} recommendations, ${trueMatches} true matches (${((trueMatches / initial.length) * 100).toFixed(1)} %), listed in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    baselines(initial, truthOf);
    describeBacklog(initial, truthOf);
    if (values['describe-only']) return;

    const cache = new FeatureCache();
    // The curator's answers go through the extension's own path: every decision journalled (with the
    // triage group it was taken in, its audit draw, a group decision's share), and each triage starts
    // from what the journal says — labels, the bulk tally, the bulk rejections, the spent audit
    // answers — as TriageState does after a reload. (Until issue 17's eleventh change the simulation
    // kept its own labels with their flags while the journal kept none: it measured a curator the
    // product was not.)
    const journal = new DecisionJournal(join(dir, 'decision-journal.ndjson'));
    const journalCache = new FeatureCache();
    const approved = new Set<string>();
    let pending = initial;
    let human = 0;
    let bulkRuns = 0;
    const bulk = { approved: 0, wrongApprovals: 0, rejected: 0, trueRejected: 0 };
    const maxLabels = values['max-labels'] ? Number(values['max-labels']) : Infinity;
    const connection = journalConnection(url, 'triage-sim');
    let sinceList = 0;
    let triageMs = 0;
    /** Where the human's answers went: which kind of item, and how many were moot by then. */
    const asks = new Map<string, number>();
    /** Of those, how many were true matches (what the curator approved). */
    const trueAsks = new Map<string, number>();
    for (;;) {
      if (sinceList >= 25) {
        pending = await listAll();
        sinceList = 0;
      }
      if (!pending.length) break;
      const contents = await journal.read();
      const labels: TriageLabel[] = labelsFromContents(contents, journalCache);
      const bulkSoFar = bulkTallyFromJournal(contents.entries);
      const t = performance.now();
      const result = triage(pending, labels, { targetPrecision: target, targetRecall, bulkSoFar, bulkRejected: bulkRejectionsFromJournal(contents.entries), auditSpent: auditSpentFromJournal(contents.entries) }, cache);
      triageMs = Math.max(triageMs, performance.now() - t);
      const safe = result.groups.filter((g) => g.safe && g.decidable.length);
      if (safe.length) {
        for (const g of safe) {
          const byId = new Map(pending.map((r) => [r['@id'], r]));
          const targets = g.decidable.map((id) => byId.get(id)!);
          // Through the bulk path as the Triage panel's group decision: its share journalled with each decision.
          const share = result.bulkShare(g.key, g.safe!);
          const summary = await runBulkDecisions(client, targets, { verdict: g.safe!, connection, journal, bulk: share, triageOf: (id) => groupRefOf(result.items.get(id)), concurrency: 8 });
          bulkRuns++;
          // TRACE=tally: what each group approval added to the approve tally, and κ when it was decided.
          if (process.env.TRACE === 'tally' && share && g.safe === 'approve') console.log(`tally ${g.key.replace('location:', '')} m=${summary.done.length} lab=${g.labels.approve}/${g.labels.reject} p=${g.p.toFixed(4)} expectedWrong=${(share.expectedWrong * summary.done.length).toFixed(2)} variance=${(share.variance * summary.done.length).toFixed(1)} kappa=${JSON.stringify(result.kappa, (_k, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(1)) : v))} answers=${labels.length}`);
          if (process.env.TRACE === 'asks' && share) console.log(`BULK\t${g.safe}\t${g.key.replace('location:', '')}\t${summary.done.length}\t${g.labels.approve}/${g.labels.reject}\t${g.p.toFixed(4)}\t${(share.expectedWrong * summary.done.length).toFixed(2)}\t${Math.sqrt(share.variance * summary.done.length).toFixed(2)}\t${(share.unseen * summary.done.length).toFixed(0)}\t${summary.done.filter((id) => truthOf.get(id) !== (g.safe === 'approve')).length}\t${result.sets.reject.maxLost.toFixed(1)}\t${result.sets.reject.lostHigh.toFixed(1)}\t${result.sets.reject.matchesLow.toFixed(0)}\t${human}`);
          if (g.safe === 'approve') for (const id of summary.done) approved.add(id);
          if (g.safe === 'approve') {
            bulk.approved += summary.done.length;
            bulk.wrongApprovals += summary.done.filter((id) => !truthOf.get(id)).length;
          } else {
            bulk.rejected += summary.done.length;
            bulk.trueRejected += summary.done.filter((id) => truthOf.get(id)).length;
          }
          // A group decision that approved false matches: which group, on what evidence.
          if (g.safe === 'approve') {
            const wrong = summary.done.filter((id) => !truthOf.get(id)).length;
            if (wrong && process.env.TRACE === 'wrong') {
              const inGroup = labels.filter((l) => result.keyOf(l.features, l.flags, l.chainLead) === g.key);
              const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(3);
              const pOf = (id: string) => result.items.get(id)!.p;
              const wrongIds = summary.done.filter((id) => !truthOf.get(id));
              const rightIds = summary.done.filter((id) => truthOf.get(id));
              console.log(`  answered: ${inGroup.length}, their score ${mean(inGroup.map((l) => l.features.score))}, p now ${mean(inGroup.map((l) => result.model.probability(l.features, { flags: l.flags, chainLead: l.chainLead })))}; wrong: score ${mean(wrongIds.map((id) => result.items.get(id)!.features.score))} p ${mean(wrongIds.map(pOf))}; right: score ${mean(rightIds.map((id) => result.items.get(id)!.features.score))} p ${mean(rightIds.map(pOf))}; answered ids from ${inGroup.length ? human : 0}`);
              console.log(`  patterns of wrong: ${[...new Set(wrongIds.map((id) => result.items.get(id)!.features.pattern.replace('location:', '')))].slice(0, 6).join(' / ')}`);
              console.log(`  patterns answered: ${[...new Set(inGroup.map((l) => l.features.pattern.replace('location:', '')))].slice(0, 6).join(' / ')}`);
            }
            if (wrong) console.log(`wrong approvals ${wrong}/${summary.done.length} ${g.key.replace('location:', '')} lab=${g.labels.approve}/${g.labels.reject} mean=${g.p.toFixed(3)}${share?.audit !== undefined ? ` (audit certificate: ${result.audit.answers} answers, ${result.audit.wrong} wrong, stratum ${result.audit.items.length})` : ''}`);
          }
        }
        pending = await listAll();
        sinceList = 0;
        continue;
      }
      const asked = informativeOrder(result).slice(0, Math.max(1, Number(values.batch)));
      const draws = auditDrawsOf(result);
      if (process.env.TRACE === 'audit' && draws.size) console.log(`audit stratum ${result.audit.items.length} items in ${result.audit.keys.length} groups, ${result.audit.answers} answers, ${result.audit.wrong} wrong, ${result.audit.needed} needed, answers so far ${human}; truly wrong ${result.audit.items.filter((id) => !truthOf.get(id)).length}: ${[...new Set(result.audit.items.filter((id) => !truthOf.get(id)).map((id) => result.groups.find((g) => g.decidable.includes(id))!.key.replace(/^.*\|/, '')))].join(' ')}`);
      if (asked.length === 0 || human >= maxLabels) break;
      for (const next of asked) {
        if (human >= maxLabels) break;
        const rec = pending.find((r) => r['@id'] === next)!;
        const verdict = truthOf.get(next) ? 'approve' : 'reject';
        human++;
        const item = result.items.get(next);
        const kind = draws.has(next) ? 'audit' : !item?.flags.length ? 'plain' : item.chainLead ? 'chain leader' : item.flags.includes('chain') && item.question !== undefined ? 'rival of an approved' : item.flags.includes('chain') ? 'chain trailing' : item.flags.includes('rival-rejected') ? 'rival rejected' : 'other flagged';
        asks.set(kind, (asks.get(kind) ?? 0) + 1);
        if (process.env.TRACE === 'asks') {
          const g = result.groups.find((x) => x.decidable.includes(next));
          const r = result.sets.reject;
          console.log(`ASK\t${kind}\t${verdict}\t${g?.key.replace('location:', '')}\t${g?.decidable.length}\t${g?.labels.approve}/${g?.labels.reject}\t${g?.p.toFixed(4)}\t${g?.low.toFixed(4)}\t${g?.high.toFixed(4)}\t${g?.answersToSafe}\t${item?.p.toFixed(4)}\t${item?.features.score.toFixed(4)}\t${r.maxLost.toFixed(1)}\t${r.lostHigh.toFixed(1)}\t${human}`);
        }
        if (process.env.TRACE && kind === process.env.TRACE) {
          const g = result.groups.find((x) => x.decidable.includes(next));
          const a = result.sets.approve;
          console.log(`ask ${kind} ${verdict} ${g?.key.replace('location:', '')} n=${g?.decidable.length} lab=${g?.labels.approve}/${g?.labels.reject} p=${g?.p.toFixed(4)} low=${g?.low.toFixed(4)} ahead=${g?.answersToSafe} approveSet=${a.keys.length}/${a.size} bound=${a.wrongShareHigh.toFixed(4)} sofar=${JSON.stringify(bulkSoFar.approve, (_k, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(1)) : v))} kappa=${JSON.stringify(result.kappa, (_k, v: unknown) => (typeof v === 'number' ? Number(v.toFixed(2)) : v))}`);
          // The fields' estimate (no pattern effect) and the score: the group's answered items against its pending ones.
          if (g) {
            const inGroup = labels.filter((l) => l.verdict !== 'unsure' && result.keyOf(l.features, l.flags, l.chainLead) === g.key);
            const avg = (xs: number[]) => (xs.reduce((x, y) => x + y, 0) / Math.max(1, xs.length)).toFixed(3);
            const fieldsOf = (f: { features: TriageLabel['features']; flags?: readonly Flag[]; chainLead?: boolean }) => result.model.probability(f.features, { pattern: false, flags: f.flags, chainLead: f.chainLead });
            const pend = g.decidable.map((id) => result.items.get(id)!);
            console.log(`  asked: score ${item?.features.score.toFixed(3)} fields ${item ? fieldsOf(item).toFixed(3) : '?'} p ${item?.p.toFixed(3)} ${item?.features.pattern.replace('location:', '')}; answered ${inGroup.length}: fields ${avg(inGroup.map(fieldsOf))} score ${avg(inGroup.map((l) => l.features.score))}; pending ${pend.length}: fields ${avg(pend.map(fieldsOf))} score ${avg(pend.map((i) => i.features.score))}; patterns answered ${new Set(inGroup.map((l) => l.features.pattern)).size}, pending ${new Set(pend.map((i) => i.features.pattern)).size}`);
          }
        }
        if (verdict === 'approve') trueAsks.set(kind, (trueAsks.get(kind) ?? 0) + 1);
        // The queue's path (decideRecommendation): journalled with its group and audit draw, then sent.
        const outcome = await attemptDecision(client, rec, verdict, { journal, connection, audit: draws.get(next), triage: groupRefOf(result.items.get(next)) });
        if (outcome.status === 'ok') {
          if (verdict === 'approve') approved.add(next);
        } else {
          // Made moot by an earlier merge: it left the list, and (as in the extension) its answer is no label.
          asks.set('moot when asked', (asks.get('moot when asked') ?? 0) + 1);
        }
        pending = pending.filter((r) => r['@id'] !== next);
        sinceList++;
      }
    }
    const left = new Set((await listAll()).map((r) => r['@id']));
    const decided = initial.filter((r) => !left.has(r['@id'])).length;
    const truePositives = [...approved].filter((id) => truthOf.get(id)).length;
    const precision = approved.size ? truePositives / approved.size : 1;
    const recall = trueMatches ? truePositives / trueMatches : 1;
    console.log(`human answers: ${[...asks].map(([k, n]) => `${k} ${n}${k === 'moot when asked' ? '' : ` (${trueAsks.get(k) ?? 0} true)`}`).join(', ')}`);
    console.log(`${bulkRuns} group decisions; slowest triage of the backlog ${triageMs.toFixed(0)} ms; ${((performance.now() - t0) / 1000).toFixed(0)} s in all`);
    console.log(`bulk decisions: ${bulk.approved} approved (${bulk.wrongApprovals} wrong), ${bulk.rejected} rejected (${bulk.trueRejected} true matches)`);
    const clusters = await finalClusters(client, trueId);
    console.log(`clusters: P ${clusters.precision.toFixed(3)} R ${clusters.recall.toFixed(3)} F1 ${clusters.f1.toFixed(3)}`);
    console.log(`labels ${human}, decided ${decided} of ${initial.length}, precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`);
    await journal.close();
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Pairwise quality of the sandbox's unified locations now, against the truth of their source records. */
async function finalClusters(client: DedupClient, trueId: ReadonlyMap<string, string>) {
  const clusters: string[][] = [];
  for await (const loc of client.allLocations({ updatedSince: new Date(0), pageSize: 500 })) {
    clusters.push((loc.sourceIds ?? []).map((s) => `${s.integration}\t${s.id}`));
  }
  return clusterQuality(clusters, (key) => trueId.get(key));
}

/** The backlog as triage sees it before any decision: groups, their true match rates, flags. */
function describeBacklog(initial: Recommendation[], truthOf: Map<string, boolean>): void {
  const r = triage(initial, []);
  const flags = new Map<string, { n: number; matches: number }>();
  for (const item of r.items.values()) {
    for (const f of item.flags.length ? item.flags : ['none']) {
      const c = flags.get(f) ?? { n: 0, matches: 0 };
      c.n++;
      if (truthOf.get(item.id)) c.matches++;
      flags.set(f, c);
    }
  }
  console.log(`${r.groups.length} pattern groups; flags: ${[...flags].map(([f, c]) => `${f} ${c.n} (${c.matches} true)`).join(', ')}`);
  for (const g of r.groups.slice(0, 12)) {
    const matches = g.decidable.filter((id) => truthOf.get(id)).length;
    console.log(`  ${String(g.size).padStart(6)} ${((matches / Math.max(1, g.decidable.length)) * 100).toFixed(1).padStart(5)} % true  ${g.words}${g.flags.length ? ` [${g.flags.join(', ')}]` : ''}`);
  }
}

/** Everything by hand, and approving everything at or above the best single score threshold. */
function baselines(initial: Recommendation[], truthOf: Map<string, boolean>): void {
  const total = [...truthOf.values()].filter(Boolean).length;
  const sorted = [...initial].sort((a, b) => b.score - a.score);
  let best = { f1: 0, threshold: 1, precision: 1, recall: 0 };
  let tp = 0;
  sorted.forEach((r, i) => {
    if (truthOf.get(r['@id'])) tp++;
    if (i + 1 < sorted.length && sorted[i + 1].score === r.score) return;
    const precision = tp / (i + 1);
    const recall = total ? tp / total : 1;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    if (f1 > best.f1) best = { f1, threshold: r.score, precision, recall };
  });
  console.log(`baseline by hand: labels ${initial.length}, precision 1.000, recall 1.000`);
  console.log(`baseline best score threshold ${best.threshold.toFixed(3)}: labels 0, precision ${best.precision.toFixed(3)}, recall ${best.recall.toFixed(3)} (F1 ${best.f1.toFixed(3)})`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
