// Member checks for NDJSON import: each takes the parsed line and fills the record, or throws a
// LineProblem naming the member and what was wrong. Missing and null optional members are absent.
import { timestampProblem } from '../api/timestamp';
import type { Address } from '../api/model';
import type { SourceEventRecord, SourceLocationRecord } from './source-records';

export class LineProblem extends Error {}

type Json = Record<string, unknown>;

const describe = (v: unknown) => (Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`);

export function requiredString(v: Json, member: string): string {
  const value = v[member];
  if (value === undefined || value === null) throw new LineProblem(`missing "${member}"`);
  if (typeof value !== 'string') throw new LineProblem(`"${member}" must be a string, got ${describe(value)}`);
  if (value.trim() === '') throw new LineProblem(`"${member}" must not be empty`);
  return value;
}

function optionalString(v: Json, member: string, where = ''): string | undefined {
  const value = v[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new LineProblem(`"${where}${member}" must be a string, got ${describe(value)}`);
  return value;
}

const NUMERIC = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/;

/** A number, or numeric text ("52.52"), as the spec carries decimals both ways. */
function optionalNumber(v: Json, member: string): number | undefined {
  const value = v[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
  throw new LineProblem(`"${member}" must be a number or numeric text, got ${describe(value)}`);
}

function optionalBoolean(v: Json, member: string): boolean | undefined {
  const value = v[member];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new LineProblem(`"${member}" must be true or false, got ${describe(value)}`);
  return value;
}

function optionalTimestamp(v: Json, member: string): string | undefined {
  const value = optionalString(v, member);
  if (value === undefined) return undefined;
  const problem = timestampProblem(value);
  if (problem) throw new LineProblem(`"${member}" ${JSON.stringify(value)} ${problem}`);
  return value;
}

function optionalArray(v: Json, member: string): unknown[] | undefined {
  const value = v[member];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new LineProblem(`"${member}" must be an array, got ${describe(value)}`);
  return value;
}

function objectAt(value: unknown, where: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new LineProblem(`"${where}" must be an object, got ${describe(value)}`);
  return value as Json;
}

const ADDRESS_FIELDS = ['streetAddress', 'postalCode', 'addressRegion', 'addressLocality', 'addressCountry'] as const;

function address(v: Json): Address | undefined {
  if (v.address === undefined || v.address === null) return undefined;
  const a = objectAt(v.address, 'address');
  const out: Address = {};
  for (const f of ADDRESS_FIELDS) {
    const value = optionalString(a, f, 'address.');
    if (value !== undefined) out[f] = value;
  }
  return out;
}

function images(v: Json): SourceLocationRecord['images'] {
  const list = optionalArray(v, 'images');
  return list?.map((item, i) => {
    const img = objectAt(item, `images[${i}]`);
    const contentUrl = optionalString(img, 'contentUrl', `images[${i}].`);
    if (!contentUrl) throw new LineProblem(`"images[${i}].contentUrl" is missing`);
    const out: NonNullable<SourceLocationRecord['images']>[number] = { contentUrl };
    for (const dim of ['width', 'height'] as const) {
      const n = img[dim];
      if (n === undefined || n === null) continue;
      if (!Number.isInteger(n) || (n as number) < 0) throw new LineProblem(`"images[${i}].${dim}" must be a non-negative integer, got ${describe(n)}`);
      out[dim] = n as number;
    }
    if (img.representativeOfPage !== undefined && img.representativeOfPage !== null) {
      if (typeof img.representativeOfPage !== 'boolean') throw new LineProblem(`"images[${i}].representativeOfPage" must be true or false`);
      out.representativeOfPage = img.representativeOfPage;
    }
    return out;
  });
}

export function checkLocationMembers(v: Json, r: SourceLocationRecord): void {
  const a = address(v);
  if (a) r.address = a;
  const telephone = optionalString(v, 'telephone');
  if (telephone !== undefined) r.telephone = telephone;
  const url = optionalString(v, 'url');
  if (url !== undefined) r.url = url;
  const latitude = optionalNumber(v, 'latitude');
  const longitude = optionalNumber(v, 'longitude');
  if ((latitude === undefined) !== (longitude === undefined)) throw new LineProblem(`"latitude" and "longitude" must be given together`);
  if (latitude !== undefined && longitude !== undefined) {
    if (latitude < -90 || latitude > 90) throw new LineProblem(`"latitude" must be between -90 and 90, got ${latitude}`);
    if (longitude < -180 || longitude > 180) throw new LineProblem(`"longitude" must be between -180 and 180, got ${longitude}`);
    r.latitude = latitude;
    r.longitude = longitude;
  }
  const imgs = images(v);
  if (imgs) r.images = imgs;
}

export function checkEventMembers(v: Json, r: SourceEventRecord): void {
  const description = optionalString(v, 'description');
  if (description !== undefined) r.description = description;
  const url = optionalString(v, 'url');
  if (url !== undefined) r.url = url;
  for (const m of ['accessStart', 'accessEnd'] as const) {
    const t = optionalTimestamp(v, m);
    if (t !== undefined) r[m] = t;
  }
  for (const m of ['dateConfirmed', 'timeConfirmed'] as const) {
    const b = optionalBoolean(v, m);
    if (b !== undefined) r[m] = b;
  }
  for (const m of ['minimumPrice', 'maximumPrice', 'averagePrice'] as const) {
    const n = optionalNumber(v, m);
    if (n === undefined) continue;
    if (n < 0) throw new LineProblem(`"${m}" must not be negative, got ${n}`);
    r[m] = n;
  }
  if (r.minimumPrice !== undefined && r.maximumPrice !== undefined && r.minimumPrice > r.maximumPrice) {
    throw new LineProblem(`"minimumPrice" ${r.minimumPrice} is greater than "maximumPrice" ${r.maximumPrice}`);
  }
  if (v.listingCount !== undefined && v.listingCount !== null) {
    if (!Number.isInteger(v.listingCount) || (v.listingCount as number) < 0) throw new LineProblem(`"listingCount" must be a non-negative integer, got ${describe(v.listingCount)}`);
    r.listingCount = v.listingCount as number;
  }
  const status = optionalString(v, 'eventStatus');
  if (status !== undefined) r.eventStatus = status;
  const categories = optionalArray(v, 'categories');
  if (categories) {
    r.categories = categories.map((c, i) => {
      const o = objectAt(c, `categories[${i}]`);
      const identifier = optionalString(o, 'identifier', `categories[${i}].`);
      const name = optionalString(o, 'name', `categories[${i}].`);
      if (identifier === undefined && name === undefined) throw new LineProblem(`"categories[${i}]" needs an "identifier" or a "name"`);
      return { identifier: identifier ?? name ?? '', name: name ?? identifier ?? '' };
    });
  }
  const keywords = optionalArray(v, 'keywords');
  if (keywords) {
    keywords.forEach((k, i) => {
      if (typeof k !== 'string') throw new LineProblem(`"keywords[${i}]" must be a string, got ${describe(k)}`);
    });
    r.keywords = keywords as string[];
  }
  const imgs = images(v);
  if (imgs) r.images = imgs;
  if (v.location !== undefined && v.location !== null) {
    const loc = objectAt(v.location, 'location');
    r.location = { integration: requiredNested(loc, 'integration'), sourceId: requiredNested(loc, 'sourceId') };
  }
}

function requiredNested(o: Json, member: string): string {
  const value = o[member];
  if (typeof value !== 'string' || value.trim() === '') throw new LineProblem(`"location.${member}" must be a non-empty string, got ${describe(value)}`);
  return value;
}
