// Reads the Fodors–Zagat restaurants benchmark (../shared/data/restaurants) into source records.
//
// The CSV has no source column. Its layout (the RIDDLE benchmark as packaged by dedupe): unique_id
// 0–111 are the 112 matched pairs, Fodor's row first then Zagat's; 112–532 are Fodor's-only and
// 533–751 Zagat-only (533 Fodor's and 331 Zagat records in the original). The source is taken from
// that layout; the matcher never sees it except as the record's integration.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface RestaurantRow {
  name: string;
  address: string;
  city: string;
  cuisine: string;
  uniqueId: string;
  source: 'fodors' | 'zagat';
}

const CANDIDATE_DIRS = [resolve(__dirname, '../../../shared/data/restaurants'), '/work/shared/data/restaurants'];
export const RESTAURANTS_FILE = 'restaurant-nophone-training.csv';

export function findRestaurantsCsv(): string | undefined {
  for (const dir of CANDIDATE_DIRS) {
    const file = resolve(dir, RESTAURANTS_FILE);
    if (existsSync(file)) return file;
  }
  return undefined;
}

/** One CSV line: fields in double quotes (the id in single quotes), separated by ", ". */
export function parseCsvLine(line: string): string[] {
  const fields: string[] = [];
  const re = /\s*(?:"((?:[^"]|"")*)"|'([^']*)'|([^,]*))\s*(?:,|$)/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < line.length && (m = re.exec(line)) !== null) {
    fields.push((m[1] ?? m[2] ?? m[3] ?? '').replace(/""/g, '"'));
    if (m[0] === '') break;
  }
  return fields;
}

export function readRestaurants(file: string): RestaurantRow[] {
  return parseRestaurantsCsv(readFileSync(file, 'utf8'), file);
}

export interface RestaurantNdjsonLine {
  kind: 'location';
  integration: string;
  sourceId: string;
  name: string;
  address: { streetAddress: string; postalCode: null; addressRegion: null; addressLocality: string; addressCountry: null };
  telephone: null;
  url: null;
  latitude: null;
  longitude: null;
  /** Ground truth (the CSV's unique_id); the sandbox ignores unknown members. */
  truth: string;
}

/** One restaurant as a sandbox `--load` line. The CSV has no phone, web address, postcode or coordinates. */
export function restaurantNdjsonLine(row: RestaurantRow, index: number): RestaurantNdjsonLine {
  return {
    kind: 'location',
    integration: `urn:integration:${row.source}`,
    sourceId: String(index),
    name: row.name,
    address: { streetAddress: row.address, postalCode: null, addressRegion: null, addressLocality: row.city, addressCountry: null },
    telephone: null,
    url: null,
    latitude: null,
    longitude: null,
    truth: `restaurant:${row.uniqueId}`,
  };
}

/** Parses the CSV text (see readRestaurants) without touching the file system. */
export function parseRestaurantsCsv(text: string, file = 'restaurants.csv'): RestaurantRow[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = parseCsvLine(lines[0]).map((h) => h.trim().toLowerCase());
  const col = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`${file}: no column ${name}`);
    return i;
  };
  const [iName, iAddress, iCity, iCuisine, iId] = ['name', 'address', 'city', 'cuisine', 'unique_id'].map(col);
  const seen = new Set<string>();
  return lines.slice(1).map((line) => {
    const f = parseCsvLine(line);
    const uniqueId = f[iId];
    // In a matched pair the first row is Fodor's; unmatched ids below 533 are Fodor's too.
    const source = seen.has(uniqueId) || Number(uniqueId) >= 533 ? 'zagat' : 'fodors';
    seen.add(uniqueId);
    return { name: f[iName], address: f[iAddress], city: f[iCity], cuisine: f[iCuisine], uniqueId, source };
  });
}
