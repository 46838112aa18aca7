// Per-field similarities of two prepared locations, each in [0,1], or null when a value is missing.
import type { PreparedLocation } from './prepare';
import { jaroWinkler, softOverlap } from './similarity';
import type { NormalizedName } from './normalize';

/**
 * Name similarity: weighted soft word overlap (the mean of Dice and containment, so that a name
 * with an extra word — "Fenix" / "Fenix at the Argyle" — still scores well), or the letters when
 * only the spacing differs. Two different kinds of venue ("Cafe" vs "Dining Room") under one
 * name are usually two outlets of one hotel, so that conflict lowers the similarity.
 */
export function nameSimilarity(a: NormalizedName, b: NormalizedName): number | null {
  if (a.full.length === 0 || b.full.length === 0) return null;
  const { dice, containment } = softOverlap(a.core, b.core, a.weights, b.weights);
  let words = (dice + containment) / 2;
  if (a.types.length > 0 && b.types.length > 0 && !a.types.some((t) => b.types.includes(t))) words *= 0.6;
  if (words >= 0.9 || (a.core.length === 1 && b.core.length === 1)) return words;
  // "bel air" vs "belair": the words differ but the letters agree. (Only worth a look when the
  // lengths are close and the first letters agree, which also keeps this off the hot path.)
  const ja = a.joined;
  const jb = b.joined;
  if (ja === jb) return 1;
  if (Math.abs(ja.length - jb.length) > 2 || ja.charCodeAt(0) !== jb.charCodeAt(0)) return words;
  return Math.max(words, jaroWinkler(ja, jb) >= 0.95 ? 0.9 : 0);
}

/** Street address similarity: the house number must agree; the street words may vary. */
export function addressSimilarity(a: PreparedLocation, b: PreparedLocation): number | null {
  if (a.streetText === '' || b.streetText === '') return null;
  const { dice, containment } = softOverlap(a.streetWords, b.streetWords);
  const words = (dice + containment) / 2;
  let sim: number;
  if (a.houseNumber && b.houseNumber) {
    if (a.houseNumber === b.houseNumber) sim = 0.4 + 0.6 * words;
    // A few doors apart on the same street (3201 / 3127 Fillmore): an entrance or a guide's
    // error, or a neighbour; the name decides.
    else if (Math.abs(parseInt(a.houseNumber, 10) - parseInt(b.houseNumber, 10)) <= 100) sim = 0.5 * words;
    else sim = 0.1 * words;
  }
  else if (a.houseNumber || b.houseNumber) sim = 0.75 * words;
  else sim = 0.9 * words;
  // Same door, different suite: neighbours in one building.
  if (a.unit && b.unit && a.unit !== b.unit) sim *= 0.5;
  return sim;
}

/**
 * Town: a different country is a different place; towns are compared word-wise, and one inside
 * the other ("new york" / "new york city", "hollywood" / "w hollywood") nearly agrees.
 */
export function townSimilarity(a: PreparedLocation, b: PreparedLocation): number | null {
  if (a.country && b.country && a.country !== b.country) return 0;
  if (a.locality === '' || b.locality === '') return null;
  if (a.locality === b.locality) return 1;
  const { containment } = softOverlap(a.locality.split(' '), b.locality.split(' '));
  return 0.9 * containment;
}

/** Postcodes: equal, same district (first three characters), or different. */
export function postcodeSimilarity(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  if (a === b) return 1;
  return a.slice(0, 3) === b.slice(0, 3) ? 0.5 : 0;
}

export function phoneSimilarity(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  if (a === b) return 1;
  // Same local number, different or missing area code.
  if (a.slice(-7) === b.slice(-7)) return 0.7;
  return 0;
}

export function urlSimilarity(a: PreparedLocation, b: PreparedLocation): number | null {
  if (!a.urlHost || !b.urlHost) return null;
  if (a.urlHost === b.urlHost) return 1;
  // Same registrable domain ("order.bizou.com" vs "bizou.com"), but not two pages of one platform.
  return a.urlDomain !== null && a.urlDomain === b.urlDomain ? 0.8 : 0;
}

/** 1 when both records come from one integration, 0 when from two, null when unknown. */
export function sameSource(a: string | null, b: string | null): number | null {
  if (!a || !b) return null;
  return a === b ? 1 : 0;
}

/** 1 within 30 m, falling with the logarithm of the distance to 0 at 3 km. */
export function distanceSimilarity(meters: number): number {
  if (meters <= 30) return 1;
  if (meters >= 3000) return 0;
  return 1 - Math.log(meters / 30) / Math.log(100);
}

