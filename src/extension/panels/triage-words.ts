// The Triage panel's sentences about certificates (triage-certificates.ts) in the user's language,
// numbers in the user's locale.
import * as vscode from 'vscode';
import type { CertificateWords } from './triage-certificates';

export function certificateWords(): CertificateWords {
  const counts = new Intl.NumberFormat(vscode.env.language);
  const shares = new Intl.NumberFormat(vscode.env.language, { style: 'percent', maximumFractionDigits: 1 });
  return {
    approveNow: (size, bound) => vscode.l10n.t('Approve… decides these {0}: at most {1} of them wrong (95% confidence).', size, bound),
    rejectNow: (size, bound) => vscode.l10n.t('Reject… decides these {0}: at most {1} of them true matches (95% confidence).', size, bound),
    answerToApprove: (answers, size) => vscode.l10n.t('Answer {0} more in this group to approve {1}.', answers, size),
    answerToReject: (answers, size) => vscode.l10n.t('Answer {0} more in this group to reject {1}.', answers, size),
    firstAnswers: () => vscode.l10n.t('No answers here yet: Review a few to learn what this group is.'),
    outOfReach: () => vscode.l10n.t('A group decision is more than a few dozen answers away: keep reviewing here, or decide its items one by one.'),
    nothingToDecide: () => vscode.l10n.t('Nothing to decide: every member is marked unsure.'),
    approveSet: (groups) => vscode.l10n.t('The {0} groups safe to approve together', groups),
    rejectSet: (groups) => vscode.l10n.t('The {0} groups safe to reject together', groups),
    count: (n) => counts.format(n),
    percent: (x) => shares.format(x),
  };
}
