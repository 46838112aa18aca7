// Validation of the five endpoints' request members, turning a parsed JSON body into the store's
// queries or a 400 that names the member. Choices where the spec is silent (docs/sandbox.md):
// - unknown members are ignored, so a client written for a newer service still works;
// - null is not "absent": an optional member that is present must have its documented type;
// - page_size 0 is refused: a page of nothing never advances, and a client looping on
//   has_next_page would never end;
// - the recommendation list gets the same 400s as the other lists (the spec documents none for it),
//   because silently clamping page_size would hand back a page of a size the client did not ask for.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../api/endpoints';
import { TIMESTAMP_FORM, timestampMillis, timestampProblem } from '../api/timestamp';
import type { EventQuery, LocationQuery, PageQuery } from './store-api';
import { HttpError, describeValue, jsonType } from './http-errors';

export const MAX_RECOMMENDATION_PAGE_SIZE = MAX_PAGE_SIZE.recommendations;
export const MAX_LIST_PAGE_SIZE = MAX_PAGE_SIZE.locations;

type Body = Record<string, unknown> | undefined;

function invalid(member: string, message: string): HttpError {
  return new HttpError(400, 'invalid_member', `${member} ${message}`, { member });
}

function missing(member: string, what: string): HttpError {
  return new HttpError(400, 'missing_member', `${member} is required: ${what}`, { member });
}

function requireBody(body: Body, member: string, what: string): Record<string, unknown> {
  if (body === undefined) {
    throw new HttpError(400, 'missing_member', `the request body is required: a JSON object with ${member} (${what})`, { member });
  }
  return body;
}

function integerMember(body: Body, member: string, fallback: number, min: number, max: number): number {
  const value = body?.[member];
  if (value === undefined) return fallback;
  const range = max === Number.MAX_SAFE_INTEGER ? `an integer of at least ${min}` : `an integer from ${min} to ${max}`;
  if (typeof value !== 'number') throw invalid(member, `must be ${range}, got ${jsonType(value)}`);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw invalid(member, `must be ${range}, got ${describeValue(value)}`);
  }
  return value;
}

function pageQuery(body: Body, maxPageSize: number): PageQuery {
  return {
    page: integerMember(body, 'page', 0, 0, Number.MAX_SAFE_INTEGER),
    pageSize: integerMember(body, 'page_size', DEFAULT_PAGE_SIZE, 1, maxPageSize),
  };
}

/** The instant of a timestamp member, or undefined when absent and optional. */
function timestampMember(body: Record<string, unknown>, member: string, required: boolean): number | undefined {
  const value = body[member];
  if (value === undefined) {
    if (required) throw missing(member, `a timestamp of the form ${TIMESTAMP_FORM}`);
    return undefined;
  }
  if (typeof value !== 'string') {
    throw invalid(member, `must be a timestamp string of the form ${TIMESTAMP_FORM}, got ${jsonType(value)}`);
  }
  const problem = timestampProblem(value);
  if (problem) {
    throw invalid(member, `${describeValue(value)} ${problem}; expected ${TIMESTAMP_FORM}, e.g. 2024-05-01T00:00:00.000Z`);
  }
  return timestampMillis(value);
}

function booleanMember(body: Record<string, unknown>, member: string): boolean {
  const value = body[member];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw invalid(member, `must be true or false, got ${jsonType(value)}`);
  return value;
}

/** `POST recommended-deduplications`: the body may be omitted. */
export function parseRecommendationListRequest(body: Body): PageQuery {
  return pageQuery(body, MAX_RECOMMENDATION_PAGE_SIZE);
}

/** `POST recommended-deduplications/approve` and `/reject`. */
export function parseDecisionRequest(body: Body): { id: string } {
  const b = requireBody(body, 'id', 'the @id of a listed recommendation');
  const id = b.id;
  if (id === undefined) throw missing('id', 'the @id of a listed recommendation');
  if (typeof id !== 'string') throw invalid('id', `must be a string (the recommendation's @id), got ${jsonType(id)}`);
  if (id.trim() === '') throw invalid('id', 'must not be empty');
  return { id };
}

/** `POST locations`. */
export function parseLocationsRequest(body: Body): LocationQuery {
  const b = requireBody(body, 'updated_since', `a timestamp of the form ${TIMESTAMP_FORM}`);
  const updatedSince = timestampMember(b, 'updated_since', true) as number;
  return {
    ...pageQuery(b, MAX_LIST_PAGE_SIZE),
    updatedSince,
    onlyExternalUpdates: booleanMember(b, 'only_external_updates'),
  };
}

/** `POST events`. */
export function parseEventsRequest(body: Body): EventQuery {
  const query: EventQuery = parseLocationsRequest(body);
  const b = body as Record<string, unknown>;
  const startAfter = timestampMember(b, 'start_after', false);
  const startBefore = timestampMember(b, 'start_before', false);
  if (startAfter !== undefined) query.startAfter = startAfter;
  if (startBefore !== undefined) query.startBefore = startBefore;
  const location = b.location;
  if (location !== undefined) {
    if (typeof location !== 'string') throw invalid('location', `must be the URI of a location (a string), got ${jsonType(location)}`);
    if (!isAbsoluteUri(location)) throw invalid('location', `must be an absolute URI such as the id of a listed location, got ${describeValue(location)}`);
    query.location = location;
  }
  return query;
}

function isAbsoluteUri(text: string): boolean {
  if (text.trim() !== text || text === '') return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}
