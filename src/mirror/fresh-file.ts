// A full sync of a mirror that holds nothing to serve (the first sync of a directory, or a rebuild
// of a damaged one or of another version) writes a fresh file beside it, `mirror.sqlite.new`, and
// renames it over `mirror.sqlite` when both kinds are synced: nothing reads the fresh file
// meanwhile, so it is written without fsyncs (sqlite.ts, openUnsharedDatabase),
// and its rows without their full-text entries, filled from the rows at the end (index-fill.ts).
// A build killed at any instant is resumed from its state (the same protocol as in place); one
// interrupted by a restart of the machine, when unsynced pages may have been lost, starts over.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import { removeDatabaseFiles } from './database-files';
import { MirrorError } from './mirror-error';
import { MIRROR_KINDS, type MirrorKind } from './record-set-types';
import { RecordTable } from './record-table';
import { SCHEMA_VERSION, createSchema } from './schema';
import { describeSqliteError, inTransaction, openUnsharedDatabase } from './sqlite';
import { Statements } from './statements';
import { readMeta, writeMeta } from './sync-state';

/** A database being synced into, and its tables. */
export interface SyncTarget {
  sql: Statements;
  tables: Record<MirrorKind, RecordTable>;
}

/** The fresh file being built for the mirror database `file`. */
export function freshFileOf(file: string): string {
  return `${file}.new`;
}

/** The meta key saying a kind's rows have no full-text entries yet; its value, the last rowid filled. */
export function unindexedKey(kind: MirrorKind): string {
  return `unindexed:${kind}`;
}

/** The tables of a database, each told whether its rows still wait for their full-text entries. */
export function tablesOf(sql: Statements): Record<MirrorKind, RecordTable> {
  const tables = { locations: new RecordTable(sql, 'locations'), events: new RecordTable(sql, 'events') };
  for (const kind of MIRROR_KINDS) tables[kind].indexed = readMeta(sql, unindexedKey(kind)) === undefined;
  return tables;
}

/**
 * This start of the machine: an interrupted build written without fsyncs is sound after a kill
 * (the operating system still holds every page written), not after a restart.
 */
function bootMark(): string {
  try {
    return `id:${readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()}`;
  } catch {
    return `at:${Math.round((Date.now() - os.uptime() * 1000) / 1000)}`;
  }
}

function sameBoot(a: string | undefined, b: string): boolean {
  // Without a boot id, the boot instant is computed from the clock and the uptime: a minute's slack.
  if (a?.startsWith('at:') && b.startsWith('at:')) return Math.abs(Number(a.slice(3)) - Number(b.slice(3))) <= 60;
  return a === b;
}

/**
 * The fresh file of `file` to sync into: the interrupted build's, when it is of this schema and this
 * start of the machine, else a new one. Call with the sync lock held: no other process opens it, so
 * a lock left by a killed build is stale.
 */
export async function openFresh(file: string, baseUrl: string): Promise<SyncTarget> {
  const fresh = freshFileOf(file);
  await rm(`${fresh}.lock`, { recursive: true, force: true });
  if (existsSync(fresh)) {
    const resumed = resume(fresh, baseUrl);
    if (resumed) return resumed;
    await removeDatabaseFiles(fresh);
  }
  const sql = new Statements(openUnsharedDatabase(fresh));
  try {
    inTransaction(sql.db, () => {
      createSchema(sql.db);
      writeMeta(sql, 'schemaVersion', String(SCHEMA_VERSION));
      writeMeta(sql, 'baseUrl', baseUrl);
      writeMeta(sql, 'boot', bootMark());
      for (const kind of MIRROR_KINDS) writeMeta(sql, unindexedKey(kind), '0');
    });
  } catch (e) {
    sql.close();
    throw new MirrorError(`the mirror could not be written: ${describeSqliteError(e)}`);
  }
  return { sql, tables: tablesOf(sql) };
}

/** The interrupted build in `fresh`, or undefined when it cannot be resumed (it is then started over). */
function resume(fresh: string, baseUrl: string): SyncTarget | undefined {
  let sql: Statements | undefined;
  try {
    sql = new Statements(openUnsharedDatabase(fresh));
    const of = readMeta(sql, 'baseUrl');
    if (readMeta(sql, 'schemaVersion') === String(SCHEMA_VERSION) && sameBoot(readMeta(sql, 'boot'), bootMark())) {
      if (of !== baseUrl) throw new ForeignMirror(`the mirror in ${fresh.replace(/[/\\][^/\\]*$/, '')} holds records of ${of ?? 'another service'}, not of ${baseUrl}; use another directory`);
      return { sql, tables: tablesOf(sql) };
    }
  } catch (e) {
    if (e instanceof ForeignMirror) {
      sql?.close();
      throw new MirrorError(e.message);
    }
    // Damaged or unreadable: it was never served; the build starts over.
  }
  if (sql?.db.isOpen) sql.close();
  return undefined;
}

/** A fresh file of another service: refused, as a mirror of another service is. */
class ForeignMirror extends Error {}

/**
 * Puts a complete fresh file in the mirror's place: closed, synced to the disk once (it was written
 * without fsyncs), then renamed over `file` in one step (a journal left would be another file's). A kill before the rename leaves the complete fresh file,
 * which the next sync resumes and installs.
 */
export function installFresh(target: SyncTarget, file: string): void {
  const fresh = freshFileOf(file);
  target.sql.close();
  const fd = openSync(fresh, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  rmSync(`${fresh}-journal`, { force: true });
  renameSync(fresh, file);
}
