// The Events view's own filter (a start window and one location), sent to the service with the
// list's updated-since window, and how it is kept in the workspace state (view-choices.ts).
import { parseStoredDate } from './time-window';

export interface EventFilter {
  startAfter?: Date;
  startBefore?: Date;
  /** A location's id (URI) and, for the description, its name. */
  location?: { id: string; name?: string };
}

export function isEventFilterSet(f: EventFilter): boolean {
  return !!(f.startAfter || f.startBefore || f.location);
}

export function storedEventFilter(f: EventFilter): unknown {
  return { startAfter: f.startAfter?.toISOString(), startBefore: f.startBefore?.toISOString(), location: f.location };
}

export function parseEventFilter(raw: unknown): EventFilter | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  const loc = r.location as Record<string, unknown> | undefined;
  const location = loc && typeof loc === 'object' && typeof loc.id === 'string' && loc.id ? { id: loc.id, name: typeof loc.name === 'string' ? loc.name : undefined } : undefined;
  return { startAfter: parseStoredDate(r.startAfter), startBefore: parseStoredDate(r.startBefore), location };
}
