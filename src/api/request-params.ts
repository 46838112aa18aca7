// Request bodies, built and checked before anything is sent, so a mistake costs no round trip and
// the message can say exactly which member is wrong and what was expected.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './endpoints';
import { RequestValidationError } from './errors';
import { toWireTimestamp } from './timestamp';

export interface PageParams {
  /** Page to get, from 0. Default 0. */
  page?: number;
  /** Results per page. Default 50; at most 200 for recommendations, 500 for locations and events. */
  pageSize?: number;
}

export interface LocationParams extends PageParams {
  /** Records updated or created since this instant (a Date, or the 24/27-character wire form). */
  updatedSince: Date | string;
  /** Compare `updatedSince` with updates from third-party sources only. */
  onlyExternalUpdates?: boolean;
}

export interface EventParams extends LocationParams {
  startAfter?: Date | string;
  startBefore?: Date | string;
  /** URI of a location: only events there. */
  location?: string;
}

export type ListName = keyof typeof MAX_PAGE_SIZE;

function checkInteger(value: unknown, member: string, max?: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new RequestValidationError(member, `${member} must be an integer ≥ 0, got ${describe(value)}`);
  }
  if (max !== undefined && value > max) {
    throw new RequestValidationError(member, `${member} must be at most ${max}, got ${value}`);
  }
  return value;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value);
  return String(value);
}

function timestamp(value: Date | string, member: string): string {
  try {
    return toWireTimestamp(value, member);
  } catch (e) {
    throw new RequestValidationError(member, (e as Error).message);
  }
}

export function pageBody(list: ListName, p: PageParams): { page: number; page_size: number } {
  return {
    page: checkInteger(p.page ?? 0, 'page'),
    page_size: checkInteger(p.pageSize ?? DEFAULT_PAGE_SIZE, 'page_size', MAX_PAGE_SIZE[list]),
  };
}

export function locationsBody(p: LocationParams): Record<string, unknown> {
  if (p.updatedSince === undefined || p.updatedSince === null) {
    throw new RequestValidationError('updated_since', 'updated_since is required (a Date or YYYY-MM-DDTHH:mm:ss.sssZ)');
  }
  const body: Record<string, unknown> = {
    updated_since: timestamp(p.updatedSince, 'updated_since'),
    ...pageBody('locations', p),
  };
  if (p.onlyExternalUpdates !== undefined) {
    if (typeof p.onlyExternalUpdates !== 'boolean') {
      throw new RequestValidationError('only_external_updates', `only_external_updates must be true or false, got ${describe(p.onlyExternalUpdates)}`);
    }
    body.only_external_updates = p.onlyExternalUpdates;
  }
  return body;
}

export function eventsBody(p: EventParams): Record<string, unknown> {
  const body: Record<string, unknown> = { ...locationsBody(p), ...pageBody('events', p) };
  if (p.startAfter !== undefined) body.start_after = timestamp(p.startAfter, 'start_after');
  if (p.startBefore !== undefined) body.start_before = timestamp(p.startBefore, 'start_before');
  if (p.location !== undefined) {
    if (typeof p.location !== 'string' || p.location.trim() === '') {
      throw new RequestValidationError('location', 'location must be the non-empty URI of a location');
    }
    body.location = p.location;
  }
  return body;
}

export function decisionBody(id: string): { id: string } {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new RequestValidationError('id', 'id must be the non-empty @id of a recommendation');
  }
  return { id };
}
