// The protocol of the Triage page towards the page, written once as valibot schemas (see
// ../shared/messages.ts): the page parses what the extension posts (ToTriagePage). What the page
// posts is in from-page.ts (the extension parses it). The types are inferred from the schemas.
// Plain data: no DOM, no vscode.
import * as v from 'valibot';

export type { FromTriageWebview, GroupAction, TriagePageMessage } from './from-page';

/** Pending recommendations with a score in [from, to), by the model's verdict on each (its P(match)). */
const HistogramBinSchema = v.object({
  from: v.number(),
  to: v.number(),
  /** Likely matches, unsure, likely non-matches. */
  match: v.number(),
  unsure: v.number(),
  nonMatch: v.number(),
});
export type HistogramBin = v.InferOutput<typeof HistogramBinSchema>;

/**
 * The curator's answers with a score in [from, to] (the last answer per recommendation): how many
 * were approvals of `n`, and the 95 % interval of the approval rate (Wilson).
 */
const RateBinSchema = v.object({
  from: v.number(),
  to: v.number(),
  approved: v.number(),
  n: v.number(),
  low: v.number(),
  high: v.number(),
});
export type RateBin = v.InferOutput<typeof RateBinSchema>;

/**
 * What a set of recommendations decided in bulk needs (a pattern group, or a set such as "all with
 * P ≥ x"): its size, the curator's answers in it, the certified bound and how far it is.
 */
const CertificateFields = {
  /** Pending recommendations in it. */
  size: v.number(),
  /** The curator's answers (approve or reject) counted for it. */
  answers: v.number(),
  /**
   * The upper bound, at 95 % confidence, on its error if decided in bulk by its likelier verdict
   * (wrong approvals, or true matches among rejections), 0..1; absent when no answers bound it.
   */
  bound: v.optional(v.number()),
  /** How many more answers would certify it; absent when it is certified or out of reach. */
  answersToCertify: v.optional(v.number()),
  /** The next action in words, in the user's language ("Answer 23 more in this group to approve 2,712"). */
  nextAction: v.string(),
};

/** A set certified (or to be certified) as a whole, beside the groups: the sets safe to approve or reject together. */
const SetRowSchema = v.object({
  verdict: v.picklist(['approve', 'reject']),
  /** What the set is, in words. */
  words: v.string(),
  ...CertificateFields,
});
export type SetRow = v.InferOutput<typeof SetRowSchema>;

const GroupRowSchema = v.object({
  ...CertificateFields,
  key: v.string(),
  words: v.string(),
  kind: v.picklist(['location', 'event']),
  scoreMin: v.number(),
  scoreMax: v.number(),
  approve: v.number(),
  reject: v.number(),
  unsure: v.number(),
  p: v.number(),
  low: v.number(),
  high: v.number(),
  safe: v.nullable(v.picklist(['approve', 'reject'])),
  /** The flags' short words (in the user's language: the extension names them). */
  flags: v.array(v.string()),
  /** Members a group decision would take (not unsure). */
  decidable: v.number(),
});
export type GroupRow = v.InferOutput<typeof GroupRowSchema>;

const TriagePanelDataSchema = v.object({
  /** The name of the connection the groups were computed on (the same pattern on another service is another group). */
  connection: v.optional(v.string()),
  pending: v.number(),
  labels: v.number(),
  targetPrecision: v.number(),
  /** Bulk rejections together may lose at most 1 − this of the backlog's matches (recall-budget.ts). */
  targetRecall: v.number(),
  /** That budget in matches (at the lower end of the backlog's matches), and what bulk rejections use of it at the upper end: the earlier ones and the groups safe to reject now. */
  recallBudget: v.object({ maxLost: v.number(), used: v.number() }),
  /**
   * The small groups certified together by a random audit sample (triage/audit.ts): the stratum's
   * items and groups, the audit answers counted and the wrong ones, the upper end of its wrong share,
   * and whether it is certified. Absent when there is no stratum and no audit answer.
   */
  audit: v.optional(v.object({ items: v.number(), groups: v.number(), answers: v.number(), wrong: v.number(), high: v.number(), certified: v.boolean() })),
  histogram: v.array(HistogramBinSchema),
  /** What the verdicts of the histogram mean: likely a match at P ≥ match, likely not at P ≤ nonMatch. */
  verdictBands: v.object({ match: v.number(), nonMatch: v.number() }),
  /** The approval rate in a few score bins (none before the first answer). */
  rates: v.array(RateBinSchema),
  /**
   * The service re-scored recommendations between the last two reads of this connection's backlog:
   * of `compared` read both times, `changed` have another score, `lower` of them lower; `at` when it
   * was seen (ms since 1970). The latest re-scoring of this connection, until the connection changes.
   */
  rescored: v.optional(v.object({ compared: v.number(), changed: v.number(), lower: v.number(), at: v.number() })),
  groups: v.array(GroupRowSchema),
  /** The sets that may be decided in bulk, with their certificates (absent: none). */
  sets: v.optional(v.array(SetRowSchema)),
});
export type TriagePanelData = v.InferOutput<typeof TriagePanelDataSchema>;

/** Extension → page. */
export const ToTriagePage = v.union([
  v.object({ type: v.literal('triage'), data: TriagePanelDataSchema }),
  /** A line for the status area (a group gone since the last refresh, nothing to review). */
  v.object({ type: v.literal('notice'), message: v.string() }),
  /**
   * No groups to show (no active connection, the connection changed, the computation failed): the
   * page drops the ones it shows and says why; `retry`: with Refresh.
   */
  v.object({ type: v.literal('none'), message: v.string(), retry: v.optional(v.boolean()) }),
]);
export type ToTriageWebview = v.InferOutput<typeof ToTriagePage>;

/**
 * Nothing is saved: the data is the whole backlog's (large), and a reloaded page says ready and is
 * sent it again.
 */
export const TriageStateSchema = v.undefined();
