// The records of one kind in a mirror, kept as their JSON text (one string per record: about the
// size of the file on disk, a third of what parsed objects would take) plus what sync needs to keep
// the set equal to the service's: the owner of each source id, and the newest `updatedAt` seen.
import type { SourceId } from '../api/model';

export type MirrorKind = 'locations' | 'events';
export const MIRROR_KINDS: readonly MirrorKind[] = ['locations', 'events'];

/** The members of a record the mirror relies on; the rest is kept as received. */
export interface MirroredRecord {
  id: string;
  updatedAt?: string | null;
  sourceIds?: (SourceId | null)[] | null;
}

/** What one applied record changed: ids replaced or added, and ids removed as merged away. */
export interface RecordChange {
  upserted: string;
  removed: string[];
}

export class RecordSet {
  private readonly texts = new Map<string, string>();
  /** `integration \u0000 source id` → id of the record holding it. */
  private readonly owners = new Map<string, string>();
  private readonly keysOf = new Map<string, string[]>();
  /** Newest `updatedAt` among the records applied: where the next sync starts (less an overlap). */
  newestUpdate: string | undefined;

  get size(): number {
    return this.texts.size;
  }

  ids(): IterableIterator<string> {
    return this.texts.keys();
  }

  text(id: string): string | undefined {
    return this.texts.get(id);
  }

  get(id: string): MirroredRecord | undefined {
    const t = this.texts.get(id);
    return t === undefined ? undefined : (JSON.parse(t) as MirroredRecord);
  }

  /**
   * Replaces the record with the same id, and removes every other record holding one of its source
   * ids: the service merged that one into this one and never lists the removal itself.
   */
  apply(record: MirroredRecord, text = JSON.stringify(record)): RecordChange {
    const keys = sourceKeys(record);
    const removed: string[] = [];
    for (const k of keys) {
      const owner = this.owners.get(k);
      if (owner !== undefined && owner !== record.id && !removed.includes(owner)) removed.push(owner);
    }
    for (const id of removed) this.remove(id);
    this.remove(record.id);
    this.texts.set(record.id, text);
    this.keysOf.set(record.id, keys);
    for (const k of keys) this.owners.set(k, record.id);
    const u = record.updatedAt;
    if (typeof u === 'string' && (this.newestUpdate === undefined || compareTimestamps(u, this.newestUpdate) > 0)) this.newestUpdate = u;
    return { upserted: record.id, removed };
  }

  /** Drops a record (a full listing that no longer lists it). */
  remove(id: string): void {
    if (!this.texts.delete(id)) return;
    for (const k of this.keysOf.get(id) ?? []) if (this.owners.get(k) === id) this.owners.delete(k);
    this.keysOf.delete(id);
  }

  /** A copy sharing the record strings: what a sync works on while the original stays searchable. */
  clone(): RecordSet {
    const c = new RecordSet();
    for (const [id, t] of this.texts) c.texts.set(id, t);
    for (const [k, id] of this.owners) c.owners.set(k, id);
    for (const [id, ks] of this.keysOf) c.keysOf.set(id, ks);
    c.newestUpdate = this.newestUpdate;
    return c;
  }
}

function sourceKeys(r: MirroredRecord): string[] {
  const out: string[] = [];
  for (const s of r.sourceIds ?? []) {
    if (s && typeof s.id === 'string') out.push(`${s.integration ?? ''}\u0000${s.id}`);
  }
  return out;
}

/** Wire timestamps compared by instant (the 27-character expanded-year form does not sort as text). */
export function compareTimestamps(a: string, b: string): number {
  const d = Date.parse(a) - Date.parse(b);
  return Number.isNaN(d) ? a.localeCompare(b) : d;
}
