// Event pair scoring: name, start time, location and listing page, as comparison levels weighed by
// a model, with the same kind of explanation as locations.
import type { MatchEvent, PairScore } from './types';
import { prepareEvent, type PreparedEvent } from './prepare';
import { nameSimilarity } from './location-similarity';
import { scorePreparedLocations } from './score-location';
import { EVENT_COMPARISONS, MISSING, qualifierLevel } from './levels';
import { PRIOR_EVENT_MODEL, type MatchModel } from './model';
import { explainPair } from './explain-pair';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Start-time similarity, shown beside the start level. Sources disagree by minutes (doors vs show)
 * or by whole hours (a time zone applied twice), rarely by days.
 */
export function startSimilarity(a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  const diff = Math.abs(a - b);
  if (diff === 0) return 1;
  // A date without a time is written as midnight UTC: on the same day it agrees with any time.
  if ((a % DAY === 0 || b % DAY === 0) && Math.floor(a / DAY) === Math.floor(b / DAY)) return 0.9;
  if (diff <= 15 * MINUTE) return 0.95;
  if (diff <= 60 * MINUTE) return 0.8;
  if (diff <= 3 * 60 * MINUTE) return 0.55;
  if (diff <= 24 * 60 * MINUTE) return 0.25;
  return 0;
}

/** Location similarity shown beside the location level: 1 for the same source location, else the hand-set location score. */
export function eventLocationSimilarity(a: PreparedEvent, b: PreparedEvent): number | null {
  if (!a.location || !b.location) return null;
  if (a.location.key === b.location.key) return 1;
  return scorePreparedLocations(a.location, b.location).score;
}

const SIMILARITIES: readonly ((a: PreparedEvent, b: PreparedEvent) => number | null)[] = [
  (a, b) => nameSimilarity(a.name, b.name),
  (a, b) => startSimilarity(a.start, b.start),
  eventLocationSimilarity,
  (a, b) => (a.urlPage && b.urlPage ? (a.urlPage === b.urlPage ? 1 : 0) : null),
  (a, b) => {
    const level = qualifierLevel(a.name, b.name);
    return level === MISSING ? null : [1, 0.5, 0][level];
  },
];

export function scorePreparedEvents(a: PreparedEvent, b: PreparedEvent, model: MatchModel = PRIOR_EVENT_MODEL): PairScore {
  return explainPair(EVENT_COMPARISONS, SIMILARITIES, a, b, model);
}

export function scoreEventPair(a: MatchEvent, b: MatchEvent, model: MatchModel = PRIOR_EVENT_MODEL): PairScore {
  return scorePreparedEvents(prepareEvent(a), prepareEvent(b), model);
}
