// A decision by the queue's A or R: the next item is shown at once — the page has drawn it already
// from `next` — and the decision goes to the service behind it (the next item within 50 ms, the
// outcome follows). The entry counts as decided meanwhile; if the service refuses, it is pending
// again (← goes back to it) or gone, and the status line says so.
import type { Recommendation, Verdict } from '../../api/model';
import type { ToWebview } from '../../webview/comparison/protocol';
import { type DecisionContext, decideRecommendation } from '../curation/decide-one';
import { queueNotice, sendingText, waitingText } from '../curation/decision-messages';
import { Settings } from '../settings';
import type { QueueEntry, ReviewQueue } from './queue-state';
import type { WaitingDecisions } from './queue-waiting';
import { undoCountdown } from './undo-countdown';

type Notice = Extract<ToWebview, { type: 'notice' }>;

/** What a decision ahead needs of its queue. */
export interface AheadQueue {
  readonly ctx: DecisionContext;
  readonly queue: ReviewQueue;
  readonly waiting: WaitingDecisions;
  /** Runs one step of the walk (here: forward), unless one is running. */
  navigate(step: () => QueueEntry | undefined | Promise<QueueEntry | undefined>, notice?: string): Promise<void>;
  auditDraw(rec: Recommendation): number | undefined;
  /** The outcome of the decision on `id`, said with the item if it is on screen again, else in the bar. */
  sayOutcome(id: string, notice: Pick<Notice, 'message' | 'tone'>): void;
  /** The countdown's line while the latest decision waits. */
  sayWaiting(message: string): void;
}

/** `drawn`: the item the page drew ahead (the step goes there, see ReviewQueue.forward). */
export async function decideAhead(q: AheadQueue, rec: Recommendation, verdict: Verdict, drawn?: string): Promise<void> {
  const id = rec['@id'];
  const wait = Settings.undoMs();
  const pendingText = wait ? waitingText(verdict, rec, Math.round(wait / 1000)) : sendingText(verdict, rec);
  q.queue.decided(id, verdict, pendingText);
  q.waiting.add(id);
  const moved = q.navigate(() => q.queue.forward(drawn), wait ? pendingText : undefined);
  // The queue's U is its undo: no notification per item. The line counts down, and U is on, while it waits.
  // A failure to reach the service is said in the queue's bar (and the status bar): no notification each.
  const countdown = wait
    ? undoCountdown(
        () => q.waiting.remaining(id),
        // The latest waiting decision of this queue speaks.
        (seconds) => q.waiting.latest() === id && q.sayWaiting(waitingText(verdict, rec, seconds)),
      )
    : undefined;
  const outcome = await decideRecommendation(q.ctx, verdict, rec, { notifyUndo: false, audit: q.auditDraw(rec), quietOffline: true });
  countdown?.dispose();
  q.waiting.delete(id);
  await moved;
  if (outcome.status === 'approved' || outcome.status === 'rejected') q.queue.decided(id, verdict, outcome.message);
  else q.queue.undecided(id, outcome.status === 'gone' ? 'gone' : 'pending');
  q.sayOutcome(id, queueNotice(outcome, verdict, rec));
}
