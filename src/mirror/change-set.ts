// What an incremental sync of one kind received, applied at the end of its listing to the few
// records it touches, not to a copy of all of them. A sync of 1 % of 150,000 records used to copy
// the whole set and build the owners of its 300,000 source ids before its first page (about 0.2 s
// of a fresh process's 0.6 s: docs/benchmarks.md, "The incremental as a fresh process"); it now
// looks up the owners of the received records' source ids only, applies the records to a set of
// those owners (RecordSet.apply: the same merge rule), and the outcome is a set derived from the
// current one (RecordSet.derived), copied only if something reads it (the extension; never the CLI).
import { type MirroredRecord, type RecordEntry, RecordSet, sourceKeys } from './record-set';

export interface AppliedChanges {
  records: RecordSet;
  /** Ids added or replaced, and ids removed because their source ids moved to another record. */
  upserted: Set<string>;
  removed: Set<string>;
}

export class ChangeSet {
  private readonly received: MirroredRecord[] = [];

  constructor(private readonly current: RecordSet) {}

  /** Keeps a page's records (journalled by the caller) until the listing is complete. */
  add(records: readonly unknown[]): void {
    for (const r of records) this.received.push(r as MirroredRecord);
  }

  /** Applies the received records in order, as RecordSet.apply on a copy of the current set would. */
  apply(): AppliedChanges {
    const keys = new Set<string>();
    for (const r of this.received) for (const k of sourceKeys(r)) keys.add(k);
    // The current records that own a received source id: the only ones a received record can merge away.
    const touched = new RecordSet();
    for (const id of new Set(this.current.ownersOf(keys).values())) {
      const e = this.current.entry(id);
      if (e) touched.put(id, e);
    }
    touched.seen(this.current.newestUpdate);
    // Each id's last change, in the order of the last ones (a replaced record moves to the end).
    const changes = new Map<string, RecordEntry | null>();
    const note = (id: string, e: RecordEntry | null) => {
      changes.delete(id);
      changes.set(id, e);
    };
    const upserted = new Set<string>();
    const removed = new Set<string>();
    for (const r of this.received) {
      const change = touched.apply(r);
      for (const id of change.removed) {
        note(id, null);
        removed.add(id);
        upserted.delete(id);
      }
      note(change.upserted, touched.entry(change.upserted) as RecordEntry);
      upserted.add(change.upserted);
      removed.delete(change.upserted);
    }
    let size = this.current.size;
    for (const id of upserted) if (!this.current.has(id)) size++;
    for (const id of removed) if (this.current.has(id)) size--;
    return { records: RecordSet.derived(this.current, changes, size, touched.newestUpdate), upserted, removed };
  }
}
