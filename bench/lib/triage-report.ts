// `bench/triage-sim.ts --report`: every development set, Fodors–Zagat and synthetic seeds 1–5, each a
// simulation in its own process (with its own sandbox), at most two at once under `nice`, then one
// table of the results against the goals of the real-data benchmark: labels ≤ 10 % of the backlog on
// real sets and ≤ 2 % on synthetic ones; clusters P ≥ 0.95 on the development sets (their truth lists
// only labelled candidate pairs, so P is a lower bound) and ≥ 0.98 elsewhere; clusters R ≥ 0.95.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRestaurantsCsv, readRestaurants, restaurantNdjsonLine } from './restaurants';

/** The six sets `../shared/data/real-places/prepare.mjs` makes. */
export const DEVELOPMENT_SETS = ['edi-fsq', 'edi-yelp', 'sin-fsq', 'sin-yelp', 'tor-fsq', 'tor-yelp'];
export const SEEDS = [1, 2, 3, 4, 5];

export interface ReportOptions {
  script: string;
  dataDir: string;
  syntheticLocations: number;
  batch: number;
  jobs: number;
  logDir?: string;
  /** What is measured, the table's first line. */
  title?: string;
  /** Only the sets whose name matches. */
  only?: RegExp;
  /** Print the table from the logs of an earlier run in logDir instead of running. */
  fromLogs?: boolean;
}

type Kind = 'development' | 'real' | 'synthetic';

interface SetRun {
  name: string;
  kind: Kind;
  args: string[];
}

export interface SimResult {
  backlog: number;
  labels: number;
  precision: number;
  recall: number;
  clusters: { p: number; r: number; f1: number };
  bulk: { approved: number; wrongApprovals: number; rejected: number; trueRejected: number };
  seconds: number;
}

/** Reads a simulation's output; undefined when a line it needs is missing (the run failed). */
export function parseSimOutput(text: string): SimResult | undefined {
  const backlog = /^backlog (\d+) recommendations/m.exec(text);
  const last = /^labels (\d+), decided \d+ of \d+, precision ([\d.]+), recall ([\d.]+)$/m.exec(text);
  const clusters = /^clusters: P ([\d.]+) R ([\d.]+) F1 ([\d.]+)$/m.exec(text);
  const bulk = /^bulk decisions: (\d+) approved \((\d+) wrong\), (\d+) rejected \((\d+) true matches\)$/m.exec(text);
  const seconds = /; (\d+) s in all$/m.exec(text);
  if (!backlog || !last || !clusters || !bulk) return undefined;
  return {
    backlog: Number(backlog[1]),
    labels: Number(last[1]),
    precision: Number(last[2]),
    recall: Number(last[3]),
    clusters: { p: Number(clusters[1]), r: Number(clusters[2]), f1: Number(clusters[3]) },
    bulk: { approved: Number(bulk[1]), wrongApprovals: Number(bulk[2]), rejected: Number(bulk[3]), trueRejected: Number(bulk[4]) },
    seconds: seconds ? Number(seconds[1]) : NaN,
  };
}

function plannedSets(o: ReportOptions, work: string): { sets: SetRun[]; missing: string[] } {
  const sets: SetRun[] = [];
  const missing: string[] = [];
  for (const name of DEVELOPMENT_SETS) {
    const places = join(o.dataDir, name, 'places.ndjson');
    const truth = join(o.dataDir, name, 'truth.tsv');
    if (existsSync(places) && existsSync(truth)) sets.push({ name, kind: 'development', args: ['--load', places, '--truth', truth] });
    else missing.push(`${name} (no ${existsSync(places) ? truth : places})`);
  }
  const csv = findRestaurantsCsv();
  if (csv) {
    const file = join(work, 'fodors-zagat.ndjson');
    writeFileSync(file, readRestaurants(csv).map((row, i) => JSON.stringify(restaurantNdjsonLine(row, i))).join('\n') + '\n');
    sets.push({ name: 'Fodors–Zagat', kind: 'real', args: ['--load', file] });
  } else missing.push('Fodors–Zagat (../shared/data/restaurants/restaurant-nophone-training.csv is absent)');
  for (const seed of SEEDS) sets.push({ name: `synthetic seed ${seed}`, kind: 'synthetic', args: ['--locations', String(o.syntheticLocations), '--seed', String(seed)] });
  return { sets, missing };
}

/** One simulation in its own process, its output kept in LOG; resolves with the output. */
function runOne(o: ReportOptions, set: SetRun, log: string): Promise<string> {
  return new Promise((resolve) => {
    const args = ['-n', '10', process.execPath, ...process.execArgv, o.script, ...set.args, '--batch', String(o.batch)];
    const child = spawn('nice', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = createWriteStream(log);
    let text = '';
    child.stdout.on('data', (b: Buffer) => {
      text += b.toString();
      out.write(b);
    });
    child.stderr.on('data', (b: Buffer) => out.write(b));
    child.on('close', (code) => {
      out.end();
      console.error(`${set.name}: finished (exit ${code}), log ${log}`);
      resolve(text);
    });
  });
}

export async function runTriageReport(o: ReportOptions): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'dedup-triage-report-'));
  const logDir = o.logDir ?? join(work, 'logs');
  mkdirSync(logDir, { recursive: true });
  const planned = plannedSets(o, work);
  const sets = planned.sets.filter((set) => !o.only || o.only.test(set.name));
  const { missing } = planned;
  if (missing.length) console.log(`MISSING sets (not run): ${missing.join('; ')}. Make the development sets with: node ../shared/data/real-places/prepare.mjs <Geo-ER git dir> ${o.dataDir}`);
  console.error(`running ${sets.length} sets, ${o.jobs} at a time; logs in ${logDir}`);
  const results = new Map<string, SimResult | undefined>();
  const logOf = (set: SetRun) => join(logDir, `${set.name.replace(/[^\w-]+/g, '-')}.log`);
  if (o.fromLogs) {
    for (const set of sets) results.set(set.name, existsSync(logOf(set)) ? parseSimOutput(readFileSync(logOf(set), 'utf8')) : undefined);
    console.log(formatReport(sets.map((s) => ({ name: s.name, kind: s.kind, result: results.get(s.name) })), o));
    return;
  }
  let next = 0;
  const worker = async () => {
    while (next < sets.length) {
      const set = sets[next++];
      const text = await runOne(o, set, logOf(set));
      results.set(set.name, parseSimOutput(text));
    }
  };
  await Promise.all(Array.from({ length: o.jobs }, worker));
  console.log(formatReport(sets.map((s) => ({ name: s.name, kind: s.kind, result: results.get(s.name) })), o));
}

const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

export function formatReport(rows: { name: string; kind: Kind; result: SimResult | undefined }[], o: Pick<ReportOptions, 'batch' | 'syntheticLocations' | 'title'>): string {
  const lines = [
    `${o.title ?? "Today's triage (bench/triage-sim.ts), targets precision 0.99, recall 0.97"}; --batch ${o.batch}; synthetic: --locations ${o.syntheticLocations} (--events 0)`,
    '',
    '| set | backlog | labels | labels % | goal labels | clusters P | goal P | clusters R | goal R | clusters F1 | wrong bulk approvals | true matches bulk-rejected | time |',
    '|---|---:|---:|---:|---|---:|---|---:|---|---:|---:|---:|---:|',
  ];
  let labels = 0;
  let backlog = 0;
  let missed = 0;
  let notRun = 0;
  for (const { name, kind, result: r } of rows) {
    if (!r) {
      lines.push(`| ${name} | not run, or failed: see its log | | | | | | | | | | | |`);
      notRun++;
      continue;
    }
    const share = r.labels / Math.max(1, r.backlog);
    const labelGoal = kind === 'synthetic' ? 0.02 : 0.1;
    const pGoal = kind === 'development' ? 0.95 : 0.98;
    const ok = [share <= labelGoal, r.clusters.p >= pGoal, r.clusters.r >= 0.95];
    missed += ok.filter((x) => !x).length;
    labels += r.labels;
    backlog += r.backlog;
    lines.push(
      `| ${name} | ${r.backlog} | ${r.labels} | ${(share * 100).toFixed(1)} % | ≤ ${labelGoal * 100} %: ${mark(ok[0])} | ${r.clusters.p.toFixed(3)} | ≥ ${pGoal}: ${mark(ok[1])} | ${r.clusters.r.toFixed(3)} | ≥ 0.95: ${mark(ok[2])} | ${r.clusters.f1.toFixed(3)} | ${r.bulk.wrongApprovals} of ${r.bulk.approved} | ${r.bulk.trueRejected} of ${r.bulk.rejected} | ${r.seconds} s |`,
    );
  }
  lines.push('', `Summed labels over the sets that ran: ${labels} of ${backlog} recommendations; goals missed: ${missed}${notRun ? `; sets not run or failed: ${notRun}` : ''}.`);
  return lines.join('\n');
}
