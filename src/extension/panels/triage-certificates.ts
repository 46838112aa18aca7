// What each group and each bulk set of a triage result needs before it can be decided in bulk, for
// the Triage panel: its answers, its certified bound, the answers that would certify it, and the next
// action in words. Free of `vscode`: the sentences come in as functions (in the user's language).
import type { TriageGroup, TriageResult } from '../../triage/triage';
import type { GroupRow, SetRow } from '../../webview/triage/protocol';

/** The panel's sentences; counts and shares arrive formatted in the user's locale. */
export interface CertificateWords {
  /** "Approve… decides these {0}: at most {1} of them wrong (95 % confidence)". */
  approveNow(size: string, bound: string): string;
  rejectNow(size: string, bound: string): string;
  /** "Answer {0} more in this group to approve {1}". */
  answerToApprove(answers: string, size: string): string;
  answerToReject(answers: string, size: string): string;
  /** No answer counted for it yet, and none within reach would certify it. */
  firstAnswers(): string;
  /** Answered, but no number of answers within reach would certify it. */
  outOfReach(): string;
  /** Every member is marked unsure. */
  nothingToDecide(): string;
  /** The set names. */
  approveSet(groups: string): string;
  rejectSet(groups: string): string;
  count(n: number): string;
  percent(x: number): string;
}

type Certificate = Pick<GroupRow, 'size' | 'answers' | 'bound' | 'answersToCertify' | 'nextAction'>;

/**
 * The bound on a group's error if decided by its likelier verdict. A group in a safe set is
 * certified by that set's bound (the set is what the certificate holds for); an open group by its
 * own 95 % upper end (the interval is 90 %, 5 % each side), once it has answers of its own.
 */
function boundOf(g: TriageGroup, result: TriageResult): number | undefined {
  if (g.safe === 'approve') return result.audit.certified && result.audit.keys.includes(g.key) ? result.audit.wrongHigh : result.sets.approve.wrongShareHigh;
  if (g.safe === 'reject') return result.sets.reject.wrongShareHigh;
  if (g.labels.approve + g.labels.reject === 0) return undefined;
  return g.p >= 0.5 ? 1 - g.low : g.high;
}

export function groupCertificate(g: TriageGroup, result: TriageResult, w: CertificateWords): Certificate {
  const size = g.decidable.length;
  const answers = g.labels.approve + g.labels.reject;
  const bound = boundOf(g, result);
  const base = { size: g.size, answers, ...(bound === undefined ? {} : { bound }) };
  if (size === 0) return { ...base, nextAction: w.nothingToDecide() };
  if (g.safe) return { ...base, nextAction: (g.safe === 'approve' ? w.approveNow : w.rejectNow)(w.count(size), w.percent(bound ?? 0)) };
  if (g.answersToSafe === undefined) return { ...base, nextAction: answers ? w.outOfReach() : w.firstAnswers() };
  const to = g.p >= 0.5 ? w.answerToApprove : w.answerToReject;
  return { ...base, answersToCertify: g.answersToSafe, nextAction: to(w.count(g.answersToSafe), w.count(size)) };
}

/** The sets safe to decide in bulk now (each certified as a whole), largest first; none when empty. */
export function setRows(result: TriageResult, w: CertificateWords): SetRow[] {
  const rows: SetRow[] = [];
  for (const verdict of ['approve', 'reject'] as const) {
    const set = result.sets[verdict];
    if (!set.size) continue;
    const keys = new Set(set.keys);
    const answers = result.groups.filter((g) => keys.has(g.key)).reduce((n, g) => n + g.labels.approve + g.labels.reject, 0);
    const name = verdict === 'approve' ? w.approveSet : w.rejectSet;
    const now = verdict === 'approve' ? w.approveNow : w.rejectNow;
    rows.push({ verdict, words: name(w.count(set.keys.length)), size: set.size, answers, bound: set.wrongShareHigh, nextAction: now(w.count(set.size), w.percent(set.wrongShareHigh)) });
  }
  return rows.sort((a, b) => b.size - a.size);
}

const enCount = new Intl.NumberFormat('en-US');
const enShare = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** The sentences in English (the benchmarks and tests; the panel passes the user's language, triage-words.ts). */
export const ENGLISH_CERTIFICATE_WORDS: CertificateWords = {
  approveNow: (size, bound) => `Approve… decides these ${size}: at most ${bound} of them wrong (95% confidence).`,
  rejectNow: (size, bound) => `Reject… decides these ${size}: at most ${bound} of them true matches (95% confidence).`,
  answerToApprove: (answers, size) => `Answer ${answers} more in this group to approve ${size}.`,
  answerToReject: (answers, size) => `Answer ${answers} more in this group to reject ${size}.`,
  firstAnswers: () => 'No answers here yet: Review a few to learn what this group is.',
  outOfReach: () => 'A group decision is more than a few dozen answers away: keep reviewing here, or decide its items one by one.',
  nothingToDecide: () => 'Nothing to decide: every member is marked unsure.',
  approveSet: (groups) => `The ${groups} groups safe to approve together`,
  rejectSet: (groups) => `The ${groups} groups safe to reject together`,
  count: (n) => enCount.format(n),
  percent: (x) => enShare.format(x),
};
