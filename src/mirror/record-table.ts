// The records of one kind in the mirror's database: written a batch of pages at a time inside a
// transaction (sync.ts; record-batch.ts plays them in order), read back whole and checked against
// the checksum written with them, so a damaged row is reported, never served.
import { MirrorDamageError } from './mirror-error';
import { type Applied, type BatchWrites, BatchPlan, SEARCHED, type Version, checksum, codesText, indexedText, searchedOfRow } from './record-batch';
import { type MirrorKind, type MirroredRecord, sourceKeys } from './record-set-types';
import type { Statements } from './statements';
import type { Row } from './sqlite';
import { Vocabulary } from './vocabulary';

type Value = string | number | null;
/** A row the database holds, as deleted: its id and rowid. */
type HeldRow = Pick<Version, 'id'> & { rowid: number };

export type { Applied };

/** The columns of a record's row read to play a batch against it. */
const HELD_COLUMNS = `rowid AS r, id, pass, json, ${SEARCHED.join(', ')}`;

export class RecordTable {
  /** The words of the searched text, for correcting a query word found in no record. */
  readonly vocabulary: Vocabulary;

  /** The statements run a row at a time (texts made once: the statement cache hashes them at each run). */
  private readonly insertRow: string;
  private readonly updateRow: string;
  private readonly insertEntry: string;
  private readonly insertWords: string;
  private readonly insertCodes: string;
  private readonly insertKey: string;

  constructor(
    private readonly sql: Statements,
    readonly kind: MirrorKind,
  ) {
    this.vocabulary = new Vocabulary(sql, kind);
    const slot = (c: string) => (c === 'json' ? JSON_SLOT : '?');
    this.insertRow = `INSERT INTO ${kind} (rowid, ${ROW_COLUMNS.join(', ')}, id) VALUES (?, ${ROW_COLUMNS.map(slot).join(', ')}, ?)`;
    this.updateRow = `UPDATE ${kind} SET ${ROW_COLUMNS.map((c) => `${c} = ${slot(c)}`).join(', ')} WHERE rowid = ?`;
    this.insertEntry = `INSERT INTO ${kind}_fts (rowid, name, address, town) VALUES (?, ?, ?, ?)`;
    this.insertWords = `INSERT INTO ${kind}_words (rowid, name, address, town) VALUES (?, ?, ?, ?)`;
    this.insertCodes = `INSERT INTO ${kind}_codes (rowid, codes) VALUES (?, ?)`;
    this.insertKey = `INSERT OR REPLACE INTO ${kind}_keys (key, id) VALUES (?, ?)`;
  }

  count(): number {
    return Number(this.sql.get(`SELECT count(*) AS n FROM ${this.kind}`)?.n ?? 0);
  }

  /** Writes a record received in `pass` (call inside a transaction). */
  apply(record: MirroredRecord, pass: number): Applied {
    return this.applyAll([record], pass)[0];
  }

  /**
   * Writes records received in `pass`, in order, with the effect of writing them one after another
   * (call inside a transaction): read what they replace, play them (record-batch.ts), then write the
   * net result a statement per purpose.
   */
  applyAll(records: readonly MirroredRecord[], pass: number): Applied[] {
    if (records.length === 0) return [];
    const jsons = records.map((r) => JSON.stringify(r));
    const held = this.heldRows(records.map((r) => r.id));
    // The source ids of a record held as it is are its own (a record that takes one removes its
    // owner): only those of new and changed records can name another owner.
    const keys = records.flatMap((r, i) => (held.get(r.id)?.json === jsons[i] ? [] : sourceKeys(r)));
    const owners = new Map<string, string>();
    if (keys.length > 0) {
      for (const r of this.sql.all(`SELECT key, id FROM ${this.kind}_keys WHERE key IN (SELECT value FROM json_each(?))`, [JSON.stringify(keys)])) owners.set(r.key as string, r.id as string);
    }
    for (const [id, v] of this.heldRows([...new Set(owners.values())].filter((id) => !held.has(id)))) held.set(id, v);
    const plan = new BatchPlan(held, owners);
    const applied = records.map((r, i) => plan.apply(r, pass, jsons[i]));
    this.write(plan.writes());
    return applied;
  }

  /** The rows held for `ids` (those it holds), as a batch is played against them. */
  private heldRows(ids: readonly string[]): Map<string, Version> {
    const held = new Map<string, Version>();
    if (ids.length === 0) return held;
    for (const r of this.sql.all(`SELECT ${HELD_COLUMNS} FROM ${this.kind} WHERE id IN (SELECT value FROM json_each(?))`, [JSON.stringify(ids)])) held.set(r.id as string, heldVersion(r));
    return held;
  }

  /**
   * Writes a batch's net result. Deletes and re-stamps name their rows in one list (json_each: one
   * value bound); inserts are a prepared statement a row: measured, several rows a statement or rows
   * passed as JSON were no faster, and slower into the full-text index (SQLite fills a virtual table
   * from several rows through a temporary table).
   */
  private write(w: BatchWrites): void {
    const k = this.kind;
    // A changed record whose searched text is as held (an event re-embedding its location, a record
    // whose other fields changed) keeps its index entries and words, and one whose codes alone
    // changed (a survivor taking the source ids of the records it merged away) its trigram entries:
    // deleting from a contentless index is most of an incremental sync's write.
    const retext = w.updated.filter((u) => u.text);
    const recode = w.updated.filter((u) => u.codes);
    this.deleteRows(w.deleted.map(heldRow), { text: retext.map((u) => heldRow(u.held)), codes: recode.map((u) => heldRow(u.held)) });
    for (const pass of new Set(w.restamped.map((r) => r.pass))) {
      this.sql.run(`UPDATE ${k} SET pass = ? WHERE rowid IN (SELECT value FROM json_each(?))`, [pass, JSON.stringify(w.restamped.filter((r) => r.pass === pass).map((r) => r.rowid))]);
    }
    if (w.updated.length > 0) this.sql.run(`DELETE FROM ${k}_keys WHERE id IN (SELECT value FROM json_each(?))`, [JSON.stringify(w.updated.map((u) => u.held.id))]);
    for (const u of w.updated) this.sql.run(this.updateRow, [...rowValues(u.now), u.held.rowid ?? null]);
    // New rows get the rowids SQLite would give them (after the largest), named: no statement per row to ask.
    let last = Number(this.sql.get(`SELECT max(rowid) AS r FROM ${k}`)?.r ?? 0);
    const inserted = w.inserted.map((v) => {
      this.sql.run(this.insertRow, [++last, ...rowValues(v), v.id]);
      return { rowid: last, v };
    });
    const entry = (u: { held: Version; now: Version }) => ({ rowid: u.held.rowid ?? 0, v: u.now });
    for (const { rowid, v } of [...retext.map(entry), ...inserted]) {
      const text = indexedText(v.searched);
      this.vocabulary.note(text);
      this.sql.run(this.insertEntry, [rowid, ...text]);
      this.sql.run(this.insertWords, [rowid, ...text]);
    }
    for (const { rowid, v } of [...recode.map(entry), ...inserted]) {
      const codes = codesText(v.searched);
      if (codes.trim() !== '') this.sql.run(this.insertCodes, [rowid, codes]);
    }
    for (const v of [...w.updated.map((u) => u.now), ...w.inserted]) {
      for (const key of v.keys ?? []) this.sql.run(this.insertKey, [key, v.id]);
    }
  }

  /** Deletes rows the database holds (their index entries, source ids, rows) and the index entries of rows re-indexed. */
  private deleteRows(rows: readonly HeldRow[], reindexed: { text: readonly HeldRow[]; codes: readonly HeldRow[] } = { text: [], codes: [] }): void {
    const k = this.kind;
    const ids = (vs: readonly HeldRow[]) => JSON.stringify(vs.map((v) => v.rowid));
    for (const [index, also] of [['fts', reindexed.text], ['words', reindexed.text], ['codes', reindexed.codes]] as const) {
      if (rows.length + also.length > 0) this.sql.run(`DELETE FROM ${k}_${index} WHERE rowid IN (SELECT value FROM json_each(?))`, [ids([...rows, ...also])]);
    }
    if (rows.length === 0) return;
    this.sql.run(`DELETE FROM ${k} WHERE rowid IN (SELECT value FROM json_each(?))`, [ids(rows)]);
    this.sql.run(`DELETE FROM ${k}_keys WHERE id IN (SELECT value FROM json_each(?))`, [JSON.stringify(rows.map((v) => v.id))]);
  }

  /** Removes a record; answers the pass that wrote it, undefined if it was not there. */
  remove(id: string): number | undefined {
    const row = this.sql.get(`SELECT rowid AS r, pass FROM ${this.kind} WHERE id = ?`, [id]);
    if (!row) return undefined;
    this.deleteRows([{ id, rowid: Number(row.r) }]);
    return Number(row.pass);
  }

  /** The `updatedAt` (null if it has none) and the pass that wrote it, of each of `ids` the mirror holds. */
  heldMany(ids: readonly string[]): Map<string, { updatedAt: string | null; pass: number }> {
    const out = new Map<string, { updatedAt: string | null; pass: number }>();
    if (ids.length === 0) return out;
    for (const row of this.sql.all(`SELECT id, updated_at, pass FROM ${this.kind} WHERE id IN (SELECT value FROM json_each(?))`, [JSON.stringify(ids)])) {
      out.set(row.id as string, { updatedAt: (row.updated_at as string | null) ?? null, pass: Number(row.pass) });
    }
    return out;
  }

  /** Removes every record not written in `pass` (after a complete listing: what it did not list is gone); answers their ids. */
  removeUnseen(pass: number): string[] {
    const rows = this.sql.all(`SELECT rowid AS r, id FROM ${this.kind} WHERE pass != ?`, [pass]);
    this.deleteRows(rows.map((r) => ({ id: r.id as string, rowid: Number(r.r) })));
    return rows.map((r) => r.id as string);
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

/** The row's columns written with a record, in ROW_COLUMNS' order. */
const ROW_COLUMNS = ['json', 'checksum', 'updated_at', ...SEARCHED, 'location_id', 'start_date', 'pass'] as const;

/**
 * A record's JSON is bound as its UTF-8 bytes and stored as text: this build copies a bound string
 * into its memory one character at a time in JavaScript (measured: the largest share of binding a
 * row's values), bytes in one copy. The same stored text: JSON.stringify leaves no lone surrogate to
 * encode differently.
 */
const JSON_SLOT = 'CAST(? AS TEXT)';

function rowValues(v: Version): (Value | Uint8Array)[] {
  const [sum, updatedAt, place, start] = v.row ?? [checksum(v.json), null, null, null];
  return [Buffer.from(v.json, 'utf8'), sum, updatedAt, ...SEARCHED.map((c) => v.searched[c]), place, start, v.pass];
}

/** A held version's id and rowid (a version read from the database always has its rowid). */
function heldRow(v: Version): HeldRow {
  return { id: v.id, rowid: v.rowid ?? 0 };
}

function heldVersion(r: Row): Version {
  return { id: r.id as string, rowid: Number(r.r), pass: Number(r.pass), json: r.json as string, searched: searchedOfRow(r) };
}
