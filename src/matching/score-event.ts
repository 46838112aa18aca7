// Event pair scoring: name, start time, location (scored by the location matcher) and web address.
import type { FieldExplanation, MatchEvent, PairScore } from './types';
import { prepareEvent, type PreparedEvent } from './prepare';
import { nameSimilarity } from './location-similarity';
import { locationScore } from './score-location';
import { EVENT_MODEL, fieldWeight, logistic2, type FieldModel } from './weights';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * Start-time similarity. Sources disagree by minutes (doors vs show) or by whole hours (a time
 * zone applied twice), rarely by days; a different day is almost always a different event.
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

/** Location similarity: the same source location is certain; otherwise the location matcher's score. */
export function eventLocationSimilarity(a: PreparedEvent, b: PreparedEvent): number | null {
  if (!a.location || !b.location) return null;
  if (a.location.key === b.location.key) return 1;
  return locationScore(a.location, b.location);
}

function field(name: string, model: FieldModel, similarity: number | null, a?: string | null, b?: string | null): FieldExplanation {
  const out: FieldExplanation = { field: name, similarity, weight: fieldWeight(model, similarity) };
  if (a) out.a = a;
  if (b) out.b = b;
  return out;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const place = (e: PreparedEvent): string | null => (e.location ? e.location.name.full.join(' ') || e.location.key : null);

export function scorePreparedEvents(a: PreparedEvent, b: PreparedEvent): PairScore {
  const M = EVENT_MODEL;
  const fields = [
    field('name', M.name, nameSimilarity(a.name, b.name), a.name.full.join(' '), b.name.full.join(' ')),
    field('start', M.start, startSimilarity(a.start, b.start), iso(a.start), iso(b.start)),
    field('location', M.location, eventLocationSimilarity(a, b), place(a), place(b)),
    field('url', M.url, a.urlPage && b.urlPage ? (a.urlPage === b.urlPage ? 1 : 0) : null, a.urlPage, b.urlPage),
  ];
  const prior = M.prior;
  const logOdds = fields.reduce((sum, f) => sum + f.weight, prior);
  return { score: logistic2(logOdds), logOdds, prior, fields };
}

export function scoreEventPair(a: MatchEvent, b: MatchEvent): PairScore {
  return scorePreparedEvents(prepareEvent(a), prepareEvent(b));
}
