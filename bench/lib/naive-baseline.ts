// The naive baseline the matcher must beat: two records of different sources match when their names
// are alike (Jaro–Winkler or token-set similarity ≥ t) and they lie within d metres, taken greedily
// one-to-one (most alike names first, then nearest) between the sources. Reported as the best
// pairwise F1 over a grid of t and d: an optimistic baseline, tuned on the truth it is judged by.
import { jaroWinkler, normalizeText } from '../../src/matching';
import { nearDistanceMeters } from '../../src/matching/similarity';
import type { MatchLocation } from '../../src/matching';
import { truePairKeys } from './evaluate';

export const NAME_THRESHOLDS = [0.7, 0.75, 0.8, 0.85, 0.88, 0.9, 0.92, 0.94, 0.96, 0.98, 1];
export const DISTANCES = [25, 50, 100, 200, 400, 800];

export interface NaiveResult {
  precision: number;
  recall: number;
  f1: number;
  threshold: number;
  /** Metres; Infinity where the set has no coordinates (every cross-source pair compared by name). */
  distance: number;
  /** Pairs compared (different sources within the largest distance). */
  compared: number;
}

/** Share of the smaller name's words found in the other: 1 when one name's words contain the other's, as fuzzywuzzy's token_set_ratio. */
export function tokenSetSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const w of small) if (big.has(w)) shared++;
  return shared / small.size;
}

interface Pair {
  a: number;
  b: number;
  sim: number;
  dist: number;
}

/** Cross-source pairs with name similarity ≥ the lowest threshold, sorted most alike first, then nearest. */
function candidatePairs(records: readonly MatchLocation[], maxDistance: number): { pairs: Pair[]; compared: number; geo: boolean } {
  const names = records.map((r) => normalizeText(r.name));
  const words = names.map((n) => new Set(n.split(' ').filter(Boolean)));
  const located = records.map((r) => typeof r.latitude === 'number' && typeof r.longitude === 'number');
  const geo = located.filter(Boolean).length * 2 > records.length;
  const pairs: Pair[] = [];
  let compared = 0;
  const consider = (i: number, j: number, dist: number) => {
    if (records[i].integration === records[j].integration) return;
    compared++;
    const sim = Math.max(jaroWinkler(names[i], names[j]), tokenSetSimilarity(words[i], words[j]));
    if (sim >= NAME_THRESHOLDS[0]) pairs.push({ a: Math.min(i, j), b: Math.max(i, j), sim, dist });
  };
  if (!geo) {
    for (let i = 0; i < records.length; i++) for (let j = i + 1; j < records.length; j++) consider(i, j, Infinity);
  } else {
    // A grid of cells maxDistance wide: neighbours are in the 3 × 3 cells around a record's own.
    const cellLat = maxDistance / 111_000;
    const cells = new Map<string, number[]>();
    const cellOf = (i: number) => {
      const lat = records[i].latitude!;
      const cellLon = cellLat / Math.max(0.1, Math.cos((lat * Math.PI) / 180));
      return [Math.floor(lat / cellLat), Math.floor(records[i].longitude! / cellLon)];
    };
    records.forEach((_r, i) => {
      if (!located[i]) return;
      const key = cellOf(i).join(',');
      const list = cells.get(key);
      if (list) list.push(i);
      else cells.set(key, [i]);
    });
    records.forEach((r, i) => {
      if (!located[i]) return;
      const [y, x] = cellOf(i);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          for (const j of cells.get(`${y + dy},${x + dx}`) ?? []) {
            if (j <= i) continue;
            const dist = nearDistanceMeters(r.latitude!, r.longitude!, records[j].latitude!, records[j].longitude!);
            if (dist <= maxDistance) consider(i, j, dist);
          }
        }
      }
    });
  }
  pairs.sort((p, q) => q.sim - p.sim || p.dist - q.dist);
  return { pairs, compared, geo };
}

/** Greedy one-to-one between each two sources: a record takes at most one partner of each other source. */
function greedy(records: readonly MatchLocation[], pairs: readonly Pair[], t: number, d: number): Pair[] {
  const taken = new Set<string>();
  const out: Pair[] = [];
  for (const p of pairs) {
    if (p.sim < t) break;
    if (p.dist > d) continue;
    const ka = `${p.a}\t${records[p.b].integration}`;
    const kb = `${p.b}\t${records[p.a].integration}`;
    if (taken.has(ka) || taken.has(kb)) continue;
    taken.add(ka);
    taken.add(kb);
    out.push(p);
  }
  return out;
}

/** The naive baseline's best pairwise F1 over the grid, against every true pair of the set. */
export function naiveBaseline(records: readonly MatchLocation[], ids: readonly (string | undefined)[]): NaiveResult {
  const truth = truePairKeys(ids);
  const n = records.length;
  const { pairs, compared, geo } = candidatePairs(records, DISTANCES[DISTANCES.length - 1]);
  let best: NaiveResult = { precision: 1, recall: 0, f1: 0, threshold: 1, distance: 0, compared };
  for (const d of geo ? DISTANCES : [Infinity]) {
    for (const t of NAME_THRESHOLDS) {
      const chosen = greedy(records, pairs, t, d);
      const tp = chosen.filter((p) => truth.has(p.a * n + p.b)).length;
      const precision = chosen.length ? tp / chosen.length : 1;
      const recall = truth.size ? tp / truth.size : 1;
      const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
      if (f1 > best.f1) best = { precision, recall, f1, threshold: t, distance: d, compared };
    }
  }
  return best;
}
