// The pooled model's fit sums each Newton step per set of features (decisions that differ only in
// their score): the same optimum, to the last digits, as the textbook outer product per decision.
import * as assert from 'node:assert/strict';
import type { Agreement, Features } from '../../src/triage/features';
import { patternKey } from '../../src/triage/features';
import { fitPooledModel } from '../../src/triage/pooled-model';

/** A deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const LEVELS: Agreement[] = ['equal', 'close', 'differs', 'missing'];

/** The textbook fit: Newton on the log-posterior, an outer product per decision (what the model did before). */
function referenceFit(rows: { cols: number[]; x: number; y: number }[], precision: number[]): Float64Array {
  const d = precision.length;
  const w = new Float64Array(d);
  for (let step = 0; step < 30; step++) {
    const g = new Float64Array(d);
    const h = [...Array(d)].map(() => new Float64Array(d));
    for (const r of rows) {
      const cols: [number, number][] = [[0, 1], [1, r.x], ...r.cols.map((i): [number, number] => [i, 1])];
      let z = 0;
      for (const [i, x] of cols) z += w[i] * x;
      const p = 1 / (1 + Math.exp(-z));
      for (const [i, xi] of cols) {
        g[i] += (r.y - p) * xi;
        for (const [j, xj] of cols) h[i][j] += p * (1 - p) * xi * xj;
      }
    }
    for (let i = 0; i < d; i++) {
      g[i] -= precision[i] * w[i];
      h[i][i] += precision[i];
    }
    // Gaussian elimination (small d): h Δ = g.
    const a = h.map((row, i) => [...row, g[i]]);
    for (let c = 0; c < d; c++) {
      for (let r = c + 1; r < d; r++) {
        const f = a[r][c] / a[c][c];
        for (let k = c; k <= d; k++) a[r][k] -= f * a[c][k];
      }
    }
    const delta = new Float64Array(d);
    for (let r = d - 1; r >= 0; r--) {
      let s = a[r][d];
      for (let k = r + 1; k < d; k++) s -= a[r][k] * delta[k];
      delta[r] = s / a[r][r];
    }
    let change = 0;
    for (let i = 0; i < d; i++) {
      w[i] += delta[i];
      change = Math.max(change, Math.abs(delta[i]));
    }
    if (change < 1e-7) break;
  }
  return w;
}

describe('triage: the pooled model', () => {
  it('fits the same probabilities as the per-decision Newton step (decisions grouped by features)', () => {
    const rnd = prng(7);
    const features: Features[] = [];
    const match: boolean[] = [];
    for (let k = 0; k < 400; k++) {
      // Few distinct patterns, so many decisions share their features and differ in score.
      const agreements = [...Array(7)].map((_, i) => (i < 2 ? LEVELS[Math.floor(rnd() * 3)] : i === 2 ? LEVELS[Math.floor(rnd() * 2) * 3] : 'missing'));
      const score = 0.5 + rnd() * 0.49;
      features.push({ id: `r${k}`, kind: 'location', score, agreements, levels: [], pattern: patternKey('location', agreements), sameAddressOtherName: false, oddOneOut: null, sameSource: false });
      match.push(rnd() < (agreements[0] === 'equal' ? 0.9 : 0.3) * score + 0.05);
    }
    const model = fitPooledModel(features.map((f, k) => ({ features: f, match: match[k] })));
    // The reference on the same design: intercept, logit(score), kind, each field's level, the pattern.
    const index = new Map<string, number>();
    const precision = [1 / 6.25, 1 / 6.25];
    const logit = (p: number) => Math.log(Math.min(0.99, Math.max(0.01, p)) / (1 - Math.min(0.99, Math.max(0.01, p))));
    const rows = features.map((f, k) => ({
      cols: ['kind=location', ...f.agreements.map((a, i) => `location:${i}=${a}`), `pattern=${f.pattern}`].map((name) => {
        let i = index.get(name);
        if (i === undefined) {
          index.set(name, (i = precision.length));
          precision.push(name.startsWith('pattern=') ? 1 : 1 / 6.25);
        }
        return i;
      }),
      x: logit(f.score),
      y: match[k] ? 1 : 0,
    }));
    const w = referenceFit(rows, precision);
    let worst = 0;
    rows.forEach((r, k) => {
      const z = w[0] + w[1] * r.x + r.cols.reduce((s, i) => s + w[i], 0);
      const expected = 1 / (1 + Math.exp(-z));
      worst = Math.max(worst, Math.abs(model.probability(features[k]) - expected), Math.abs(model.estimate(features[k]).p - expected));
    });
    assert.ok(worst < 1e-9, `largest difference ${worst}`);
    assert.ok(new Set(features.map((f) => f.pattern)).size <= 18, 'the test needs decisions that share features');
  });
});
