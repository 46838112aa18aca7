// Location pair scoring: comparison levels (levels.ts) weighed by a model (model.ts), with the
// explanation the comparison panel shows: per field the two values, the level, the similarity
// behind it and the bits it added under the model that produced the score.
import type { MatchLocation, PairScore } from './types';
import { prepareLocation, type PreparedLocation } from './prepare';
import {
  addressSimilarity,
  distanceSimilarity,
  nameSimilarity,
  phoneSimilarity,
  postcodeSimilarity,
  sameSource,
  townSimilarity,
  urlSimilarity,
} from './location-similarity';
import { LOCATION_COMPARISONS, metersBetween } from './levels';
import { PRIOR_LOCATION_MODEL, type MatchModel } from './model';
import { explainPair } from './explain-pair';

/** The similarity behind each comparison, shown beside its level (same order as LOCATION_COMPARISONS). */
const SIMILARITIES: readonly ((a: PreparedLocation, b: PreparedLocation) => number | null)[] = [
  (a, b) => nameSimilarity(a.name, b.name),
  addressSimilarity,
  townSimilarity,
  (a, b) => postcodeSimilarity(a.postcode, b.postcode),
  (a, b) => phoneSimilarity(a.phone, b.phone),
  urlSimilarity,
  (a, b) => {
    const m = metersBetween(a, b);
    return m === null ? null : distanceSimilarity(m);
  },
  (a, b) => sameSource(a.integration, b.integration),
];

/** Share of each further agreeing "where" field's weight that counts in the hand-set model. */
export const WHERE_DISCOUNT = PRIOR_LOCATION_MODEL.whereDiscount;

export function scorePreparedLocations(a: PreparedLocation, b: PreparedLocation, model: MatchModel = PRIOR_LOCATION_MODEL): PairScore {
  return explainPair(LOCATION_COMPARISONS, SIMILARITIES, a, b, model);
}

export function scoreLocationPair(a: MatchLocation, b: MatchLocation, model: MatchModel = PRIOR_LOCATION_MODEL): PairScore {
  return scorePreparedLocations(prepareLocation(a), prepareLocation(b), model);
}
