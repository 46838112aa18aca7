// The review queue's own keys and buttons, other than a decision: skip, back, undo, the group
// queue's "Full queue", and the offline bar's Try Again, Go On Anyway and Retry Failed.
import * as vscode from 'vscode';
import type { QueueAction, ToWebview } from '../../webview/comparison/protocol';
import { Commands } from '../ids';
import type { QueueConnection } from './queue-connection';
import type { QueueEntry, ReviewQueue } from './queue-state';
import type { WaitingDecisions } from './queue-waiting';

/** What the actions need of their queue. */
export interface ActingQueue {
  readonly queue: ReviewQueue;
  readonly connection: QueueConnection;
  readonly waiting: WaitingDecisions;
  readonly recommendationId: string;
  readonly view: { send(message: ToWebview): void };
  navigate(step: () => QueueEntry | undefined | Promise<QueueEntry | undefined>, notice?: string): Promise<void>;
  restart(): Promise<void>;
  postStatus(): void;
}

/** `drawn`: the item the page drew ahead for a skip (see ReviewQueue.forward). */
export function queueAction(q: ActingQueue, action: QueueAction, drawn?: string): Promise<void> {
  switch (action) {
    case 'skip':
      return q.navigate(() => q.queue.skip(drawn));
    // With nothing to go back to or undo, nothing happens (the page says so by itself).
    case 'back':
      return q.queue.canBack ? q.navigate(() => q.queue.back()) : Promise.resolve();
    case 'fullQueue':
      return q.restart();
    case 'tryAgain':
      return tryAgain(q);
    case 'goOn':
      q.connection.goingOn = true;
      q.postStatus();
      return Promise.resolve();
    case 'retryFailed':
      return Promise.resolve(vscode.commands.executeCommand(Commands.retryFailedDecisions)).then(() => undefined);
    case 'undo':
      return undo(q);
  }
}

/** U: a decision of this queue still in its undo period first (the one on screen, else the latest), then the last skip. */
function undo(q: ActingQueue): Promise<void> {
  const waiting = q.waiting.toUndo(q.recommendationId);
  if (waiting !== undefined && q.waiting.cancel(waiting)) {
    q.queue.undecided(waiting, 'pending');
    return q.navigate(() => q.queue.goTo(waiting), vscode.l10n.t('Undone: nothing was sent; this recommendation is pending again.'));
  }
  return q.queue.canUndo ? q.navigate(() => q.queue.undoSkip(), vscode.l10n.t('Skip undone: this recommendation is pending again.')) : Promise.resolve();
}

/** Try Again Now: the service asked at once; the bar says what it answered. */
async function tryAgain(q: ActingQueue): Promise<void> {
  const health = q.connection.health;
  if (await health.checkNow()) return;
  q.view.send({ type: 'notice', message: vscode.l10n.t('Still no answer: {0}', health.unreachable?.message ?? ''), tone: 'error' });
}
