// The live bulk tally (issue 17, sixth attempt): what the curator believes *now* about everything
// decided in bulk so far, not what was believed when it was decided.
//
// A group decision decides m items that share the group's approval share θ. The journal used to
// keep, per decision, the expected wrong items and their variance as estimated at that moment
// (journal.ts BulkShare), summed forever (journal-tally.ts). The first large approve set is decided
// early, when κ (how many decisions' worth the fields' estimate is to a group, triage.ts) is still
// capped by the few decisions behind it; its frozen share (Jeffreys' half rejection over κ + own
// answers) then spent nearly all of the approve side's error budget for the rest of the run.
//
// Now a share also carries what is needed to recompute the group's posterior later: the group's own
// approve/reject answers when it was decided, the fields' estimate μ then and the typical score the
// estimate was taken at. At every triage the group's θ gets the posterior a pending group with those
// answers gets today: Beta(½ + κ·μ + approvals, ½ + κ·(1 − μ) + rejections), with today's κ (of the
// side of the target today's μ is on, or the leaders' own) and today's μ (the pooled model refitted
// on every answer, at the same pattern, flags and score). The tally is the group's wrong count
// under that posterior: m·E[wrong share] expected, m·E[θ(1 − θ)] + m²·Var(θ) its variance, the same
// terms safe-sets.ts groupTally gives a new set, with z from the coverage applied to the sum there.
//
// Why this is honest, and not counted twice:
//   - The bulk-decided items are never answers (journal-labels.ts): they teach neither the model
//     nor κ, so the estimate cannot confirm itself. Only the curator's answers move it.
//   - A group's own answers are in its posterior and, with every other labelled group's, in the
//     moment estimate of κ. That is empirical Bayes as every pending group already gets it; the
//     decided group is treated exactly like a pending group with the same answers, no better.
//   - κ can fall as well as grow: a near-certain group that its answers contradict collapses its
//     side's κ (concentration.ts), and then every decided group of that side is charged more. The
//     live tally can grow beyond the frozen one; it is no one-way ratchet towards optimism.
//   - The group's own answers are those it had when decided (the largest count of its shares), or
//     today's count for its key when larger: later answers in the same pattern and flags are
//     answers about the same θ, as an audit sample would be.
//   - Two decisions of the same group share one θ: their items are summed into one m before the
//     m²·Var(θ) term (not m₁²·Var + m₂²·Var, which would drop the cross term), and a pending group
//     joining a set next to bulk decisions of its own key adds the cross term 2·m₀·m·Var(θ)
//     (safe-sets.ts, `decided`).
//   - A group no one had seen when it was decided stays at its worst (all of it wrong), and a share
//     from an older journal without these members stays frozen as it was written.
// What it does not fix: the groups' θ are summed as independent, the optimistic side if the fields'
// estimate errs for many groups at once — the same as for a new set (safe-sets.ts).
import { type Agreement, AGREEMENTS, type Features, PATTERN_FIELDS } from './features';
import type { Flag } from './flags';
import { type BulkTally, EMPTY_TALLY, groupTally } from './safe-sets';

/** The decisions of one group in one verdict that carry what a live estimate needs (journal.ts BulkShare). */
export interface LiveGroup {
  group: string;
  verdict: 'approve' | 'reject';
  /** Items decided. */
  count: number;
  /** The fields' estimate when decided: used when today's model cannot place the group. */
  mu: number;
  /** The typical score it was estimated at (triage.ts fieldEstimate). */
  score?: number;
  /** The group's own answers when decided (the largest count of its decisions). */
  approve: number;
  reject: number;
}

/** A share's live members, if all are there and sound; undefined otherwise (the share stays frozen). */
export function liveMembers(share: { mu?: unknown; score?: unknown; approve?: unknown; reject?: unknown; unseen?: unknown }): Omit<LiveGroup, 'group' | 'verdict' | 'count'> | undefined {
  const { mu, score, approve, reject, unseen } = share;
  const count = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x) && x >= 0;
  const unit = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= 1;
  if (!unit(mu) || !count(approve) || !count(reject) || approve + reject === 0 || unseen !== 0) return undefined;
  return { mu, score: unit(score) ? score : undefined, approve, reject };
}

/** One more decision of a share into the live groups (in place), keyed by verdict and group. */
export function addLive(live: Map<string, LiveGroup>, verdict: 'approve' | 'reject', group: string, m: Omit<LiveGroup, 'group' | 'verdict' | 'count'>, count = 1): void {
  const key = `${verdict}\t${group}`;
  const g = live.get(key);
  if (!g) {
    live.set(key, { group, verdict, count, ...m });
    return;
  }
  g.count += count;
  // The latest decision of the group knew the most answers: its counts and its μ.
  if (m.approve + m.reject >= g.approve + g.reject) Object.assign(g, m);
}

/** What triage knows today that the live estimate needs. */
export interface LiveContext {
  /** The pooled model's estimate without the pattern's own effect (triage.ts fieldEstimate), or undefined when no decisions yet. */
  mu(features: Features, flags: readonly Flag[], chainLead: boolean): number | undefined;
  /** κ for a group of this μ (its side of the target), or the leaders' own. */
  kappa(mu: number, chainLead: boolean): number;
  /** The curator's answers today in this group key. */
  own(key: string): { approve: number; reject: number } | undefined;
}

/** A group key's pattern as features at a score (what the pooled model reads), or undefined if it is not one. */
export function keyFeatures(key: string, score: number): { features: Features; flags: Flag[]; chainLead: boolean } | undefined {
  const [pattern, flagPart] = key.split('|', 2);
  const m = /^(location|event):(.*)$/.exec(pattern);
  if (!m) return undefined;
  const kind = m[1] as 'location' | 'event';
  const fields = PATTERN_FIELDS[kind] as readonly string[];
  const pairs = m[2].split(',').map((p) => p.split('='));
  if (pairs.length !== fields.length || pairs.some(([f, a], i) => f !== fields[i] || !AGREEMENTS.includes(a as Agreement))) return undefined;
  const all = flagPart ? flagPart.split('+') : [];
  const features: Features = { id: key, kind, score, agreements: pairs.map(([, a]) => a as Agreement), levels: [], pattern, sameAddressOtherName: false, oddOneOut: null, sameSource: false };
  return { features, flags: all.filter((f) => f !== 'lead') as Flag[], chainLead: all.includes('lead') };
}

export interface LiveTally {
  approve: BulkTally;
  reject: BulkTally;
  /** Items decided per verdict and group key: a pending group of the same key shares their θ. */
  decided: { approve: Map<string, number>; reject: Map<string, number> };
}

/** The live groups' tally under today's posteriors (see the comment at the top). */
export function liveTally(groups: readonly LiveGroup[], ctx: LiveContext): LiveTally {
  const out: LiveTally = { approve: { ...EMPTY_TALLY }, reject: { ...EMPTY_TALLY }, decided: { approve: new Map(), reject: new Map() } };
  for (const g of groups) {
    const placed = keyFeatures(g.group, g.score ?? 0.5);
    const mu = (process.env.LIVE_MU !== 'stored' && placed && g.score !== undefined ? ctx.mu(placed.features, placed.flags, placed.chainLead) : undefined) ?? g.mu;
    // The κ of the side the group was on when decided (its μ then against the target): the side is
    // where its evidence came from. A μ that drifts across the target by the model's refits would
    // otherwise swap κ ≈ 100 for κ ≈ 10 on a group nobody has answered since (measured: it charged
    // 12,197's first set 5 items more within 30 answers, and closed the approve side).
    const k = ctx.kappa(g.mu, placed?.chainLead ?? g.group.endsWith('+lead'));
    const today = ctx.own(g.group);
    const own = today && today.approve + today.reject > g.approve + g.reject ? today : g;
    const post = { alpha: 0.5 + k * mu + own.approve, beta: 0.5 + k * (1 - mu) + own.reject, own: own.approve + own.reject };
    const t = groupTally(g.verdict, g.count, post);
    const sum = out[g.verdict];
    sum.size += t.size;
    sum.expectedWrong += t.expectedWrong;
    sum.variance += t.variance;
    out.decided[g.verdict].set(g.group, (out.decided[g.verdict].get(g.group) ?? 0) + g.count);
  }
  return out;
}
