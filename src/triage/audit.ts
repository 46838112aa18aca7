// The audit sample: the small groups certified *together* by a uniformly
// random sample of their items, not by the pooled model. Acceptance sampling: the wrong share of a
// population of items is estimated honestly from a uniform random sample of it, whatever the model
// says and however heterogeneous the population — a small group the model is wrong about as a whole
// is found in proportion to its size, like any other item.
//
// The stratum: the open groups (not safe alone nor in a set) the pooled estimate puts on the approve
// side, except the competing-link traps (NOT_AUDITED), taken costliest first (a group's own answers
// per item on its way to a group decision: answersToSafe, all of a small group out of reach) while
// the stratum's wrong share *as the model predicts it* stays at the limit and the approve set could
// still take it; then only the groups whose own answers per item are at least the audit's, K/N. So
// there is no size constant S: the error budget says how large N may be and how many answers K a
// certificate needs, and a group qualifies when answering it on its own would cost more per item.
// Auditing starts only when the stratum's groups would cost at least K answers on their own, and
// never before the first bulk approval (with nothing to certify next to, K ≈ 190 at 0.99). Selecting
// the stratum by the model is fine: the certificate conditions on it; the sample within it is uniform.
//
// The certificate: k audit answers, x of them rejections (wrong had the stratum been approved), give
// the stratum's wrong share θ the Jeffreys posterior Beta(x + ½, k − x + ½). The stratum joins the
// approve set like one group of its size would, only if the set's bound (earlier bulk decisions
// included) still holds with it; its upper end is the Beta quantile rather than mean + z·sd (after a
// few dozen approvals the posterior is skewed and the normal form would understate it): stratumTally.
// K is the fewest answers (these, plus approvals) after which the bound holds — from the budget, not
// a constant. Unlike a pattern group, the stratum need not reach the target on its own: the target is
// a property of all bulk approvals together (safe-sets.ts), and the stratum is a small share of them
// whose spread the bound carries in full. (A group's "mean at the target" rule exists because letting
// groups below it in spent the budget later groups needed; the stratum
// comes late, is small, and its answers are the ones that would otherwise decide it by hand.)
//
// What it assumes: each draw is uniform over the stratum's pending items *as it stood at the draw*
// (auditDraws: a hash of the draw number and the id, never the item's estimate or anything its
// truth could move). The stratum changes between draws: groups leave when decided, certified alone
// or moved by their own answers; chain members re-flagged by decisions form new groups that enter.
// The certificate pools the draws, so it estimates the stratum averaged over the audit's span. That
// drift is bounded three ways: (1) every audit answer counts, also one whose group has since left
// (dropping it would select on the truth: a wrong draw lowers its group's estimate and moves it out);
// groups that leave because their answers were wrong make the remaining stratum better than the
// estimate, not worse; (2) a certificate is spent once used (`spent`: the journal's group decisions
// say how many audit answers the last certificate rested on), so a later stratum — new groups — is
// certified only by draws taken after it, never by answers drawn from an earlier population; (3) the
// span is short: K was 12–19 answers in the simulated backlogs, two to four triages. A draw left
// unanswered (skipped in the queue) is a selection only if skipping depends on the answer: the queue
// shows draws blind, so it cannot depend on the score or the flags; an unsure answer does not count
// (an unsure item is never approved in bulk, so it is not in the population certified). What it does
// not do: trust the pooled model for the stratum's items (the model only chose which groups to
// audit), or certify the reject side (not built). A stratum decided in part (one of its groups in the
// extension) adds each item's share of the stratum's tally: the part's m²·Var share is understated by
// m/N; the simulation and a certified stratum decided whole add all of it.
import type { DecisionEntry } from '../curation/journal';
import { betaQuantile } from './beta';
import { addTally, type BulkTally, EMPTY_TALLY, type GroupPosterior, normalUpperQuantile, type SafeSet, type SetGroup } from './safe-sets';
import { mixedHash } from './string-hash';

/** What the audit needs of a group (triage.ts's TriageGroup has more). */
export interface AuditGroup extends SetGroup {
  safe: 'approve' | 'reject' | null;
  /** The group's estimated approval share (its posterior mean). */
  p: number;
  answersToSafe?: number;
}

/** An answer to an audit draw, in the order given. */
export interface AuditAnswer {
  verdict: 'approve' | 'reject' | 'unsure';
  /** The draw number it answered (its place among all audit draws). */
  audit: number;
}

export interface AuditState {
  /** The stratum's groups (their keys). */
  keys: string[];
  /** Its pending, decidable items. */
  items: string[];
  /** Audit answers counted for this certificate (drawn after the last one was spent), and the rejections among them. */
  answers: number;
  wrong: number;
  /** The next draw's number: every audit answer so far, spent or not. */
  nextDraw: number;
  /** Answers a certificate needs with the rejections seen so far (K above); `needed` more with none wrong. */
  least: number;
  needed: number;
  /** Beta posterior of the stratum's approval share θ (alpha = k − x + ½, beta = x + ½). */
  posterior: GroupPosterior;
  /** Upper end of the stratum's wrong share (the interval's upper tail). */
  wrongHigh: number;
  /** The stratum joined the approve set: its groups are safe to approve. */
  certified: boolean;
  /** What approving the stratum adds to the bulk tally. */
  tally: BulkTally;
}

/**
 * `count` draws from `items`, numbered `from`, `from + 1`, …: draw d is the item with the least
 * hash of (d, id) among those not drawn before it — uniform over the stratum, without replacement,
 * reproducible, and blind to everything but the ids (never the estimate, never the truth).
 */
export function auditDraws(items: readonly string[], from: number, count: number): string[] {
  const left = new Set(items);
  const out: string[] = [];
  for (let d = from; d < from + count && left.size; d++) {
    let best: string | undefined;
    let bestHash = Infinity;
    for (const id of left) {
      const h = mixedHash(`${d}\u0000${id}`);
      if (h < bestHash || (h === bestHash && id < best!)) [best, bestHash] = [id, h];
    }
    left.delete(best!);
    out.push(best!);
  }
  return out;
}

/**
 * Flags whose groups are never audited: the links that compete for an entity or repeat a rejected
 * pairing (a chain's members, leaders included; the remaining link of a rejected chain; a pair
 * rejected before; two records of one source). The one-to-one constraint makes them wrong in a
 * share the fields cannot show — measured 10–80 % in the simulated backlogs, and the pooled model
 * put whole trailing groups at ≥ 0.99: the first audits drew them at 10–13 % wrong and stopped, the
 * answers spent for nothing. Their groups are mixed by construction; they keep their own answers.
 */
export const NOT_AUDITED: readonly string[] = ['chain', 'rival-rejected', 'rejected-before', 'same-source'];

/**
 * A group's own answers on its way to a group decision: answersToSafe, and when out of the queue's
 * reach (none within MAX_ANSWERS_AHEAD, triage.ts) at least one more than that — all of a small
 * group (answered by hand), not all of a large one the budget cannot take yet.
 */
export const ownAnswers = (g: AuditGroup, lookedAhead = 64) => Math.min(g.decidable.length, g.answersToSafe ?? lookedAhead + 1);
const ownCost = (g: AuditGroup) => ownAnswers(g) / g.decidable.length;

/**
 * The stratum (see the top of the file), given `least(items)`: the fewest audit answers (with the
 * rejections so far and none more) after which the approve set could take a stratum of that many
 * items, undefined when none could. The open approve-side groups, costliest per item first, each
 * while a certificate stays within reach and the stratum's wrong share *as the model predicts it*
 * stays at the limit (the model only chooses what to audit, so that the audit is likely to pass);
 * then only the groups whose own answers per item are at least the audit's, K/N — a group that two
 * answers of its own bring to a group decision stays with its own.
 */
export function auditStratum(groups: readonly AuditGroup[], targetPrecision: number, least: (items: number) => number | undefined, reachable = (items: number) => least(items) !== undefined): AuditGroup[] {
  const open = groups.filter((g) => g.safe === null && g.decidable.length > 0 && g.p >= 0.5 && !g.flags.some((f) => NOT_AUDITED.includes(f))).sort((a, b) => ownCost(b) - ownCost(a) || a.decidable.length - b.decidable.length || a.key.localeCompare(b.key));
  const taken: AuditGroup[] = [];
  let n = 0;
  let predicted = 0;
  for (const g of open) {
    const m = g.decidable.length;
    if ((predicted + m * (1 - g.p)) / (n + m) > 1 - targetPrecision || !reachable(n + m)) continue;
    taken.push(g);
    n += m;
    predicted += m * (1 - g.p);
  }
  const k = least(n);
  return k === undefined ? [] : taken.filter((g) => ownCost(g) * n >= k);
}

/** How far ahead a certificate is looked for (answers): a bound on work, far above the 12–19 the simulated certificates needed. */
const MAX_AUDIT_ANSWERS = 200;

/**
 * What approving `size` items of a stratum with posterior `post` adds to the bulk tally. The wrong
 * share's upper end is the Beta quantile, not mean + z·sd (after a few dozen answers all approvals
 * the posterior is skewed: the normal form would understate it); the variance is the one whose
 * z·sd reaches that quantile, plus the items' own, so later bounds carry the certificate's upper end.
 */
export function stratumTally(size: number, post: GroupPosterior, tail: number): BulkTally {
  const z = normalUpperQuantile(tail);
  const s = post.alpha + post.beta;
  const mean = post.beta / s;
  const high = betaQuantile(1 - tail, post.beta, post.alpha);
  const spread = (size * Math.max(0, high - mean)) / z;
  return { size, expectedWrong: size * mean, variance: spread * spread + (size * post.alpha * post.beta) / (s * (s + 1)), unseen: 0 };
}

/**
 * The audit's state at this triage: the stratum, the certificate from the audit answers drawn since
 * the last one was spent, and whether the stratum may join the approve set next to `base` (earlier
 * bulk approvals, the curator's own approvals and the set as it stands). Draws are asked (`needed` >
 * 0) only while the stratum's groups would cost at least as many answers on their own as the
 * certificate still needs, and only once something is approved in bulk (`afterBulk`; by default,
 * once `base` holds anything).
 */
export function auditState(
  groups: readonly AuditGroup[],
  answers: readonly AuditAnswer[],
  options: { targetPrecision: number; tail: number; spent: number; base: BulkTally; afterBulk?: boolean },
): AuditState {
  const maxWrong = 1 - options.targetPrecision;
  const counted = answers.filter((a) => a.audit >= options.spent && a.verdict !== 'unsure');
  const k = counted.length;
  const x = counted.filter((a) => a.verdict === 'reject').length;
  const z = normalUpperQuantile(options.tail);
  const post = (answered: number): GroupPosterior => ({ alpha: answered - x + 0.5, beta: x + 0.5, own: answered });
  const boundWith = (size: number, answered: number) => {
    const whole = addTally(options.base, stratumTally(size, post(answered), options.tail));
    return whole.size ? (whole.expectedWrong + z * Math.sqrt(whole.variance) + whole.unseen) / whole.size : 1;
  };
  // K for a stratum of `size` items: the fewest answers (these k, and more approvals) after which
  // the set keeps its bound with it — the error budget, not a constant, says how many.
  // More approvals only tighten the bound: a bisection finds it.
  const least = (size: number) => {
    let lo = Math.max(k, 1);
    let hi = Math.max(k, MAX_AUDIT_ANSWERS);
    if (boundWith(size, hi) > maxWrong) return undefined;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (boundWith(size, mid) <= maxWrong) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  // Nothing to certify next to: with no bulk approval yet the certificate alone must keep the target
  // (K ≈ 190 at 0.99), and the large groups' own few answers reach a group decision first.
  const ahead = Math.max(k, MAX_AUDIT_ANSWERS);
  const stratum = (options.afterBulk ?? options.base.size > 0) ? auditStratum(groups, options.targetPrecision, least, (size) => boundWith(size, ahead) <= maxWrong) : [];
  const items = stratum.flatMap((g) => g.decidable);
  const K = items.length ? least(items.length) ?? Infinity : Infinity;
  const posterior = post(k);
  const tally = items.length && k ? stratumTally(items.length, posterior, options.tail) : EMPTY_TALLY;
  const certified = items.length > 0 && k >= 1 && k >= K;
  const nextDraw = answers.reduce((m, a) => Math.max(m, a.audit + 1), 0);
  const own = stratum.reduce((sum, g) => sum + ownAnswers(g), 0);
  const needed = certified || !Number.isFinite(K) || own < K - k ? 0 : K - k;
  const wrongHigh = betaQuantile(1 - options.tail, posterior.beta, posterior.alpha);
  return { keys: stratum.map((g) => g.key), items, answers: k, wrong: x, nextDraw, least: Number.isFinite(K) ? K : 0, needed, posterior, wrongHigh, certified, tally };
}

/**
 * The audit draws a triage asks (auditDraws): item id → draw number, as many as the certificate
 * still needs with none wrong. The caller journals the number with the answer (`TriageLabel.audit`,
 * the journal's `audit`), so the answer counts for the certificate.
 */
export function drawsOf(a: AuditState): Map<string, number> {
  if (a.certified || !a.items.length || !a.needed) return new Map();
  return new Map(auditDraws(a.items, a.nextDraw, a.needed).map((id, i) => [id, a.nextDraw + i]));
}

/** The review queue's order with the draws first of every two questions, until the certificate could hold. */
export function withDraws(order: readonly string[], a: AuditState): string[] {
  const draws = [...drawsOf(a).keys()];
  const mixed: string[] = [];
  for (let i = 0; i < Math.max(draws.length, order.length); i++) {
    if (i < draws.length) mixed.push(draws[i]);
    if (i < order.length) mixed.push(order[i]);
  }
  return mixed;
}

/** The approve set with a certified stratum in it: its keys, items, expected wrong and bound. */
export function withAudit(set: SafeSet, audit: AuditState, sofar: BulkTally, tail: number): SafeSet {
  if (!audit.certified) return set;
  const tally = addTally(set.tally, audit.tally);
  const whole = addTally(sofar, tally);
  const z = normalUpperQuantile(tail);
  const wrongShareHigh = whole.size ? (whole.expectedWrong + z * Math.sqrt(whole.variance) + whole.unseen) / whole.size : 0;
  return { ...set, keys: [...set.keys, ...audit.keys], size: tally.size, expectedWrong: tally.expectedWrong, unseen: tally.unseen, wrongShareHigh, tally };
}

/**
 * How many audit answers earlier certificates rested on (the journal's group decisions that reached
 * the service carry it in their share, BulkShare.audit): answers drawn before it are spent.
 */
export function auditSpentFromJournal(entries: readonly DecisionEntry[]): number {
  let spent = 0;
  for (const e of entries) {
    const a = e.outcome === 'ok' && e.bulk && typeof e.bulk === 'object' ? e.bulk.audit : undefined;
    if (typeof a === 'number' && Number.isFinite(a) && a > spent) spent = Math.floor(a);
  }
  return spent;
}
