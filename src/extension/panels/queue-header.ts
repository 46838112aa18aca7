// What the review queue says about itself: the header's counts and scope, the tab's title, the
// lines when the service answers again or the connection changed, and the end page. Worded here,
// from plain inputs, so the panel only decides when to say them.
import * as vscode from 'vscode';
import type { ReviewQueue } from './queue-state';
import type { FailedDecision } from '../curation/failed-decisions';
import { recommendationNames } from '../curation/decision-messages';
import { formatCount } from '../../webview/shared/format';

const t = vscode.l10n.t;

/** The failed decisions the queue's bar names one by one (the rest are counted). */
const FAILED_SHOWN = 20;

export type QueueHeader = ReturnType<ReviewQueue['status']>;

export interface HeaderInputs {
  /** A decision of this queue is still in its undo period (U can take it back). */
  undoWaiting: boolean;
  /** The tree's sort and filter in words, for a queue that walks the tree. */
  scope: string | undefined;
  group: { words: string; key: string } | undefined;
  /** The service does not answer. */
  down: { message: string } | undefined;
  /** The curator chose to go on while it does not. */
  goingOn: boolean;
  /** Decisions of this queue's service that were not sent. */
  failed: readonly FailedDecision[];
}

/**
 * The header of a queue stopped because another connection is active: the tree lists that
 * service now, so its counts are not this queue's and none are shown.
 */
export function stoppedHeader(status: QueueHeader): QueueHeader {
  return { ...status, remaining: 0, more: false, position: 0, item: undefined, canBack: false, canUndo: false, scope: undefined };
}

export function queueHeader(status: QueueHeader, inputs: HeaderInputs): QueueHeader {
  const { scope, group, down, failed } = inputs;
  return {
    ...status,
    canUndo: status.canUndo || inputs.undoWaiting,
    ...(scope ? { scope } : {}),
    ...(group ? { group: { words: group.words, key: group.key } } : {}),
    ...(down ? { offline: { message: down.message, paused: !inputs.goingOn } } : {}),
    ...(failed.length
      ? {
          failed: failed.slice(0, FAILED_SHOWN).map((f) => ({ verdict: f.verdict, names: recommendationNames(f.rec), reason: f.reason })),
          ...(failed.length > FAILED_SHOWN ? { failedMore: failed.length - FAILED_SHOWN } : {}),
        }
      : {}),
  };
}

/** The tab's title, from the same status as the page's header (they must agree). */
export function queueTitle(s: QueueHeader, state: { atEnd: boolean; lost: boolean; empty: boolean }): string {
  if (state.atEnd && state.lost) return t('Review Queue: group not restored');
  if (state.atEnd) return state.empty ? t('Review Queue: nothing to review') : t('Review Queue: finished');
  if (s.offline?.paused) return t('Review Queue: paused, service unreachable');
  return t('Review Queue: {0} done, {1} left', formatCount(s.done), formatCount(s.remaining));
}

export function backOnlineText(failed: number): string {
  return failed
    ? t('The service answers again: the queue goes on. {0} decisions were not sent: Retry Failed Decisions sends them.', formatCount(failed))
    : t('The service answers again: the queue goes on.');
}

export function stoppedText(startedOn: string): string {
  return t(
    'The active connection changed: this queue was started on "{0}", and nothing more is sent from it. Start Review Queue again to review the recommendations of the active connection.',
    startedOn,
  );
}

export function endHeading(why: 'stopped' | 'lost' | 'empty'): string {
  if (why === 'stopped') return t('Review queue stopped');
  return why === 'lost' ? t('The group of this queue could not be brought back') : t('No pending recommendations to review');
}

export interface EndInputs {
  /** The group this queue walked before a reload, which could not be brought back. */
  lost: { words: string; why: string } | undefined;
  connected: boolean;
  loadFailed: boolean;
  inGroup: boolean;
  /** The outcome that led here, said before the summary. */
  notice: string | undefined;
}

/** Why the queue ended, and what it did. */
export function endText(s: QueueHeader, inputs: EndInputs): string {
  if (inputs.lost) {
    return t(
      'Before the reload this queue reviewed the group "{0}", which could not be brought back: {1} Open Triage and press Review on a group to review one again, or "Full queue" for the whole list.',
      inputs.lost.words,
      inputs.lost.why,
    );
  }
  if (!inputs.connected) return t('There is no active connection: connect to a service, then start the review queue again.');
  if (inputs.loadFailed) return t('Could not load more recommendations (the Recommendations view says why). Press S to try again.');
  const summary = inputs.inGroup
    ? t('Nothing left to review in this group: {0} approved, {1} rejected, {2} skipped. "Full queue" goes on with the whole list.', formatCount(s.approved), formatCount(s.rejected), formatCount(s.skipped))
    : t('Nothing left to review: {0} approved, {1} rejected, {2} skipped in this queue.', formatCount(s.approved), formatCount(s.rejected), formatCount(s.skipped));
  return inputs.notice ? `${inputs.notice} ${summary}` : summary;
}
