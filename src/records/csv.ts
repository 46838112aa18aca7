// CSV rendering of the three lists: one fixed column set per list (so a file's header never
// changes mid-stream), RFC 4180 quoting, and cells that a spreadsheet would run as a formula
// (= + - @ at the start or after leading whitespace, when the cell is not a number) prefixed with
// a quote.
import type { Event, Location, Recommendation } from '../api/model';
import type { ListKind } from './list-kind';

export type CsvCell = string | number | boolean | null | undefined;

const join = (xs: (string | null | undefined)[] | null | undefined) => (xs ?? []).filter((x) => x != null && x !== '').join(' | ');

const COLUMNS: Record<ListKind, [string, (r: never) => CsvCell][]> = {
  recommendations: [
    ['id', (r: Recommendation) => r['@id']],
    ['score', (r: Recommendation) => r.score],
    ['entity_count', (r: Recommendation) => r.entities.length],
    ['entity_ids', (r: Recommendation) => join(r.entities.map((e) => e['@id']))],
    ['names', (r: Recommendation) => join(r.entities.map((e) => e.name))],
    ['integrations', (r: Recommendation) => join(r.entities.map((e) => e.integration))],
    ['source_ids', (r: Recommendation) => join(r.entities.map((e) => e.sourceId))],
  ],
  locations: [
    ['id', (r: Location) => r.id],
    ['name', (r: Location) => r.name],
    ['street_address', (r: Location) => r.address?.streetAddress],
    ['postal_code', (r: Location) => r.address?.postalCode],
    ['locality', (r: Location) => r.address?.addressLocality],
    ['region', (r: Location) => r.address?.addressRegion],
    ['country', (r: Location) => r.address?.addressCountry],
    ['latitude', (r: Location) => (r.latitude == null ? undefined : String(r.latitude))],
    ['longitude', (r: Location) => (r.longitude == null ? undefined : String(r.longitude))],
    ['telephone', (r: Location) => r.telephone],
    ['integrations', (r: Location) => join(r.integrations)],
    ['source_count', (r: Location) => r.sourceIds?.length ?? 0],
    ['created_at', (r: Location) => r.createdAt],
    ['updated_at', (r: Location) => r.updatedAt],
  ],
  events: [
    ['id', (r: Event) => r.id],
    ['name', (r: Event) => r.name],
    ['start_date', (r: Event) => r.startDate],
    ['event_status', (r: Event) => r.eventStatus],
    ['minimum_price', (r: Event) => r.minimumPrice],
    ['average_price', (r: Event) => r.averagePrice],
    ['maximum_price', (r: Event) => r.maximumPrice],
    ['listing_count', (r: Event) => r.listingCount],
    ['location_id', (r: Event) => r.location?.id],
    ['location_name', (r: Event) => r.location?.name],
    ['integrations', (r: Event) => join(r.integrations)],
    ['source_count', (r: Event) => r.sourceIds?.length ?? 0],
    ['created_at', (r: Event) => r.createdAt],
    ['updated_at', (r: Event) => r.updatedAt],
  ],
} as Record<ListKind, [string, (r: never) => CsvCell][]>;

export function csvHeader(kind: ListKind): string {
  return COLUMNS[kind].map(([name]) => name).join(',') + '\r\n';
}

export function csvRow(kind: ListKind, record: unknown): string {
  return COLUMNS[kind].map(([, get]) => csvCell(get(record as never))).join(',') + '\r\n';
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
// Spreadsheets skip leading whitespace before a formula (" =1+1" runs), so the first character
// that counts is the first one after it; a tab or carriage return at the very start counts itself.
const FORMULA_START = /^[\t\r]|^\s*[=+\-@]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (FORMULA_START.test(s) && !NUMERIC.test(s.trim())) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}
