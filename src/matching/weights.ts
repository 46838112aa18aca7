// Fellegi–Sunter weights. For each field, m = P(values agree | same entity) and
// u = P(values agree | different entities, among blocked pairs). Agreement adds log2(m/u) bits,
// disagreement adds log2((1-m)/(1-u)); a similarity between the field's `low` and `high` marks
// interpolates linearly between the two; a missing value adds 0. How the numbers were chosen is in
// docs/benchmarks.md (## Matcher).

export interface FieldModel {
  m: number;
  u: number;
  /** At or below this similarity the field disagrees fully. */
  low: number;
  /** At or above this similarity the field agrees fully. */
  high: number;
}

export function agreementWeight(f: FieldModel): number {
  return Math.log2(f.m / f.u);
}

export function disagreementWeight(f: FieldModel): number {
  return Math.log2((1 - f.m) / (1 - f.u));
}

/** Bits of evidence for a similarity (null: missing, so 0). */
export function fieldWeight(f: FieldModel, similarity: number | null): number {
  if (similarity === null) return 0;
  const agree = agreementWeight(f);
  const disagree = disagreementWeight(f);
  if (similarity >= f.high) return agree;
  if (similarity <= f.low) return disagree;
  const t = (similarity - f.low) / (f.high - f.low);
  return disagree + t * (agree - disagree);
}

/** Probability from log-odds in bits. */
export function logistic2(bits: number): number {
  return 1 / (1 + Math.pow(2, -bits));
}

export const LOCATION_MODEL = {
  /**
   * Prior log-odds (bits). Deliberately conservative (1:16), not the share of matches among blocked
   * pairs (which depends on the data and the blocking): a pair needs two independent kinds of
   * agreement, e.g. name and address, to reach 0.5; a name alone does not.
   */
  prior: -4,
  // Different names outweigh an agreeing address: one building often holds several venues.
  name: { m: 0.98, u: 0.02, low: 0.5, high: 0.95 },
  address: { m: 0.95, u: 0.03, low: 0.3, high: 0.95 },
  // Sources name the neighbourhood or the city ("W. Hollywood" / "Los Angeles"), so towns disagree
  // for some true pairs; blocked non-matches share the town often.
  town: { m: 0.85, u: 0.3, low: 0.3, high: 0.9 },
  // Blocked pairs are mostly in one area already, so an equal postcode adds little; a different one
  // is strong evidence of two places.
  postcode: { m: 0.95, u: 0.5, low: 0, high: 1 },
  phone: { m: 0.95, u: 0.0005, low: 0.5, high: 1 },
  // Chain branches share a website, so an agreeing host is weaker evidence than a phone.
  url: { m: 0.8, u: 0.1, low: 0.5, high: 1 },
  // Distance and address both measure where the place is; distance agreement is kept modest so the
  // two do not count the same evidence twice, but a far distance is near-conclusive.
  distance: { m: 0.98, u: 0.15, low: 0, high: 0.95 },
  // "Agreement" here is both records coming from one integration: a source seldom lists a place
  // twice, so that counts against a match (m < u), and two sources count slightly for it.
  integration: { m: 0.1, u: 0.3, low: 0, high: 1 },
} satisfies Record<string, FieldModel | number>;

export const EVENT_MODEL = {
  prior: -4,
  name: { m: 0.95, u: 0.02, low: 0.5, high: 0.95 },
  // A different day almost always means another event (a weekly series), hence m close to 1.
  start: { m: 0.99, u: 0.05, low: 0, high: 0.95 },
  // Series titles ("Jazz Jam", "Open Mic") repeat at many venues on one night: a different venue
  // is near-conclusive.
  location: { m: 0.99, u: 0.05, low: 0.2, high: 0.9 },
  // The same listing page is near-certain; different pages are the norm across integrations.
  url: { m: 0.2, u: 0.0001, low: 0.5, high: 1 },
} satisfies Record<string, FieldModel | number>;

/** Decision threshold on the score: a pair at or above it counts as a predicted match (F1). */
export const MATCH_THRESHOLD = 0.5;
/** Default threshold for proposing a pair to a reviewer: lower, so doubtful pairs reach a human. */
export const REVIEW_THRESHOLD = 0.5;
