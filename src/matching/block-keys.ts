// The blocking keys of locations and events. Name words enter keys as 4-letter prefixes, so a typo
// late in a word ("bizou"/"bizu") still shares the key.
import ngeohash from 'ngeohash';
import type { PreparedEvent, PreparedLocation } from './prepare';
import { VENUE_TYPE_WORDS, type NormalizedName } from './normalize';
import { PARTNER_ONLY } from './blocking';

/**
 * Geohash length 7 for places: cells of about 150 m × 150 m. A record joins its own cell and the
 * three neighbours on its side of the cell's middle (a 2 × 2 "quad", ~300 m square with the record
 * at least ~75 m from its edge), so two records within ~75 m always share a cell and most within
 * ~150 m do; one snapped further away is still met through its phone, website, postcode or street
 * keys. (All 8 neighbours would catch a little more at more than twice the keys.)
 */
export const GEOHASH_PRECISION = 7;
/** Geohash length 6 (about 1.2 km × 0.6 km) for events, whose blocks are already narrowed by the day. */
export const EVENT_GEOHASH_PRECISION = 6;

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

// Neighbour lists are asked for again and again for the same busy cells.
const neighbourCache = new Map<string, { box: number[]; around: string[] }>();

/** The record's cell and the three neighbours nearest to it. */
export function geoQuad(lat: number | null, lon: number | null): string[] {
  if (lat === null || lon === null) return [];
  const cell = ngeohash.encode(lat, lon, GEOHASH_PRECISION);
  let known = neighbourCache.get(cell);
  if (known === undefined) {
    if (neighbourCache.size > 200_000) neighbourCache.clear();
    known = { box: ngeohash.decode_bbox(cell), around: ngeohash.neighbors(cell) };
    neighbourCache.set(cell, known);
  }
  const [minLat, minLon, maxLat, maxLon] = known.box;
  // ngeohash.neighbors order: n, ne, e, se, s, sw, w, nw.
  const [n, ne, e, se, s, sw, w, nw] = known.around;
  const north = lat >= (minLat + maxLat) / 2;
  const east = lon >= (minLon + maxLon) / 2;
  if (north) return east ? [cell, n, ne, e] : [cell, n, nw, w];
  return east ? [cell, s, se, e] : [cell, s, sw, w];
}

export function locationBlockKeys(p: PreparedLocation): string[] {
  const keys: string[] = [];
  const names = nameKeys(p.name);
  for (const cell of geoQuad(p.lat, p.lon)) for (const t of names) keys.push(`g:${cell}:${t}`);
  if (p.phone) keys.push(`p:${p.phone}`);
  if (p.urlHost) keys.push(`u:${p.urlHost}`);
  if (p.postcode) for (const t of names) keys.push(`z:${p.postcode}:${t}`);
  if (p.houseNumber) for (const w of p.streetWords.slice(0, 3)) keys.push(`a:${p.houseNumber}:${prefix(w)}`);
  // House number with a name word: catches a typo in the street name when coordinates are missing.
  if (p.houseNumber) for (const t of names) keys.push(`h:${p.houseNumber}:${t}`);
  // The whole name within the town's first word ("new york" / "new york city" share "new").
  const town = p.locality.split(' ')[0];
  if (p.name.core.length > 0) keys.push(`n:${town}:${p.name.core.join(' ')}`);
  // A name word within the town, for a record placed no finer than its town (no coordinates, no
  // street): no other key can bring its partner ("art's deli" / "art's delicatessen", one with a
  // street, one without). A placed record joins these blocks as a partner only (PARTNER_ONLY), so
  // two placed records are never compared for sharing a word and a town: their streets and
  // coordinates already have keys, and a busy town's common word would add many useless pairs.
  if (town) {
    const placed = (p.lat !== null && p.lon !== null) || p.streetWords.length > 0;
    for (const t of names) keys.push(`${placed ? PARTNER_ONLY : ''}t:${town}:${t}`);
  }
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
    if (loc.lat !== null && loc.lon !== null) locKeys.push(`c:${ngeohash.encode(loc.lat, loc.lon, EVENT_GEOHASH_PRECISION)}`);
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
