// The records of one kind in the mirror's database: written a record at a time inside a page's
// transaction (sync.ts), read back whole and checked against the checksum written with them, so a
// damaged row is reported, never served.
import { fieldsOf } from './indexed-fields';
import { MirrorDamageError } from './mirror-error';
import { type MirrorKind, type MirroredRecord, placeOf, sourceKeys } from './record-set-types';
import type { Statements } from './statements';
import type { Row } from './sqlite';
import { foldTerm } from './indexed-fields';
import { Vocabulary } from './vocabulary';

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
const SEARCHED = ['name', 'address', 'town', 'postcode', 'integrations', 'source_ids'] as const;

/** FNV-1a of a text: a damaged byte in a stored record changes it. */
export function checksum(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class RecordTable {
  /** The words of the searched text, for correcting a query word found in no record. */
  readonly vocabulary: Vocabulary;

  constructor(
    private readonly sql: Statements,
    readonly kind: MirrorKind,
  ) {
    this.vocabulary = new Vocabulary(sql, kind);
  }

  count(): number {
    return Number(this.sql.get(`SELECT count(*) AS n FROM ${this.kind}`)?.n ?? 0);
  }

  /** Writes a record received in `pass` (call inside a transaction). */
  apply(record: MirroredRecord, pass: number): Applied {
    const k = this.kind;
    let movedInPass = false;
    const keys = sourceKeys(record);
    const removed = new Set<string>();
    for (const key of keys) {
      const owner = this.sql.get(`SELECT id FROM ${k}_keys WHERE key = ?`, [key])?.id;
      if (typeof owner === 'string' && owner !== record.id) removed.add(owner);
    }
    for (const id of removed) if (this.remove(id) === pass) movedInPass = true;
    const old = this.sql.get(`SELECT rowid AS r, pass, json, name, address, town, postcode, integrations, source_ids FROM ${k} WHERE id = ?`, [record.id]);
    if (old && old.pass === pass) movedInPass = true;
    const json = JSON.stringify(record);
    if (old && old.json === json) {
      // As held: only the pass that listed it changes (a second pass of a full sync writes little).
      this.sql.run(`UPDATE ${k} SET pass = ? WHERE rowid = ?`, [pass, old.r]);
      return { added: false, removed: [...removed], movedInPass, changed: removed.size > 0 };
    }
    const f = fieldsOf(record);
    // SQLite takes text as C strings: a NUL would cut a column short.
    const text = (v: string | undefined) => (v ?? '').replace(/\0/g, ' ');
    const searched = { name: text(f?.name), address: text(f?.address), town: text(f?.locality), postcode: text(f?.postcode), integrations: text(f?.integrations), source_ids: text(f?.sourceIds) };
    const values = [json, checksum(json), str(record.updatedAt), searched.name, searched.address, searched.town, searched.postcode, searched.integrations, searched.source_ids, placeOf(record), str(record.startDate), pass];
    // A changed record whose searched text is as held (an event re-embedding its location, a record
    // whose other fields changed) keeps its index entries and words: deleting from the contentless
    // index is most of an incremental sync's write.
    const sameText = old !== undefined && SEARCHED.every((c) => old[c] === searched[c]);
    let rowid: number | bigint;
    if (old) {
      rowid = old.r as number | bigint;
      if (!sameText) this.sql.run(`DELETE FROM ${k}_fts WHERE rowid = ?`, [rowid]);
      this.sql.run(`UPDATE ${k} SET json = ?, checksum = ?, updated_at = ?, name = ?, address = ?, town = ?, postcode = ?, integrations = ?, source_ids = ?, location_id = ?, start_date = ?, pass = ? WHERE rowid = ?`, [...values, rowid]);
      this.sql.run(`DELETE FROM ${k}_keys WHERE id = ?`, [record.id]);
    } else {
      this.sql.run(`INSERT INTO ${k} (json, checksum, updated_at, name, address, town, postcode, integrations, source_ids, location_id, start_date, pass, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [...values, record.id]);
      rowid = this.sql.get('SELECT last_insert_rowid() AS r')?.r as number | bigint;
    }
    if (!sameText) {
      const codes = [searched.postcode, searched.source_ids, searched.integrations].join(' ');
      const folded = [foldTerm(searched.name), foldTerm(searched.address), foldTerm(searched.town)];
      this.sql.run(`INSERT INTO ${k}_fts (rowid, name, address, town, codes) VALUES (?, ?, ?, ?, ?)`, [rowid, ...folded, foldTerm(codes)]);
      this.vocabulary.note(folded);
    }
    for (const key of keys) this.sql.run(`INSERT OR REPLACE INTO ${k}_keys (key, id) VALUES (?, ?)`, [key, record.id]);
    return { added: !old, removed: [...removed], movedInPass, changed: true };
  }

  /** Removes a record; answers the pass that wrote it, undefined if it was not there. */
  remove(id: string): number | undefined {
    const row = this.sql.get(`SELECT rowid AS r, pass FROM ${this.kind} WHERE id = ?`, [id]);
    if (!row) return undefined;
    this.sql.run(`DELETE FROM ${this.kind}_fts WHERE rowid = ?`, [row.r]);
    this.sql.run(`DELETE FROM ${this.kind} WHERE rowid = ?`, [row.r]);
    this.sql.run(`DELETE FROM ${this.kind}_keys WHERE id = ?`, [id]);
    return Number(row.pass);
  }

  /** The `updatedAt` the mirror holds for a record (null if it has none) and the pass that wrote it; undefined if it holds no such record. */
  held(id: string): { updatedAt: string | null; pass: number } | undefined {
    const row = this.sql.get(`SELECT updated_at, pass FROM ${this.kind} WHERE id = ?`, [id]);
    return row ? { updatedAt: (row.updated_at as string | null) ?? null, pass: Number(row.pass) } : undefined;
  }

  /** Removes every record not written in `pass` (after a complete listing: what it did not list is gone); answers their ids. */
  removeUnseen(pass: number): string[] {
    const ids = this.sql.all(`SELECT id FROM ${this.kind} WHERE pass != ?`, [pass]).map((r) => r.id as string);
    for (const id of ids) this.remove(id);
    return ids;
  }

  get(id: string): unknown {
    const row = this.sql.get(`SELECT id, json, checksum FROM ${this.kind} WHERE id = ?`, [id]);
    return row ? this.parse(row) : undefined;
  }

  /** The searched columns of records by rowid, in the order asked (not the record: most candidates are not shown). */
  searchedByRowids(rowids: readonly number[]): Row[] {
    return this.inOrder(rowids, 'rowid AS r, name, address, town, postcode, integrations, source_ids');
  }

  /** Records (id, JSON, checksum: for parse) by rowid, in the order asked. */
  recordsByRowids(rowids: readonly number[]): Row[] {
    return this.inOrder(rowids, 'rowid AS r, id, json, checksum');
  }

  private inOrder(rowids: readonly number[], columns: string): Row[] {
    if (rowids.length === 0) return [];
    const rows = this.sql.db.all(`SELECT ${columns} FROM ${this.kind} WHERE rowid IN (${rowids.map(() => '?').join(',')})`, rowids as number[]) as Row[];
    const at = new Map(rows.map((r) => [Number(r.r), r]));
    return rowids.flatMap((r) => { const row = at.get(r); return row ? [row] : []; });
  }

  /** The first `limit` records in the mirror's order (an empty query). */
  first(limit: number): { id: string; record: unknown }[] {
    return this.sql.all(`SELECT id, json, checksum FROM ${this.kind} ORDER BY rowid LIMIT ?`, [limit]).map((r) => ({ id: r.id as string, record: this.parse(r) }));
  }

  /** The events at a location, by start date. */
  at(locationId: string): unknown[] {
    return this.sql.all(`SELECT id, json, checksum FROM ${this.kind} WHERE location_id = ? ORDER BY start_date, rowid`, [locationId]).map((r) => this.parse(r));
  }

  /** A row's record, after its checksum matched: a damaged row is an error, never an answer. */
  parse(row: Row): unknown {
    const json = row.json as string;
    if (checksum(json) !== Number(row.checksum)) throw new MirrorDamageError(`the mirror's copy of ${this.kind} ${String(row.id)} is damaged (it does not match its checksum); the next sync rebuilds the mirror`);
    try {
      return JSON.parse(json);
    } catch {
      throw new MirrorDamageError(`the mirror's copy of ${this.kind} ${String(row.id)} is damaged (not JSON); the next sync rebuilds the mirror`);
    }
  }
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}
