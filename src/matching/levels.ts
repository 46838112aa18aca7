// Comparison levels: each field of a pair of records falls into one of a few discrete levels
// (strongest agreement first, "missing" apart). The learned model (model.ts) gives each level its own
// m and u, so a level's weight is whatever the data says it is worth, not an interpolation. The
// functions are pure and model-free: triage computes agreement patterns from them on the client, on
// the entities of any service (see entity.ts).
import type { PreparedEvent, PreparedLocation } from './prepare';
import { jaroWinkler, nearDistanceMeters, softOverlap } from './similarity';
import { nameSimilarity } from './location-similarity';
import type { NormalizedName } from './normalize';

/** The level of a field when either value is missing: no evidence either way (weight 0). */
export const MISSING = -1;

export interface Comparison<P> {
  /** The field's name, as in explanations ("name", "address", …). */
  field: string;
  /** Level labels, strongest agreement first; a level is an index into this list. */
  levels: readonly string[];
  /** Fields that all say where a thing is: their agreements are not independent (see model.ts). */
  where: boolean;
  /** The level of this field for a pair, or MISSING. */
  level(a: P, b: P): number;
  /** The value shown in explanations. */
  show(p: P, other: P): string | null;
}

// ---- names --------------------------------------------------------------------------------------

export const NAME_LEVELS = ['exact', 'jaro-winkler ≥ 0.92', 'words ≥ 0.8', 'other number', 'words ≥ 0.5', 'different'] as const;

/** The numbers written in a name ("Blk 625", "Unit B2.4"), in order, as one string. */
function numbersOf(n: NormalizedName): string {
  return (n.full.join(' ').match(/\d+/g) ?? []).join(' ');
}

/**
 * Names alike except for their numbers ("Blk 625" / "Blk 626", "Hall 9" / "Hall 10") name
 * neighbours as often as one place: a level of their own, whose weight the data decides.
 */
export function nameLevel(a: NormalizedName, b: NormalizedName): number {
  if (a.full.length === 0 || b.full.length === 0) return MISSING;
  if (a.joined === b.joined) return 0;
  const na = numbersOf(a);
  const nb = numbersOf(b);
  if (na !== '' && nb !== '' && na !== nb) return 3;
  if (jaroWinkler(a.joined, b.joined) >= 0.92) return 1;
  const s = nameSimilarity(a, b) ?? 0;
  if (s >= 0.8) return 2;
  return s >= 0.5 ? 4 : 5;
}

// ---- locations ----------------------------------------------------------------------------------

export const ADDRESS_LEVELS = ['number and street', 'street, a number missing', 'street, other number or suite', 'number, other street', 'different'] as const;

export function addressLevel(a: PreparedLocation, b: PreparedLocation): number {
  if (a.streetText === '' || b.streetText === '') return MISSING;
  const { dice, containment } = softOverlap(a.streetWords, b.streetWords);
  const street = (dice + containment) / 2 >= 0.8;
  const bothNumbers = a.houseNumber !== null && b.houseNumber !== null;
  const sameNumber = bothNumbers && a.houseNumber === b.houseNumber;
  if (street) {
    if (!bothNumbers) return 1;
    if (sameNumber && !(a.unit && b.unit && a.unit !== b.unit)) return 0;
    return 2;
  }
  return sameNumber ? 3 : 4;
}

export const TOWN_LEVELS = ['equal', 'one inside the other', 'different'] as const;

export function townLevel(a: PreparedLocation, b: PreparedLocation): number {
  if (a.country && b.country && a.country !== b.country) return 2;
  if (a.locality === '' || b.locality === '') return MISSING;
  if (a.locality === b.locality) return 0;
  return softOverlap(a.locality.split(' '), b.locality.split(' ')).containment >= 0.99 ? 1 : 2;
}

export const POSTCODE_LEVELS = ['equal', 'same district', 'different'] as const;

export function postcodeLevel(a: string | null, b: string | null): number {
  if (!a || !b) return MISSING;
  if (a === b) return 0;
  return a.slice(0, 3) === b.slice(0, 3) ? 1 : 2;
}

export const PHONE_LEVELS = ['equal', 'last 7 digits', 'different'] as const;

export function phoneLevel(a: string | null, b: string | null): number {
  if (!a || !b) return MISSING;
  if (a === b) return 0;
  return a.slice(-7) === b.slice(-7) ? 1 : 2;
}

export const URL_LEVELS = ['same host', 'same domain', 'different'] as const;

export function urlLevel(a: PreparedLocation, b: PreparedLocation): number {
  if (!a.urlHost || !b.urlHost) return MISSING;
  if (a.urlHost === b.urlHost) return 0;
  return a.urlDomain !== null && a.urlDomain === b.urlDomain ? 1 : 2;
}

export const DISTANCE_LEVELS = ['< 25 m', '< 50 m', '< 100 m', '< 250 m', '< 500 m', '< 2 km', '≥ 2 km'] as const;
const DISTANCE_BOUNDS = [25, 50, 100, 250, 500, 2000];

export function metersBetween(a: PreparedLocation, b: PreparedLocation): number | null {
  if (a.lat === null || a.lon === null || b.lat === null || b.lon === null) return null;
  return nearDistanceMeters(a.lat, a.lon, b.lat, b.lon);
}

/** The distance level: how far apart is "near" on this data, EM decides from each level's m and u. */
export function distanceLevel(meters: number | null): number {
  if (meters === null) return MISSING;
  const i = DISTANCE_BOUNDS.findIndex((b) => meters < b);
  return i < 0 ? DISTANCE_BOUNDS.length : i;
}

export const INTEGRATION_LEVELS = ['same integration', 'different integrations'] as const;

export function integrationLevel(a: string | null, b: string | null): number {
  if (!a || !b) return MISSING;
  return a === b ? 0 : 1;
}

export const LOCATION_COMPARISONS: readonly Comparison<PreparedLocation>[] = [
  { field: 'name', levels: NAME_LEVELS, where: false, level: (a, b) => nameLevel(a.name, b.name), show: (p) => p.name.full.join(' ') },
  { field: 'address', levels: ADDRESS_LEVELS, where: true, level: addressLevel, show: (p) => p.streetText },
  { field: 'town', levels: TOWN_LEVELS, where: true, level: townLevel, show: (p) => [p.locality, p.country ?? ''].filter((x) => x !== '').join(', ') },
  { field: 'postcode', levels: POSTCODE_LEVELS, where: true, level: (a, b) => postcodeLevel(a.postcode, b.postcode), show: (p) => p.postcode },
  { field: 'phone', levels: PHONE_LEVELS, where: false, level: (a, b) => phoneLevel(a.phone, b.phone), show: (p) => p.phone },
  { field: 'url', levels: URL_LEVELS, where: false, level: urlLevel, show: (p) => p.urlHost },
  {
    field: 'distance',
    levels: DISTANCE_LEVELS,
    where: true,
    level: (a, b) => distanceLevel(metersBetween(a, b)),
    show: (p, other) => {
      const m = metersBetween(p, other);
      return m === null ? (p.lat === null ? null : `${p.lat}, ${p.lon}`) : `${p.lat}, ${p.lon} (${Math.round(m)} m apart)`;
    },
  },
  { field: 'integration', levels: INTEGRATION_LEVELS, where: false, level: (a, b) => integrationLevel(a.integration, b.integration), show: (p) => p.integration },
];

// ---- events -------------------------------------------------------------------------------------

const MINUTE = 60_000;
const DAY = 86_400_000;

export const START_LEVELS = ['same time', '≤ 15 min apart', '≤ 1 h apart, or date only', '≤ 3 h apart', '≤ 24 h apart', 'another day'] as const;

export function startLevel(a: number | null, b: number | null): number {
  if (a === null || b === null) return MISSING;
  const diff = Math.abs(a - b);
  if (diff === 0) return 0;
  if (diff <= 15 * MINUTE) return 1;
  // A date without a time is written as midnight UTC: on the same day it agrees with any time.
  if (diff <= 60 * MINUTE || ((a % DAY === 0 || b % DAY === 0) && Math.floor(a / DAY) === Math.floor(b / DAY))) return 2;
  if (diff <= 3 * 60 * MINUTE) return 3;
  return diff <= DAY ? 4 : 5;
}

export const EVENT_LOCATION_LEVELS = ['same venue record', 'same place', 'same address, another name', 'nearby', 'elsewhere'] as const;

/**
 * Where two events take place, from their locations' own levels: the same source location; the
 * same address or point with an agreeing (or unknown) venue name; the same address under another
 * name (another venue in the building); within 250 m or on the same street; elsewhere.
 */
export function eventLocationLevel(a: PreparedEvent, b: PreparedEvent): number {
  const la = a.location;
  const lb = b.location;
  if (!la || !lb) return MISSING;
  if (la.key === lb.key) return 0;
  const address = addressLevel(la, lb);
  const meters = metersBetween(la, lb);
  if (address === MISSING && meters === null) return MISSING;
  const name = nameLevel(la.name, lb.name);
  if (address === 0 || (meters !== null && meters < 50)) return name === MISSING || name <= 2 ? 1 : 2;
  if (address === 1 || address === 2 || (meters !== null && meters < 250)) return 3;
  return 4;
}

export const EVENT_URL_LEVELS = ['same page', 'different'] as const;

export const QUALIFIER_LEVELS = ['same', 'one side only', 'different'] as const;

const digitsOf = (q: string): string => (q.match(/\d+/g) ?? []).join(' ');

/**
 * The show qualifiers of two titles ("early show" / "late show", "part 1" / "part 2"): the same
 * (a typo allowed, never another number), only one title has one (sources drop them), or
 * different; MISSING when neither has one.
 */
export function qualifierLevel(a: NormalizedName, b: NormalizedName): number {
  const qa = a.qualifier;
  const qb = b.qualifier;
  if (qa === '' && qb === '') return MISSING;
  if (qa === '' || qb === '') return 1;
  if (qa === qb) return 0;
  return digitsOf(qa) === digitsOf(qb) && jaroWinkler(qa, qb) >= 0.92 ? 0 : 2;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
const place = (e: PreparedEvent): string | null => (e.location ? e.location.name.full.join(' ') || e.location.streetText || e.location.key : null);

export const EVENT_COMPARISONS: readonly Comparison<PreparedEvent>[] = [
  { field: 'name', levels: NAME_LEVELS, where: false, level: (a, b) => nameLevel(a.name, b.name), show: (p) => p.name.full.join(' ') },
  { field: 'start', levels: START_LEVELS, where: false, level: (a, b) => startLevel(a.start, b.start), show: (p) => iso(p.start) },
  { field: 'location', levels: EVENT_LOCATION_LEVELS, where: false, level: eventLocationLevel, show: place },
  { field: 'url', levels: EVENT_URL_LEVELS, where: false, level: (a, b) => (a.urlPage && b.urlPage ? (a.urlPage === b.urlPage ? 0 : 1) : MISSING), show: (p) => p.urlPage },
  { field: 'qualifier', levels: QUALIFIER_LEVELS, where: false, level: (a, b) => qualifierLevel(a.name, b.name), show: (p) => p.name.qualifier || null },
];

/** The levels of every comparison for one pair, written into out (MISSING where a value is missing). */
export function levelsOf<P>(comparisons: readonly Comparison<P>[], a: P, b: P, out: Int8Array | number[] = new Int8Array(comparisons.length)): Int8Array | number[] {
  for (let c = 0; c < comparisons.length; c++) out[c] = comparisons[c].level(a, b);
  return out;
}
