// The Recommendations tree as the review queue's source: the queue walks the tree's order and
// filter and loads more through it (a group's queue walks its members instead: queue-group.ts).
import { isFiltered } from '../views/recommendation-filter';
import type { RecommendationsList } from '../views/recommendations-list';
import type { QueueSource } from './queue-state';

/** The Recommendations tree as the queue's source: its order, its filter, its paging. */
export function treeSource(list: RecommendationsList): QueueSource {
  return {
    shown: () => list.shown(),
    loadedCount: () => list.loaded().length,
    get hasMore() {
      return list.hasMore;
    },
    // While triage reads the whole backlog into the tree, the next page it brings, not its end:
    // the queue's next item waited seconds on a large backlog, and A or R pressed meanwhile did nothing.
    loadMore: () => list.loadNext(),
    unfilteredTotal: () => (isFiltered(list.filter) ? undefined : list.knownTotal),
  };
}
