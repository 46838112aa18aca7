// Which groups may be rejected in bulk together: a recall budget.
// What a curator loses by a bulk rejection is the true matches in it, and what they care about is
// recall — the true matches lost as a share of all true matches in the backlog — not the share of
// true matches among what was rejected. The earlier rule ("at most 2 % of a reject set may be
// true", safe-sets.ts with maxApprovalToReject) is both too strict and too loose for that: in a
// backlog rich in matches a group of chain rivals with one match in ten can never be rejected in
// bulk, though rejecting it costs a fraction of a percent of recall; in a backlog with few matches
// a 2 % share of a large reject set can be most of its matches. So a reject set is admitted while
//   lost ≤ (1 − targetRecall) × matches
// holds at the honest ends of both sides:
//   - lost, at its upper end: the earlier bulk rejections (the journal's tally) and the set's groups,
//     expected true matches plus z standard deviations of that count (their posteriors: the same
//     terms as safe-sets.ts groupTally), plus any group no one has seen counted as all matches;
//   - matches, at its lower end: the curator's own approvals (each a match by definition), the bulk
//     approvals less their wrong ones at the upper end, and the expected matches of the pending
//     groups the curator has answered in, less z standard deviations. A group no one has answered in
//     adds nothing: the model's optimism about a pattern no human has seen is never trusted.
// A small backlog or an early triage has a small lower end, so a small budget: the rule is stricter
// there by itself, and the share bound is not needed for safety on small backlogs. It is kept for one
// thing: the tail of groups no one has seen, which ride along only at their worst and only while
// they stay within that share of the set (spending the recall budget on worst cases would leave
// none for the groups the curator has answered in, and a group needs only one answer to be seen).
// Flagged groups need decisions of their own first, as for approvals. And a group whose items are
// likely matches never joins, whatever the budget: the upper end of its interval must be at most
// one half (a match is less likely than not, even at the optimistic end) — the curator rejects
// many non-matches with a few matches among them, never a group of matches for want of answers.
import { betaQuantile } from './beta';
import { type BulkTally, EMPTY_TALLY, type GroupPosterior, groupTally, normalUpperQuantile, type SafeSet, type SetGroup } from './safe-sets';

/** A group's approval share θ, at the upper end of its interval, above which it is never rejected in bulk. */
const REJECTABLE_HIGH = 0.5;

export interface MatchesInput {
  /** The curator's own approvals (answers, not bulk decisions): matches by definition. */
  handApprovals: number;
  /** What bulk approvals decided (safe-sets.ts BulkTally): its wrong ones at the upper end are no matches. */
  bulkApproved: BulkTally;
  /** The pending groups with their posterior: only those the curator answered in count. */
  pending: readonly { size: number; post: GroupPosterior }[];
  /** The one-sided tail of the bounds (0.05 at a 90 % interval). */
  tail: number;
}

/** A lower bound of the true matches in the backlog (decided and pending), as above. */
export function matchesLowerBound(input: MatchesInput): number {
  const z = normalUpperQuantile(input.tail);
  const b = input.bulkApproved;
  let expected = b.size - b.unseen - b.expectedWrong;
  let variance = b.variance;
  for (const { size, post } of input.pending) {
    if (post.own === 0 || size === 0) continue;
    // The matches in a group are what rejecting it would get wrong.
    const t = groupTally('reject', size, post);
    expected += t.expectedWrong;
    variance += t.variance;
  }
  return input.handApprovals + Math.max(0, expected - z * Math.sqrt(variance));
}

export interface RecallSetOptions {
  targetRecall: number;
  /** matchesLowerBound of the backlog. */
  matchesLow: number;
  tail: number;
  minOwnLabels: number;
  /** The share of the set (history included) that groups no one has seen may take at their worst; and the fields' estimate such a group needs. */
  unseenShare: number;
  /** The earlier bulk rejections. */
  sofar?: BulkTally;
}

/** The set's recall figures: what it may lose and what it loses at the upper end, history included. */
export interface RecallSet extends SafeSet {
  /** The backlog's true matches at their lower end (matchesLowerBound). */
  matchesLow: number;
  /** (1 − targetRecall) × matchesLow: what bulk rejections may lose, history included. */
  maxLost: number;
  /** What they lose at the upper end with this set, history included. */
  lostHigh: number;
}

/** θ's interval upper end for a posterior. */
function upper(post: GroupPosterior, tail: number): number {
  return betaQuantile(1 - tail, post.alpha, post.beta);
}

/**
 * The groups that may be rejected together within the recall budget: seen groups with the fewest
 * expected matches per item first, each admitted while the bound holds with it (the bound only
 * grows, so a group that does not fit is skipped and a smaller one may still fit); then unseen plain
 * groups, smallest first, at their worst.
 */
export function recallSet(groups: readonly SetGroup[], posterior: ReadonlyMap<string, GroupPosterior>, o: RecallSetOptions): RecallSet {
  const sofar = o.sofar ?? EMPTY_TALLY;
  const z = normalUpperQuantile(o.tail);
  const maxLost = (1 - o.targetRecall) * o.matchesLow;
  const mean = (p: GroupPosterior) => p.alpha / (p.alpha + p.beta);
  const seen: SetGroup[] = [];
  const unseen: SetGroup[] = [];
  for (const g of groups) {
    const post = posterior.get(g.key);
    if (!post || g.decidable.length === 0) continue;
    if (post.own === 0) {
      // Rides along at its worst only if the fields call it a likely non-match, and never flagged.
      if (!g.flags.length && mean(post) <= o.unseenShare) unseen.push(g);
    } else if ((!g.flags.length || post.own >= Math.min(o.minOwnLabels, g.size)) && upper(post, o.tail) <= REJECTABLE_HIGH) seen.push(g);
  }
  seen.sort((a, b) => mean(posterior.get(a.key)!) - mean(posterior.get(b.key)!) || b.size - a.size || a.key.localeCompare(b.key));
  unseen.sort((a, b) => a.decidable.length - b.decidable.length || a.key.localeCompare(b.key));
  const lost = (e: number, v: number, w: number) => e + z * Math.sqrt(v) + w;
  let { size: n, expectedWrong: expected, variance, unseen: worst } = sofar;
  const keys: string[] = [];
  const cheaper = cheaperMatches(groups, posterior);
  for (const g of seen) {
    const t = groupTally('reject', g.decidable.length, posterior.get(g.key)!);
    // Room for every open group less likely a match than it, at its expected matches: the budget
    // buys the fewest matches per item rejected first, whenever their groups are ready.
    if (lost(expected + t.expectedWrong + cheaper(g, keys), variance + t.variance, worst) > maxLost) continue;
    keys.push(g.key);
    n += t.size;
    expected += t.expectedWrong;
    variance += t.variance;
  }
  for (const g of unseen) {
    const m = g.decidable.length;
    if (lost(expected, variance, worst + m) > maxLost || (worst + m) / (n + m) > o.unseenShare) continue;
    keys.push(g.key);
    n += m;
    worst += m;
  }
  const tally = { size: n - sofar.size, expectedWrong: expected - sofar.expectedWrong, variance: variance - sofar.variance, unseen: worst - sofar.unseen };
  const lostHigh = lost(expected, variance, worst);
  return { verdict: 'reject', keys, size: tally.size, expectedWrong: tally.expectedWrong, unseen: tally.unseen, wrongShareHigh: n ? lostHigh / n : 0, tally, matchesLow: o.matchesLow, maxLost, lostHigh };
}

/**
 * The reservation of a group joining a reject set: the expected matches of the open groups whose
 * mean is below its own (seen or not; not those already in the set), what rejecting them all would
 * lose. A group with many matches per item waits for those with fewer, which the budget serves first.
 */
function cheaperMatches(groups: readonly SetGroup[], posterior: ReadonlyMap<string, GroupPosterior>): (g: SetGroup, taken: readonly string[]) => number {
  const open = groups
    .filter((g) => posterior.has(g.key) && g.decidable.length > 0)
    .map((g) => {
      const p = posterior.get(g.key)!;
      const mean = p.alpha / (p.alpha + p.beta);
      return { key: g.key, mean, matches: g.decidable.length * mean };
    })
    .filter((x) => x.mean < REJECTABLE_HIGH)
    .sort((a, b) => a.mean - b.mean);
  return (g, taken) => {
    const p = posterior.get(g.key)!;
    const mean = p.alpha / (p.alpha + p.beta);
    const inSet = new Set(taken);
    let sum = 0;
    for (const x of open) {
      if (x.mean >= mean) break;
      if (x.key !== g.key && !inSet.has(x.key)) sum += x.matches;
    }
    return sum;
  };
}

/**
 * How many more rejections a seen group needs before it could join a reject set next to `base`
 * (the earlier bulk rejections and the set as it stands) within `maxLost`: the smallest k ≤
 * maxAnswers, or undefined. Both conditions only get easier with each rejection, so a bisection
 * finds it (a Beta quantile per step, a few per group). For the queue's order only.
 */
export function answersToReject(size: number, post: GroupPosterior, base: BulkTally, o: { maxLost: number; tail: number; needOwn: number; maxAnswers: number }): number | undefined {
  const z = normalUpperQuantile(o.tail);
  const fits = (k: number) => {
    const p = { ...post, beta: post.beta + k, own: post.own + k };
    const t = groupTally('reject', size, p);
    return base.expectedWrong + t.expectedWrong + z * Math.sqrt(base.variance + t.variance) + base.unseen <= o.maxLost && upper(p, o.tail) <= REJECTABLE_HIGH;
  };
  let lo = Math.max(1, o.needOwn - post.own);
  let hi = o.maxAnswers;
  if (lo > hi || !fits(hi)) return undefined;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fits(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
