// The audit sample (issue 17's seventh attempt): the small groups certified *together* by a uniformly
// random sample of their items, not by the pooled model. Acceptance sampling: the wrong share of a
// population of items is estimated honestly from a uniform random sample of it, whatever the model
// says and however heterogeneous the population — a small group the model is wrong about as a whole
// is found in proportion to its size, like any other item.
//
// The stratum: the open groups (not safe alone nor in a set) the pooled estimate puts on the approve
// side at the target (the same candidacy a group needs to join the approve set), whose own way to a
// group decision costs at least as many answers per item as the audit does: a group of m items that
// needs a answers of its own (answersToSafe; all m when out of reach) costs a/m per item, the audit
// K/N for the N items of the stratum, where K is the least number of answers that can certify it
// (below). So there is no size constant S: small groups qualify because a group of 1–9 items costs
// ~1 answer per item or more on its own, and the audit starts only when the stratum's groups would
// cost more answers on their own than the audit needs (Σ a ≥ K). Selecting the stratum by the model
// is fine: the certificate conditions on the stratum, the sample within it is uniform.
//
// The certificate: k audit answers, x of them rejections (wrong had the stratum been approved), give
// the stratum's wrong share θ the Jeffreys posterior Beta(x + ½, k − x + ½). The stratum joins the
// approve set like one group of its size would (safe-sets.ts groupTally: expected wrong N·mean,
// variance N²·Var(θ) + N·E[θ(1 − θ)]): only when its mean is at the target — the rule every group
// keeps — and the set's bound (earlier bulk decisions included) still holds with it. The least K
// with x wrong: (x + ½)/(K + 1) ≤ 1 − target, i.e. K = ⌈(x + ½)/(1 − target)⌉ − 1: 49 answers at
// 0.99 with none wrong, 149 with one. That is the constant the stratum and the start are derived from.
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
// span is short: K ≈ 49 answers, a few triages. What it does not do: trust the pooled model for the
// stratum's items (the model only chose which groups to audit), or certify the reject side (not built).
import type { DecisionEntry } from '../curation/journal';
import { addTally, type BulkTally, EMPTY_TALLY, type GroupPosterior, groupTally, normalUpperQuantile, type SafeSet, type SetGroup } from './safe-sets';

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

/** K: the least number of audit answers with `wrong` rejections whose Jeffreys mean is at the limit. */
export function leastAuditAnswers(wrong: number, maxWrongShare: number): number {
  return Math.max(1, Math.ceil((wrong + 0.5) / maxWrongShare - 1 - 1e-9));
}

/** FNV-1a of a string: the draws' only source of chance, so they are reproducible. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  // A final avalanche (murmur3's fmix32): FNV alone orders ids that differ in their last character alike.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
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
      const h = hash(`${d}\u0000${id}`);
      if (h < bestHash || (h === bestHash && id < best!)) [best, bestHash] = [id, h];
    }
    left.delete(best!);
    out.push(best!);
  }
  return out;
}

/**
 * The stratum (see the top of the file): open approve-side groups whose own answers per item are at
 * least the audit's, K/N. Taken most costly first, as the longest prefix whose last group still
 * costs at least K over the prefix's items.
 */
export function auditStratum(groups: readonly AuditGroup[], least: number, targetPrecision: number): AuditGroup[] {
  const cost = (g: AuditGroup) => Math.min(g.decidable.length, g.answersToSafe ?? g.decidable.length) / g.decidable.length;
  const open = groups.filter((g) => g.safe === null && g.decidable.length > 0 && g.p >= targetPrecision).sort((a, b) => cost(b) - cost(a) || a.decidable.length - b.decidable.length || a.key.localeCompare(b.key));
  let n = 0;
  let take = 0;
  open.forEach((g, i) => {
    n += g.decidable.length;
    if (cost(g) * n >= least) take = i + 1;
  });
  return open.slice(0, take);
}

/**
 * The audit's state at this triage: the stratum, the certificate from the audit answers drawn since
 * the last one was spent, and whether the stratum may join the approve set next to `base` (earlier
 * bulk approvals and the set as it stands).
 */
export function auditState(
  groups: readonly AuditGroup[],
  answers: readonly AuditAnswer[],
  options: { targetPrecision: number; tail: number; spent: number; base: BulkTally },
): AuditState {
  const maxWrong = 1 - options.targetPrecision;
  const counted = answers.filter((a) => a.audit >= options.spent && a.verdict !== 'unsure');
  const k = counted.length;
  const x = counted.filter((a) => a.verdict === 'reject').length;
  const least = leastAuditAnswers(x, maxWrong);
  const z = normalUpperQuantile(options.tail);
  const boundWith = (size: number, post: GroupPosterior) => {
    const whole = addTally(options.base, groupTally('approve', size, post));
    return whole.size ? (whole.expectedWrong + z * Math.sqrt(whole.variance) + whole.unseen) / whole.size : 1;
  };
  const stratum = auditStratum(groups, least, options.targetPrecision);
  // A stratum the set could not take even if the answers still needed all came back approvals is
  // not audited whole (the answers would be spent for nothing): its largest groups are left out
  // until it could.
  const reachable: GroupPosterior = { alpha: Math.max(k, least) - x + 0.5, beta: x + 0.5, own: Math.max(k, least) };
  let size = stratum.reduce((n, g) => n + g.decidable.length, 0);
  while (stratum.length && boundWith(size, reachable) > maxWrong) {
    const largest = stratum.reduce((a, b) => (b.decidable.length > a.decidable.length ? b : a));
    stratum.splice(stratum.indexOf(largest), 1);
    size -= largest.decidable.length;
  }
  const items = stratum.flatMap((g) => g.decidable);
  const posterior: GroupPosterior = { alpha: k - x + 0.5, beta: x + 0.5, own: k };
  const tally = items.length && k ? groupTally('approve', items.length, posterior) : EMPTY_TALLY;
  const bound = items.length && k ? boundWith(items.length, posterior) : 1;
  const mean = posterior.beta / (posterior.alpha + posterior.beta);
  const certified = items.length > 0 && k >= least && mean <= maxWrong && bound <= maxWrong;
  const s = posterior.alpha + posterior.beta;
  const wrongHigh = Math.min(1, mean + z * Math.sqrt((posterior.alpha * posterior.beta) / (s * s * (s + 1))));
  const nextDraw = answers.reduce((m, a) => Math.max(m, a.audit + 1), 0);
  return { keys: stratum.map((g) => g.key), items, answers: k, wrong: x, nextDraw, least, needed: Math.max(0, least - k), posterior, wrongHigh, certified, tally };
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
