// One sync of one kind (docs/mirror.md, "Sync"). A pass lists everything changed since the last
// sync (everything, the first time), each page written in one transaction with the sync's state.
// The listing's order is not part of the interface, so a decision taken while it runs can shift a
// record that did not change onto a page already read. After the pass, a check lists what changed
// since the pass started; if anything moved during the pass (a record changed after it was read,
// read twice, or merged away after it was read), the pass is listed again. A full sync then removes
// whatever its last, undisturbed pass did not list. A sync that finds the mirror out of step with
// the service (emptied, or its data replaced) lists everything.
import type { DedupClient } from '../api/client';
import { CancelledError } from '../api/errors';
import type { Page } from '../api/model';
import type { ResumeInfo } from '../api/paging';
import type { Applied, RecordTable } from './record-table';
import type { MirrorKind, MirroredRecord } from './record-set-types';
import { inTransaction } from './sqlite';
import type { Statements } from './statements';
import { EARLIEST_SINCE, type KindState, type RunState, nextPass, readKind, writeKind } from './sync-state';
import { compareTimestamps } from './timestamps';

export { EARLIEST_SINCE };
/**
 * How far before the newest update seen the next sync starts, and before a pass's start the check
 * after it looks. The interface does not say whether `updated_since` includes its instant, nor
 * whether a record becomes visible in the order of its `updatedAt`, and the service's clock is not
 * this machine's: five minutes of records listed twice costs little and covers all three.
 */
export const DEFAULT_OVERLAP_MS = 5 * 60_000;
/** The largest page the interface allows for locations and events: fewest round trips. */
export const SYNC_PAGE_SIZE = 500;
/**
 * Records written in one transaction at most: the transaction holds the file's lock, and another
 * process's search waits for it (up to BATCH_RECORDS × ~0.2 ms, well under the 5 s busy timeout).
 */
export const BATCH_RECORDS = 2500;
/** How long received pages wait for more before they are written: a slow service's pages are written one by one. */
export const BATCH_MS = 1000;
/**
 * Pages asked ahead of the one being written in a pass's listing (never in its check: checkPass): a
 * batch is written in one synchronous step, during which the service renders the pages already
 * asked for (one more than a full batch of 500-record pages), so listing and writing overlap
 * instead of taking turns.
 */
export const READ_AHEAD_PAGES = 6;
/** Passes of one sync at most: decisions that never stop leave the sync unconfirmed, and the next one lists again. */
export const MAX_PASSES = 4;

export interface SyncProgress {
  kind: MirrorKind;
  /** Pages completed in this sync, including those of an interrupted one it resumed. */
  pages: number;
  /** Records received in this sync so far. */
  received: number;
  /** Records in the mirror of this kind after them. */
  mirrored: number;
}

export interface SyncOptions {
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  /** Told when a page failed after its retries and is asked again (see api/paging.ts). */
  onResume?: (info: ResumeInfo) => void;
  overlapMs?: number;
  pageSize?: number;
  /** Clock for `syncedAt` and the passes' start (tests). */
  now?: () => Date;
}

export interface KindSyncResult {
  kind: MirrorKind;
  /** True when everything was listed, false when only changes were. */
  full: boolean;
  /** The `updated_since` asked for. */
  since: string;
  /** Pages of an interrupted sync this one went on from. */
  resumedPages: number;
  /** Passes listed: more than one when records moved while the service was listed. */
  passes: number;
  /** False when records kept moving through every pass: the next sync lists again. */
  confirmed: boolean;
  received: number;
  /** Records added or replaced (`added` of them new), and records removed (merged away or gone). */
  upserted: number;
  added: number;
  removed: number;
  state: KindState;
}

interface Context {
  client: DedupClient;
  sql: Statements;
  table: RecordTable;
  opts: SyncOptions;
  pages: number;
  received: number;
  /** Records of the kind in the mirror: counted once, then followed page by page (a count per page read the whole table). */
  mirrored: number;
}

export async function syncKind(client: DedupClient, sql: Statements, table: RecordTable, opts: SyncOptions): Promise<KindSyncResult> {
  const kind = table.kind;
  const stored = readKind(sql, kind);
  const now = () => opts.now?.() ?? new Date();
  let run = stored.run;
  const resumedPages = run && !run.listed ? run.page : 0;
  if (!run) {
    const after = stored.done?.nextSince ?? EARLIEST_SINCE;
    const full = after === EARLIEST_SINCE || (await outOfStep(client, table, after, opts.signal));
    const since = full ? EARLIEST_SINCE : after;
    run = inTransaction(sql.db, () => {
      const r: RunState = { since, full, pageSize: opts.pageSize ?? SYNC_PAGE_SIZE, pass: nextPass(sql), passes: 1, passStartedAt: now().toISOString(), page: 0, listed: false, changed: false, received: 0, upserted: 0, added: 0, removed: 0 };
      writeKind(sql, kind, { ...stored, run: r });
      return r;
    });
  }
  const ctx: Context = { client, sql, table, opts, pages: resumedPages, received: run.received, mirrored: table.count() };
  for (;;) {
    if (!run.listed) run = await listPass(ctx, run);
    run = await checkPass(ctx, run);
    if (!run.changed || run.passes >= MAX_PASSES) break;
    const again: RunState = { ...run, pass: 0, passes: run.passes + 1, passStartedAt: now().toISOString(), page: 0, listed: false, changed: false };
    run = inTransaction(sql.db, () => {
      again.pass = nextPass(sql);
      writeKind(sql, kind, { ...readKind(sql, kind), run: again });
      return again;
    });
  }
  return finish(ctx, run, stored.done, resumedPages, now);
}

/** Records the first page of a whole listing shows to tell a mirror out of step (one small request a sync). */
const STEP_PROBE_RECORDS = 50;

/**
 * Whether the mirror is out of step with the service in a way no listing of changes shows (the
 * interface lists what changed, never what went): the service lists nothing while the mirror holds
 * records (emptied, or restarted with nothing), or the first page of its whole listing holds a record
 * older than `since` that the mirror does not hold as it is (its data replaced: a change that old
 * was listed by an earlier sync). Such a sync lists everything, which removes whatever the service
 * no longer has.
 */
async function outOfStep(client: DedupClient, table: RecordTable, since: string, signal: AbortSignal | undefined): Promise<boolean> {
  const params = { updatedSince: EARLIEST_SINCE, page: 0, pageSize: STEP_PROBE_RECORDS };
  const first = (table.kind === 'locations' ? await client.listLocations(params, { signal }) : await client.listEvents(params, { signal })).data as MirroredRecord[];
  if (first.length === 0) return table.count() > 0;
  const older = first.filter((r) => typeof r.updatedAt === 'string' && compareTimestamps(r.updatedAt, since) < 0);
  const held = table.heldMany(older.map((r) => r.id));
  return older.some((r) => held.get(r.id)?.updatedAt !== r.updatedAt);
}

/** Lists a pass from its next page to its end, a few pages a transaction, each with the state after them. */
async function listPass(ctx: Context, start: RunState): Promise<RunState> {
  let run = start;
  await eachBatch(ctx, run.since, run.page, run.pageSize, READ_AHEAD_PAGES, (pages) => {
    const last = pages[pages.length - 1];
    run = writeBatch(ctx, run, pages, 'listing', { page: run.page + pages.length, listed: !last.hasNextPage });
  });
  // The service ended the listing without saying it was the last page (an empty first page).
  if (!run.listed) run = writeBatch(ctx, run, [], 'listing', { listed: true });
  return run;
}

/**
 * Lists what changed since the pass started (less the overlap): a record the pass did not hold as it
 * is now changed during the pass, so the pass may have skipped another. Written as it comes.
 */
async function checkPass(ctx: Context, start: RunState): Promise<RunState> {
  let run = start;
  const since = new Date(Math.max(Date.parse(run.passStartedAt) - (ctx.opts.overlapMs ?? DEFAULT_OVERLAP_MS), Date.parse(run.since))).toISOString();
  // One page after another, never read ahead: a decision during the check moves its survivor to
  // the listing's end, and only a page asked after the decision shows it there. Pages asked at once
  // are answered in any order: a later page answered before the decision and an earlier one after
  // it lose both the survivor and a record shifted past the check, which then confirms a pass that
  // missed them (merged-away records left in the mirror). The pass's listing may read ahead: what it
  // loses so is a record listed twice, a record merged away after it was written, or a changed
  // record this check lists.
  await eachBatch(ctx, since, 0, run.pageSize, 1, (pages) => {
    run = writeBatch(ctx, run, pages, 'check', {});
  });
  return run;
}

/**
 * Writes pages of records and the sync's state after them in one transaction. In a pass's listing,
 * a record written twice or merged away after it was written means records moved; in its check,
 * only the records the pass did not write as they are now are written, and they mean the same.
 */
function writeBatch(ctx: Context, start: RunState, pages: readonly Page<unknown>[], phase: 'listing' | 'check', next: Partial<RunState>): RunState {
  const { sql, table } = ctx;
  try {
    const run = inTransaction(sql.db, () => {
      const r = { ...start };
      // A pass's pages are written together; the check's one after another (each is compared with
      // what the mirror holds after the one before).
      if (phase === 'listing') writeRecords(table, r, pages.flatMap((p) => p.data as MirroredRecord[]));
      else for (const page of pages) writeChecked(table, r, page.data as MirroredRecord[]);
      table.vocabulary.flush();
      Object.assign(r, next);
      writeKind(sql, table.kind, { ...readKind(sql, table.kind), run: r });
      return r;
    });
    ctx.mirrored += run.added - start.added - (run.removed - start.removed);
    return run;
  } catch (e) {
    table.vocabulary.forget();
    throw e;
  }
}

/** Writes a pass's records into `run`'s counters (inside the batch's transaction), all at once. */
function writeRecords(table: RecordTable, run: RunState, records: readonly MirroredRecord[]): void {
  const applied = table.applyAll(records, run.pass);
  records.forEach((record, i) => tally(run, record, applied[i], 'listing'));
}

/**
 * Writes what a check's page lists that the pass did not write as it is now (inside the batch's
 * transaction). Compared one record after another with what the mirror holds after the one before
 * (a record may merge away the next): a record written holds its own row now, and the records it
 * merged away are gone.
 */
function writeChecked(table: RecordTable, run: RunState, received: readonly MirroredRecord[]): void {
  const held = table.heldMany(received.map((r) => r.id));
  for (const record of received) {
    const h = held.get(record.id);
    const updatedAt = record.updatedAt ?? null;
    if (h !== undefined && h.pass === run.pass && h.updatedAt === updatedAt) continue;
    run.changed = true;
    const applied = table.applyAll([record], run.pass)[0];
    tally(run, record, applied, 'check');
    held.set(record.id, { updatedAt: typeof updatedAt === 'string' ? updatedAt : null, pass: run.pass });
    for (const id of applied.removed) held.delete(id);
  }
}

/** Adds a written record to the run's counters (and says whether it moved, in a listing). */
function tally(run: RunState, record: MirroredRecord, a: Applied, phase: 'listing' | 'check'): void {
  run.received++;
  if (a.changed) run.upserted++;
  if (a.added) run.added++;
  run.removed += a.removed.length;
  if (phase === 'listing' && a.movedInPass) run.changed = true;
  const u = record.updatedAt;
  if (typeof u === 'string' && (run.newest === undefined || compareTimestamps(u, run.newest) > 0)) run.newest = u;
}

/**
 * Lists pages and hands them to `write` a few at a time. A transaction a page spent most of a large
 * sync committing (each commit journals and rewrites the index pages it touched, and fsyncs), so a
 * batch grows with what this listing wrote: an eighth of it, up to BATCH_RECORDS. The first pages
 * are written one by one (a small sync, and the start of any, is visible page by page), a kill
 * loses at most an eighth of what was written (asked again by the resume), and a slow service's
 * pages (BATCH_MS apart) are written as they come.
 */
async function eachBatch(ctx: Context, since: string, from: number, pageSize: number, readAhead: number, write: (pages: Page<unknown>[]) => void): Promise<void> {
  const { client, opts, table } = ctx;
  const params = { updatedSince: since, page: from, pageSize };
  // A record listed again on a later page is kept: a change during the pass moves it there, newer,
  // and says the pass must be listed again. Endless listings are still stopped.
  const call = { signal: opts.signal, onResume: opts.onResume, repeats: 'keep' as const, readAhead };
  const pages: AsyncIterable<Page<unknown>> = table.kind === 'locations' ? client.locationPages(params, call) : client.eventPages(params, call);
  let batch: Page<unknown>[] = [];
  let records = 0;
  let written = 0;
  let lastWrite = performance.now();
  const flush = () => {
    write(batch);
    ctx.pages += batch.length;
    ctx.received += records;
    written += records;
    batch = [];
    records = 0;
    lastWrite = performance.now();
    opts.onProgress?.({ kind: table.kind, pages: ctx.pages, received: ctx.received, mirrored: ctx.mirrored });
  };
  for await (const page of pages) {
    // A page that arrived after the cancel is not kept: cancelling stops at once.
    if (opts.signal?.aborted) throw new CancelledError('the sync was cancelled');
    batch.push(page);
    records += page.data.length;
    const enough = records >= Math.min(BATCH_RECORDS, Math.max(1, written / 8));
    if (enough || !page.hasNextPage || performance.now() - lastWrite >= BATCH_MS) flush();
  }
  if (batch.length > 0) flush();
}

function finish(ctx: Context, run: RunState, before: KindState | undefined, resumedPages: number, now: () => Date): KindSyncResult {
  const { sql, table } = ctx;
  const confirmed = !run.changed;
  return inTransaction(sql.db, () => {
    let removed = run.removed;
    // Only an undisturbed full pass says what the service no longer has.
    if (run.full && confirmed) removed += table.removeUnseen(run.pass).length;
    const state: KindState = {
      syncedAt: now().toISOString(),
      nextSince: confirmed ? nextSince(run.newest, before?.nextSince, ctx.opts.overlapMs ?? DEFAULT_OVERLAP_MS) : run.since,
      count: table.count(),
      ...(confirmed ? {} : { unconfirmed: true }),
    };
    writeKind(sql, table.kind, { done: state });
    return { kind: table.kind, full: run.full, since: run.since, resumedPages, passes: run.passes, confirmed, received: run.received, upserted: run.upserted, added: run.added, removed, state };
  });
}

/** Where the next sync starts: the newest update seen (the service's clock, not ours), less the overlap. */
function nextSince(newest: string | undefined, before: string | undefined, overlapMs: number): string {
  if (newest === undefined) return before ?? EARLIEST_SINCE;
  const ms = Date.parse(newest) - overlapMs;
  const earliest = Date.parse(EARLIEST_SINCE);
  return ms <= earliest ? EARLIEST_SINCE : new Date(ms).toISOString();
}
