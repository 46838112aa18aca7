// What the review queue does with a message of its page: a key of the queue's own (queue-actions.ts),
// a decision (ahead, queue-decide-ahead.ts, or on the comparison page's path when a reject is to be
// confirmed or the connection changed), an unsure mark or its clearing. Stale keys, keys on a
// stopped or paused queue and keys while it moves are dropped, and the page is told why.
import * as vscode from 'vscode';
import type { Verdict } from '../../api/model';
import type { ComparisonPageMessage } from '../../webview/comparison/protocol';
import { movedOnText } from '../curation/decision-messages';
import { clearUnsure, markUnsure } from '../curation/unsure-marks';
import { Settings } from '../settings';
import { decideShown } from './comparison-decide';
import { type ActingQueue, queueAction } from './queue-actions';
import type { ShownItem } from './comparison-view';
import { type AheadQueue, decideAhead } from './queue-decide-ahead';
import type { QueueEntry } from './queue-state';

/** What runs: nothing, a step of the walk (skip, back, undo, the move after a decision), or a decision taken on the comparison page's path. Keys meanwhile are dropped. */
export type QueueStep = 'idle' | 'moving' | 'deciding';

/** What the messages need of their queue (QueuePanel). */
export interface MessagedQueue extends ActingQueue, AheadQueue {
  readonly step: QueueStep;
  setStep(step: QueueStep): void;
  /** The item on screen, if the queue is on one. */
  readonly shownItem: ShownItem | undefined;
  readonly view: ActingQueue['view'] & { readonly panel: vscode.WebviewPanel };
  /** Shows an entry of the walk as it stands, with `notice`. */
  showEntry(entry: QueueEntry, notice?: string): void;
  /** Sends the page everything it should show again. */
  redraw(): void;
}

export async function queueMessage(q: MessagedQueue, message: ComparisonPageMessage): Promise<void> {
  // A key pressed on another item than this panel's (the page drew one ahead that is no longer to
  // visit) acts on nothing; the page may show that other item, so it is drawn again and told.
  if ((message.recommendationId ?? '') !== q.recommendationId) return staleMove(q, message);
  // Started on another connection: no key acts; the page (which may have drawn the next item
  // ahead) is told again that the queue stopped.
  if (q.connection.other && (message.type === 'queue' || message.type === 'decide' || message.type === 'unsure')) return q.redraw();
  if (message.type === 'queue') return queueAction(q, message.action, message.ahead);
  // Paused (the service does not answer): nothing is sent; the item stays on screen, said why.
  if (message.type === 'decide' && q.connection.paused) {
    const entry = q.queue.current();
    if (entry) q.showEntry(entry, vscode.l10n.t('Paused, nothing was sent: the service cannot be reached. Try again, or choose “Go on anyway”.'));
    return;
  }
  if (message.type === 'clearUnsure') return clearMark(q);
  const entry = q.queue.current();
  const undecided = entry?.state === 'pending' || entry?.state === 'skipped';
  if (message.type === 'unsure') return undecided ? markItemUnsure(q) : undefined;
  // The page may have drawn the next item already: say that this key was not acted on.
  if (q.step === 'moving' && message.type === 'decide') return q.view.send({ type: 'notice', message: vscode.l10n.t('Nothing sent: the queue was still moving. Press the key again.'), tone: 'info' });
  // A decided item shown again by ← is read-only; a skipped one can still be decided.
  if (q.step === 'moving' || !undecided) return;
  if (message.type === 'undo') return void q.ctx.curation.undo.cancel(message.recommendationId);
  return decide(q, message.verdict, message.ahead);
}

/** A numbered move (the page may have drawn ahead for it) on an item this queue is not on. */
function staleMove(q: MessagedQueue, message: ComparisonPageMessage): void {
  if (!('seq' in message) || message.seq === undefined) return;
  q.redraw();
  if (q.shownItem) q.view.send({ type: 'notice', message: vscode.l10n.t('Nothing sent: the queue had moved to this item. Press the key again.'), tone: 'info' });
}

/** Clearing a mark keeps the item on screen, undecided, its state and the queue's counts kept. */
async function clearMark(q: MessagedQueue): Promise<void> {
  const rec = q.shownItem?.rec;
  if (!rec || q.step !== 'idle') return;
  if (!(await clearUnsure(q.ctx.curation, rec['@id']))) return;
  const entry = q.queue.current();
  if (entry?.rec['@id'] === rec['@id']) q.showEntry(entry, vscode.l10n.t('Unsure mark cleared: pending as before, part of bulk and group decisions again. Nothing was sent.'));
}

/** Unsure keeps it pending: the note is asked for, and the queue moves on as after a skip, and says so. */
async function markItemUnsure(q: MessagedQueue): Promise<void> {
  const rec = q.shownItem?.rec;
  if (!rec || q.step !== 'idle') return;
  const marked = await markUnsure(q.ctx.curation, rec);
  // The input box took the focus: give it back to the page so its keys work again.
  q.view.panel.reveal(undefined, false);
  if (marked) await q.navigate(() => q.queue.skip(), vscode.l10n.t('Marked unsure: kept pending, nothing was sent; left out of bulk decisions.'));
}

/**
 * A or R: decided ahead (the next item at once); a reject to confirm, or a connection that
 * changed, take the comparison page's own path (a dialog, a refusal) and move on after it.
 */
async function decide(q: MessagedQueue, verdict: Verdict, drawn: string | undefined): Promise<void> {
  const item = q.shownItem;
  if (!item || q.step !== 'idle' || item.elsewhere) return;
  const { rec } = item;
  const sameConnection = q.ctx.session.baseUrl === item.shownFor;
  if (sameConnection && !(verdict === 'reject' && Settings.confirmReject())) return decideAhead(q, rec, verdict, drawn);
  await decideShown(q.ctx, rec, verdict, sameConnection, {
    deciding: (inFlight) => q.setStep(inFlight ? 'deciding' : 'idle'),
    status: (status) => {
      if (q.shownItem === item) item.decision = status;
      q.view.send({ type: 'decision', recommendationId: q.recommendationId, status });
    },
    notice: (message) => q.view.send({ type: 'notice', message, tone: 'info' }),
    decided: async (done) => {
      q.queue.decided(rec['@id'], verdict, done.message);
      await q.navigate(() => q.queue.forward(), done.message);
    },
    // Left the list at the service: marked so (not counted as done) and the queue moves on, saying so once.
    gone: async (gone) => {
      q.queue.gone(rec['@id']);
      await q.navigate(() => q.queue.forward(), movedOnText(gone));
    },
  });
}
