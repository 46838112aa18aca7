// The reject side's audit: many small reject-side groups certified *together* by one uniformly
// random sample of their items, as audit.ts certifies small approve-side groups. On a real backlog
// most of the reject side's answers went to small flagged groups (a chain's trailing links, the
// remaining link of a rejected chain, two records of one source), each needing answers of its own
// before a group decision: 1,332 answers in 62 groups that held 2 true matches. A uniform sample
// over their union bounds the true matches in all of them at once, whatever the model says of each.
//
// The stratum: the open groups (not safe alone nor in a set) the pooled estimate puts on the reject
// side and whose own answers do not lean to approval (recall-budget.ts leansToApproval), costliest
// per item first (answersToReject), each while a certificate stays within reach of the recall
// budget with the matches the model predicts in it; then only the groups whose own answers per item
// are at least the audit's, K/N — as the approve side's stratum, no size constant.
//
// The certificate: k audit answers, x of them approvals (true matches: what rejecting the stratum
// would lose), bound the stratum's match share θ by the exact binomial (Clopper–Pearson) upper
// end, the (1 − tail) quantile of Beta(x + 1, k − x): it keeps its coverage at every θ (the Jeffreys
// posterior the approve side uses does not quite), and sampling without replacement only makes it
// conservative. The stratum joins the reject set like one group of its size whose matches reach
// N·θ_high at the upper end: it is charged to the recall budget with the set, the earlier bulk
// rejections and the open cheaper groups' room as any reject set is (stratumTally: the expected
// matches at the Jeffreys mean and the spread that makes mean + z·sd reach N·θ_high).
//
// Draws and drift as in audit.ts (uniform over the stratum's pending items as it stood at each draw,
// a hash of the draw number and the id; every answer counts; a certificate is spent once used). Its
// draws are numbered apart from the approve side's: the journal keeps draw d of the reject side as
// −1 − d (rejectDrawNumber), so a reload tells the two samples apart and old journals (draws ≥ 0)
// read as before; a certified group rejection journals −1 − (its next draw) in its share (BulkShare.audit).
import type { DecisionEntry } from '../curation/journal';
import { betaQuantile } from './beta';
import { auditDraws, type AuditGroup, ownAnswers } from './audit';
import { addTally, type BulkTally, EMPTY_TALLY, normalUpperQuantile } from './safe-sets';

/** What the reject audit needs of a group (triage.ts's TriageGroup has more). */
export interface RejectAuditGroup extends AuditGroup {
  /** The curator's own answers in the group. */
  labels: { approve: number; reject: number };
}

/** An answer to a reject-side audit draw: its draw number d (the journal's −1 − d). */
export interface RejectAuditAnswer {
  verdict: 'approve' | 'reject' | 'unsure';
  draw: number;
}

export interface RejectAuditState {
  keys: string[];
  items: string[];
  /** Audit answers counted for this certificate, and the approvals (true matches) among them. */
  answers: number;
  matches: number;
  /** The next draw's number d on the reject side. */
  nextDraw: number;
  /** Answers a certificate needs with the matches seen so far; `needed` more with none a match. */
  least: number;
  needed: number;
  /** The exact upper end of the stratum's match share. */
  matchShareHigh: number;
  certified: boolean;
  /** What rejecting the stratum adds to the reject tally (its matches). */
  tally: BulkTally;
}

/** The journal's number of reject-side draw d, and back (the approve side's draws are ≥ 0). */
export const rejectDrawNumber = (d: number): number => -1 - d;
export const rejectDrawOf = (journalled: number): number | undefined => (journalled < 0 ? -1 - journalled : undefined);

/** How far ahead a certificate is looked for (answers): a bound on work. */
const MAX_AUDIT_ANSWERS = 400;

/**
 * What rejecting `size` items of a stratum adds to the reject tally after k answers with x matches:
 * its matches at the upper end reach size × the exact binomial upper end of the match share.
 */
export function rejectStratumTally(size: number, k: number, x: number, tail: number): BulkTally {
  if (k <= x) return { size, expectedWrong: 0, variance: 0, unseen: size };
  const high = chargedShare(k, x, tail);
  const mean = (x + 1) / (k + 1);
  // Not the items' own variance on top (audit.ts stratumTally adds it): the draws bound this
  // stratum's own share, not that of a population it was drawn from.
  const spread = (size * Math.max(0, high - mean)) / normalUpperQuantile(tail);
  return { size, expectedWrong: size * mean, variance: spread * spread, unseen: 0 };
}

const leansToApproval = (g: RejectAuditGroup) => g.labels.approve + g.labels.reject > 0 && 2 * g.labels.approve >= g.labels.approve + g.labels.reject;
const ownCost = (g: RejectAuditGroup) => ownAnswers(g) / g.decidable.length;
/** What a certificate on k answers with x matches charges per item: the exact upper end of the match share. */
const chargedShare = (k: number, x: number, tail: number) => (k > x ? betaQuantile(1 - tail, x + 1, k - x) : 1);

/**
 * The reject audit's state at this triage: the stratum, the certificate from the draws answered
 * since the last one was spent, and whether the stratum may join the reject set next to `base`
 * (earlier bulk rejections and the set as it stands) within `maxLost` (recall-budget.ts).
 * `room(keys, rate)`: the matches the set must still leave room for — the open groups outside the
 * stratum with fewer expected matches per item than `rate` (recall-budget.ts serves the cheapest
 * first). The stratum's rate is what its certificate charges per item, the exact upper end of its
 * match share, not the share the model predicts: a certificate on one answer charges 95 % of the
 * stratum to the budget, and would spend what every cheaper group waits for.
 */
export function rejectAuditState(
  groups: readonly RejectAuditGroup[],
  answers: readonly RejectAuditAnswer[],
  o: { tail: number; spent: number; base: BulkTally; maxLost: number; room?: (keys: readonly string[], rate: number) => number },
): RejectAuditState {
  const counted = answers.filter((a) => a.draw >= o.spent && a.verdict !== 'unsure');
  const k = counted.length;
  const x = counted.filter((a) => a.verdict === 'approve').length;
  const z = normalUpperQuantile(o.tail);
  const lostWith = (size: number, answered: number, matches: number) => {
    const whole = addTally(o.base, rejectStratumTally(size, answered, matches, o.tail));
    return whole.expectedWrong + z * Math.sqrt(whole.variance) + whole.unseen;
  };
  const room = o.room ?? (() => 0);
  // Both the charge and the room it must leave fall as answers come: a bisection finds the fewest.
  const fits = (keys: readonly string[], size: number, answered: number, matches: number) => lostWith(size, answered, matches) + room(keys, chargedShare(answered, matches, o.tail)) <= o.maxLost;
  const least = (keys: readonly string[], size: number) => {
    let lo = Math.max(k, 1);
    let hi = Math.max(k, MAX_AUDIT_ANSWERS);
    if (!fits(keys, size, hi, x)) return undefined;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (fits(keys, size, mid, x)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const stratum = o.maxLost > 0 ? rejectStratum(groups, k, x, least, fits) : [];
  const items = stratum.flatMap((g) => g.decidable);
  const K = items.length ? (least(stratum.map((g) => g.key), items.length) ?? Infinity) : Infinity;
  const certified = items.length > 0 && k > x && k >= K;
  const tally = certified ? rejectStratumTally(items.length, k, x, o.tail) : EMPTY_TALLY;
  const nextDraw = answers.reduce((m, a) => Math.max(m, a.draw + 1), 0);
  const own = stratum.reduce((sum, g) => sum + ownAnswers(g), 0);
  const needed = certified || !Number.isFinite(K) || own < K - k ? 0 : K - k;
  const matchShareHigh = chargedShare(k, x, o.tail);
  return { keys: stratum.map((g) => g.key), items, answers: k, matches: x, nextDraw, least: Number.isFinite(K) ? K : 0, needed, matchShareHigh, certified, tally };
}

/**
 * The stratum: open reject-side groups, costliest per item first, each while a certificate stays
 * within reach with the matches the model predicts among the draws still to come; then only those
 * whose own answers per item are at least the audit's.
 */
function rejectStratum(
  groups: readonly RejectAuditGroup[],
  k: number,
  x: number,
  least: (keys: readonly string[], size: number) => number | undefined,
  fits: (keys: readonly string[], size: number, answered: number, matches: number) => boolean,
): RejectAuditGroup[] {
  const open = groups
    .filter((g) => g.safe === null && g.decidable.length > 0 && g.p < 0.5 && !leansToApproval(g))
    .sort((a, b) => ownCost(b) - ownCost(a) || a.decidable.length - b.decidable.length || a.key.localeCompare(b.key));
  const ahead = Math.max(k, MAX_AUDIT_ANSWERS);
  const taken: RejectAuditGroup[] = [];
  let n = 0;
  let predicted = 0;
  for (const g of open) {
    const m = g.decidable.length;
    // The matches the draws still to come would find at the model's rate: the certificate must stay within reach with them.
    const rate = (predicted + m * g.p) / (n + m);
    if (!fits([...taken, g].map((t) => t.key), n + m, ahead, x + (ahead - k) * rate)) continue;
    taken.push(g);
    n += m;
    predicted += m * g.p;
  }
  const K = least(taken.map((g) => g.key), n);
  return K === undefined ? [] : taken.filter((g) => ownCost(g) * n >= K);
}

/** The draws this audit asks: item id → the journal's draw number (−1 − d). */
export function rejectDrawsOf(a: RejectAuditState): Map<string, number> {
  if (a.certified || !a.items.length || !a.needed) return new Map();
  return new Map(auditDraws(a.items, a.nextDraw, a.needed).map((id, i) => [id, rejectDrawNumber(a.nextDraw + i)]));
}

/** The reject-side draws earlier certificates rested on (the journal's group rejections carry −1 − d): draws below d are spent. */
export function rejectAuditSpentFromJournal(entries: readonly DecisionEntry[]): number {
  let spent = 0;
  for (const e of entries) {
    const a = e.outcome === 'ok' && e.bulk && typeof e.bulk === 'object' ? e.bulk.audit : undefined;
    const d = typeof a === 'number' && Number.isInteger(a) ? rejectDrawOf(a) : undefined;
    if (d !== undefined && d > spent) spent = d;
  }
  return spent;
}
