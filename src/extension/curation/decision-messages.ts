// What a decision's outcome says to the curator, written once: the tree's notifications and status
// line, the comparison panel and the review queue all word an outcome (DecisionService's
// DecisionOutcome) through these.
import * as vscode from 'vscode';
import type { Recommendation, Verdict } from '../../api/model';
import type { DecisionOutcome } from '../../curation/decision-service';
import { showBidiControls } from '../../records/bidi-text';
import { percent, recommendationLabel } from '../views/labels';
import { formatCount } from '../../webview/shared/format';

const t = vscode.l10n.t;
const MAX_TITLE_NAME = 40;

/** "Café Central ⇄ Cafe Central Wien": a recommendation in a title or a message (bidi controls shown). */
export const recommendationNames = (r: Recommendation) => showBidiControls(recommendationLabel(r, { maxName: MAX_TITLE_NAME }));

/** A single decision as its caller words it: the outcome, with its message said once. */
export type SingleDecision = (DecisionOutcome | { status: 'cancelled' }) & { message: string };

export type Tone = 'ok' | 'info' | 'error';

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

export const goneText = () => t('No longer pending: decided elsewhere, or made moot when an earlier approval merged its entities.');

export const noConnectionText = () => t('No active connection with a token.');

/** "Approved: A ⇄ B (93%)." */
export function doneText(verdict: Verdict, rec: Recommendation): string {
  const names = recommendationNames(rec);
  return verdict === 'approve' ? t('Approved: {0} ({1}).', names, percent(rec.score)) : t('Rejected: {0} ({1}).', names, percent(rec.score));
}

/** What a decision is doing, for an error's context and the undo offer: 'Approving "A ⇄ B"'. */
export function doingText(verdict: Verdict, rec: Recommendation): string {
  const names = recommendationLabel(rec);
  return verdict === 'approve' ? t('Approving "{0}"', names) : t('Rejecting "{0}"', names);
}

export function undoneText(rec: Recommendation): string {
  return t('Undone: nothing was sent; "{0}" is pending again.', recommendationLabel(rec));
}

/** The queue's line while a decision waits out its undo period. */
export function waitingText(verdict: Verdict, rec: Recommendation, seconds: number): string {
  const names = recommendationNames(rec);
  return verdict === 'approve' ? t('Approving {0} in {1} s: U undoes it.', names, formatCount(seconds)) : t('Rejecting {0} in {1} s: U undoes it.', names, formatCount(seconds));
}

/** The queue's line for a decision sent at once (no undo period). */
export function sendingText(verdict: Verdict, rec: Recommendation): string {
  const names = recommendationNames(rec);
  return verdict === 'approve' ? t('Approving: {0}…', names) : t('Rejecting: {0}…', names);
}

/** The comparison panel's line when, after a decision, it shows the next pending recommendation. */
export function advancedText(decision: SingleDecision): string {
  return decision.status === 'gone' ? t('The last one was {0} Showing the next pending recommendation.', lowerFirst(decision.message)) : t('{0} Showing the next pending recommendation.', decision.message);
}

/** The review queue's line for an outcome it has already moved on from (the item may come back with ←). */
export function queueNotice(decision: SingleDecision, verdict: Verdict, rec: Recommendation): { message: string; tone: Tone } {
  const names = recommendationNames(rec);
  const failed = () => (verdict === 'approve' ? t('Approving {0} failed', names) : t('Rejecting {0} failed', names));
  switch (decision.status) {
    case 'approved':
    case 'rejected':
      return { message: decision.message, tone: 'ok' };
    case 'undone':
      return { message: decision.message, tone: 'info' };
    case 'gone':
      return { message: t('Moved on: {0} was {1}', names, lowerFirst(decision.message)), tone: 'info' };
    case 'cancelled':
      return { message: t('{0}: cancelled.', failed()), tone: 'error' };
    default:
      return { message: t('{0}: {1} It is pending again (← goes back to it).', failed(), decision.message), tone: 'error' };
  }
}

/** The queue's line when it moved on from an item that had left the list at the service. */
export function movedOnText(decision: SingleDecision): string {
  return t('Moved on: the last one was {0}', lowerFirst(decision.message));
}
