// The blocking keys of locations and events. Name words enter keys as 4-letter prefixes, so a typo
// late in a word ("bizou"/"bizu") still shares the key.
import ngeohash from 'ngeohash';
import type { PreparedEvent, PreparedLocation } from './prepare';
import { VENUE_TYPE_WORDS, type NormalizedName } from './normalize';

/** Geohash length 6: cells of about 1.2 km × 0.6 km; with the 8 neighbours, at least ~600 m around. */
export const GEOHASH_PRECISION = 6;

const prefix = (w: string): string => w.slice(0, 4);

/** Distinct word prefixes of a name's distinctive words (at most 4 words: long names add little). */
function nameKeys(name: NormalizedName): string[] {
  const out = new Set<string>();
  // Distinctive words first: a venue-type word ("cafe") makes a big, unhelpful block.
  const words = name.types.length === 0 ? name.core : [...name.core.filter((w) => !VENUE_TYPE_WORDS.has(w)), ...name.types];
  for (const w of words) {
    if (w.length < 2) continue;
    out.add(prefix(w));
    if (out.size >= 4) break;
  }
  return [...out];
}

function geoCells(lat: number | null, lon: number | null): string[] {
  if (lat === null || lon === null) return [];
  const cell = ngeohash.encode(lat, lon, GEOHASH_PRECISION);
  return [cell, ...ngeohash.neighbors(cell)];
}

export function locationBlockKeys(p: PreparedLocation): string[] {
  const keys: string[] = [];
  const names = nameKeys(p.name);
  for (const cell of geoCells(p.lat, p.lon)) for (const t of names) keys.push(`g:${cell}:${t}`);
  if (p.phone) keys.push(`p:${p.phone}`);
  if (p.urlHost) keys.push(`u:${p.urlHost}`);
  if (p.postcode) for (const t of names) keys.push(`z:${p.postcode}:${t}`);
  if (p.houseNumber) for (const w of p.streetWords.slice(0, 3)) keys.push(`a:${p.houseNumber}:${prefix(w)}`);
  // House number within the town: catches a typo in the street name when coordinates are missing.
  if (p.houseNumber && p.locality) keys.push(`h:${p.locality}:${p.houseNumber}`);
  if (p.name.core.length > 0) keys.push(`n:${p.name.core.join(' ')}`);
  return keys;
}

const DAY = 86_400_000;
/** Starts this close to midnight UTC also join the neighbouring day's blocks. */
const DAY_MARGIN = 3 * 3_600_000;

function dayKeys(start: number | null): string[] {
  if (start === null) return [];
  const day = Math.floor(start / DAY);
  const out = [String(day)];
  const offset = start - day * DAY;
  if (offset < DAY_MARGIN) out.push(String(day - 1));
  if (offset > DAY - DAY_MARGIN) out.push(String(day + 1));
  return out;
}

export function eventBlockKeys(e: PreparedEvent): string[] {
  const keys: string[] = [];
  const names = nameKeys(e.name);
  const days = dayKeys(e.start);
  const loc = e.location;
  // Location keys: the source location itself, and its geohash cell (no neighbours: the day
  // already narrows the block, and a name key covers what the cell misses).
  const locKeys: string[] = [];
  if (loc) {
    locKeys.push(`k:${loc.key}`);
    if (loc.lat !== null && loc.lon !== null) locKeys.push(`c:${ngeohash.encode(loc.lat, loc.lon, GEOHASH_PRECISION)}`);
    for (const t of nameKeys(loc.name).slice(0, 2)) locKeys.push(`l:${t}`);
  }
  for (const d of days) {
    for (const l of locKeys) keys.push(`d:${d}:${l}`);
    for (const t of names) keys.push(`d:${d}:n:${t}`);
  }
  if (e.urlPage) keys.push(`u:${e.urlPage}`);
  if (days.length === 0 && e.name.core.length > 0) keys.push(`n:${e.name.core.join(' ')}`);
  return keys;
}
