// Typed models of the service's resources, derived from the run-time schemas so the two never drift.
import type * as v from 'valibot';
import type {
  AddressSchema,
  CategorySchema,
  EventSchema,
  ImageSchema,
  LocationSchema,
  RecommendationEntitySchema,
  RecommendationSchema,
  SourceIdSchema,
  UrlEntrySchema,
} from './schemas';

export type Address = v.InferOutput<typeof AddressSchema>;
export type SourceId = v.InferOutput<typeof SourceIdSchema>;
export type UrlEntry = v.InferOutput<typeof UrlEntrySchema>;
export type Image = v.InferOutput<typeof ImageSchema>;
export type Category = v.InferOutput<typeof CategorySchema>;
export type RecommendationEntity = v.InferOutput<typeof RecommendationEntitySchema>;
export type Recommendation = v.InferOutput<typeof RecommendationSchema>;
export type Location = v.InferOutput<typeof LocationSchema>;
export type Event = v.InferOutput<typeof EventSchema>;

/** What a curator decides about a recommendation: the service's approve and reject endpoints. */
export type Verdict = 'approve' | 'reject';

/** One page of a list endpoint, with the recommendation list's two `data` shapes already made one array. */
export interface Page<T> {
  page: number;
  hasNextPage: boolean;
  /** Only the recommendation list reports a total. */
  total?: number;
  data: T[];
  /**
   * The answer's JSON text as received, when the call asked for it (`CallOptions.keepBody`): the
   * mirror writes its records' own bytes instead of serializing them again (src/mirror/listing-base.ts).
   */
  body?: string;
}
