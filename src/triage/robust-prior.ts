// A flagged group's prior that the group's own answers can overrule. The flagged groups are traps by nature, and their departures from what the fields say
// are not spread evenly: most of them sit where the fields put them, a few are far off (at 21,079,
// chain links whose other link was rejected, with a close name and no phone: the fields said 0.9,
// the curator approved 3 of 15). One Beta prior of concentration κ for all of them (the
// Beta–binomial of triage.ts) has two bad choices: a κ large enough for the many is one the few
// cannot overcome (that group was answered to its last item, its estimate still 0.73 after 3 of
// 15), and a κ small enough for the few makes the many speak for themselves. So the prior is a
// mixture (a robust prior, as in Schmidli et al. 2014): with probability π the group is like
// the fields say, Beta(κμ + ½, κ(1 − μ) + ½); otherwise it is a group of its own, Beta(½, ½).
// κ and π are those that make the answered groups' answers likeliest (the marginal likelihood,
// maximised over a grid: empirical Bayes, nothing set by hand); π = 1 is allowed, and is the
// single Beta again when no group departs. A group's posterior is the mixture updated by its
// answers, the weight moving to the component that explains them better; it is passed on as
// the Beta with the same mean and variance (what the set's bound uses, safe-sets.ts groupTally).
import { logBeta } from './beta';
import { fieldsPrior } from './concentration';

export interface RobustPrior {
  /** How many decisions' worth the fields' estimate is to a group that is like the fields say. */
  kappa: number;
  /** π: the share of groups that are. */
  weight: number;
}

export interface AnsweredGroup {
  /** The fields' estimate for the group. */
  mu: number;
  approve: number;
  n: number;
}

/** log P(answers | Beta(a, b)) but for the binomial coefficient, which every prior shares. */
function logMarginal(approve: number, reject: number, a: number, b: number): number {
  return logBeta(a + approve, b + reject) - logBeta(a, b);
}

/** log(π·e^x + (1 − π)·e^y), without overflow. */
function logMix(weight: number, x: number, y: number): number {
  if (weight >= 1) return x;
  const top = Math.max(x, y);
  return top + Math.log(weight * Math.exp(x - top) + (1 - weight) * Math.exp(y - top));
}

/** κ on a grid up to `maxKappa` (0, then doubling from ½), π in steps of 0.05 and 0.99, 1. */
export function fitRobustPrior(groups: readonly AnsweredGroup[], maxKappa: number): RobustPrior {
  if (groups.length < 2 || maxKappa <= 0) return { kappa: 0, weight: 1 };
  const kappas = [0];
  for (let k = 0.5; k < maxKappa; k *= 2) kappas.push(k);
  kappas.push(maxKappa);
  // Largest first, as κ is smallest first: a tie (at κ = 0 every π explains the answers alike) keeps the simpler prior.
  const weights = [1, 0.99, ...Array.from({ length: 19 }, (_, i) => 0.95 - 0.05 * i)];
  const vague = groups.map((g) => logMarginal(g.approve, g.n - g.approve, 0.5, 0.5));
  let best = { kappa: 0, weight: 1, ll: -Infinity };
  for (const kappa of kappas) {
    const fits = groups.map((g) => logMarginal(g.approve, g.n - g.approve, ...fieldsPrior(g.mu, kappa)));
    for (const weight of weights) {
      let ll = 0;
      for (let i = 0; i < groups.length; i++) ll += logMix(weight, fits[i], vague[i]);
      if (ll > best.ll + 1e-9) best = { kappa, weight, ll };
    }
  }
  return { kappa: best.kappa, weight: best.weight };
}

/** A group's posterior under the robust prior, as the Beta with its mean and variance. */
export function robustPosterior(mu: number, prior: RobustPrior, approve: number, reject: number): [alpha: number, beta: number] {
  const [a1, b1] = fieldsPrior(mu, prior.kappa);
  const alphaFit = a1 + approve;
  const betaFit = b1 + reject;
  if (prior.weight >= 1) return [alphaFit, betaFit];
  const alphaOwn = 0.5 + approve;
  const betaOwn = 0.5 + reject;
  // The weight of "like the fields say" after the answers.
  const x = Math.log(prior.weight) + logMarginal(approve, reject, a1, b1);
  const y = Math.log(1 - prior.weight) + logMarginal(approve, reject, 0.5, 0.5);
  const w = 1 / (1 + Math.exp(y - x));
  const moments = (a: number, b: number) => {
    const s = a + b;
    const m = a / s;
    return [m, (m * (1 - m)) / (s + 1)];
  };
  const [m1, v1] = moments(alphaFit, betaFit);
  const [m0, v0] = moments(alphaOwn, betaOwn);
  const mean = w * m1 + (1 - w) * m0;
  const variance = w * (v1 + m1 * m1) + (1 - w) * (v0 + m0 * m0) - mean * mean;
  const s = (mean * (1 - mean)) / Math.max(variance, 1e-12) - 1;
  return [mean * s, (1 - mean) * s];
}
