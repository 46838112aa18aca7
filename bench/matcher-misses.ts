// Where the matcher's errors come from, on every development set: at its best threshold, the true
// pairs it misses and the false pairs it predicts, each sorted by cause. A missed true pair was
// never blocked (never compared), or was compared and scored low by the model itself, or scored
// high by the model but lowered below the threshold by one-to-one assignment (one-to-one.ts); that
// last kind splits by whether the pair's record lost to another true partner (the truth has several
// records of one thing in a source) or to a false rival. Within one source or across, for each.
// Also the truth's shape (how many true pairs lie within one source, how many records have two or
// more true partners in the other source) and the recall a perfect curator could reach if the
// backlog listed every pair scoring at least 0.5, 0.2, 0.1 or 0.05 before assignment.
// Run: npx tsx bench/matcher-misses.ts [--data DIR] [--only NAME] [--examples N]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { clusterQuality, distanceMeters, jaroWinkler, MatchRun, REVIEW_THRESHOLD, type PreparedLocation } from '../src/matching';
import { truePairKeys } from './lib/evaluate';
import { DEVELOPMENT_SETS } from './lib/triage-report';
import { measure, userData } from './matcher-quality';

const argv = process.argv;
const flag = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};

type Counts = Record<string, number>;
const bump = (c: Counts, k: string): void => {
  c[k] = (c[k] ?? 0) + 1;
};

interface Analysis {
  name: string;
  threshold: number;
  f1: number;
  truth: Counts;
  missed: Counts;
  falsePositives: Counts;
  /** Clusters recall a perfect curator could reach, per review threshold (see ceilings). */
  ceilings: Counts;
  examples: string[];
}

const CEILING_THRESHOLDS = [REVIEW_THRESHOLD, 0.2, 0.1, 0.05];

/**
 * What a perfect curator could reach offline: every true pair that the backlog would propose (its
 * score before one-to-one assignment at or above the review threshold; the backlog lists pairs by
 * that score) approved, merges joining what they join, then the clusters' recall. At the
 * sandbox's review threshold this comes close to bench/matcher-ceiling.ts; lower ones say how
 * much a longer backlog would reach.
 */
function ceilings(run: MatchRun<PreparedLocation>, ids: readonly (string | undefined)[]): Counts {
  const out: Counts = {};
  const before = run.scoresBeforeRivals();
  for (const threshold of CEILING_THRESHOLDS) {
    const parent = ids.map((_id, i) => i);
    const find = (x: number): number => {
      while (parent[x] !== x) x = parent[x] = parent[parent[x]];
      return x;
    };
    for (let i = 0; i < run.stats.comparisons; i++) {
      const a = run.pairs[2 * i];
      const b = run.pairs[2 * i + 1];
      if (before[i] >= threshold && ids[a] !== undefined && ids[a] === ids[b]) parent[find(a)] = find(b);
    }
    const clusters = new Map<number, string[]>();
    ids.forEach((_id, i) => clusters.set(find(i), [...(clusters.get(find(i)) ?? []), String(i)]));
    out[`clusters R, true pairs ≥ ${threshold} approved`] = Number(clusterQuality(clusters.values(), (k) => ids[Number(k)] ?? `none ${k}`).recall.toFixed(3));
  }
  return out;
}

function describePair(p: readonly PreparedLocation[], a: number, b: number, score: number, before: number): string {
  const d = p[a].lat !== null && p[b].lat !== null ? `${Math.round(distanceMeters(p[a].lat!, p[a].lon!, p[b].lat!, p[b].lon!))} m` : '? m';
  return `${p[a].name.full.join(' ')} | ${p[b].name.full.join(' ')} (${d}, score ${score.toFixed(3)}, before one-to-one ${before.toFixed(3)})`;
}

const DISTANCE_BANDS = [150, 500, 2000];

/** Why blocking may not have met a pair: how far apart, and whether their names share a word. */
function unblockedKind(a: PreparedLocation, b: PreparedLocation): string {
  const words = new Set(a.name.full);
  const shared = b.name.full.some((w) => words.has(w)) ? 'a name word shared' : 'no name word shared';
  if (a.lat === null || b.lat === null) return `no coordinates, ${shared}`;
  const d = distanceMeters(a.lat, a.lon!, b.lat, b.lon!);
  const band = DISTANCE_BANDS.find((x) => d < x);
  return `${band === undefined ? `≥ ${DISTANCE_BANDS[DISTANCE_BANDS.length - 1]} m` : `< ${band} m`}, ${shared}`;
}

/** The shape of the truth: true pairs within / across sources, records with several true partners in one other source. */
function truthShape(prepared: readonly PreparedLocation[], ids: readonly (string | undefined)[], truth: Set<number>): Counts {
  const n = ids.length;
  const c: Counts = {};
  const partners = new Map<string, number>();
  for (const key of truth) {
    const a = Math.floor(key / n);
    const b = key % n;
    const within = prepared[a].integration === prepared[b].integration;
    bump(c, within ? 'true pairs within one source' : 'true pairs across sources');
    if (within) continue;
    for (const [x, y] of [[a, b], [b, a]]) {
      const k = `${x}\u0000${prepared[y].integration}`;
      partners.set(k, (partners.get(k) ?? 0) + 1);
    }
  }
  for (const count of partners.values()) {
    bump(c, 'records with a true partner in the other source');
    if (count >= 2) bump(c, 'records with ≥ 2 true partners in the other source');
  }
  return c;
}

function analyse(name: string, records: Parameters<typeof MatchRun.locations>[0], ids: (string | undefined)[], exampleCount: number): Analysis {
  const run = MatchRun.locations(records, { model: 'estimate' });
  const { best } = measure(run, ids);
  const t = best.threshold;
  const n = ids.length;
  const p = run.prepared;
  const truth = truePairKeys(ids);
  const compared = run.stats.comparisons;
  const at = new Map<number, number>();
  for (let i = 0; i < compared; i++) at.set(run.pairs[2 * i] * n + run.pairs[2 * i + 1], i);
  const beforeScore = run.scoresBeforeRivals();
  const partnersOf = new Map<number, number[]>();
  for (const key of truth) {
    const a = Math.floor(key / n);
    const b = key % n;
    partnersOf.set(a, [...(partnersOf.get(a) ?? []), b]);
    partnersOf.set(b, [...(partnersOf.get(b) ?? []), a]);
  }
  /** Whether record x has a true partner in `source` other than `except`. */
  const otherTruePartner = (x: number, source: string | null, except: number): boolean => (partnersOf.get(x) ?? []).some((y) => y !== except && p[y].integration === source);
  const missed: Counts = {};
  const examples: string[] = [];
  for (const key of truth) {
    const a = Math.floor(key / n);
    const b = key % n;
    const where = p[a].integration === p[b].integration ? 'within' : 'across';
    const i = at.get(key);
    if (i === undefined) {
      bump(missed, `${where}: never blocked, ${unblockedKind(p[a], p[b])}`);
      if (examples.length < exampleCount) examples.push(`never blocked ${where}: ${describePair(p, a, b, run.scoreIndices(a, b), NaN)}`);
      continue;
    }
    if (run.scores[i] >= t) continue;
    if (beforeScore[i] < t) {
      bump(missed, `${where}: scored low by the model`);
      if (examples.length < exampleCount) examples.push(`scored low ${where}: ${describePair(p, a, b, run.scores[i], beforeScore[i])}`);
      continue;
    }
    const sharing = where === 'within' || otherTruePartner(a, p[b].integration, b) || otherTruePartner(b, p[a].integration, a);
    bump(missed, `${where}: lowered by one-to-one, ${sharing ? 'a record has several true partners' : 'lost to a false rival'}`);
    if (examples.length < exampleCount) examples.push(`missed ${where}, one-to-one: ${describePair(p, a, b, run.scores[i], beforeScore[i])}`);
  }
  const falsePositives: Counts = {};
  for (let i = 0; i < compared; i++) {
    if (run.scores[i] < t) continue;
    const a = run.pairs[2 * i];
    const b = run.pairs[2 * i + 1];
    if (truth.has(a * n + b)) continue;
    const where = p[a].integration === p[b].integration ? 'within' : 'across';
    const partnered = (partnersOf.get(a)?.length ?? 0) > 0 || (partnersOf.get(b)?.length ?? 0) > 0;
    const nameAlike = jaroWinkler(p[a].name.full.join(' '), p[b].name.full.join(' ')) >= 0.9;
    bump(falsePositives, `${where}: ${partnered ? 'a record has a true partner elsewhere' : 'neither has a true partner (truth may be incomplete)'}${nameAlike ? ', names alike' : ''}`);
  }
  return { name, threshold: t, f1: best.f1, truth: truthShape(p, ids, truth), missed, falsePositives, ceilings: ceilings(run, ids), examples };
}

function table(title: string, results: readonly Analysis[], pick: (a: Analysis) => Counts, total = true): void {
  const keys = [...new Set(results.flatMap((r) => Object.keys(pick(r))))].sort();
  console.log(`\n${title}\n`);
  console.log(`| | ${results.map((r) => r.name).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---:').join('|')}|`);
  for (const k of keys) console.log(`| ${k} | ${results.map((r) => pick(r)[k] ?? 0).join(' | ')} |`);
  if (total) console.log(`| **total** | ${results.map((r) => Object.values(pick(r)).reduce((x, y) => x + y, 0)).join(' | ')} |`);
}

async function main(): Promise<void> {
  const dir = flag('--data') ?? process.env.DEDUP_REAL_PLACES ?? '/tmp/real-places';
  const only = flag('--only');
  const exampleCount = Number(flag('--examples') ?? 0);
  const results: Analysis[] = [];
  for (const name of DEVELOPMENT_SETS) {
    if (only && name !== only) continue;
    const places = join(dir, name, 'places.ndjson');
    const truth = join(dir, name, 'truth.tsv');
    if (!existsSync(places) || !existsSync(truth)) {
      console.log(`MISSING ${name} (node ../shared/data/real-places/prepare.mjs <Geo-ER git dir> ${dir})`);
      continue;
    }
    const { locations } = await userData(places, truth);
    const r = analyse(name, locations.records, locations.ids, exampleCount);
    console.error(`${name}: best F1 ${r.f1.toFixed(3)} at ${r.threshold}`);
    for (const e of r.examples) console.error(`  ${e}`);
    results.push(r);
  }
  console.log(`\nBest threshold: ${results.map((r) => `${r.name} ${r.threshold} (F1 ${r.f1.toFixed(3)})`).join(', ')}`);
  table('The truth', results, (r) => r.truth);
  table('True pairs missed at the best threshold, by cause', results, (r) => r.missed);
  table('False positives at the best threshold, by kind', results, (r) => r.falsePositives);
  table('Recall ceiling of a perfect curator (offline): every true pair whose score before one-to-one reaches the threshold approved', results, (r) => r.ceilings, false);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
