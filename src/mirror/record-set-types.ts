// The kinds a mirror holds and the members of a record it relies on.
import type { SourceId } from '../api/model';

export type MirrorKind = 'locations' | 'events';
export const MIRROR_KINDS: readonly MirrorKind[] = ['locations', 'events'];

/** The members of a record the mirror relies on; the rest is kept as received. */
export interface MirroredRecord {
  id: string;
  updatedAt?: string | null;
  sourceIds?: (SourceId | null)[] | null;
  /** An event's location (embedded whole by the service). */
  location?: { id?: unknown } | null;
  startDate?: unknown;
}

/** `integration \u001f source id` (no NUL: SQLite binds C strings) of each of a record's source ids: who owns one merged the others. */
export function sourceKeys(r: MirroredRecord): string[] {
  const out: string[] = [];
  for (const s of r.sourceIds ?? []) {
    if (s && typeof s.id === 'string') out.push(`${s.integration ?? ''}\u001f${s.id}`);
  }
  return out;
}

export function placeOf(r: MirroredRecord): string | null {
  const id = r.location?.id;
  return typeof id === 'string' ? id : null;
}
