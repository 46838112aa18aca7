// The records of one kind in a mirror. A record stays where it is stored — a span of a file of the
// mirror's store (record-store.ts), read back when asked for — and only records received by a sync
// not yet committed are held as text: 150,000 parsed records took 400 MB, their spans take a few.
// Kept in memory per record is only what sync and the editor need without reading it: the owner of
// each source id (to drop records merged away), the location of an event, the newest `updatedAt`.
import type { SourceId } from '../api/model';
import { MirrorError } from './mirror-error';
import { SpanReader } from './span-reader';
import { compareTimestamps } from './timestamps';

export { SpanReader, compareTimestamps };

export type MirrorKind = 'locations' | 'events';
export const MIRROR_KINDS: readonly MirrorKind[] = ['locations', 'events'];

/** The members of a record the mirror relies on; the rest is kept as received. */
export interface MirroredRecord {
  id: string;
  updatedAt?: string | null;
  sourceIds?: (SourceId | null)[] | null;
  /** An event's location (embedded whole by the service). */
  location?: { id?: unknown } | null;
}

/** What one applied record changed: ids replaced or added, and ids removed as merged away. */
export interface RecordChange {
  upserted: string;
  removed: string[];
}

/** Where a record is: a span of a store file, or (received, not yet committed) its text. */
/** The longest chain of derived sets not yet filled (derived()). */
const MAX_DERIVED_CHAIN = 8;

export interface RecordEntry {
  file?: string;
  at?: number;
  len?: number;
  text?: string;
  /** `integration \u0000 source id` of each of its source ids. */
  keys: string[];
  /** An event's location id. */
  place?: string;
}

/**
 * A store's base table (record-store.ts) as it was read: its records stay rows of these columns
 * (a number in the set's map) until one is replaced, instead of an entry object and a keys array
 * each. Opening 150,000 records made 300,000 such objects, most of a fresh process's incremental
 * sync beyond its pages (docs/benchmarks.md, "The incremental as a fresh process").
 */
interface BaseRows {
  file: string;
  at: readonly number[];
  len: readonly number[];
  keys: readonly string[];
  /** Row i's keys are keys[keyStart[i]] up to keys[keyStart[i + 1]]. */
  keyStart: Int32Array;
  places: readonly (string | null)[];
}

/** The columns of a base table a set is made from (record-store.ts validates them). */
export interface BaseColumns {
  newestUpdate?: string;
  ids: readonly string[];
  at: readonly number[];
  len: readonly number[];
  keyCounts: readonly number[];
  keys: readonly string[];
  places: readonly (string | null)[];
}

export class RecordSet {
  /** An entry, or the row of `rows` it still is. */
  private readonly map = new Map<string, RecordEntry | number>();
  private rows: BaseRows | undefined;
  /** A set made from a full listing's columns fills its map at its first use (deferred()). */
  private fill: { size: number; run: (set: RecordSet) => void } | undefined;
  /**
   * `integration \u0000 source id` → id of the record holding it: only a sync needs it (to drop
   * records merged away), so it is built at the first apply() rather than at open.
   */
  private owners: Map<string, string> | undefined;
  /** Bumped by every change of the entries (prepareOwners stops if the set changed under it). */
  private version = 0;
  /** Newest `updatedAt` among the records applied: where the next sync starts (less an overlap). */
  newestUpdate: string | undefined;

  /**
   * A set of `size` records put by `fill` when it is first read: the CLI's first sync commits a
   * full listing's table and ends without reading its set (docs/benchmarks.md, Mirror).
   */
  static deferred(size: number, newestUpdate: string | undefined, fill: (set: RecordSet) => void): RecordSet {
    const set = new RecordSet();
    set.fill = { size, run: fill };
    set.newestUpdate = newestUpdate;
    return set;
  }

  /**
   * The set of a base table's records (`file`), in its order, each kept as its row until it is
   * read. Ids are unique in a table (written from a set's map or a listing's standing records).
   */
  static fromTable(file: string, table: BaseColumns): RecordSet {
    const set = new RecordSet();
    const n = table.ids.length;
    const keyStart = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) keyStart[i + 1] = keyStart[i] + table.keyCounts[i];
    set.rows = { file, at: table.at, len: table.len, keys: table.keys, keyStart, places: table.places };
    for (let i = 0; i < n; i++) set.map.set(table.ids[i], i);
    set.seen(table.newestUpdate);
    return set;
  }

  /** The entry of a map value: a base row becomes an entry object only when one is asked for. */
  private entryOf(v: RecordEntry | number): RecordEntry {
    if (typeof v !== 'number') return v;
    const rows = this.rows as BaseRows;
    return { file: rows.file, at: rows.at[v], len: rows.len[v], keys: rows.keys.slice(rows.keyStart[v], rows.keyStart[v + 1]), place: rows.places[v] ?? undefined };
  }

  /** Notes each source key of a map value as owned by `id` (no keys array made for a base row). */
  private own(owners: Map<string, string>, id: string, v: RecordEntry | number): void {
    if (typeof v !== 'number') {
      for (const k of v.keys) owners.set(k, id);
      return;
    }
    const rows = this.rows as BaseRows;
    for (let j = rows.keyStart[v]; j < rows.keyStart[v + 1]; j++) owners.set(rows.keys[j], id);
  }

  /** The text of a map value, read with `reader` if it is stored. */
  private textOf(v: RecordEntry | number, reader: SpanReader): string {
    if (typeof v !== 'number') return v.text ?? reader.read(v);
    const rows = this.rows as BaseRows;
    return reader.readSpan(rows.file, rows.at[v], rows.len[v]);
  }

  /**
   * `from` with `changes` made to it (an entry put, or null: removed; in the order of each id's
   * last change), copied only when first read beyond those changes: the CLI's incremental sync
   * commits its changes and ends without copying the 150,000 records (change-set.ts). `from` must
   * not change meanwhile (a sync's set is replaced, never changed: Mirror.commit).
   */
  static derived(from: RecordSet, changes: Map<string, RecordEntry | null>, size: number, newestUpdate: string | undefined): RecordSet {
    // A set no one reads (an extension that never searches, syncing on a schedule) would otherwise
    // chain every sync's changes to the one before without end: filled now and then, the chain
    // stays short and a first read copies at most MAX_DERIVED_CHAIN sets' changes.
    if (from.derivedDepth >= MAX_DERIVED_CHAIN) void from.entries;
    const set = RecordSet.deferred(size, newestUpdate, (s) => {
      const source = from.entries;
      for (const [id, v] of source) s.map.set(id, v);
      s.rows = from.rows;
      // Taken over, not copied, as a sync's clone does: the original rebuilds it if ever asked.
      s.owners = from.owners;
      from.owners = undefined;
      for (const [id, e] of s.changes ?? changes) {
        if (e === null) s.remove(id);
        else s.put(id, e);
      }
      s.changes = undefined;
      s.base = undefined;
      s.chainDepth = 0;
    });
    set.changes = changes;
    set.base = from;
    set.chainDepth = from.derivedDepth + 1;
    return set;
  }

  /** How many derived sets not yet filled this one stands on, itself included (0: filled). */
  get derivedDepth(): number {
    return this.fill ? this.chainDepth : 0;
  }

  private chainDepth = 0;

  /** A derived set's changes, answered from before it is filled (derived()). */
  private changes: Map<string, RecordEntry | null> | undefined;
  private base: RecordSet | undefined;

  /** The entry a derived set not yet filled knows without filling: null if removed, undefined if it must ask its copy. */
  private changed(id: string): RecordEntry | null | undefined {
    return this.fill && this.changes ? this.changes.get(id) : undefined;
  }

  private get entries(): Map<string, RecordEntry | number> {
    const fill = this.fill;
    if (fill) {
      this.fill = undefined;
      fill.run(this);
    }
    return this.map;
  }

  get size(): number {
    return this.fill?.size ?? this.map.size;
  }

  ids(): IterableIterator<string> {
    return this.entries.keys();
  }

  entry(id: string): RecordEntry | undefined {
    const c = this.changed(id);
    if (c !== undefined) return c ?? undefined;
    const v = this.entries.get(id);
    return v === undefined ? undefined : this.entryOf(v);
  }

  has(id: string): boolean {
    const c = this.changed(id);
    if (c !== undefined) return c !== null;
    if (this.fill && this.base) return this.base.has(id);
    return this.entries.has(id);
  }

  /**
   * Ids of the records held as text or stored in `file` from byte `at` on: what changed since a
   * stored index was written (stored-index.ts). A base row never did (no entry made for it).
   */
  *changedSince(file: string, at: number): Generator<string> {
    for (const [id, v] of this.entries) if (typeof v !== 'number' && (v.text !== undefined || (v.file === file && (v.at ?? 0) >= at))) yield id;
  }

  /** The record's JSON text, read from its file if it is stored. */
  text(id: string): string | undefined {
    const c = this.changed(id);
    const v = c === undefined ? this.entries.get(id) : (c ?? undefined);
    if (v === undefined) return undefined;
    const reader = new SpanReader();
    try {
      return this.textOf(v, reader);
    } finally {
      reader.close();
    }
  }

  get(id: string): MirroredRecord | undefined {
    const t = this.text(id);
    if (t === undefined) return undefined;
    try {
      return JSON.parse(t) as MirroredRecord;
    } catch {
      const e = this.entry(id);
      throw new MirrorError(`${e?.file ?? 'the mirror'} at byte ${e?.at ?? 0} is not a record; delete the mirror directory and sync again`);
    }
  }

  /** The texts of these records (those it holds), read with one descriptor per file. */
  *textsOf(ids: Iterable<string>): Generator<[string, string]> {
    const reader = new SpanReader();
    try {
      for (const id of ids) {
        const v = this.entries.get(id);
        if (v !== undefined) yield [id, this.textOf(v, reader)];
      }
    } finally {
      reader.close();
    }
  }

  /** Every record's text in mirror order, read with one descriptor per file. */
  *texts(): Generator<[string, string]> {
    const reader = new SpanReader();
    try {
      for (const [id, v] of this.entries) yield [id, this.textOf(v, reader)];
    } finally {
      reader.close();
    }
  }

  /** Ids of the events at a location (events only), in mirror order. */
  idsAt(locationId: string): string[] {
    const out: string[] = [];
    const places = this.rows?.places;
    for (const [id, v] of this.entries) if ((typeof v === 'number' ? places?.[v] : v.place) === locationId) out.push(id);
    return out;
  }

  /**
   * Replaces the record with the same id, and removes every other record holding one of its source
   * ids: the service merged that one into this one and never lists the removal itself.
   */
  apply(record: MirroredRecord, text = JSON.stringify(record)): RecordChange {
    const keys = sourceKeys(record);
    const removed: string[] = [];
    const owners = this.ownersOfKeys();
    for (const k of keys) {
      const owner = owners.get(k);
      if (owner !== undefined && owner !== record.id && !removed.includes(owner)) removed.push(owner);
    }
    for (const id of removed) this.remove(id);
    this.put(record.id, { text, keys, place: placeOf(record) });
    this.seen(record.updatedAt);
    return { upserted: record.id, removed };
  }

  /** Sets an entry as stored (no merge logic: replaying a store's own operations). */
  put(id: string, entry: RecordEntry): void {
    // A derived set not yet filled takes a new entry of a record it changed as one more change (the
    // commit stores the records it received and points them at the store: record-store.ts).
    if (this.changes && this.changed(id)) {
      this.changes.delete(id);
      this.changes.set(id, entry);
      return;
    }
    this.version++;
    this.remove(id);
    this.entries.set(id, entry);
    if (this.owners) for (const k of entry.keys) this.owners.set(k, id);
  }

  /**
   * Builds the owners map ahead of a sync, a slice of `sliceMs` at a time with the event loop's turn
   * between slices (the extension after opening a mirror): otherwise the first sync after an open
   * builds it on its own path (0.17 s at 150,000 records). A set changed meanwhile is left to that.
   */
  async prepareOwners(sliceMs: number): Promise<void> {
    if (this.owners) return;
    const owners = new Map<string, string>();
    const version = this.version;
    const entries = this.entries.entries();
    for (;;) {
      const started = performance.now();
      do {
        const next = entries.next();
        if (next.done) {
          this.owners ??= owners;
          return;
        }
        const [id, v] = next.value;
        this.own(owners, id, v);
      } while (performance.now() - started < sliceMs);
      await new Promise((r) => setImmediate(r));
      if (this.owners || this.version !== version) return;
    }
  }

  /**
   * The owner of each of these source keys that has one: from the owners map if it is built (the
   * extension prepares it after an open), else by one pass over the records without building it
   * (a fresh process's incremental sync needs the owners of a few thousand keys, not of 300,000).
   * The last record holding a key owns it, as in the map.
   */
  ownersOf(keys: ReadonlySet<string>): Map<string, string> {
    const out = new Map<string, string>();
    if (this.owners) {
      for (const k of keys) {
        const id = this.owners.get(k);
        if (id !== undefined) out.set(k, id);
      }
      return out;
    }
    const rows = this.rows;
    for (const [id, v] of this.entries) {
      if (typeof v !== 'number') {
        for (const k of v.keys) if (keys.has(k)) out.set(k, id);
      } else if (rows) {
        for (let j = rows.keyStart[v]; j < rows.keyStart[v + 1]; j++) if (keys.has(rows.keys[j])) out.set(rows.keys[j], id);
      }
    }
    return out;
  }

  /** Builds the owners map now, if there are records (a sync's copy, before its pages are applied). */
  prepareOwnersNow(): void {
    if (this.entries.size > 0) this.ownersOfKeys();
  }

  private ownersOfKeys(): Map<string, string> {
    if (!this.owners) {
      this.owners = new Map();
      for (const [id, v] of this.entries) this.own(this.owners, id, v);
    }
    return this.owners;
  }

  /** Notes an `updatedAt`, keeping the newest. */
  seen(u: unknown): void {
    if (typeof u === 'string' && (this.newestUpdate === undefined || compareTimestamps(u, this.newestUpdate) > 0)) this.newestUpdate = u;
  }

  /** Drops a record (a full listing that no longer lists it). */
  remove(id: string): void {
    const v = this.entries.get(id);
    if (v === undefined) return;
    this.version++;
    this.entries.delete(id);
    if (this.owners) for (const k of this.entryOf(v).keys) if (this.owners.get(k) === id) this.owners.delete(k);
  }

  /**
   * A copy sharing the entries: what a sync works on while the original stays searchable. With
   * `takeOwners` the copy takes the owners map over instead of copying it (300,000 source ids: most
   * of a clone's 50 ms): searches do not need it, and should the sync fail, the original builds it
   * again when next asked.
   */
  clone(opts: { takeOwners?: boolean } = {}): RecordSet {
    const c = new RecordSet();
    for (const [id, v] of this.entries) c.entries.set(id, v);
    c.rows = this.rows;
    if (this.owners && opts.takeOwners) {
      c.owners = this.owners;
      this.owners = undefined;
    } else if (this.owners) c.owners = new Map(this.owners);
    c.newestUpdate = this.newestUpdate;
    return c;
  }
}

export function sourceKeys(r: MirroredRecord): string[] {
  const out: string[] = [];
  for (const s of r.sourceIds ?? []) {
    if (s && typeof s.id === 'string') out.push(`${s.integration ?? ''}\u0000${s.id}`);
  }
  return out;
}

export function placeOf(r: MirroredRecord): string | undefined {
  const id = r.location?.id;
  return typeof id === 'string' ? id : undefined;
}
