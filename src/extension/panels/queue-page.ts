// What the review queue's page gets for an item and at its end: the item's view shaped for the
// queue (blind, an audit draw, why it is asked), the next item drawn ahead, the header; and the end
// page's words. Built from the queue's facts; the panel decides when to send them.
import type { Recommendation } from '../../api/model';
import type { DecisionContext } from '../curation/decide-one';
import { Settings } from '../settings';
import type { ComparisonView, ShowMessage } from './comparison-view';
import { type QueueHeader, endHeading, endText } from './queue-header';
import { queueItemView } from './queue-item-view';
import type { ReviewQueue } from './queue-state';
import type { ServiceExplanations } from './service-explanations';

/** The facts of a queue its page is drawn from. */
export interface QueueFacts {
  readonly ctx: DecisionContext;
  readonly explanations: ServiceExplanations;
  readonly view: ComparisonView;
  readonly queue: ReviewQueue;
  /** The words of the triage group walked, if one is. */
  readonly groupWords: string | undefined;
  /** The header's counts now. */
  header(): QueueHeader;
  /** Triage's audit draw number of `rec`, if it drew it. */
  auditDraw(rec: Recommendation): number | undefined;
}

/** The queue's own view of an item: blind, an audit draw, why it is asked (queue-item-view.ts). */
function itemView(q: QueueFacts, rec: Recommendation) {
  const state = q.queue.entry(rec['@id'])?.state;
  const decided = state === 'approved' || state === 'rejected';
  const view = queueItemView(q.view.viewOf(rec), {
    decided,
    // Only asked of an undecided item: the draw may need a triage run.
    auditDraw: !decided && q.auditDraw(rec) !== undefined,
    groupWords: q.groupWords,
    informative: q.ctx.list.sort === 'informative',
    blind: Settings.queueBlind(),
  });
  // The queue's header says what remains; "N more pending" beside it would say it twice, differently.
  delete view.remaining;
  return view;
}

/** The page's `show` of the item on screen, with the next one drawn ahead and the header. */
export function queueShow(q: QueueFacts, rec: Recommendation, notice: string | undefined): ShowMessage {
  const show = q.view.showOf(rec, notice, itemView(q, rec));
  const next = Settings.confirmReject() ? undefined : q.queue.peek();
  if (next) {
    show.next = itemView(q, next);
    // The service's reasons for the next item, ready by the time the curator gets there.
    if (show.next.explanations.length && q.explanations.mayLoad(next)) void q.explanations.load(next);
  }
  return { ...show, queue: q.header() };
}

/** What the end of the queue says: why it ended, and what this queue did; its heading where it differs. */
export function queueEnd(q: QueueFacts, end: { lost?: { words: string; why: string }; notice?: string }): { message: string; heading?: string } {
  const connected = q.ctx.session.state.kind === 'ready';
  const message = endText(q.queue.status(), { lost: end.lost, connected, loadFailed: q.queue.loadFailed, inGroup: q.groupWords !== undefined, notice: end.notice });
  if (end.lost) return { message, heading: endHeading('lost') };
  return hadNothingToReview(q) ? { message, heading: endHeading('empty') } : { message };
}

/**
 * The queue ended without an item to review: the list was empty. Such a queue is not "finished"
 * (its heading and its tab's title say the list is empty).
 */
export function hadNothingToReview(q: Pick<QueueFacts, 'ctx' | 'queue'>): boolean {
  const s = q.queue.status();
  return s.done + s.skipped === 0 && !q.queue.loadFailed && q.ctx.session.state.kind === 'ready';
}
