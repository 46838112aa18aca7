// The embedded database of the mirror: SQLite built to WebAssembly with file access
// (node-sqlite3-wasm), so the extension host runs it on every platform without a native build
// (docs/mirror.md, "Why node-sqlite3-wasm"). Required on the first open, not at load: the CLI's other
// commands and the extension's activation do not compile its 1.3 MB of WebAssembly.
import type { Database } from 'node-sqlite3-wasm';
import { MirrorError } from './mirror-error';

export type { Database };
export type Row = Record<string, number | bigint | string | Uint8Array | null>;

/**
 * The page size of a new database (an existing one keeps its own). A record's row is 0.6 to 2 KB
 * (its JSON): 4 KB pages held two of them and wasted a quarter of the file.
 */
const PAGE_SIZE = 16384;

/** How long a statement waits for another process's (a search, a sync's page) to release the file. */
const BUSY_TIMEOUT_MS = 5000;

let loaded: typeof import('node-sqlite3-wasm') | undefined;

function library(): typeof import('node-sqlite3-wasm') {
  // A plain require inside a function: esbuild bundles the library but runs it only when called.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('node-sqlite3-wasm') as typeof import('node-sqlite3-wasm');
  return loaded;
}

/** Opens (or creates) the database file; an error says which file and why, in words. */
export function openDatabase(file: string): Database {
  try {
    const db = new (library().Database)(file);
    db.exec(`PRAGMA page_size = ${PAGE_SIZE}`);
    // Another process's statement holds the file's lock for a moment: wait for it, not fail.
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // One fsync a transaction instead of three (measured 8 against 19 ms a page's commit here). A
    // kill at any instant still leaves a whole transaction or none (the journal is written before
    // the file); only a power cut at the wrong instant could damage the file, and a damaged mirror
    // is found at the next open (quick_check: the file changed since its last check) and rebuilt.
    db.exec('PRAGMA synchronous = NORMAL');
    return db;
  } catch (e) {
    throw new MirrorError(`cannot open the mirror database ${file}: ${describeSqliteError(e)}`);
  }
}

/** SQLite's own message, with what it means for a mirror where that is not obvious. */
export function describeSqliteError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (/SQLITE_FULL|disk is full|database or disk is full/i.test(message)) return 'the disk is full';
  if (/malformed|not a database|SQLITE_CORRUPT|SQLITE_NOTADB/i.test(message)) return `the file is damaged (${message})`;
  return message;
}

/**
 * SQLite's page cache while a sync writes, in KiB (SQLite's default is 2 MB): a large sync's b-trees
 * and full-text segments outgrow 2 MB, and each page missed is read again through the file system.
 * Back to the default when the sync ends, so a mirror open in the extension host holds no more.
 */
export const SYNC_CACHE_KIB = 65536;
export const DEFAULT_CACHE_KIB = 2000;

export function setCacheKib(db: Database, kib: number): void {
  db.exec(`PRAGMA cache_size = -${kib}`);
  if (kib <= DEFAULT_CACHE_KIB) db.exec('PRAGMA shrink_memory');
}

/** Runs `work` in one transaction: all of it is written, or (an error, a kill) none of it. */
export function inTransaction<T>(db: Database, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const out = work();
    db.exec('COMMIT');
    return out;
  } catch (e) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw e;
  }
}

/**
 * Runs the reads of `work` under one lock of the file. This build takes and releases its lock (a
 * directory beside the file) for every statement outside a transaction, and a search runs a dozen
 * statements; measured, the lock's mkdir and rmdir were a third of a search's time, and the page
 * cache is checked again at each. Inside a transaction already (a sync's page), runs as it is.
 */
export function readTogether<T>(db: Database, work: () => T): T {
  if (db.inTransaction) return work();
  db.exec('BEGIN');
  try {
    return work();
  } finally {
    if (db.isOpen && db.inTransaction) db.exec('COMMIT');
  }
}
