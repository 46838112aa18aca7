// A prototype of the learned triage model: logistic regression on the service's score (as an offset,
// so with no labels the estimate is the score itself), the field comparisons triage computes, and
// the backlog's structure (same integration, best-scored for each entity, gap to each entity's best,
// candidate counts, a rival approved or rejected, three or more entities). L2-regularised toward the
// score; fitted by Newton's method (a few dozen coefficients).
import type { Recommendation } from '../../src/api/model';
import { featuresOf } from '../../src/triage/features';

const clamp = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));
const logit = (p: number) => Math.log(clamp(p) / (1 - clamp(p)));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** A pending item as the model sees it: its fixed features, and its entities for the rival features. */
export interface Item {
  id: string;
  score: number;
  entities: string[];
  fixed: number[];
}

/** The fixed features of every recommendation of a backlog (the structure is the backlog's at the start). */
export function itemsOf(backlog: readonly Recommendation[]): Item[] {
  const byEntity = new Map<string, number[]>();
  const keys = backlog.map((r) => r.entities.map((e) => `${e.integration}\t${e.sourceId}`));
  keys.forEach((ks, i) => ks.forEach((k) => byEntity.set(k, [...(byEntity.get(k) ?? []), i])));
  return backlog.map((r, i) => {
    const f = featuresOf(r);
    const oneHot = f.agreements.flatMap((a) => [a === 'equal' ? 1 : 0, a === 'close' ? 1 : 0, a === 'differs' ? 1 : 0]);
    let bestForAll = 1;
    let bestForAny = 0;
    let gap = 0;
    let most = 0;
    let fewest = Infinity;
    for (const k of keys[i]) {
      const rivals = byEntity.get(k)!;
      const best = Math.max(...rivals.map((j) => backlog[j].score));
      const isBest = r.score >= best ? 1 : 0;
      bestForAll = Math.min(bestForAll, isBest);
      bestForAny = Math.max(bestForAny, isBest);
      gap = Math.max(gap, best - r.score);
      most = Math.max(most, rivals.length);
      fewest = Math.min(fewest, rivals.length);
    }
    const fixed = [...oneHot, f.sameSource ? 1 : 0, f.sameAddressOtherName ? 1 : 0, r.entities.length >= 3 ? 1 : 0, bestForAll, bestForAny, gap, Math.log(most), Math.log(fewest)];
    return { id: r['@id'], score: r.score, entities: keys[i], fixed };
  });
}

/** Rival features, which change as decisions are taken: another recommendation of an entity approved, rejected. */
export function vectorOf(item: Item, decided: ReadonlyMap<string, { approved: number; rejected: number }>): number[] {
  let approved = 0;
  let rejected = 0;
  for (const k of item.entities) {
    const d = decided.get(k);
    if (d) {
      approved = Math.max(approved, d.approved);
      rejected = Math.max(rejected, d.rejected);
    }
  }
  return [1, ...item.fixed, approved ? 1 : 0, rejected ? 1 : 0];
}

export class LogisticModel {
  weights: number[] = [];

  /** P(match): the score's logit plus the learned correction. */
  probability(x: readonly number[], score: number): number {
    let z = logit(score);
    for (let i = 0; i < this.weights.length; i++) z += this.weights[i] * x[i];
    return sigmoid(z);
  }

  /** Newton's method on the L2-penalised log-likelihood (penalty λ on every weight). */
  fit(xs: readonly number[][], ys: readonly number[], scores: readonly number[], lambda = 1, iterations = 25): void {
    const d = xs[0]?.length ?? 0;
    const w = this.weights.length === d ? [...this.weights] : new Array<number>(d).fill(0);
    for (let it = 0; it < iterations; it++) {
      const grad = w.map((v) => lambda * v);
      const hess = w.map((_v, i) => w.map((_u, j) => (i === j ? lambda : 0)));
      xs.forEach((x, n) => {
        let z = logit(scores[n]);
        for (let i = 0; i < d; i++) z += w[i] * x[i];
        const p = sigmoid(z);
        const r = p * (1 - p);
        for (let i = 0; i < d; i++) {
          if (x[i] === 0) continue;
          grad[i] += (p - ys[n]) * x[i];
          for (let j = 0; j < d; j++) if (x[j] !== 0) hess[i][j] += r * x[i] * x[j];
        }
      });
      const step = solve(hess, grad);
      let size = 0;
      for (let i = 0; i < d; i++) {
        w[i] -= step[i];
        size = Math.max(size, Math.abs(step[i]));
      }
      if (size < 1e-6) break;
    }
    this.weights = w;
  }
}

/** Solves A x = b by Gaussian elimination with partial pivoting (A is small and positive definite). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[piv][c])) piv = r;
    [m[c], m[piv]] = [m[piv], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let k = r + 1; k < n; k++) s -= m[r][k] * x[k];
    x[r] = s / m[r][r];
  }
  return x;
}
