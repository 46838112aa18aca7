// How the review queue shapes the comparison view of one of its items: blind mode and triage's
// audit draws withhold what could anchor the curator's answer, and the page says why it is asked.
import type { ComparisonView } from '../../webview/comparison/protocol';

/** What decides how an item of the queue is drawn. */
export interface QueueItemFacts {
  /** Approved or rejected in this queue (shown again by ←): drawn whole, nothing left to anchor. */
  decided: boolean;
  /** Triage's random audit sample drew it: its answer certifies a whole stratum. */
  auditDraw: boolean;
  /** The words of the triage group the queue walks, if it walks one. */
  groupWords: string | undefined;
  /** The queue follows "most informative first", which asks each item for its group. */
  informative: boolean;
  /** Setting queue.blind. */
  blind: boolean;
}

/**
 * In blind mode the page gets no score, no flags and no matcher sum for an item not yet decided
 * (they never reach the page, so nothing can show them); an audit draw is blind whatever the setting.
 */
export function queueItemView(view: ComparisonView, facts: QueueItemFacts): ComparisonView {
  if (facts.decided) return view;
  if (facts.auditDraw) return { ...view, score: 0, explanations: [], triage: undefined, blind: true, audit: true, asked: { why: 'audit' } };
  const asked = facts.groupWords !== undefined ? { why: 'group' as const, group: facts.groupWords } : facts.informative ? { why: 'group' as const } : undefined;
  if (!facts.blind) return asked ? { ...view, asked } : view;
  return { ...view, score: 0, explanations: [], triage: undefined, blind: true, ...(asked ? { asked } : {}) };
}
