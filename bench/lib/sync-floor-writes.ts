// The writes of bench/mirror-sync-floor.ts: a full sync's rows and, level by level, its indexes, into
// the mirror's own schema (src/mirror/schema.ts) through either SQLite build — node-sqlite3-wasm
// (the product's) or Node's built-in node:sqlite (Node ≥ 22.5) — with the statements
// src/mirror/record-table.ts runs for a record it did not hold (a first sync's only case). Shared by
// the bench's child process and its worker thread.
import { createRequire } from 'node:module';
import { type Searched, checksum, codesText, indexedText, searchedOf } from '../../src/mirror/record-batch';
import { type MirrorKind, type MirroredRecord, placeOf, sourceKeys } from '../../src/mirror/record-set-types';
import { createSchema } from '../../src/mirror/schema';
import { type Database, SYNC_CACHE_KIB, openDatabase } from '../../src/mirror/sqlite';
import { Statements } from '../../src/mirror/statements';
import { RecordTable } from '../../src/mirror/record-table';
import { Vocabulary } from '../../src/mirror/vocabulary';

/** What is written with each record, cumulative: `rows` alone, then the source ids, the trigram index, the word indexes, the vocabulary; `product` is RecordTable.applyAll itself. */
export const LEVELS = ['list', 'rows', 'keys', 'trigram', 'words', 'vocab', 'product'] as const;
export type Level = (typeof LEVELS)[number];
export type Engine = 'wasm' | 'node';

/** A record made ready to write (main thread's share: what the product computes from the parsed record). */
export interface Prepared {
  id: string;
  json: string;
  sum: number;
  updatedAt: string | null;
  place: string | null;
  start: string | null;
  searched: Searched;
  text: [string, string, string];
  codes: string;
  keys: string[];
}

export function prepare(r: MirroredRecord): Prepared {
  const json = JSON.stringify(r);
  const searched = searchedOf(r);
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return { id: r.id, json, sum: checksum(json), updatedAt: str(r.updatedAt), place: placeOf(r), start: str(r.startDate), searched, text: indexedText(searched), codes: codesText(searched), keys: sourceKeys(r) };
}

type Value = string | number | null | Uint8Array;
interface NodeStatement { run(...v: Value[]): unknown; all(...v: Value[]): unknown[] }
interface NodeDatabase { exec(sql: string): void; prepare(sql: string): NodeStatement; close(): void }

/**
 * node:sqlite behind the few members of node-sqlite3-wasm's Database the mirror's code uses
 * (Statements, RecordTable, Vocabulary), so the same code runs on either build.
 */
function nodeDatabase(file: string): Database {
  const { DatabaseSync } = createRequire(__filename)('node:sqlite') as { DatabaseSync: new (f: string) => NodeDatabase };
  const db = new DatabaseSync(file);
  const cache = new Map<string, NodeStatement>();
  const statement = (sql: string) => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s;
  };
  let open = true;
  let inTransaction = false;
  const shim = {
    exec(sql: string) {
      db.exec(sql);
      if (/^\s*BEGIN/i.test(sql)) inTransaction = true;
      if (/^\s*(COMMIT|ROLLBACK)/i.test(sql)) inTransaction = false;
    },
    prepare(sql: string) {
      const s = db.prepare(sql);
      let finalized = false;
      return { run: (v: Value[] = []) => s.run(...v), all: (v: Value[] = []) => s.all(...v), finalize: () => { finalized = true; }, get isFinalized() { return finalized; } };
    },
    run: (sql: string, v: Value[] = []) => statement(sql).run(...v),
    all: (sql: string, v: Value[] = []) => statement(sql).all(...v),
    close() { open = false; db.close(); },
    get isOpen() { return open; },
    get inTransaction() { return inTransaction; },
  };
  return shim as unknown as Database;
}

export function openEngine(engine: Engine, file: string): Database {
  const db = engine === 'wasm' ? openDatabase(file) : nodeDatabase(file);
  if (engine === 'node') db.exec('PRAGMA page_size = 16384');
  // A floor: no fsync at all (the product's is NORMAL, one a commit).
  db.exec('PRAGMA synchronous = OFF');
  db.exec(`PRAGMA cache_size = -${SYNC_CACHE_KIB}`);
  createSchema(db);
  return db;
}

/** Writes prepared records of kinds at `level`, a transaction a batch; the same on the main thread or in a worker. */
export class FloorWriter {
  private readonly sql: Statements;
  private readonly last = new Map<MirrorKind, number>();
  private readonly vocab = new Map<MirrorKind, Vocabulary>();
  private readonly tables = new Map<MirrorKind, RecordTable>();

  constructor(
    private readonly db: Database,
    private readonly level: Level,
  ) {
    this.sql = new Statements(db);
  }

  /** The product's own writes of parsed records (RecordTable.applyAll), for the `product` level. */
  writeRecords(kind: MirrorKind, records: MirroredRecord[]): void {
    let table = this.tables.get(kind);
    if (!table) this.tables.set(kind, (table = new RecordTable(this.sql, kind)));
    const t = table;
    this.inTransaction(() => {
      t.applyAll(records, 1);
      t.vocabulary.flush();
    });
  }

  write(kind: MirrorKind, rows: readonly Prepared[]): void {
    this.inTransaction(() => this.writeRows(kind, rows));
  }

  private inTransaction(work: () => void): void {
    this.db.exec('BEGIN IMMEDIATE');
    work();
    this.db.exec('COMMIT');
  }

  private writeRows(kind: MirrorKind, rows: readonly Prepared[]): void {
    const at = LEVELS.indexOf(this.level);
    const [keys, trigram, words, vocabulary] = (['keys', 'trigram', 'words', 'vocab'] as const).map((l) => at >= LEVELS.indexOf(l));
    const q = kindStatements(kind);
    let vocab = this.vocab.get(kind);
    if (!vocab) this.vocab.set(kind, (vocab = new Vocabulary(this.sql, kind)));
    let rowid = this.last.get(kind) ?? 0;
    for (const p of rows) {
      rowid++;
      const s = p.searched;
      this.sql.run(q.row, [rowid, Buffer.from(p.json, 'utf8'), p.sum, p.updatedAt, s.name, s.address, s.town, s.postcode, s.integrations, s.source_ids, p.place, p.start, 1, p.id]);
      if (keys) for (const key of p.keys) this.sql.run(q.key, [key, p.id]);
      if (trigram) this.sql.run(q.trigram, [rowid, ...p.text]);
      if (words) {
        this.sql.run(q.words, [rowid, ...p.text]);
        if (p.codes.trim() !== '') this.sql.run(q.codes, [rowid, p.codes]);
      }
      if (vocabulary) vocab.note(p.text);
    }
    if (vocabulary) vocab.flush();
    this.last.set(kind, rowid);
  }

  close(): void {
    this.sql.close();
  }
}

/**
 * The texts of a kind's statements, made once: the statement cache looks a text up at each run, and
 * a text made anew for each row is hashed anew (record-table.ts keeps its texts for the same reason).
 */
const KIND_STATEMENTS = new Map<MirrorKind, ReturnType<typeof statementTexts>>();
function kindStatements(kind: MirrorKind): ReturnType<typeof statementTexts> {
  let q = KIND_STATEMENTS.get(kind);
  if (!q) KIND_STATEMENTS.set(kind, (q = statementTexts(kind)));
  return q;
}

function statementTexts(k: MirrorKind) {
  return {
    row: `INSERT INTO ${k} (rowid, json, checksum, updated_at, name, address, town, postcode, integrations, source_ids, location_id, start_date, pass, id) VALUES (?, CAST(? AS TEXT), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    key: `INSERT OR REPLACE INTO ${k}_keys (key, id) VALUES (?, ?)`,
    trigram: `INSERT INTO ${k}_fts (rowid, name, address, town) VALUES (?, ?, ?, ?)`,
    words: `INSERT INTO ${k}_words (rowid, name, address, town) VALUES (?, ?, ?, ?)`,
    codes: `INSERT INTO ${k}_codes (rowid, codes) VALUES (?, ?)`,
  };
}
