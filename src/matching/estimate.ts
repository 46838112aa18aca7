// Unsupervised estimation of a model on the data being matched, the way Splink does it:
//  - u per level from random record pairs (nearly all of them are different things);
//  - λ, the chance that two random records are the same thing, first from deterministic rules
//    (pairs no one would doubt), then refined by EM;
//  - m per level by expectation–maximisation over the blocked candidate pairs, u held fixed: the
//    E-step scores every pair with the current model, the M-step sets m to each level's share of
//    the expected matches. The hand-set m values enter as a Dirichlet prior worth PRIOR_PAIRS pairs,
//    so a level the data hardly shows keeps a sensible value. Labelled pairs (the curator's
//    decisions, or a labels file) take part with their probability fixed at 1 or 0, each one pair;
//    a refit after new labels draws m toward the model first learned without them (the anchor),
//    so a few answers move it only as far as they weigh against the data.
import type { Comparison } from './levels';
import { MISSING } from './levels';
import { logistic2, modelChanged, pairLogOdds, type EstimationReport, type MatchModel } from './model';
import type { NameFrequencies } from './term-frequencies';
import { randomPair } from './random-pairs';
import { estimateConditionalU, resolveWhen, type ConditionSpec } from './conditional-u';
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
  /**
   * The model learned without labels, and its expected matches: a refit's m is drawn toward it,
   * worth that many pairs, so labels move m only as far as their number weighs against the data.
   */
  anchor?: { model: MatchModel; matches: number };
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
  const { prior, prepared, pairs } = input;
  const n = prepared.length;
  const possible = (n * (n - 1)) / 2;
  const labels = countLabels(pairs);
  if (!input.startFrom && (n < MIN_RECORDS || pairs.count < MIN_PAIRS)) {
    const report: EstimationReport = {
      records: n, randomPairs: 0, blockedPairs: pairs.count, ruleMatches: 0, lambdaFromRules: 0, iterations: 0, converged: false, lastChange: 0, labels,
      fallback: `too little data to estimate from (${n} records, ${pairs.count} compared pairs; needs ${MIN_RECORDS} and ${MIN_PAIRS})`, millis: Date.now() - started,
    };
    return { ...prior, report };
  }
  const { model, randomPairs } = startingModel(input);
  // λ from the deterministic rules: the pairs no one would doubt, among all possible pairs.
  let ruleMatches = 0;
  for (let i = 0; i < pairs.count; i++) if (pairs.label[i] === 1 || (pairs.label[i] === -1 && input.rule(pairs.levels, i * pairs.width))) ruleMatches++;
  const lambdaFromRules = Math.max(ruleMatches, 1) / Math.max(possible, 1);
  if (!input.startFrom) model.lambda = lambdaFromRules;
  modelChanged(model);
  const em = runEm(model, input, possible);
  const conditionalPairs: Record<string, number> = {};
  for (const c of model.comparisons) if (c.given) conditionalPairs[c.field] = c.given.pairs;
  model.report = {
    records: n,
    ...(Object.keys(conditionalPairs).length > 0 ? { conditionalPairs } : {}),
    randomPairs,
    blockedPairs: pairs.count,
    ruleMatches,
    lambdaFromRules,
    ...em,
    labels,
    millis: Date.now() - started,
  };
  return model;
}

function countLabels(pairs: PairLevels): { matches: number; nonMatches: number } {
  const labels = { matches: 0, nonMatches: 0 };
  for (let i = 0; i < pairs.count; i++) {
    if (pairs.label[i] === 1) labels.matches++;
    else if (pairs.label[i] === 0) labels.nonMatches++;
  }
  return labels;
}

/** The model EM starts from: the one to refit, or the prior with u from random pairs (and conditional u). */
function startingModel<P>(input: EstimateInput<P>): { model: MatchModel; randomPairs: number } {
  const { comparisons, prepared } = input;
  const model = cloneModel(input.startFrom ?? input.prior);
  model.source = 'estimated';
  model.tf = input.tf;
  if (input.startFrom) return { model, randomPairs: input.startFrom.report?.randomPairs ?? 0 };
  const { u, sampled } = estimateU(comparisons, prepared, input.randomPairs ?? DEFAULT_RANDOM_PAIRS);
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
  return { model, randomPairs: sampled };
}

/** Per comparison: the [comparison, weakest level] pairs its m is counted under (EstimateInput.mConditions), or null. */
function mConditionsOf<P>(model: MatchModel, input: EstimateInput<P>): ([number, number][] | null)[] {
  const fieldIndex = (f: string): number => model.comparisons.findIndex((c) => c.field === f);
  return model.comparisons.map((c) => {
    const spec = input.mConditions?.find((s) => s.field === c.field);
    return spec ? Object.entries(resolveWhen(input.comparisons, spec.when)).map(([f, max]): [number, number] => [fieldIndex(f), max]) : null;
  });
}

/**
 * m per level by EM, u held fixed; λ follows the expected matches. Each M-step is a Dirichlet
 * posterior: the expected matches per level plus a prior, the anchor's m (EstimateInput.anchor)
 * worth as many pairs as the anchor's expected matches, or the hand-set m worth PRIOR_PAIRS.
 */
function runEm<P>(model: MatchModel, input: EstimateInput<P>, possible: number): { iterations: number; converged: boolean; lastChange: number } {
  const maxIterations = input.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const tolerance = input.tolerance ?? 1e-4;
  const priorM = (input.anchor?.model ?? input.prior).comparisons.map((c) => c.levels.map((l) => l.m));
  const priorWeight = input.anchor ? Math.max(input.anchor.matches, PRIOR_PAIRS) : PRIOR_PAIRS;
  // Pairs with the same levels, label and (to a twentieth of a bit) name adjustment are scored
  // alike, so EM runs over these patterns with their counts (Splink does the same): a few thousand
  // patterns instead of up to millions of pairs per iteration.
  const patterns = agreementPatterns(input.pairs);
  const step = expectationStep(model, patterns, mConditionsOf(model, input));
  let iterations = 0;
  let lastChange = Infinity;
  while (iterations < maxIterations && lastChange > tolerance) {
    iterations++;
    const { mass, expectedMatches } = step();
    lastChange = 0;
    model.comparisons.forEach((c, i) => {
      const total = mass[i].reduce((s, x) => s + x, 0);
      c.levels.forEach((l, j) => {
        const m = (mass[i][j] + priorWeight * priorM[i][j]) / (total + priorWeight);
        lastChange = Math.max(lastChange, Math.abs(m - l.m));
        l.m = m;
      });
    });
    // λ follows the expected number of matches among the compared pairs (blocking is assumed to
    // bring nearly every true pair together, which the benchmarks check as pairs-completeness).
    model.lambda = Math.min(0.5, Math.max(expectedMatches, 1) / Math.max(possible, 1));
    modelChanged(model);
  }
  return { iterations, converged: lastChange <= tolerance, lastChange };
}

/**
 * The E-step over agreement patterns under the model as it is when called: per comparison and
 * level the expected matches (labelled pairs with their answer), and their total.
 */
function expectationStep(model: MatchModel, patterns: ReturnType<typeof agreementPatterns>, mWhen: ([number, number][] | null)[]): () => { mass: Float64Array[]; expectedMatches: number } {
  const { width } = patterns;
  const view = new Int8Array(width);
  const load = (k: number): void => {
    for (let c = 0; c < width; c++) view[c] = patterns.levels[k * width + c];
  };
  const counts = (c: number): boolean => {
    const when = mWhen[c];
    return when === null || when.every(([i, max]) => i >= 0 && view[i] !== NONE && view[i] <= max);
  };
  // Labels also calibrate the E-step of their own agreement pattern (levels alone): the log-odds of
  // an unlabelled pair move by what the curator answered for pairs that look exactly the same
  // (label-offsets.ts). So rejecting early and late shows of one act teaches that "same name, same
  // place, 2 h apart" is seldom one event, and the M-step carries that into the start field's m.
  const labelled: number[] = [];
  for (let k = 0; k < patterns.count; k++) if (patterns.label[k] !== -1) labelled.push(k);
  const keys = Array.from({ length: patterns.count }, (_, k) => levelsKey(patterns.levels, k * width, width));
  const sizes = new Map<string, number>();
  keys.forEach((key, k) => sizes.set(key, (sizes.get(key) ?? 0) + patterns.weight[k]));
  return () => {
    const mass = model.comparisons.map((c) => new Float64Array(c.levels.length));
    let expectedMatches = 0;
    const offsets = labelled.length === 0 ? undefined : patternOffsets(
      labelled.length,
      (j) => patterns.label[labelled[j]],
      (j) => keys[labelled[j]],
      (j) => {
        load(labelled[j]);
        return logistic2(pairLogOdds(model, view, patterns.tf[labelled[j]]));
      },
      (j) => patterns.weight[labelled[j]],
      (key) => sizes.get(key) ?? Infinity,
    );
    for (let k = 0; k < patterns.count; k++) {
      load(k);
      const label = patterns.label[k];
      // A labelled pair counts once with its answer, as any pair counts once with its probability.
      const p = label === -1 ? logistic2(pairLogOdds(model, view, patterns.tf[k]) + (offsets?.get(keys[k]) ?? 0)) : label;
      const w = p * patterns.weight[k];
      expectedMatches += w;
      if (w === 0) continue;
      for (let c = 0; c < width; c++) if (view[c] !== NONE && counts(c)) mass[c][view[c]] += w;
    }
    return { mass, expectedMatches };
  };
}
