// The flagged groups' robust prior (robust-prior.ts): fitted from simulated groups with known
// parameters, and the posterior of a group that departs from the fields against one that does not.
import * as assert from 'node:assert/strict';
import { fitRobustPrior, robustPosterior } from '../../src/triage/robust-prior';
import { betaSample, mulberry32 } from './random-draws';

const mean = ([alpha, beta]: [number, number]) => alpha / (alpha + beta);

/** Answers of `n` per group, θ ~ Beta(κμ, κ(1 − μ)) for the groups like the fields, uniform on [0, 0.6] for the others (traps). */
function simulate(seed: number, groups: number, share: number, kappa: number, n: number): { mu: number; approve: number; n: number; like: boolean }[] {
  const rng = mulberry32(seed);
  return [...Array(groups)].map(() => {
    const mu = 0.9 + 0.099 * rng();
    const like = rng() < share;
    const theta = like ? betaSample(rng, kappa * mu, kappa * (1 - mu)) : 0.6 * rng();
    let approve = 0;
    for (let i = 0; i < n; i++) if (rng() < theta) approve++;
    return { mu, approve, n, like };
  });
}

describe('triage: the flagged groups’ robust prior', () => {
  it('is the single Beta when every group sits where the fields put it', () => {
    const groups = simulate(1, 40, 1, 200, 6);
    const prior = fitRobustPrior(groups, 240);
    assert.equal(prior.weight, 1, JSON.stringify(prior));
    assert.ok(prior.kappa >= 64, JSON.stringify(prior));
    // With π = 1 the posterior is the conjugate one.
    const p = robustPosterior(0.98, prior, 3, 0);
    assert.ok(Math.abs(p[0] - (0.5 + prior.kappa * 0.98 + 3)) < 1e-9 && Math.abs(p[1] - (0.5 + prior.kappa * 0.02)) < 1e-9, JSON.stringify(p));
  });

  it('finds the share of groups that depart, and keeps a large κ for the others', () => {
    const groups = simulate(2, 60, 0.8, 200, 8);
    const prior = fitRobustPrior(groups, 480);
    assert.ok(prior.weight >= 0.6 && prior.weight <= 0.95, JSON.stringify(prior));
    assert.ok(prior.kappa >= 32, JSON.stringify(prior));
  });

  it('lets a departing group’s answers speak, and holds an agreeing one to the fields', () => {
    const prior = { kappa: 100, weight: 0.8 };
    // The fields say 0.9; the curator approved 3 of 15 (issue 17, 21,079: a single Beta of κ 100 said 0.86).
    const departing = robustPosterior(0.9, prior, 3, 12);
    assert.ok(mean(departing) < 0.3, String(mean(departing)));
    // The fields say 0.995; two approvals: near the fields (a little below: one group in five is a
    // trap, and two answers do not yet tell), not at the answers' own 2.5 / 3.
    const agreeing = robustPosterior(0.995, prior, 2, 0);
    assert.ok(mean(agreeing) > 0.97, String(mean(agreeing)));
    // Ten approvals tell: closer to the fields.
    assert.ok(mean(robustPosterior(0.995, prior, 10, 0)) > mean(agreeing));
    // No answers: the mixture of the two, at the prior's weight.
    const none = robustPosterior(0.99, prior, 0, 0);
    assert.ok(Math.abs(mean(none) - (0.8 * ((0.5 + 99) / 101) + 0.2 * 0.5)) < 1e-9, String(mean(none)));
  });

  it('gives the mixture’s mean and variance', () => {
    const prior = { kappa: 40, weight: 0.7 };
    const p = robustPosterior(0.95, prior, 6, 4);
    const s = p[0] + p[1];
    const m = p[0] / s;
    const v = (m * (1 - m)) / (s + 1);
    // The mixture by hand: weights from the two marginal likelihoods (Beta functions by numeric integration).
    const grid = 20000;
    const dens = (a: number, b: number) => (x: number) => Math.pow(x, a - 1) * Math.pow(1 - x, b - 1);
    const integrate = (f: (x: number) => number) => {
      let sum = 0;
      for (let i = 0; i < grid; i++) sum += f((i + 0.5) / grid) / grid;
      return sum;
    };
    const fit = dens(0.5 + 40 * 0.95, 0.5 + 40 * 0.05);
    const own = dens(0.5, 0.5);
    const like = (x: number) => Math.pow(x, 6) * Math.pow(1 - x, 4);
    const zFit = integrate(fit);
    const zOwn = integrate(own);
    const post = (x: number) => 0.7 * (fit(x) / zFit) * like(x) + 0.3 * (own(x) / zOwn) * like(x);
    const z = integrate(post);
    const m2 = integrate((x) => x * post(x)) / z;
    const v2 = integrate((x) => x * x * post(x)) / z - m2 * m2;
    assert.ok(Math.abs(m - m2) < 1e-3, `${m} against ${m2}`);
    assert.ok(Math.abs(v - v2) < 1e-3 * v2 + 1e-5, `${v} against ${v2}`);
  });
});
