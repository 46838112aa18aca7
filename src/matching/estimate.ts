// Unsupervised estimation of a model on the data being matched, the way Splink does it:
//  - u per level from random record pairs (nearly all of them are different things);
//  - λ, the chance that two random records are the same thing, first from deterministic rules
//    (pairs no one would doubt), then refined by EM;
//  - m per level by expectation–maximisation over the blocked candidate pairs, u held fixed: the
//    E-step scores every pair with the current model, the M-step sets m to each level's share of
//    the expected matches. The hand-set m values enter as a Dirichlet prior worth PRIOR_PAIRS pairs,
//    so a level the data hardly shows keeps a sensible value. Labelled pairs (the curator's
//    decisions, or a labels file) take part with their probability fixed at 1 or 0.
import type { Comparison } from './levels';
import { MISSING } from './levels';
import { logistic2, modelChanged, pairLogOdds, type EstimationReport, type MatchModel } from './model';
import type { NameFrequencies } from './term-frequencies';
import { randomPair } from './random-pairs';
import { estimateConditionalU, type ConditionSpec } from './conditional-u';
import { levelsKey, patternOffsets } from './label-offsets';

/** Levels of many pairs: `width` comparisons per pair, MISSING where a value is missing. */
export interface PairLevels {
  count: number;
  width: number;
  levels: Int8Array;
  /** The name's term-frequency adjustment of each pair, in bits. */
  tf: Float32Array;
  /** Per pair: 1 labelled a match, 0 labelled a non-match, -1 unlabelled. */
  label: Int8Array;
}

export interface EstimateInput<P> {
  prior: MatchModel;
  comparisons: readonly Comparison<P>[];
  prepared: readonly P[];
  /** Blocked pairs (and labelled pairs) with their levels. */
  pairs: PairLevels;
  /** Deterministic rules: a pair meeting them is taken for a match when estimating λ. */
  rule: (levels: Int8Array, at: number) => boolean;
  tf?: NameFrequencies;
  randomPairs?: number;
  maxIterations?: number;
  /** Stop when no m changes by more than this. */
  tolerance?: number;
  /**
   * Fields whose u is also counted among different things that agree on other fields (pairs
   * within one group of one source: see conditional-u.ts).
   */
  conditions?: { specs: readonly ConditionSpec[]; groupOf: (p: P) => string | null; sourceOf?: (p: P) => string | null };
  /**
   * Fields whose m is counted only among pairs meeting a condition on other fields (field →
   * weakest agreeing level), the way Splink trains a comparison only in EM sessions whose
   * blocking rule leaves it free: where the other fields all agree, EM takes two shows of one act
   * for one event and would learn that their differing qualifiers are what true pairs look like.
   */
  mConditions?: readonly ConditionSpec[];
  /** Estimate only m (and λ) starting from this model's u (a refit after new labels). */
  startFrom?: MatchModel;
}

/** Weight of the hand-set m values, in pairs. */
export const PRIOR_PAIRS = 20;
export const DEFAULT_RANDOM_PAIRS = 150_000;
export const DEFAULT_MAX_ITERATIONS = 25;
/** Fewer records than this, or fewer blocked pairs: too little to learn from; the hand-set model stays. */
export const MIN_RECORDS = 40;
export const MIN_PAIRS = 20;


/** u per comparison and level: each level's share among random pairs where both values are present. */
export function estimateU<P>(comparisons: readonly Comparison<P>[], prepared: readonly P[], pairs: number): { u: number[][]; sampled: number } {
  const n = prepared.length;
  const all = (n * (n - 1)) / 2;
  const counts = comparisons.map((c) => new Float64Array(c.levels.length));
  let sampled = 0;
  const visit = (a: number, b: number) => {
    sampled++;
    for (let c = 0; c < comparisons.length; c++) {
      const l = comparisons[c].level(prepared[a], prepared[b]);
      if (l !== MISSING) counts[c][l]++;
    }
  };
  if (all <= pairs) {
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) visit(a, b);
  } else {
    for (let k = 1; k <= pairs; k++) {
      const [a, b] = randomPair(k, n);
      visit(a, b);
    }
  }
  // Add-one smoothing: a level never seen among random pairs is rare, not impossible.
  const u = counts.map((row) => {
    const total = row.reduce((s, x) => s + x, 0);
    return Array.from(row, (x) => (x + 1) / (total + row.length));
  });
  return { u, sampled };
}

function cloneModel(m: MatchModel): MatchModel {
  return {
    ...m,
    comparisons: m.comparisons.map((c) => ({ field: c.field, levels: c.levels.map((l) => ({ ...l })), ...(c.given ? { given: { ...c.given, when: { ...c.given.when }, u: [...c.given.u] } } : {}) })),
  };
}

/** An imported binding is a getter call under tsx; the hot loops use this copy of MISSING. */
const NONE = -1;

/** Distinct (levels, name adjustment to 1/20 bit, label) of the pairs, with how many pairs share each. */
export function agreementPatterns(pairs: PairLevels): PairLevels & { weight: Float64Array } {
  const { width } = pairs;
  const index = new Map<string, number>();
  const levels: number[] = [];
  const tf: number[] = [];
  const label: number[] = [];
  const weight: number[] = [];
  for (let i = 0; i < pairs.count; i++) {
    const at = i * width;
    const q = Math.round(pairs.tf[i] * 20);
    let key = `${pairs.label[i]}:${q}:`;
    for (let c = 0; c < width; c++) key += String.fromCharCode(66 + pairs.levels[at + c]);
    let k = index.get(key);
    if (k === undefined) {
      k = weight.length;
      index.set(key, k);
      for (let c = 0; c < width; c++) levels.push(pairs.levels[at + c]);
      tf.push(q / 20);
      label.push(pairs.label[i]);
      weight.push(0);
    }
    weight[k]++;
  }
  return { count: weight.length, width, levels: Int8Array.from(levels), tf: Float32Array.from(tf), label: Int8Array.from(label), weight: Float64Array.from(weight) };
}

/** Runs the estimation; returns a new model (source 'estimated') with its report. */
export function estimateModel<P>(input: EstimateInput<P>): MatchModel {
  const started = Date.now();
  const { prior, comparisons, prepared, pairs } = input;
  const n = prepared.length;
  const possible = (n * (n - 1)) / 2;
  const labels = { matches: 0, nonMatches: 0 };
  for (let i = 0; i < pairs.count; i++) {
    if (pairs.label[i] === 1) labels.matches++;
    else if (pairs.label[i] === 0) labels.nonMatches++;
  }
  if (!input.startFrom && (n < MIN_RECORDS || pairs.count < MIN_PAIRS)) {
    const report: EstimationReport = {
      records: n, randomPairs: 0, blockedPairs: pairs.count, ruleMatches: 0, lambdaFromRules: 0, iterations: 0, converged: false, lastChange: 0, labels,
      fallback: `too little data to estimate from (${n} records, ${pairs.count} compared pairs; needs ${MIN_RECORDS} and ${MIN_PAIRS})`, millis: Date.now() - started,
    };
    return { ...prior, report };
  }
  const model = cloneModel(input.startFrom ?? prior);
  model.source = 'estimated';
  model.tf = input.tf;
  let randomPairs = input.startFrom?.report?.randomPairs ?? 0;
  if (!input.startFrom) {
    const { u, sampled } = estimateU(comparisons, prepared, input.randomPairs ?? DEFAULT_RANDOM_PAIRS);
    randomPairs = sampled;
    model.comparisons.forEach((c, i) => c.levels.forEach((l, j) => (l.u = u[i][j])));
    // u now describes random pairs, not blocked ones: every agreement is rarer, so no further
    // "where" agreement may add to the strongest.
    model.whereDiscount = 0;
    if (input.conditions) {
      const given = estimateConditionalU(comparisons, prepared, input.conditions.specs, input.conditions.groupOf, { sure: input.rule, sourceOf: input.conditions.sourceOf });
      for (const c of model.comparisons) {
        const g = given.get(c.field);
        if (g) c.given = g;
        else delete c.given;
      }
    }
  }
  // λ from the deterministic rules: the pairs no one would doubt, among all possible pairs.
  let ruleMatches = 0;
  for (let i = 0; i < pairs.count; i++) if (pairs.label[i] === 1 || (pairs.label[i] === -1 && input.rule(pairs.levels, i * pairs.width))) ruleMatches++;
  const lambdaFromRules = Math.max(ruleMatches, 1) / Math.max(possible, 1);
  if (!input.startFrom) model.lambda = lambdaFromRules;
  modelChanged(model);

  const maxIterations = input.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const tolerance = input.tolerance ?? 1e-4;
  const width = pairs.width;
  const priorM = prior.comparisons.map((c) => c.levels.map((l) => l.m));
  // Labels are a sample of the truth, the unlabelled pairs only what the model believes: each
  // labelled match counts for several unlabelled pairs, so that a few hundred decisions can move m.
  const expected = Math.max(ruleMatches, 1);
  const labelWeight = labels.matches + labels.nonMatches === 0 ? 1 : Math.max(1, expected / (4 * Math.max(1, labels.matches)));
  // Pairs with the same levels, label and (to a twentieth of a bit) name adjustment are scored
  // alike, so EM runs over these patterns with their counts (Splink does the same): a few thousand
  // patterns instead of up to millions of pairs per iteration.
  const patterns = agreementPatterns(pairs);
  // Labels also calibrate the E-step of their own agreement pattern (levels alone): the log-odds of
  // an unlabelled pair move by what the curator answered for pairs that look exactly the same
  // (label-offsets.ts). So rejecting early and late shows of one act teaches that "same name, same
  // place, 2 h apart" is seldom one event, and the M-step carries that into the start field's m.
  const labelled: number[] = [];
  for (let k = 0; k < patterns.count; k++) if (patterns.label[k] !== -1) labelled.push(k);
  const keys = Array.from({ length: patterns.count }, (_, k) => levelsKey(patterns.levels, k * width, width));
  let iterations = 0;
  let lastChange = Infinity;
  const view = new Int8Array(width);
  const fieldIndex = (f: string): number => model.comparisons.findIndex((c) => c.field === f);
  const mWhen: ([number, number][] | null)[] = model.comparisons.map((c) => {
    const spec = input.mConditions?.find((s) => s.field === c.field);
    return spec ? Object.entries(spec.when).map(([f, max]): [number, number] => [fieldIndex(f), max]) : null;
  });
  const counts = (c: number): boolean => {
    const when = mWhen[c];
    return when === null || when.every(([i, max]) => i >= 0 && view[i] !== NONE && view[i] <= max);
  };
  while (iterations < maxIterations && lastChange > tolerance) {
    iterations++;
    const mass = model.comparisons.map((c) => new Float64Array(c.levels.length));
    let expectedMatches = 0;
    const offsets = labelled.length === 0 ? undefined : patternOffsets(
      labelled.length,
      (j) => patterns.label[labelled[j]],
      (j) => keys[labelled[j]],
      (j) => {
        const k = labelled[j];
        for (let c = 0; c < width; c++) view[c] = patterns.levels[k * width + c];
        return logistic2(pairLogOdds(model, view, patterns.tf[k]));
      },
      (j) => patterns.weight[labelled[j]],
    );
    for (let k = 0; k < patterns.count; k++) {
      const at = k * width;
      for (let c = 0; c < width; c++) view[c] = patterns.levels[at + c];
      const label = patterns.label[k];
      const n = patterns.weight[k];
      // A labelled pattern counts each of its pairs (weight n) once per label value in the map of
      // offsets; the labelled pairs themselves keep their answer.
      const p = label === -1 ? logistic2(pairLogOdds(model, view, patterns.tf[k]) + (offsets?.get(keys[k]) ?? 0)) : label;
      const w = (label === -1 ? p : p * labelWeight) * n;
      expectedMatches += p * n;
      if (w === 0) continue;
      for (let c = 0; c < width; c++) if (view[c] !== NONE && counts(c)) mass[c][view[c]] += w;
    }
    lastChange = 0;
    model.comparisons.forEach((c, i) => {
      const total = mass[i].reduce((s, x) => s + x, 0);
      c.levels.forEach((l, j) => {
        const m = (mass[i][j] + PRIOR_PAIRS * priorM[i][j]) / (total + PRIOR_PAIRS);
        lastChange = Math.max(lastChange, Math.abs(m - l.m));
        l.m = m;
      });
    });
    // λ follows the expected number of matches among the compared pairs (blocking is assumed to
    // bring nearly every true pair together, which the benchmarks check as pairs-completeness).
    model.lambda = Math.min(0.5, Math.max(expectedMatches, 1) / Math.max(possible, 1));
    modelChanged(model);
  }
  const conditionalPairs: Record<string, number> = {};
  for (const c of model.comparisons) if (c.given) conditionalPairs[c.field] = c.given.pairs;
  model.report = {
    records: n,
    ...(Object.keys(conditionalPairs).length > 0 ? { conditionalPairs } : {}),
    randomPairs,
    blockedPairs: pairs.count,
    ruleMatches,
    lambdaFromRules,
    iterations,
    converged: lastChange <= tolerance,
    lastChange,
    labels,
    millis: Date.now() - started,
  };
  return model;
}
