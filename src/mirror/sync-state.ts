// What the mirror's database says of each kind's syncs: the last completed one, and the one in
// progress (its pass, the next page to ask, whether something moved during it). Written in the same
// transaction as each page, so a sync killed at any point resumes exactly where its data stands.
import type { MirrorKind } from './record-set-types';
import type { Statements } from './statements';

/** The earliest instant `updated_since` can name (the first Date JavaScript has): a first sync lists everything. */
export const EARLIEST_SINCE = '-271821-04-20T00:00:00.000Z';

export interface KindState {
  /** When the last completed sync of this kind ended (this machine's clock). */
  syncedAt: string;
  /** `updated_since` of the next sync: the newest update seen, less the overlap. */
  nextSince: string;
  count: number;
  /**
   * The last sync could not confirm a listing during which nothing moved (decisions kept coming):
   * the next sync lists again from where this one started.
   */
  unconfirmed?: boolean;
}

/** The sync in progress of one kind. */
export interface RunState {
  since: string;
  full: boolean;
  pageSize: number;
  /** The pass being listed (a number unique in the database: rows written in it carry it). */
  pass: number;
  /** Passes of this sync so far, 1 for the first. */
  passes: number;
  /** When this pass started (this machine's clock): the check after it lists what changed since. */
  passStartedAt: string;
  /** The next page of the pass to ask for. */
  page: number;
  /** The pass's listing is complete; its check remains. */
  listed: boolean;
  /** Something moved while this pass listed: its pages may have skipped a record. */
  changed: boolean;
  received: number;
  upserted: number;
  added: number;
  removed: number;
  newest?: string;
}

export interface StoredKind {
  done?: KindState;
  run?: RunState;
}

export function readKind(sql: Statements, kind: MirrorKind): StoredKind {
  const row = sql.get('SELECT state FROM sync_state WHERE kind = ?', [kind]);
  return row ? (JSON.parse(row.state as string) as StoredKind) : {};
}

export function writeKind(sql: Statements, kind: MirrorKind, state: StoredKind): void {
  sql.run('INSERT OR REPLACE INTO sync_state (kind, state) VALUES (?, ?)', [kind, JSON.stringify(state)]);
}

export function readMeta(sql: Statements, key: string): string | undefined {
  const v = sql.get('SELECT value FROM meta WHERE key = ?', [key])?.value;
  return typeof v === 'string' ? v : undefined;
}

export function writeMeta(sql: Statements, key: string, value: string): void {
  sql.run('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', [key, value]);
}

/** A pass number not used before in this database. */
export function nextPass(sql: Statements): number {
  const n = Number(readMeta(sql, 'lastPass') ?? '0') + 1;
  writeMeta(sql, 'lastPass', String(n));
  return n;
}
