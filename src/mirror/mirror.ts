// A local, searchable copy of one connection's locations and events in a SQLite database
// (mirror.sqlite in its directory): opened from its directory, kept up to date by sync(), searched
// with the database's trigram index. Used alike by the CLI and the extension.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { DedupClient } from '../api/client';
import { SyncLock } from './sync-lock';
import { legacyBaseUrl, removeLegacyFiles } from './legacy';
import { MirrorDamageError, MirrorError } from './mirror-error';
import { MIRROR_KINDS, type MirrorKind, type MirroredRecord } from './record-set-types';
import { RecordTable } from './record-table';
import { mergeIndexes, mergeWorthIt } from './index-merge';
import { SCHEMA_VERSION, createSchema } from './schema';
import { searchTable } from './search';
import { DEFAULT_CACHE_KIB, type Database, SYNC_CACHE_KIB, describeSqliteError, inTransaction, openDatabase, readTogether, setCacheKib } from './sqlite';
import { Statements } from './statements';
import { type KindState, readKind, readMeta, writeMeta } from './sync-state';
import { type KindSyncResult, type SyncOptions, syncKind } from './sync';
import { noteChecked, unchangedSinceCheck } from './check-stamp';
import { clearStaleLock, removeDatabaseFiles } from './database-files';

export interface MirrorHit<T = MirroredRecord> {
  id: string;
  /** Relevance; 0 for an empty query (records in mirror order). */
  score: number;
  record: T;
}

export type KindSyncSummary = Omit<KindSyncResult, 'state'> & {
  /** Records of the kind in the mirror now. */
  count: number;
};

export interface SyncReport {
  kinds: KindSyncSummary[];
  /** Why the mirror was rebuilt from scratch by this sync (a damaged database, the previous format), if it was. */
  rebuilt?: string;
}

export const DEFAULT_SEARCH_LIMIT = 20;
export const DATABASE_FILE = 'mirror.sqlite';

export class Mirror {
  private sql: Statements | undefined;
  private tables: Record<MirrorKind, RecordTable> | undefined;
  private syncing: Promise<SyncReport> | undefined;
  /** Why the mirror cannot be served (damaged, of another version, of the previous format); the next sync rebuilds it. */
  private unusable: string | undefined;
  private legacyUrl: string | undefined;

  private constructor(readonly dir: string) {}

  private get file(): string {
    return path.join(this.dir, DATABASE_FILE);
  }

  /**
   * Opens the mirror in `dir` (an empty mirror when nothing was synced there yet) and checks the
   * database (PRAGMA quick_check): a damaged one is not served, and the next sync rebuilds it.
   */
  static async open(dir: string): Promise<Mirror> {
    const mirror = new Mirror(dir);
    mirror.legacyUrl = await legacyBaseUrl(dir);
    await clearStaleLock(mirror.file);
    if (existsSync(mirror.file)) mirror.attach();
    else if (mirror.legacyUrl !== undefined) mirror.unusable = `${dir} holds a mirror of the previous format; the next sync rebuilds it (a full sync, once)`;
    return mirror;
  }

  private attach(): void {
    const file = this.file;
    if (statSync(file).size === 0) {
      this.unusable = `the mirror database ${file} is empty (damaged); the next sync rebuilds it`;
      return;
    }
    let db: Database | undefined;
    try {
      db = openDatabase(file);
      if (!unchangedSinceCheck(file)) {
        const check = db.all('PRAGMA quick_check').map((r) => String(Object.values(r)[0]));
        if (check.length !== 1 || check[0] !== 'ok') throw new Error(`quick_check: ${check.slice(0, 3).join('; ')}`);
        noteChecked(file);
      }
      const sql = new Statements(db);
      const version = readMetaSafe(sql);
      if (version !== String(SCHEMA_VERSION)) {
        sql.close();
        this.unusable = `the mirror database ${file} was written by another version of Dedup Curator; the next sync rebuilds it`;
        return;
      }
      this.sql = sql;
      this.tables = { locations: new RecordTable(sql, 'locations'), events: new RecordTable(sql, 'events') };
      // A damaged record found by an earlier search (its checksum): still not served.
      this.unusable = readMeta(sql, 'damaged');
    } catch (e) {
      if (db?.isOpen) db.close();
      // Held by another process for longer than a statement takes: not damaged, only busy.
      if (/database is locked|SQLITE_BUSY/i.test(e instanceof Error ? e.message : '')) throw new MirrorError(`the mirror in ${this.dir} is busy: another process holds it; try again`);
      this.unusable = `the mirror database ${file} is damaged (${e instanceof MirrorError ? e.message : describeSqliteError(e)}); the next sync rebuilds it`;
    }
  }

  /** Why this mirror is not served until a sync rebuilds it, or undefined when it is usable. */
  get damage(): string | undefined {
    return this.unusable;
  }

  private usable(): Record<MirrorKind, RecordTable> | undefined {
    if (this.unusable) throw new MirrorError(this.unusable);
    return this.tables;
  }

  /**
   * Runs a read; a damaged record it meets makes the whole mirror unusable until a sync rebuilds it,
   * noted in the database so that other processes (the CLI, the extension) do not serve it either.
   */
  private reading<T>(read: () => T): T {
    try {
      return this.sql ? readTogether(this.sql.db, read) : read();
    } catch (caught) {
      // SQLite's own word for a damaged file met by a read (the open's check was skipped: unchanged since).
      const e = caught instanceof Error && caught.name === 'SQLite3Error' && /malformed|not a database/i.test(caught.message) ? new MirrorDamageError(`the mirror database ${this.file} is damaged (${caught.message}); the next sync rebuilds it`) : caught;
      if (e instanceof MirrorDamageError && this.sql) {
        this.unusable = e.message;
        try {
          writeMeta(this.sql, 'damaged', e.message);
        } catch {
          // A mirror that cannot take the note is still not served by this process.
        }
      }
      throw e;
    }
  }

  /** The service this mirror was synced from, undefined before the first sync. */
  get baseUrl(): string | undefined {
    return this.sql ? readMeta(this.sql, 'baseUrl') : undefined;
  }

  state(kind: MirrorKind): KindState | undefined {
    return this.sql ? readKind(this.sql, kind).done : undefined;
  }

  count(kind: MirrorKind): number {
    return this.tables && !this.unusable ? this.tables[kind].count() : 0;
  }

  /** When the mirror last completed a sync of every kind (the older of the two), undefined if never. */
  get syncedAt(): Date | undefined {
    const times = MIRROR_KINDS.map((k) => this.state(k)?.syncedAt);
    if (times.some((t) => t === undefined)) return undefined;
    return new Date(Math.min(...times.map((t) => Date.parse(t as string))));
  }

  get<T = MirroredRecord>(kind: MirrorKind, id: string): T | undefined {
    return this.reading(() => this.usable()?.[kind].get(id) as T | undefined);
  }

  /** Whole records best first; an empty query lists records in mirror order up to the limit. */
  search<T = MirroredRecord>(kind: MirrorKind, query: string, limit = DEFAULT_SEARCH_LIMIT): MirrorHit<T>[] {
    return this.reading(() => this.searchNow<T>(kind, query, limit));
  }

  private searchNow<T>(kind: MirrorKind, query: string, limit: number): MirrorHit<T>[] {
    const table = this.usable()?.[kind];
    if (!table || !this.sql) return [];
    if (query.trim() === '') return table.first(limit).map((h) => ({ id: h.id, score: 0, record: h.record as T }));
    const hits: MirrorHit<T>[] = searchTable(this.sql, table, query, limit).map((h) => ({ id: h.row.id as string, score: h.score, record: table.parse(h.row) as T }));
    // A record's own id (the one Find shows under each name, a panel's Copy Id, the service's logs)
    // is not a word of the index: pasted whole, it finds that record, first.
    const id = query.trim();
    const byId = table.get(id) as T | undefined;
    if (byId === undefined) return hits;
    return [{ id, score: Number.POSITIVE_INFINITY, record: byId }, ...hits.filter((h) => h.id !== id)].slice(0, limit);
  }

  /** Kept for callers that readied the in-memory index: the database's index is always ready. */
  prepare(kind: MirrorKind): Promise<void> {
    void kind;
    return Promise.resolve();
  }

  /** Kept for callers that readied the mirror for a sync: nothing to ready with the database. */
  prepareSync(): Promise<void> {
    return Promise.resolve();
  }

  /** The events at a location, by start date. */
  eventsAt<T = MirroredRecord>(locationId: string): T[] {
    return this.reading(() => (this.usable()?.events.at(locationId) ?? []) as T[]);
  }

  /**
   * Brings the mirror up to date with the service. One sync at a time: a second call while one runs
   * gets the same promise, and another process syncing the same directory is refused (sync-lock.ts).
   */
  sync(client: DedupClient, opts: SyncOptions = {}): Promise<SyncReport> {
    this.syncing ??= this.runSync(client, opts).finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async runSync(client: DedupClient, opts: SyncOptions): Promise<SyncReport> {
    for (const known of [this.baseUrl, this.legacyUrl]) {
      if (known !== undefined && known !== client.baseUrl) {
        throw new MirrorError(`the mirror in ${this.dir} holds records of ${known}, not of ${client.baseUrl}; use another directory`);
      }
    }
    await clearStaleLock(this.file);
    const lock = await SyncLock.take(this.dir);
    try {
      const rebuilt = this.unusable;
      if (rebuilt) await this.rebuild();
      // A mirror made by an earlier build of this schema version gets the indexes added or dropped since.
      if (!this.sql) this.create(client.baseUrl);
      else inTransaction(this.sql.db, () => createSchema((this.sql as Statements).db));
      const sql = this.sql as Statements;
      const tables = this.tables as Record<MirrorKind, RecordTable>;
      // Both kinds are listed at the same time (a sync mostly waits for the service's pages); each
      // batch of pages is one transaction, written in one turn of the event loop, so they never interleave.
      setCacheKib(sql.db, SYNC_CACHE_KIB);
      const results = await Promise.allSettled(MIRROR_KINDS.map((k) => syncKind(client, sql, tables[k], opts)));
      // Searches ask a few large b-trees more cheaply than many (index-merge.ts).
      for (const r of results) if (r.status === 'fulfilled' && mergeWorthIt(r.value.upserted + r.value.removed, r.value.state.count)) await mergeIndexes(sql, r.value.kind, () => opts.signal?.aborted === true || !sql.db.isOpen);
      if (sql.db.isOpen) setCacheKib(sql.db, DEFAULT_CACHE_KIB);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw wrap(failed.reason);
      if (this.legacyUrl !== undefined) {
        await removeLegacyFiles(this.dir);
        this.legacyUrl = undefined;
      }
      // Written by this sync, sound as far as SQLite knows: the next open need not read it all again.
      noteChecked(this.file);
      const kinds = results.map((r) => {
        const { state, ...rest } = (r as PromiseFulfilledResult<KindSyncResult>).value;
        return { ...rest, count: state.count };
      });
      return rebuilt ? { kinds, rebuilt } : { kinds };
    } finally {
      await lock.release();
    }
  }

  /** Starts over: the damaged, foreign or previous-format copy goes, a full sync writes a new one. */
  private async rebuild(): Promise<void> {
    this.close();
    await removeDatabaseFiles(this.file);
    this.unusable = undefined;
  }

  private create(baseUrl: string): void {
    let db: Database | undefined;
    try {
      db = openDatabase(this.file);
      const sql = new Statements(db);
      inTransaction(db, () => {
        createSchema(db as Database);
        writeMeta(sql, 'schemaVersion', String(SCHEMA_VERSION));
        writeMeta(sql, 'baseUrl', baseUrl);
      });
      this.sql = sql;
      this.tables = { locations: new RecordTable(sql, 'locations'), events: new RecordTable(sql, 'events') };
    } catch (e) {
      if (db?.isOpen) db.close();
      throw wrap(e);
    }
  }

  /** Closes the database (the WebAssembly build frees its memory only then). */
  close(): void {
    this.sql?.close();
    this.sql = undefined;
    this.tables = undefined;
  }
}

function readMetaSafe(sql: Statements): string | undefined {
  try {
    return readMeta(sql, 'schemaVersion');
  } catch {
    return undefined;
  }
}

/** An error of the database becomes a MirrorError in words; the service's own errors pass as they are. */
function wrap(e: unknown): unknown {
  if (e instanceof Error && e.name === 'SQLite3Error') return new MirrorError(`the mirror could not be written: ${describeSqliteError(e)}`);
  return e;
}
