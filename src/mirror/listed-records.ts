// A full listing's records in the order received, kept in columns until the listing is complete,
// then made a RecordSet once. Applying each record to a set as it arrived (a map entry, the owner
// of each source id, an object per record) was, after the listing itself, the largest share of a
// full sync's work and most of its garbage collection (docs/benchmarks.md, Mirror); here a record
// costs a few array slots, and which records stand is decided in one pass at the end.
import { type MirroredRecord, RecordSet, compareTimestamps, placeOf, sourceKeys } from './record-set';

export class ListedRecords {
  private readonly ids: string[] = [];
  private readonly at: number[] = [];
  private readonly len: number[] = [];
  private readonly keyCounts: number[] = [];
  private readonly keys: string[] = [];
  private readonly places: (string | undefined)[] = [];
  /** The newest `updatedAt` listed (as a set applying every record would note it). */
  private newestUpdate: string | undefined;

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
   * The records that stand, as applying them one by one would leave them (RecordSet.apply): a
   * record is gone if a later one has its id (replaced) or one of its source ids (merged into it),
   * whether or not that later one stands itself. In listing order, as a set applying them orders
   * them (a replaced record moves to the end).
   */
  toSet(): RecordSet {
    const n = this.ids.length;
    const stands = new Uint8Array(n);
    const laterIds = new Set<string>();
    const laterKeys = new Set<string>();
    for (let i = n - 1, k = this.keys.length; i >= 0; i--) {
      const first = (k -= this.keyCounts[i]);
      const end = first + this.keyCounts[i];
      let keep = !laterIds.has(this.ids[i]);
      for (let j = first; keep && j < end; j++) if (laterKeys.has(this.keys[j])) keep = false;
      stands[i] = keep ? 1 : 0;
      laterIds.add(this.ids[i]);
      for (let j = first; j < end; j++) laterKeys.add(this.keys[j]);
    }
    const set = new RecordSet();
    for (let i = 0, k = 0; i < n; i++) {
      const end = k + this.keyCounts[i];
      if (stands[i]) set.put(this.ids[i], { file: this.file, at: this.at[i], len: this.len[i], keys: this.keys.slice(k, end), place: this.places[i] });
      k = end;
    }
    set.newestUpdate = this.newestUpdate;
    return set;
  }
}
