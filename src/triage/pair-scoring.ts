// The matcher's pair scores as the comparison panel uses them (one entity against the first), and
// triage's word for each field of a recommendation, passed to comparisonView as one value: the panel
// gets them from the lazily loaded core (index.ts), the tests from here.
import type { Recommendation } from '../api/model';
import { scoreEventPair } from '../matching/score-event';
import { scoreLocationPair } from '../matching/score-location';
import { distanceMeters } from '../matching/similarity';
import { type Agreement, featuresOf, PATTERN_FIELDS } from './features';

export interface PairScoring {
  scoreEventPair: typeof scoreEventPair;
  scoreLocationPair: typeof scoreLocationPair;
  distanceMeters: typeof distanceMeters;
  fieldAgreements: typeof fieldAgreements;
}

/**
 * Each pattern field's agreement ("name" → "equal"), as triage names the recommendation's group:
 * the comparison's row words come from here, so "name equal … phone equal" in a group's name and
 * the comparison of one of its recommendations say the same.
 */
export function fieldAgreements(r: Recommendation): Record<string, Agreement> {
  const f = featuresOf(r);
  return Object.fromEntries((PATTERN_FIELDS[f.kind] as readonly string[]).map((field, i) => [field, f.agreements[i]]));
}

export const PAIR_SCORING: PairScoring = { scoreEventPair, scoreLocationPair, distanceMeters, fieldAgreements };
