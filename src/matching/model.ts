// The Fellegi–Sunter model over comparison levels (levels.ts). For each field and level,
// m = P(level | same thing) and u = P(level | different things); the level adds log2(m/u) bits to
// the prior log-odds log2(λ/(1−λ)); a missing value adds 0. The hand-set models below are the
// default when there is no data to learn from (a single pair in the comparison panel against an
// unknown service) and the prior and starting point of estimation (estimate.ts), which replaces
// them with what the data being matched shows.
import type { NormalizedName } from './normalize';
import {
  MISSING,
  ADDRESS_LEVELS,
  DISTANCE_LEVELS,
  EVENT_LOCATION_LEVELS,
  EVENT_URL_LEVELS,
  INTEGRATION_LEVELS,
  NAME_LEVELS,
  PHONE_LEVELS,
  POSTCODE_LEVELS,
  QUALIFIER_LEVELS,
  START_LEVELS,
  TOWN_LEVELS,
  URL_LEVELS,
} from './levels';
import { nameTfBits } from './term-frequencies';

export type { ComparisonParams, EstimationReport, LevelParams, MatchModel } from './model-types';
import type { LevelParams, MatchModel } from './model-types';

const lv = (labels: readonly string[], m: number[], u: number[]): LevelParams[] => labels.map((label, i) => ({ label, m: m[i], u: u[i] }));


/**
 * Hand-set location model, in the frame of blocked pairs (u = how often a level occurs among
 * different places that blocking brought together; prior 1:16). The m values are what a level is
 * expected to be among true pairs in any frame, which is why estimation uses them as its prior.
 */
export function priorLocationModel(): MatchModel {
  return {
    kind: 'location',
    source: 'prior',
    lambda: 1 / 17,
    whereDiscount: 0.3,
    whereFields: ['address', 'town', 'postcode', 'distance'],
    comparisons: [
      { field: 'name', levels: lv(NAME_LEVELS, [0.55, 0.16, 0.22, 0.01, 0.04, 0.02], [0.003, 0.005, 0.03, 0.01, 0.2, 0.752]) },
      { field: 'address', levels: lv(ADDRESS_LEVELS, [0.82, 0.08, 0.04, 0.02, 0.04], [0.02, 0.01, 0.1, 0.05, 0.82]) },
      { field: 'town', levels: lv(TOWN_LEVELS, [0.85, 0.08, 0.07], [0.5, 0.05, 0.45]) },
      { field: 'postcode', levels: lv(POSTCODE_LEVELS, [0.9, 0.05, 0.05], [0.5, 0.2, 0.3]) },
      { field: 'phone', levels: lv(PHONE_LEVELS, [0.9, 0.03, 0.07], [0.0005, 0.0005, 0.999]) },
      { field: 'url', levels: lv(URL_LEVELS, [0.8, 0.1, 0.1], [0.1, 0.05, 0.85]) },
      { field: 'distance', levels: lv(DISTANCE_LEVELS, [0.4, 0.2, 0.15, 0.15, 0.04, 0.03, 0.03], [0.02, 0.03, 0.05, 0.1, 0.1, 0.2, 0.5]) },
      { field: 'integration', levels: lv(INTEGRATION_LEVELS, [0.1, 0.9], [0.3, 0.7]) },
    ],
  };
}

/** Hand-set event model (blocked-pair frame): a different day or venue is near-conclusive. */
export function priorEventModel(): MatchModel {
  return {
    kind: 'event',
    source: 'prior',
    lambda: 1 / 17,
    whereDiscount: 0.3,
    whereFields: [],
    comparisons: [
      { field: 'name', levels: lv(NAME_LEVELS, [0.5, 0.15, 0.2, 0.02, 0.1, 0.03], [0.02, 0.01, 0.04, 0.02, 0.15, 0.76]) },
      { field: 'start', levels: lv(START_LEVELS, [0.45, 0.2, 0.2, 0.1, 0.045, 0.005], [0.03, 0.02, 0.03, 0.04, 0.03, 0.85]) },
      { field: 'location', levels: lv(EVENT_LOCATION_LEVELS, [0.6, 0.33, 0.02, 0.04, 0.01], [0.05, 0.05, 0.1, 0.2, 0.6]) },
      { field: 'url', levels: lv(EVENT_URL_LEVELS, [0.2, 0.8], [0.0001, 0.9999]) },
      // Sources drop a qualifier often, change it almost never.
      { field: 'qualifier', levels: lv(QUALIFIER_LEVELS, [0.6, 0.39, 0.01], [0.2, 0.5, 0.3]) },
    ],
  };
}

export const PRIOR_LOCATION_MODEL: MatchModel = priorLocationModel();
export const PRIOR_EVENT_MODEL: MatchModel = priorEventModel();

export function priorBits(model: MatchModel): number {
  return Math.log2(model.lambda / (1 - model.lambda));
}

/** The weight of a level in bits: log2(m/u); 0 for MISSING. */
export function levelWeight(model: MatchModel, comparison: number, level: number): number {
  if (level === MISSING) return 0;
  const p = model.comparisons[comparison].levels[level];
  return Math.log2(p.m / p.u);
}

/** A model's weights laid out for the hot path (cached per model object). */
interface Compiled {
  prior: number;
  weights: Float64Array[];
  where: boolean[];
  nameIndex: number;
  /** Per comparison: its weights where its condition holds (log2 m/u'), and the condition as [comparison, weakest level] pairs. */
  given: ({ weights: Float64Array; when: [number, number][] } | null)[];
}

const compiledCache = new WeakMap<MatchModel, Compiled>();

function compiled(model: MatchModel): Compiled {
  let c = compiledCache.get(model);
  if (!c) {
    c = {
      prior: priorBits(model),
      weights: model.comparisons.map((cp, i) => Float64Array.from(cp.levels, (_, l) => levelWeight(model, i, l))),
      where: model.comparisons.map((cp) => model.whereFields.includes(cp.field)),
      nameIndex: model.comparisons.findIndex((cp) => cp.field === 'name'),
      given: model.comparisons.map((cp) => {
        if (!cp.given) return null;
        const given = cp.given;
        const when = Object.entries(given.when).map(([f, max]): [number, number] => [model.comparisons.findIndex((x) => x.field === f), max]);
        if (when.some(([i]) => i < 0)) return null;
        return { weights: Float64Array.from(cp.levels, (l, j) => Math.log2(l.m / given.u[j])), when };
      }),
    };
    compiledCache.set(model, c);
  }
  return c;
}

/** Forget cached weights after a model's parameters were changed in place. */
export function modelChanged(model: MatchModel): void {
  compiledCache.delete(model);
}

/**
 * The name's term-frequency adjustment for this pair under the model (0 without frequencies).
 * Computed once per pair and kept: it depends on the data, not on m and u.
 */
export function tfAdjustment(model: MatchModel, a: NormalizedName, b: NormalizedName, nameLevel: number): number {
  return model.tf ? nameTfBits(model.tf, a, b, nameLevel) : 0;
}

/**
 * Log-odds in bits of a pair with these levels. weightsOut (optional) receives each field's
 * contribution after the term-frequency adjustment and the "where" discount, so they add up with
 * the prior to the result.
 */
export function pairLogOdds(model: MatchModel, levels: ArrayLike<number>, tfBits = 0, weightsOut?: number[], whereOut?: { strongest: number; discounted: number[] }): number {
  const c = compiled(model);
  // MISSING, copied: an imported binding is a getter call under tsx, and this is the hot path.
  const MISSING = -1;
  let best = -1;
  let bestWeight = 0;
  let total = c.prior;
  const n = c.weights.length;
  // First pass: the strongest "where" agreement.
  for (let i = 0; i < n; i++) {
    if (!c.where[i]) continue;
    const l = levels[i];
    if (l === MISSING) continue;
    const w = c.weights[i][l];
    if (w > 0 && w > bestWeight) {
      best = i;
      bestWeight = w;
    }
  }
  if (whereOut) whereOut.strongest = best;
  for (let i = 0; i < n; i++) {
    const l = levels[i];
    let w = l === MISSING ? 0 : c.weights[i][l];
    const given = c.given[i];
    const conditional = given !== null && l !== MISSING && holds(given.when, levels);
    if (conditional) w = given.weights[l];
    // A name's frequency says how often random records share it, not how often other events at
    // the same venue do (the act's second show does): the conditional u already counts that.
    else if (i === c.nameIndex && l !== MISSING && tfBits !== 0) w = adjusted(w, tfBits);
    if (c.where[i] && w > 0 && i !== best) {
      w *= model.whereDiscount;
      whereOut?.discounted.push(i);
    }
    if (weightsOut) weightsOut[i] = w;
    total += w;
  }
  return total;
}

/** Whether every field of a condition agrees at its level or stronger (a missing value does not). */
function holds(when: readonly [number, number][], levels: ArrayLike<number>): boolean {
  for (const [i, max] of when) {
    const l = levels[i];
    if (l < 0 || l > max) return false;
  }
  return true;
}

/** The weight of a level where the comparison's condition holds (log2 m/u'), or null without one. */
export function givenWeight(model: MatchModel, comparison: number, level: number): number | null {
  const given = model.comparisons[comparison].given;
  if (!given || level === MISSING) return null;
  return Math.log2(model.comparisons[comparison].levels[level].m / given.u[level]);
}

/**
 * Agreement on a common name is weak evidence, on a rare one strong; but agreeing never counts
 * against a match, however common the name.
 */
function adjusted(base: number, tfBits: number): number {
  const w = base + tfBits;
  return base > 0 ? Math.max(0, w) : w;
}

export function logistic2(bits: number): number {
  return 1 / (1 + Math.pow(2, -bits));
}

/** The strongest fields of a model: the largest agreement weight of each, descending. */
export function strongestFields(model: MatchModel, count = 3): { field: string; bits: number }[] {
  return model.comparisons
    .map((cp, i) => ({ field: cp.field, bits: Math.max(...cp.levels.map((_, l) => levelWeight(model, i, l))) }))
    .sort((x, y) => y.bits - x.bits)
    .slice(0, count);
}

/** The model without its frequency tables, as plain JSON (for --print-model and endpoints). */
export function modelJson(model: MatchModel): Omit<MatchModel, 'tf'> & { tf?: { records: number; names: number } } {
  const { tf, ...rest } = model;
  return tf ? { ...rest, tf: { records: tf.records, names: tf.exact.size } } : rest;
}
