// Writing many records of one kind at once, with the effect of writing them one after the other.
// Each record used to be looked up on its own (each source id's owner, its old row, then its new
// rowid): statements that find nothing in a first sync, and the record as it is in a second pass.
// Here the records are played in order against what the database held, read in a few statements a
// batch, and only the net result is written (record-table.ts).
import { foldTerm, fieldsOf } from './indexed-fields';
import { type MirroredRecord, placeOf, sourceKeys } from './record-set-types';
import type { Row } from './sqlite';

/** What writing one record changed. */
export interface Applied {
  /** The mirror did not hold it before. */
  added: boolean;
  /** Records it merged away (they held one of its source ids). */
  removed: string[];
  /** It, or a record it merged away, was already written in the same pass: it moved while the service was listed. */
  movedInPass: boolean;
  /** The mirror held it otherwise (or not at all). */
  changed: boolean;
}

/** The columns a record's index entries, source ids and words are made of. */
export const SEARCHED = ['name', 'address', 'town', 'postcode', 'integrations', 'source_ids'] as const;
export type Searched = Record<(typeof SEARCHED)[number], string>;
/** The searched columns in the trigram index, and those in the codes' word index. */
const TEXT_COLUMNS = ['name', 'address', 'town'] as const;
const CODE_COLUMNS = ['postcode', 'integrations', 'source_ids'] as const;

/** A record as the mirror holds it (or will): `rowid` only when the database holds it. */
export interface Version {
  id: string;
  rowid?: number;
  pass: number;
  json: string;
  searched: Searched;
  /** Its source ids, when it was written in this batch (else: as the database holds them). */
  keys?: string[];
  /** The row's other columns, when it was written in this batch. */
  row?: RowValues;
}

/** checksum, updated_at, location_id, start_date. */
type RowValues = [number, string | null, string | null, string | null];

/** The net writes of a batch: every list is written by one statement. */
export interface BatchWrites {
  /** Rows the database held that are gone (merged away): their rows, index entries and source ids. */
  deleted: Version[];
  /** Rows the database holds as they are, listed again in another pass. */
  restamped: { rowid: number; pass: number }[];
  /** Rows the database held, changed; `text` when their name, street or town changed too, `codes` when their codes did. */
  updated: { held: Version; now: Version; text: boolean; codes: boolean }[];
  /** Records the database did not hold, in the order they came. */
  inserted: Version[];
}

/** FNV-1a of a text: a damaged byte in a stored record changes it. */
export function checksum(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Records played one after another against what the database held (`held` rows and the owners of
 * the batch's source ids), exactly as writing each in turn would: a record merging away one written
 * earlier in the batch, a record listed twice, an owner that changed its source ids meanwhile.
 */
export class BatchPlan {
  /** Versions after the records played so far (null: removed); ids absent are as the database holds them. */
  private readonly now = new Map<string, Version | null>();
  /** The owners of the batch's source ids now (null: none). */
  private readonly owners: Map<string, string | null>;
  /** The batch's source ids each record holds now (a reverse of `owners`). */
  private readonly keysOf = new Map<string, Set<string>>();
  /** Ids in the order they were first written (inserts keep the listing's order). */
  private readonly order: string[] = [];

  constructor(
    private readonly held: ReadonlyMap<string, Version>,
    owners: ReadonlyMap<string, string>,
  ) {
    this.owners = new Map(owners);
    for (const [key, id] of owners) this.keyHeld(id).add(key);
  }

  private keyHeld(id: string): Set<string> {
    let s = this.keysOf.get(id);
    if (!s) this.keysOf.set(id, (s = new Set()));
    return s;
  }

  private current(id: string): Version | undefined {
    const v = this.now.has(id) ? this.now.get(id) : this.held.get(id);
    return v ?? undefined;
  }

  private set(id: string, v: Version | null): void {
    if (!this.now.has(id)) this.order.push(id);
    this.now.set(id, v);
  }

  private dropKeys(id: string): void {
    for (const key of this.keysOf.get(id) ?? []) this.owners.set(key, null);
    this.keysOf.delete(id);
  }

  /** Removes a record; answers the pass that wrote it, undefined if it was not there. */
  private remove(id: string): number | undefined {
    const v = this.current(id);
    if (!v) return undefined;
    this.set(id, null);
    this.dropKeys(id);
    return v.pass;
  }

  /** Plays one record received in `pass`; `json` is its text as stored. */
  apply(record: MirroredRecord, pass: number, json = JSON.stringify(record)): Applied {
    let movedInPass = false;
    const keys = sourceKeys(record);
    const removed = new Set<string>();
    for (const key of keys) {
      const owner = this.owners.get(key);
      if (typeof owner === 'string' && owner !== record.id) removed.add(owner);
    }
    for (const id of removed) if (this.remove(id) === pass) movedInPass = true;
    const old = this.current(record.id);
    if (old && old.pass === pass) movedInPass = true;
    if (old && old.json === json) {
      // As held: only the pass that listed it changes (a second pass of a full sync writes little).
      this.set(record.id, { ...old, pass });
      return { added: false, removed: [...removed], movedInPass, changed: removed.size > 0 };
    }
    this.set(record.id, { id: record.id, pass, json, searched: searchedOf(record), keys, row: [checksum(json), str(record.updatedAt), placeOf(record), str(record.startDate)] });
    this.dropKeys(record.id);
    for (const key of keys) {
      this.owners.set(key, record.id);
      this.keyHeld(record.id).add(key);
    }
    return { added: !old, removed: [...removed], movedInPass, changed: true };
  }

  /** What the records played change in the database, compared with what it held. */
  writes(): BatchWrites {
    const out: BatchWrites = { deleted: [], restamped: [], updated: [], inserted: [] };
    for (const id of this.order) {
      const held = this.held.get(id);
      const now = this.now.get(id);
      if (!now) {
        if (held) out.deleted.push(held);
      } else if (held?.rowid === undefined) {
        out.inserted.push(now);
      } else if (now.json === held.json) {
        if (now.pass !== held.pass) out.restamped.push({ rowid: held.rowid, pass: now.pass });
      } else {
        const differs = (c: (typeof SEARCHED)[number]) => held.searched[c] !== now.searched[c];
        out.updated.push({ held, now, text: TEXT_COLUMNS.some(differs), codes: CODE_COLUMNS.some(differs) });
      }
    }
    return out;
  }
}

/** The searched columns of a record. SQLite takes text as C strings: a NUL would cut a column short. */
export function searchedOf(record: MirroredRecord): Searched {
  const f = fieldsOf(record);
  const text = (v: string | undefined) => (v ?? '').replace(/\0/g, ' ');
  return { name: text(f?.name), address: text(f?.address), town: text(f?.locality), postcode: text(f?.postcode), integrations: text(f?.integrations), source_ids: text(f?.sourceIds) };
}

/** The searched columns of a row the database holds. */
export function searchedOfRow(row: Row): Searched {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { name: text(row.name), address: text(row.address), town: text(row.town), postcode: text(row.postcode), integrations: text(row.integrations), source_ids: text(row.source_ids) };
}

/** The trigram index's columns of searched text: folded name, street and town. */
export function indexedText(s: Searched): [string, string, string] {
  return [foldTerm(s.name), foldTerm(s.address), foldTerm(s.town)];
}

/** The word index's one column: the folded codes (postcode, source ids, integrations). */
export function codesText(s: Searched): string {
  return foldTerm([s.postcode, s.source_ids, s.integrations].join(' '));
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
