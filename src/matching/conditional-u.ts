// Conditional u (see ConditionalU in model-types.ts): how a field compares among DIFFERENT things
// that already agree on other fields — e.g. the start times of two events with the same title at
// the same venue. Random pairs cannot show it (they almost never agree on title and venue), and
// the blocked pairs mix true and false pairs. Pairs of records from ONE source can: a source lists
// a thing once, so two of its records are two things (early and late shows, weekly repeats).
// The pairs come from groups the kind names (events: one integration's events at one venue), so
// the conditions are met often enough to be counted.
import { MISSING, type Comparison } from './levels';
import type { ConditionalU } from './model-types';
import { randomPair } from './random-pairs';
import { levelIndex } from './rules';

/** A field whose u is counted again among pairs agreeing on `when` (field → label of its weakest agreeing level). */
export interface ConditionSpec {
  field: string;
  when: Record<string, string>;
}

/** A condition's fields and weakest agreeing levels as indices (field → level), as the model keeps them. */
export function resolveWhen(comparisons: readonly Comparison<never>[], when: Record<string, string>): Record<string, number> {
  return Object.fromEntries(Object.entries(when).map(([f, label]) => [f, levelIndex(comparisons, f, label)]));
}

/** Pairs counted in one group at most (a busy venue's events; beyond this a deterministic sample). */
export const MAX_PAIRS_PER_GROUP = 20_000;
/** Fewer pairs meeting a condition than this: too few to count; the field keeps its plain u. */
export const MIN_CONDITIONAL_PAIRS = 30;

function severalSources<P>(prepared: readonly P[], sourceOf: (p: P) => string | null): boolean {
  const sources = new Set<string>();
  for (const p of prepared) {
    const s = sourceOf(p);
    if (s !== null) sources.add(s);
    if (sources.size > 1) return true;
  }
  return false;
}

/**
 * Conditional u per field (only those with enough pairs), from pairs within the groups of
 * `groupOf`. Two guards keep true duplicates out, which would make agreement look common among
 * different things: pairs the deterministic rule calls sure matches (`sure`, on all levels of the
 * pair) are skipped — a source that does list an event twice lists it at the same time — and with
 * fewer than two sources (`sourceOf`) nothing is counted, since then every pair is within one source
 * and the question is exactly which of them are duplicates.
 */
export function estimateConditionalU<P>(
  comparisons: readonly Comparison<P>[],
  prepared: readonly P[],
  specs: readonly ConditionSpec[],
  groupOf: (p: P) => string | null,
  opts: { sure?: (levels: Int8Array, at: number) => boolean; sourceOf?: (p: P) => string | null; maxPairsPerGroup?: number } = {},
): Map<string, ConditionalU> {
  const out = new Map<string, ConditionalU>();
  if (specs.length === 0) return out;
  if (opts.sourceOf && !severalSources(prepared, opts.sourceOf)) return out;
  const maxPairsPerGroup = opts.maxPairsPerGroup ?? MAX_PAIRS_PER_GROUP;
  const index = (field: string): number => {
    const i = comparisons.findIndex((c) => c.field === field);
    if (i < 0) throw new Error(`conditional u: no comparison named ${field}`);
    return i;
  };
  const plan = specs.map((s) => ({ spec: s, levels: resolveWhen(comparisons, s.when), target: index(s.field), when: Object.entries(resolveWhen(comparisons, s.when)).map(([f, max]) => [index(f), max] as const), counts: new Float64Array(comparisons[index(s.field)].levels.length) }));
  const groups = new Map<string, number[]>();
  prepared.forEach((p, i) => {
    const g = groupOf(p);
    if (g === null) return;
    const members = groups.get(g);
    if (members) members.push(i);
    else groups.set(g, [i]);
  });
  // Each comparison's level is computed at most once per pair (several specs share fields).
  const level = new Int8Array(comparisons.length);
  const known = new Uint8Array(comparisons.length);
  const visit = (a: P, b: P): void => {
    known.fill(0);
    if (opts.sure) {
      for (let c = 0; c < comparisons.length; c++) {
        level[c] = comparisons[c].level(a, b);
        known[c] = 1;
      }
      if (opts.sure(level, 0)) return;
    }
    const at = (c: number): number => {
      if (!known[c]) {
        level[c] = comparisons[c].level(a, b);
        known[c] = 1;
      }
      return level[c];
    };
    for (const p of plan) {
      if (!p.when.every(([c, max]) => {
        const l = at(c);
        return l !== MISSING && l <= max;
      })) continue;
      const l = at(p.target);
      if (l !== MISSING) p.counts[l]++;
    }
  };
  for (const members of groups.values()) {
    const s = members.length;
    if (s < 2) continue;
    if ((s * (s - 1)) / 2 <= maxPairsPerGroup) {
      for (let x = 0; x < s; x++) for (let y = x + 1; y < s; y++) visit(prepared[members[x]], prepared[members[y]]);
    } else {
      for (let k = 1; k <= maxPairsPerGroup; k++) {
        const [x, y] = randomPair(k, s);
        visit(prepared[members[x]], prepared[members[y]]);
      }
    }
  }
  for (const p of plan) {
    const total = p.counts.reduce((sum, x) => sum + x, 0);
    if (total < MIN_CONDITIONAL_PAIRS) continue;
    // Add-one smoothing, as for the plain u: a level not seen among these pairs is rare, not impossible.
    out.set(p.spec.field, { when: p.levels, u: Array.from(p.counts, (x) => (x + 1) / (total + p.counts.length)), pairs: total });
  }
  return out;
}
