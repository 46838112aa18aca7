// Matcher quality, before and after learning: the hand-set model (comparison levels with hand-set
// m and u) beside the model estimated on the data itself (u from random pairs, λ from rules, m by
// EM, name term frequencies). Pairwise precision / recall / F1 over the blocked pairs at
// MATCH_THRESHOLD and the best over thresholds; blocking pairs-completeness and reduction ratio;
// and the recommendations (non-chaining groups: every pair inside a group counts as predicted).
// Data: the Fodors–Zagat restaurants, synthetic data (several seeds), and any set a user gives.
// Run: npx tsx bench/matcher-quality.ts [--errors] [--load FILE.ndjson --truth FILE.tsv] [--only-load]
//      npx tsx bench/matcher-quality.ts --report [--data DIR]
// --report: every development set (DIR, or $DEDUP_REAL_PLACES, default /tmp/real-places), Fodors–Zagat
// and synthetic seeds 1–5 (locations), the estimated matcher (as the sandbox runs it) beside the naive
// baseline (bench/lib/naive-baseline.ts), against the goals: best F1 ≥ naive + 0.03 on every
// development set, ≥ 0.95 on Fodors–Zagat.
import { readFileSync } from 'node:fs';
import {
  MATCH_THRESHOLD,
  MatchRun,
  PRIOR_EVENT_MODEL,
  PRIOR_LOCATION_MODEL,
  REVIEW_THRESHOLD,
  scorePreparedEvents,
  scorePreparedLocations,
  type MatchEvent,
  type MatchLocation,
  type MatchModel,
  type PreparedEvent,
  type PreparedLocation,
} from '../src/matching';
import { loadNdjson } from '../src/sandbox/load-ndjson';
import { evaluate, evaluateCandidates, truePairKeys, type Quality } from './lib/evaluate';
import { loadGenerator, restaurantData, syntheticData, withoutStreets, type Labelled } from './lib/datasets';
import { showErrors } from './lib/errors';
import { splitRecords } from './lib/synthetic';
import { DEVELOPMENT_SETS, SEEDS as REPORT_SEEDS } from './lib/triage-report';
import { naiveBaseline } from './lib/naive-baseline';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const SEEDS = [1, 2, 3];
const SIZE = { locations: 5000, events: 3000, integrations: 4 };
export const THRESHOLDS = [0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995, 0.999];
const argv = process.argv;
const wantErrors = argv.includes('--errors');
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

type AnyRun = MatchRun<PreparedLocation> | MatchRun<PreparedEvent>;

interface Row {
  label: string;
  model: string;
  q: Quality;
  best: { f1: number; threshold: number };
  recs: { precision: number; recall: number; f1: number; groups: number };
  report: string;
}

const rows: Row[] = [];

function compared(run: AnyRun): { pairs: Uint32Array; scores: Float64Array } {
  // Labelled pairs blocking missed are appended after the compared ones: leave them out.
  return { pairs: run.pairs.subarray(0, run.stats.comparisons * 2), scores: run.scores.subarray(0, run.stats.comparisons) };
}

export function measure(run: AnyRun, ids: (string | undefined)[]): Omit<Row, 'label' | 'model' | 'report'> {
  const { pairs, scores } = compared(run);
  const q = evaluate(ids, pairs, scores, MATCH_THRESHOLD);
  let best = { f1: -1, threshold: 0 };
  for (const t of THRESHOLDS) {
    const f1 = evaluate(ids, pairs, scores, t).f1;
    if (f1 > best.f1) best = { f1, threshold: t };
  }
  const recs = evaluateCandidates(run.prepared.map((p) => p.key), ids, run.candidates(REVIEW_THRESHOLD));
  return { q, best, recs };
}

function describe(model: MatchModel): string {
  const r = model.report;
  if (model.source === 'prior' || !r) return 'hand-set';
  return `${r.iterations} it${r.converged ? '' : ' (not converged)'}, λ ${model.lambda.toExponential(1)}, ${(r.millis / 1000).toFixed(1)} s`;
}

function runBoth<R extends MatchLocation | MatchEvent>(label: string, kind: 'locations' | 'events', data: Labelled<R>): void {
  for (const [name, model] of [['hand-set', kind === 'locations' ? PRIOR_LOCATION_MODEL : PRIOR_EVENT_MODEL], ['estimated', 'estimate']] as const) {
    const run: AnyRun = kind === 'locations' ? MatchRun.locations(data.records as MatchLocation[], { model }) : MatchRun.events(data.records as MatchEvent[], { model });
    rows.push({ label, model: name, ...measure(run, data.ids), report: describe(run.model) });
    if (wantErrors && name === 'estimated') {
      const { pairs, scores } = compared(run);
      if (kind === 'locations') showErrors<PreparedLocation>(label, data.ids, run.prepared as PreparedLocation[], pairs, scores, MATCH_THRESHOLD, (a, b) => scorePreparedLocations(a, b, run.model), truePairKeys(data.ids));
      else showErrors<PreparedEvent>(label, data.ids, run.prepared as PreparedEvent[], pairs, scores, MATCH_THRESHOLD, (a, b) => scorePreparedEvents(a, b, run.model), truePairKeys(data.ids));
    }
  }
}

/** `--load FILE.ndjson --truth FILE.tsv`: a user's own set; truth lines are integration \t sourceId \t trueId. */
export async function userData(file: string, truthFile: string): Promise<{ locations: Labelled<MatchLocation>; events: Labelled<MatchEvent> }> {
  const { records, errors } = await loadNdjson(file);
  if (errors.length > 0) throw new Error(`${file}: ${errors.length} invalid lines, the first: line ${errors[0].line}: ${errors[0].reason}`);
  const truth = new Map<string, string>();
  readFileSync(truthFile, 'utf8').split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    const cols = line.split('\t');
    if (cols.length !== 3) throw new Error(`${truthFile}:${i + 1}: expected integration, sourceId and trueId separated by tabs`);
    truth.set(`${cols[0]}#${cols[1]}`, cols[2]);
  });
  const { locations, events } = splitRecords(records);
  return { locations: { records: locations, ids: locations.map((r) => truth.get(r.key)) }, events: { records: events, ids: events.map((r) => truth.get(r.key)) } };
}

function print(): void {
  const f = (x: number, d = 4) => x.toFixed(d);
  console.log(`\nPairwise over blocked pairs (threshold ${MATCH_THRESHOLD}; best over ${THRESHOLDS.length} thresholds), and the recommendations at ${REVIEW_THRESHOLD}\n`);
  console.log('| data | model | compared | pairs-completeness | reduction ratio | precision | recall | F1 @0.5 | best F1 (threshold) | recs precision | recs recall | recs F1 | estimation |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    console.log(`| ${r.label} | ${r.model} | ${r.q.comparisons} | ${f(r.q.pairsCompleteness)} | ${f(r.q.reductionRatio, 5)} | ${f(r.q.precision)} | ${f(r.q.recall)} | **${f(r.q.f1)}** | ${f(r.best.f1)} (${r.best.threshold}) | ${f(r.recs.precision)} | ${f(r.recs.recall)} | **${f(r.recs.f1)}** | ${r.report} |`);
  }
}

interface ReportRow {
  name: string;
  kind: 'development' | 'real' | 'synthetic';
  records: number;
  truePairs: number;
  matcher: { f1: number; threshold: number };
  naive: ReturnType<typeof naiveBaseline>;
  seconds: number;
}

function reportRow(name: string, kind: ReportRow['kind'], data: Labelled<MatchLocation>): ReportRow {
  const t0 = performance.now();
  const run = MatchRun.locations(data.records, { model: 'estimate' });
  const { best, q } = measure(run, data.ids);
  const naive = naiveBaseline(data.records, data.ids);
  const row = { name, kind, records: data.records.length, truePairs: q.truePairs, matcher: best, naive, seconds: (performance.now() - t0) / 1000 };
  console.error(`${name}: matcher ${best.f1.toFixed(3)}, naive ${naive.f1.toFixed(3)} (${row.seconds.toFixed(0)} s)`);
  return row;
}

async function report(): Promise<void> {
  const dir = flag('--data') ?? process.env.DEDUP_REAL_PLACES ?? '/tmp/real-places';
  const rows: ReportRow[] = [];
  const missing: string[] = [];
  for (const name of DEVELOPMENT_SETS) {
    const places = join(dir, name, 'places.ndjson');
    const truth = join(dir, name, 'truth.tsv');
    if (!existsSync(places) || !existsSync(truth)) missing.push(name);
    else rows.push(reportRow(name, 'development', (await userData(places, truth)).locations));
  }
  const restaurants = restaurantData();
  if (restaurants) rows.push(reportRow('Fodors–Zagat', 'real', restaurants));
  else missing.push('Fodors–Zagat');
  const generate = await loadGenerator();
  if (!generate) missing.push('synthetic (src/sandbox/generator.ts absent)');
  else for (const seed of REPORT_SEEDS) rows.push(reportRow(`synthetic seed ${seed}`, 'synthetic', syntheticData(generate, { seed, ...SIZE }).locations));
  if (missing.length) console.log(`MISSING sets (not run): ${missing.join(', ')}; the development sets come from node ../shared/data/real-places/prepare.mjs <Geo-ER git dir> ${dir}`);
  console.log(`\nBest pairwise F1 of the estimated matcher (over its blocked pairs, best of ${THRESHOLDS.length} thresholds) and of the naive baseline (name Jaro–Winkler or token-set ≥ t within d metres, greedy one-to-one between sources; best over t and d). Synthetic: ${JSON.stringify(SIZE)}, locations only.\n`);
  console.log('| set | records | true pairs | matcher best F1 (threshold) | naive best F1 (P / R; t, d) | matcher − naive | goal |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const r of rows) {
    const diff = r.matcher.f1 - r.naive.f1;
    const goal = r.kind === 'development' ? `≥ naive + 0.03: ${diff >= 0.03 ? 'met' : '**missed**'}` : r.kind === 'real' ? `≥ 0.95: ${r.matcher.f1 >= 0.95 ? 'met' : '**missed**'}` : '—';
    const d = Number.isFinite(r.naive.distance) ? `${r.naive.distance} m` : 'no coordinates';
    console.log(`| ${r.name} | ${r.records} | ${r.truePairs} | ${r.matcher.f1.toFixed(3)} (${r.matcher.threshold}) | ${r.naive.f1.toFixed(3)} (${r.naive.precision.toFixed(3)} / ${r.naive.recall.toFixed(3)}; ${r.naive.threshold}, ${d}) | ${diff >= 0 ? '+' : ''}${diff.toFixed(3)} | ${goal} |`);
  }
  // The keep rule of a matcher change: the sum over all sets, to four places, beside each set's own figure.
  const sum = rows.reduce((s, r) => s + r.matcher.f1, 0);
  console.log(`\nSummed best F1 over the ${rows.length} sets: ${sum.toFixed(4)} (${rows.map((r) => `${r.name} ${r.matcher.f1.toFixed(4)}`).join(', ')})`);
}

async function main(): Promise<void> {
  if (argv.includes('--report')) return report();
  const load = flag('--load');
  const truth = flag('--truth');
  if ((load === undefined) !== (truth === undefined)) throw new Error('--load FILE.ndjson and --truth FILE.tsv go together');
  if (load && truth) {
    const data = await userData(load, truth);
    if (data.locations.records.length > 0) runBoth(`${load} locations`, 'locations', data.locations);
    if (data.events.records.length > 0) runBoth(`${load} events`, 'events', data.events);
  }
  if (!argv.includes('--only-load')) {
    const restaurants = restaurantData();
    if (!restaurants) console.log('restaurants: ../shared/data/restaurants/restaurant-nophone-training.csv is absent; skipped');
    else {
      runBoth('Fodors–Zagat restaurants', 'locations', restaurants);
      // The same real set with streets missing: what blocking and estimation do where addresses are sparse.
      runBoth('Fodors–Zagat, Zagat without streets', 'locations', withoutStreets(restaurants, (r) => r.integration === 'urn:integration:zagat'));
      runBoth('Fodors–Zagat, every other street missing', 'locations', withoutStreets(restaurants, (_r, i) => i % 2 === 0));
    }
    const generate = await loadGenerator();
    if (!generate) console.log('synthetic: src/sandbox/generator.ts is absent; skipped');
    else {
      for (const seed of SEEDS) {
        const data = syntheticData(generate, { seed, ...SIZE });
        runBoth(`synthetic seed ${seed} locations`, 'locations', data.locations);
        runBoth(`synthetic seed ${seed} events`, 'events', data.events);
      }
    }
  }
  console.log(`synthetic size per seed: ${JSON.stringify(SIZE)}`);
  print();
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  });
}
