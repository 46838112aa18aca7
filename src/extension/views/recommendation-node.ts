// The recommendation a row of the Recommendations tree stands for: commands invoked on an entity
// row are about its recommendation.
import type { Recommendation } from '../../api/model';
import type { ListNode } from './paged-list';

/** The recommendation of a tree row: invoked on an entity row, a command is about its recommendation. */
export function recommendationOf(node: ListNode<Recommendation>): Recommendation | undefined {
  return node.kind === 'record' ? node.record : node.kind === 'child' ? node.parent : undefined;
}
