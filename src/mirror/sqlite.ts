// The embedded database of the mirror: SQLite built to WebAssembly with file access
// (node-sqlite3-wasm), so the extension host runs it on every platform without a native build
// (docs/mirror.md, "Why node-sqlite3-wasm"). Required on the first open, not at load: the CLI's other
// commands and the extension's activation do not compile its 1.3 MB of WebAssembly.
import type { Database } from 'node-sqlite3-wasm';
import { MirrorError } from './mirror-error';

export type { Database };
export type Row = Record<string, number | bigint | string | Uint8Array | null>;

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
