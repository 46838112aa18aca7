// A full listing's records in the order received, kept in columns until the listing is complete,
// then made a RecordSet once. Applying each record to a set as it arrived (a map entry, the owner
// of each source id, an object per record) was, after the listing itself, the largest share of a
// full sync's work and most of its garbage collection (docs/benchmarks.md, Mirror); here a record
// costs a few array slots, and which records stand is decided in one pass at the end.
import { type MirroredRecord, RecordSet, compareTimestamps, placeOf, sourceKeys } from './record-set';
import type { Table } from './record-store';

export class ListedRecords {
  private readonly ids: string[] = [];
  private readonly at: number[] = [];
  private readonly len: number[] = [];
  private readonly keyCounts: number[] = [];
  private readonly keys: string[] = [];
  private readonly places: (string | undefined)[] = [];
  /** The newest `updatedAt` listed (as a set applying every record would note it). */
  private newestUpdate: string | undefined;
  private decided: { stands: Uint8Array; count: number } | undefined;

  constructor(readonly file: string) {}

  /** Records listed so far (those replaced or merged away later included). */
  get count(): number {
    return this.ids.length;
  }

  /** A record listed, stored at `at` (`len` bytes) in `file`. */
  add(record: MirroredRecord, at: number, len: number): void {
    const keys = sourceKeys(record);
    this.ids.push(record.id);
    this.at.push(at);
    this.len.push(len);
    this.keyCounts.push(keys.length);
    for (const k of keys) this.keys.push(k);
    this.places.push(placeOf(record));
    const u = record.updatedAt;
    if (typeof u === 'string' && (this.newestUpdate === undefined || compareTimestamps(u, this.newestUpdate) > 0)) this.newestUpdate = u;
  }

  /**
   * Which records stand, as applying them one by one would leave them (RecordSet.apply): a record
   * is gone if a later one has its id (replaced) or one of its source ids (merged into it), whether
   * or not that later one stands itself. Decided once, in one pass from the end.
   */
  private standing(): { stands: Uint8Array; count: number } {
    if (this.decided) return this.decided;
    const n = this.ids.length;
    const stands = new Uint8Array(n);
    let count = 0;
    const laterIds = new Set<string>();
    const laterKeys = new Set<string>();
    for (let i = n - 1, k = this.keys.length; i >= 0; i--) {
      const first = (k -= this.keyCounts[i]);
      const end = first + this.keyCounts[i];
      let keep = !laterIds.has(this.ids[i]);
      for (let j = first; keep && j < end; j++) if (laterKeys.has(this.keys[j])) keep = false;
      if (keep) {
        stands[i] = 1;
        count++;
      }
      laterIds.add(this.ids[i]);
      for (let j = first; j < end; j++) laterKeys.add(this.keys[j]);
    }
    this.decided = { stands, count };
    return this.decided;
  }

  /** The standing records' table (record-store.ts), in listing order: a set applying them orders them so (a replaced record moves to the end). */
  table(): Table {
    const { stands } = this.standing();
    const table: Table = { newestUpdate: this.newestUpdate, ids: [], at: [], len: [], keyCounts: [], keys: [], places: [] };
    for (let i = 0, k = 0; i < stands.length; i++) {
      const end = k + this.keyCounts[i];
      if (stands[i]) {
        table.ids.push(this.ids[i]);
        table.at.push(this.at[i]);
        table.len.push(this.len[i]);
        table.keyCounts.push(this.keyCounts[i]);
        for (let j = k; j < end; j++) table.keys.push(this.keys[j]);
        table.places.push(this.places[i] ?? null);
      }
      k = end;
    }
    return table;
  }

  /** The standing records as a set, in the table's order; filled when first read (RecordSet.deferred). */
  toSet(): RecordSet {
    const { stands, count } = this.standing();
    return RecordSet.deferred(count, this.newestUpdate, (set) => {
      for (let i = 0, k = 0; i < stands.length; i++) {
        const end = k + this.keyCounts[i];
        if (stands[i]) set.put(this.ids[i], { file: this.file, at: this.at[i], len: this.len[i], keys: this.keys.slice(k, end), place: this.places[i] });
        k = end;
      }
    });
  }
}
