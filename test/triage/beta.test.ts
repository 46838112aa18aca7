// The Beta quantile against closed forms: Beta(1,1) is uniform, Beta(a,1) has CDF xᵃ, Beta(1,b)
// has CDF 1 − (1 − x)ᵇ, Beta(a,b) and Beta(b,a) mirror each other; and one value from tables.
import * as assert from 'node:assert/strict';
import { betaCdf, betaQuantile } from '../../src/triage/beta';

const close = (a: number, b: number, eps = 1e-9) => assert.ok(Math.abs(a - b) < eps, `${a} vs ${b}`);

describe('triage: the Beta distribution', () => {
  it('matches closed forms', () => {
    for (const p of [0.001, 0.05, 0.5, 0.95, 0.999]) {
      close(betaQuantile(p, 1, 1), p);
      for (const a of [0.5, 2, 40, 300.5]) close(betaQuantile(p, a, 1), p ** (1 / a));
      for (const b of [0.5, 3, 70.5]) close(betaQuantile(p, 1, b), 1 - (1 - p) ** (1 / b));
    }
  });

  it('mirrors, and is the inverse of its CDF', () => {
    for (const [a, b] of [[2.5, 0.5], [30, 4], [0.7, 12], [500, 3]]) {
      for (const p of [0.05, 0.5, 0.95]) {
        close(betaQuantile(p, a, b), 1 - betaQuantile(1 - p, b, a), 1e-8);
        close(betaCdf(betaQuantile(p, a, b), a, b), p, 1e-8);
      }
    }
    // Beta(2, 3) median, from tables: 0.3857275681323.
    close(betaQuantile(0.5, 2, 3), 0.3857275681323, 1e-9);
  });
});
