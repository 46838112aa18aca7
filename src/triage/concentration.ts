// κ, the weight of what the fields say in each group's Beta prior (triage.ts): how many decisions'
// worth the pooled model's estimate is to a group, estimated from the curator's decisions
// (empirical Bayes, method of moments), one per side of the target precision.

/**
 * A group counts for κ with this many decisions of its own or more: one decision per group says
 * nothing of how the groups scatter around the fields' estimate (a Bernoulli's variance is μ(1 − μ)
 * whatever κ is), so until some groups have two, nothing is borrowed.
 */
export const MIN_DECISIONS_FOR_KAPPA = 2;

/**
 * κ, how many decisions' worth the fields' estimate is to a group, by the method of moments: the
 * groups' observed approval rates scatter around their predictions by the binomial's own noise
 * plus the groups' true spread, Var(θ) = μ(1−μ)/(κ+1). No spread beyond noise: κ is as large as
 * the evidence allows (the decisions behind the model); none yet: 0.
 */
export function concentration(groups: readonly { mu: number; approve: number; n: number }[], decisions: number): number {
  if (groups.length < 2 || decisions === 0) return 0;
  let excess = 0;
  let spread = 0;
  for (const g of groups) {
    const r = g.approve / g.n;
    const mu = Math.min(1 - 1e-6, Math.max(1e-6, g.mu));
    excess += (r - mu) ** 2 - (mu * (1 - mu)) / g.n;
    spread += mu * (1 - mu);
  }
  if (excess <= 0) return decisions;
  return Math.min(decisions, Math.max(0, spread / excess - 1));
}

/**
 * κ on each side of the target: from the labelled groups the fields call at least `target` likely
 * (high) and from the others (low), each capped by the decisions behind its own groups. A group
 * on the high side that the curator's answers contradict (a trap the fields call near-certain)
 * makes the high side's κ small, as it should: only the other side's scatter is kept out.
 */
export function concentrationBySide(groups: readonly { mu: number; approve: number; n: number }[], target: number): { high: number; low: number } {
  const on = (high: boolean) => {
    const side = groups.filter((g) => g.mu >= target === high);
    return concentration(
      side,
      side.reduce((n, g) => n + g.n, 0),
    );
  };
  return { high: on(true), low: on(false) };
}

/**
 * A group's Beta prior from the fields' estimate μ worth κ decisions: Jeffreys' Beta(½, ½), which
 * keeps a group with no evidence honest, and κ decisions at μ. (Not Jeffreys' half fading once
 * κ reaches one decision: that took half to a third of the answers on the simulated backlogs, but a
 * prior worth six decisions then called a group of 1,941 99.97 % likely on two approvals: the half
 * is the floor of what few decisions can show.)
 */
export function fieldsPrior(mu: number, kappa: number): [number, number] {
  const m = Math.min(1 - 1e-6, Math.max(1e-6, mu));
  return [0.5 + kappa * m, 0.5 + kappa * (1 - m)];
}
