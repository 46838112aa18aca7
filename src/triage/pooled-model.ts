// The estimate of P(approve) from the curator's decisions: a Bayesian logistic regression on each
// field's agreement, the service's score, the same-source and same-building signs, and the
// agreement pattern itself. Every weight has a Gaussian prior (a ridge penalty), so a pattern with
// few decisions leans on what the fields say across all patterns, and one with none is the fields'
// additive estimate with the pattern's own prior spread added. Uncertainty comes from the Laplace
// approximation (the inverse Hessian at the optimum): an interval is wide when few decisions speak
// for it, whatever its centre. Without any decisions the service's score is all there is.
import type { Features } from './features';
import type { Flag } from './flags';

export interface LabelledFeatures {
  features: Features;
  /** The flags it carried when it was decided. */
  flags?: readonly Flag[];
  /** It led its chain when it was decided (chains.ts). */
  chainLead?: boolean;
  match: boolean;
}

export interface Estimate {
  /** P(approve) at the centre. */
  p: number;
  /** The linear predictor (log-odds) and its standard deviation. */
  z: number;
  sd: number;
}

export interface PooledModel {
  /** Labels it was fitted on (0: the service's score is used). */
  labels: number;
  /** `pattern: false`: what the fields alone say, without the pattern's own effect. */
  estimate(f: Features, opts?: EstimateOptions): Estimate;
  /** The centre of `estimate` alone, without its spread: what ranking and grouping need, at a fraction of the cost. */
  probability(f: Features, opts?: EstimateOptions): number;
}

export interface EstimateOptions {
  pattern?: boolean;
  flags?: readonly Flag[];
  /** It leads its chain (chains.ts): the model has a weight for that, learned like the others. */
  chainLead?: boolean;
}

/**
 * Prior precision (1 / variance) of each kind of weight: the weakly informative default for
 * logistic regression (a standard deviation of 2.5 on the log-odds scale, Gelman et al. 2008) for
 * the intercept, the score and the fields; a pattern's own effect has a standard deviation of 1, so
 * a pattern needs several decisions before it departs from what its fields suggest. Modelling
 * choices, not fitted to any data set.
 */
const PRIOR_PRECISION = { intercept: 1 / 2.5 ** 2, score: 1 / 2.5 ** 2, field: 1 / 2.5 ** 2, pattern: 1 } as const;
const MAX_NEWTON_STEPS = 30;
const clip = (p: number) => Math.min(0.99, Math.max(0.01, p));
const logit = (p: number) => Math.log(clip(p) / (1 - clip(p)));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

function featureNames(f: Features, flags: readonly Flag[] = [], chainLead = false): string[] {
  const names = [`kind=${f.kind}`, ...f.agreements.map((a, i) => `${f.kind}:${i}=${a}`), ...flags.filter((x) => x !== 'unsure').map((x) => `flag=${x}`)];
  if (chainLead) names.push('chain=lead');
  names.push(`pattern=${f.pattern}`);
  return names;
}

export function fitPooledModel(labelled: readonly LabelledFeatures[]): PooledModel {
  if (labelled.length === 0) {
    // No decisions: the service's score, with the spread of a unit-variance log-odds.
    return { labels: 0, estimate: (f) => ({ p: clip(f.score), z: logit(f.score), sd: 1 }), probability: (f) => clip(f.score) };
  }
  const design = designOf(labelled);
  const { w, chol } = maximizePosterior(design, labelled.map((l) => logit(l.features.score)), labelled.map((l) => (l.match ? 1 : 0)));
  return modelOf(labelled.length, design.index, w, chol);
}

/** The columns of the regression: 0 the intercept, 1 the score's log-odds, then one per feature name. */
interface Design {
  index: Map<string, number>;
  /** Prior precision of each column. */
  precision: number[];
  /** The decisions grouped by their feature columns (all but the score). */
  sets: Map<string, { idx: number[]; members: number[] }>;
}

function designOf(labelled: readonly LabelledFeatures[]): Design {
  const index = new Map<string, number>();
  const precision: number[] = [PRIOR_PRECISION.intercept, PRIOR_PRECISION.score];
  const rows = labelled.map((l) =>
    featureNames(l.features, l.flags, l.chainLead).map((name) => {
      let i = index.get(name);
      if (i === undefined) {
        index.set(name, (i = precision.length));
        precision.push(name.startsWith('pattern=') ? PRIOR_PRECISION.pattern : PRIOR_PRECISION.field);
      }
      return i;
    }),
  );
  // Decisions with the same features differ only in their score: each Newton step sums their
  // weights once per such set (how many, Σw, Σw·x, Σw·x²) and spreads the sums over the set's
  // columns, instead of an outer product per decision (≈ 10× fewer operations on a journal).
  const sets = new Map<string, { idx: number[]; members: number[] }>();
  rows.forEach((idx, k) => {
    const key = idx.join(',');
    const set = sets.get(key);
    if (set) set.members.push(k);
    else sets.set(key, { idx, members: [k] });
  });
  return { index, precision, sets };
}

/** The posterior mode of the weights by Newton's method, and the Cholesky factor of the last step's Hessian. */
function maximizePosterior(design: Design, xScore: readonly number[], y: readonly number[]): { w: Float64Array; chol: Float64Array[] } {
  const { precision } = design;
  const d = precision.length;
  const w = new Float64Array(d);
  let chol: Float64Array[] = [];
  for (let step = 0; step < MAX_NEWTON_STEPS; step++) {
    // Newton's method on the log-posterior: (XᵀWX + Λ) Δ = Xᵀ(y − p) − Λw.
    const { g, h } = likelihoodGradientHessian(design, w, xScore, y);
    for (let i = 0; i < d; i++) {
      g[i] -= precision[i] * w[i];
      h[i][i] += precision[i];
    }
    chol = cholesky(h);
    const delta = choleskySolve(chol, g);
    let change = 0;
    for (let i = 0; i < d; i++) {
      w[i] += delta[i];
      change = Math.max(change, Math.abs(delta[i]));
    }
    if (change < 1e-7) break;
  }
  return { w, chol };
}

/** The log-likelihood's gradient Xᵀ(y − p) and negative Hessian XᵀWX at `w`, summed per feature set. */
function likelihoodGradientHessian(design: Design, w: Float64Array, xScore: readonly number[], y: readonly number[]): { g: Float64Array; h: Float64Array[] } {
  const d = design.precision.length;
  const g = new Float64Array(d);
  const h = Array.from({ length: d }, () => new Float64Array(d));
  for (const { idx, members } of design.sets.values()) {
    let base = w[0];
    for (const i of idx) base += w[i];
    let sw = 0;
    let swx = 0;
    let swxx = 0;
    let gr = 0;
    let grx = 0;
    for (const k of members) {
      const x = xScore[k];
      const p = sigmoid(base + w[1] * x);
      const wt = p * (1 - p);
      sw += wt;
      swx += wt * x;
      swxx += wt * x * x;
      gr += y[k] - p;
      grx += (y[k] - p) * x;
    }
    g[0] += gr;
    g[1] += grx;
    h[0][0] += sw;
    h[0][1] += swx;
    h[1][0] += swx;
    h[1][1] += swxx;
    for (const i of idx) {
      g[i] += gr;
      h[0][i] += sw;
      h[i][0] += sw;
      h[1][i] += swx;
      h[i][1] += swx;
      for (const j of idx) h[i][j] += sw;
    }
  }
  return { g, h };
}

/** The fitted model: estimates from the weights `w`, their spread from the Hessian's factor `chol`. */
function modelOf(labels: number, index: ReadonlyMap<string, number>, w: Float64Array, chol: Float64Array[]): PooledModel {
  const d = w.length;
  // The spread (estimate's sd) is from the last step's Hessian, `chol`: at the optimum to 1e-7.
  // Everything but the score's term is the same for every item of one pattern and flags: kept per
  // such key, so ranking 20,000 items costs a map lookup each (the spread needs the solve below).
  const linearByKey = new Map<string, { base: number; x: Float64Array; unseenVariance: number }>();
  const linear = (f: Features, opts: EstimateOptions | undefined) => {
    const key = `${f.pattern}|${opts?.pattern === false ? 0 : 1}|${opts?.chainLead ? 1 : 0}|${opts?.flags?.join('+') ?? ''}`;
    let l = linearByKey.get(key);
    if (!l) {
      const x = new Float64Array(d);
      x[0] = 1;
      // A weight no decision has spoken for yet is at its prior: mean 0, variance 1 / precision.
      let unseenVariance = 0;
      for (const name of featureNames(f, opts?.flags, opts?.chainLead)) {
        if (opts?.pattern === false && name.startsWith('pattern=')) continue;
        const i = index.get(name);
        if (i !== undefined) x[i] = 1;
        else unseenVariance += 1 / (name.startsWith('pattern=') ? PRIOR_PRECISION.pattern : PRIOR_PRECISION.field);
      }
      let base = 0;
      for (let i = 0; i < d; i++) if (i !== 1) base += w[i] * x[i];
      linearByKey.set(key, (l = { base, x, unseenVariance }));
    }
    return l;
  };
  return {
    labels,
    probability(f, opts) {
      return sigmoid(linear(f, opts).base + w[1] * logit(f.score));
    },
    estimate(f, opts) {
      const l = linear(f, opts);
      const x = Float64Array.from(l.x);
      x[1] = logit(f.score);
      const z = l.base + w[1] * x[1];
      // xᵀ H⁻¹ x = ‖L⁻¹x‖² with H = LLᵀ.
      const v = forward(chol, x);
      let variance = l.unseenVariance;
      for (let i = 0; i < d; i++) variance += v[i] * v[i];
      return { p: sigmoid(z), z, sd: Math.sqrt(variance) };
    },
  };
}

/** Lower-triangular L with H = LLᵀ (H is symmetric positive definite: the prior makes it so). */
function cholesky(h: Float64Array[]): Float64Array[] {
  const n = h.length;
  const l = Array.from({ length: n }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = h[i][j];
      for (let k = 0; k < j; k++) s -= l[i][k] * l[j][k];
      l[i][j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / l[j][j];
    }
  }
  return l;
}

function forward(l: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[i][k] * x[k];
    x[i] = s / l[i][i];
  }
  return x;
}

function choleskySolve(l: Float64Array[], b: Float64Array): Float64Array {
  const n = b.length;
  const y = forward(l, b);
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i];
    for (let k = i + 1; k < n; k++) s -= l[k][i] * x[k];
    x[i] = s / l[i][i];
  }
  return x;
}
