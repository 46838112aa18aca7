// Records normalised once, so that blocking and the many pair comparisons reuse the work.
import { timestampMillis, isTimestamp } from '../api/timestamp';
import type { MatchEvent, MatchLocation } from './types';
import {
  nameFromWords,
  normalizeCountry,
  normalizeName,
  normalizePhone,
  normalizePostcode,
  normalizeStreet,
  normalizeText,
  normalizeUrlHost,
  normalizeUrlPage,
  STREET_FILLER,
  tokens,
  type NormalizedName,
} from './normalize';
import { head } from './similarity';

export interface PreparedLocation {
  key: string;
  name: NormalizedName;
  /** House number ("435"), or null when the street address has none. */
  houseNumber: string | null;
  /** Suite or unit number, or null. */
  unit: string | null;
  /** Street words without the house number; filler words (street, north…) dropped unless nothing is left. */
  streetWords: string[];
  streetText: string;
  postcode: string | null;
  locality: string;
  country: string | null;
  phone: string | null;
  urlHost: string | null;
  /** Last two labels of the host ("bizou.com"), or null for a platform page ("facebook.com/bizou"). */
  urlDomain: string | null;
  lat: number | null;
  lon: number | null;
  integration: string | null;
}

export interface PreparedEvent {
  key: string;
  name: NormalizedName;
  /** Epoch milliseconds, or null when missing or not a wire timestamp. */
  start: number | null;
  location: PreparedLocation | null;
  /** Host + path of the listing page (see normalizeUrlPage). */
  urlPage: string | null;
  integration: string | null;
}

const HOUSE_NUMBER = /^\d+[a-z]?$/;

/**
 * Characters of each text field that are normalised. The similarities compare only the start of a
 * value (similarity.ts), and normalising all of a hostile 1 MB value took hundreds of milliseconds
 * per record (some of its patterns backtrack on such input); every real value is far shorter.
 */
export const MAX_PREPARED_CHARS = 1024;

function bounded<T extends string | null | undefined>(text: T): T {
  return (typeof text === 'string' ? head(text, MAX_PREPARED_CHARS) : text) as T;
}

function validCoordinate(lat: number | null | undefined, lon: number | null | undefined): boolean {
  return (
    typeof lat === 'number' && typeof lon === 'number' && Number.isFinite(lat) && Number.isFinite(lon) &&
    Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0)
  );
}

/** "Larsen's Arena Austin" in Austin is "Larsen's Arena": some sources append the town to the name. */
function withoutTrailingTown(name: NormalizedName, locality: string): NormalizedName {
  if (locality === '') return name;
  const town = tokens(locality);
  const k = name.full.length - town.length;
  if (k < 1 || town.some((w, i) => name.full[k + i] !== w)) return name;
  return nameFromWords(name.full.slice(0, k), name.qualifier);
}

export function prepareLocation(r: MatchLocation): PreparedLocation {
  const streetText = normalizeStreet(bounded(r.address?.streetAddress));
  const words = tokens(streetText);
  let houseNumber: string | null = null;
  const rest: string[] = [];
  for (const w of words) {
    if (houseNumber === null && HOUSE_NUMBER.test(w) && rest.length === 0) houseNumber = w;
    else rest.push(w);
  }
  const distinctive = rest.filter((w) => !STREET_FILLER.has(w) && !/^\d+$/.test(w));
  // A number after the street name is a suite or unit ("Suite 300", "#300"): two places in one
  // building differ only there.
  let unit: string | null = null;
  for (let i = 1; i < rest.length; i++) if (/^\d+[a-z]?$/.test(rest[i]) && !/^\d/.test(rest[i - 1])) unit = rest[i];
  const ok = validCoordinate(r.latitude, r.longitude);
  const locality = normalizeText(bounded(r.address?.addressLocality));
  const urlHost = normalizeUrlHost(bounded(r.url));
  return {
    key: r.key,
    name: withoutTrailingTown(normalizeName(bounded(r.name)), locality),
    houseNumber,
    unit,
    streetWords: distinctive.length > 0 ? distinctive : rest,
    streetText,
    postcode: normalizePostcode(bounded(r.address?.postalCode)),
    locality,
    country: normalizeCountry(bounded(r.address?.addressCountry)),
    phone: normalizePhone(bounded(r.telephone)),
    urlHost,
    urlDomain: urlHost && !urlHost.includes('/') ? urlHost.split('.').slice(-2).join('.') : null,
    lat: ok ? (r.latitude as number) : null,
    lon: ok ? (r.longitude as number) : null,
    integration: r.integration ?? null,
  };
}

/**
 * "Karaoke Night at the Crystal Sparrow" at the Crystal Sparrow is "Karaoke Night": listings
 * often append the venue; the location is compared on its own, so it is dropped from the title.
 */
function withoutVenue(name: NormalizedName, venue: NormalizedName | undefined): NormalizedName {
  if (!venue || venue.core.length === 0) return name;
  const at = name.full.lastIndexOf('at');
  if (at < 1) return name;
  const tail = new Set(nameFromWords(name.full.slice(at + 1)).core);
  const shared = venue.core.filter((w) => tail.has(w)).length;
  return shared * 2 >= Math.max(tail.size, venue.core.length) ? nameFromWords(name.full.slice(0, at), name.qualifier) : name;
}

export function prepareEvent(r: MatchEvent): PreparedEvent {
  const start = r.startDate && isTimestamp(r.startDate) ? timestampMillis(r.startDate) : null;
  const location = r.location ? prepareLocation(r.location) : null;
  return {
    key: r.key,
    name: withoutVenue(normalizeName(bounded(r.name)), location?.name),
    start,
    location,
    urlPage: normalizeUrlPage(bounded(r.url)),
    integration: r.integration ?? null,
  };
}
