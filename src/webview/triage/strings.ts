// The Triage page's strings (key → English, {0}… for arguments): the extension translates them
// with vscode.l10n.t and hands them to the page (../shared/l10n.ts); the page reads them through
// t() (./l10n.ts). Pure data: the extension imports this file.
import { SHARED_STRINGS } from '../shared/strings';

export const TRIAGE_STRINGS = {
  ...SHARED_STRINGS,
  loading: 'Reading every pending recommendation…',
  // The header and the sections (main.ts).
  title: 'Triage',
  titleOf: 'Triage of {0}',
  nothingPending: 'Nothing is pending on this connection: every candidate duplicate has been decided. New recommendations appear here after a Refresh.',
  refresh: 'Refresh',
  facts: '{0} pending in {1} groups · {2} decisions learnt from · target precision {3}',
  recallFacts: 'target recall {0} · recall budget of bulk rejections: {1} of {2} matches used, {3} left',
  auditFacts: 'small groups: {0} items in {1} groups, {2} audited at random, {3} wrong; upper bound {4}',
  auditCertified: 'small groups: {0} items in {1} groups certified together by {2} random audit answers ({3} wrong; upper bound {4}): safe to approve',
  recallNoBudget: 'target recall {0} · no bulk rejections yet: their budget grows with the matches the curator approves',
  scores: 'Scores',
  approvalRate: 'Your approval rate by score',
  notEnoughDecisions: 'Not enough decisions yet (at least 10 at one threshold).',
  patternGroups: 'Pattern groups',
  groupsCaption: 'One row per group of pending recommendations whose fields agree alike; a column header sorts by it.',
  approved: 'approved',
  rejected: 'rejected',
  unsure: 'unsure',
  pending: 'pending',
  // The group table (main.ts).
  colPattern: 'Pattern',
  colCount: 'Count',
  colScores: 'Scores',
  colDecided: 'Decided ✓/✗/?',
  colEstimate: 'Estimate [90% interval]',
  colWidth: 'Interval width',
  colFlags: 'Flags',
  colActions: 'Actions',
  safeApprove: 'safe to approve',
  safeReject: 'safe to reject',
  notSafe: 'not safe yet',
  noEvidence: 'no evidence yet: Review a few',
  review: 'Review',
  approve: 'Approve…',
  reject: 'Reject…',
  reviewLabel: 'Review samples (the review queue on this group only): {0}',
  approveLabel: 'Approve the group: {0}',
  rejectLabel: 'Reject the group: {0}',
  // The charts (charts.ts).
  binTitle: '{0}–{1}%: {2} {3}',
  histogramLabel: 'Score histogram: {0} pending, {1} decided',
  thresholdLabel: 'Approval rate of your decisions at or above each score',
  thresholdSentence: 'Scores ≥ {0}% were approved {1}% of the time (n = {2})',
} as const;
