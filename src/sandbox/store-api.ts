// The contract between the sandbox's HTTP layer (server.ts) and its data (store.ts): the HTTP layer
// validates requests and turns these results into responses; the store owns records, recommendations
// and decisions. Times are epoch milliseconds; records are in the wire models of src/api/model.ts.
import type { Event, Location, Recommendation } from '../api/model';
import type { PairScore } from '../matching/index';
import type { MatcherState } from './store-matcher';

export interface PageQuery {
  page: number;
  pageSize: number;
}

export interface LocationQuery extends PageQuery {
  /** Records updated (or created) at or after this instant. */
  updatedSince: number;
  onlyExternalUpdates: boolean;
}

export interface EventQuery extends LocationQuery {
  /** Only events starting strictly after this instant. */
  startAfter?: number;
  /** Only events starting strictly before this instant. */
  startBefore?: number;
  /** Only events at this unified location (its `id`). */
  location?: string;
}

export interface ListResult<T> {
  data: T[];
  hasNextPage: boolean;
}

export interface RecommendationListResult extends ListResult<Recommendation> {
  total: number;
}

/** What the store says when a decision cannot be made. */
export class StoreError extends Error {
  constructor(
    readonly kind: 'not_found' | 'conflict',
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** What `POST /sandbox/explain` answers: the live model's reasons for a recommendation's score. */
export interface RecommendationExplanation {
  id: string;
  kind: 'location' | 'event';
  /** 'estimated': learned from the data (and labels); 'prior': the hand-set weights. */
  model: 'estimated' | 'prior';
  /** Labelled pairs the model learned from (labels file + decisions made). */
  labels: number;
  /** One per entity after the first, each against the first. */
  pairs: PairScore[];
}

export interface SandboxStoreApi {
  listRecommendations(q: PageQuery): RecommendationListResult;
  /** Throws StoreError('not_found') for an unknown id, StoreError('conflict') when already decided. */
  approve(id: string): Promise<void>;
  reject(id: string): Promise<void>;
  listLocations(q: LocationQuery): ListResult<Location>;
  listEvents(q: EventQuery): ListResult<Event>;
  /** Counts for the start-up banner and tests. */
  stats(): { locations: number; events: number; pendingRecommendations: number; sourceRecords: number };
  /** The matcher's models (what was estimated, refitted as decisions come) and the labels learned from. */
  matcher(): MatcherState;
  /**
   * Why the matcher scores a pending recommendation as it does: entity 0 against each other entity
   * (wire order), under the current model. Throws StoreError('not_found') / ('conflict') as approve.
   */
  explainRecommendation(id: string): RecommendationExplanation;
  /** The generator's ground truth (`--truth-out`): one entry per generated source record. */
  groundTruth(): { integration: string; sourceId: string; trueId: string }[];
  /** Flushes pending writes (data-dir) and releases resources. */
  close(): Promise<void>;
}
