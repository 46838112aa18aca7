// The matcher's pair scores as the comparison panel uses them (one entity against the first), passed
// to comparisonView as one value: the panel gets them from the lazily loaded core (index.ts), the
// tests from here.
import { scoreEventPair } from '../matching/score-event';
import { scoreLocationPair } from '../matching/score-location';
import { distanceMeters } from '../matching/similarity';

export interface PairScoring {
  scoreEventPair: typeof scoreEventPair;
  scoreLocationPair: typeof scoreLocationPair;
  distanceMeters: typeof distanceMeters;
}

export const PAIR_SCORING: PairScoring = { scoreEventPair, scoreLocationPair, distanceMeters };
