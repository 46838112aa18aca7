// One sync of one kind: list what changed since the last sync (everything, the first time), apply
// it to a copy of the records, and only when the listing is complete replace the snapshot. Each
// completed page is journalled, so an interrupted sync (cancel, network, kill) resumes after its
// last whole page instead of starting over, and the previous snapshot stays the consistent copy.
// A full listing writes its records straight into the next generation's base instead
// (listing-base.ts), and its journal says where each page ends there.
import type { DedupClient } from '../api/client';
import { CancelledError } from '../api/errors';
import type { Page } from '../api/model';
import type { ResumeInfo } from '../api/paging';
import { ChangeSet } from './change-set';
import { ListedRecords } from './listed-records';
import { ListingBase } from './listing-base';
import { WriteBehind } from './write-behind';
import { type JournalHeader, type KindState, MirrorFiles } from './mirror-files';
import { type MirrorKind, type MirroredRecord, RecordSet } from './record-set';
import { RecordStore, type Table } from './record-store';

/** The earliest instant `updated_since` can name (the first Date JavaScript has): a first sync lists everything. */
export const EARLIEST_SINCE = '-271821-04-20T00:00:00.000Z';
/**
 * How far before the newest update seen the next sync starts. The interface does not say whether
 * `updated_since` includes its instant, nor whether a record becomes visible in the order of its
 * `updatedAt`; five minutes of records listed twice costs little and covers both.
 */
export const DEFAULT_OVERLAP_MS = 5 * 60_000;
/** The largest page the interface allows for locations and events: fewest round trips. */
export const SYNC_PAGE_SIZE = 500;

export interface SyncProgress {
  kind: MirrorKind;
  /** Pages completed in this sync, including those replayed from an interrupted one. */
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
  /** Clock for `syncedAt` (tests). */
  now?: () => Date;
}

export interface KindSyncResult {
  kind: MirrorKind;
  /** True when everything was listed (first sync), false when only changes were. */
  full: boolean;
  /** The `updated_since` asked for. */
  since: string;
  /** Pages replayed from an interrupted sync before listing went on. */
  resumedPages: number;
  received: number;
  /** Ids added or replaced, and ids removed because their source ids moved to another record. */
  upserted: IdList;
  /** How many of `upserted` the mirror did not hold before (the rest were updated). */
  added: number;
  removed: Set<string>;
  records: RecordSet;
  state: KindState;
  /** A full listing: the generation whose base file holds the records, its length, and its table (listing-base.ts). */
  listing?: { gen: number; bytes: number; table: Table };
}

/** Ids, counted (a full listing's are its set's, not copied into a Set of their own). */
export interface IdList extends Iterable<string> {
  readonly size: number;
}

export async function syncKind(
  client: DedupClient,
  files: MirrorFiles,
  kind: MirrorKind,
  current: RecordSet,
  previous: KindState | undefined,
  opts: SyncOptions,
): Promise<KindSyncResult> {
  let journal = await files.readJournal(kind);
  // A full listing writes its records into the next generation's base as they arrive
  // (listing-base.ts) and starts from an empty set: a complete listing from the earliest instant
  // keeps only what it listed, so the current records need neither copying nor replaying.
  const listedGen = (previous?.store?.gen ?? 0) + 1;
  const listedFile = new RecordStore(files.dir, kind).file(listedGen, 'ndjson');
  let base: ListingBase | undefined;
  let listed: ListedRecords | undefined;
  if (journal?.header.base !== undefined) {
    // A journal of another generation (committed meanwhile) or a base file that lost its pages: start over.
    listed = new ListedRecords(listedFile);
    if (journal.header.base === listedGen) base = await ListingBase.resume(listedFile, journal.pages.at(-1)?.bytes ?? 0, listed);
    if (!base) {
      journal = undefined;
      listed = undefined;
    }
  }
  let header: JournalHeader;
  if (journal) {
    header = journal.header;
  } else {
    const since = previous?.nextSince ?? EARLIEST_SINCE;
    header = { since, startedAt: (opts.now?.() ?? new Date()).toISOString(), pageSize: opts.pageSize ?? SYNC_PAGE_SIZE, ...(since === EARLIEST_SINCE ? { base: listedGen } : {}) };
    await files.startJournal(kind, header);
    if (header.base !== undefined) {
      base = await ListingBase.start(listedFile);
      listed = new ListedRecords(listedFile);
    }
  }
  // Pages are numbered in the page size the journal was written with, whatever this run was given.
  const pageSize = header.pageSize ?? opts.pageSize ?? SYNC_PAGE_SIZE;
  const resumedPages = journal?.pages.length ?? 0;
  // An interrupted sync's last journalled page may have been the last one: nothing more to ask.
  const lastWasFinal = journal !== undefined && journal.pages.length > 0 && journal.pages[journal.pages.length - 1].final === true;
  let pages: AsyncIterator<Page<unknown>> | undefined;
  let first: Promise<IteratorResult<Page<unknown>>> | undefined;
  if (!lastWasFinal) {
    const params = { updatedSince: header.since, page: resumedPages, pageSize };
    // A full listing writes the answers' own bytes of its records (listing-base.ts).
    // A record listed again on a later page is kept: a change while the sync lists moves it there,
    // newer (the mirror keeps the last version of each id); endless listings are still stopped.
    const call = { signal: opts.signal, onResume: opts.onResume, keepBody: base !== undefined, repeats: 'keep' as const };
    pages = (kind === 'locations' ? client.locationPages(params, call) : client.eventPages(params, call))[Symbol.asyncIterator]();
    // The first page is asked for now: the service answers while this sync prepares (a sync of
    // changes copies nothing: change-set.ts). Awaited below.
    first = pages.next();
    first.catch(() => undefined);
  }

  // A sync of changes applies them at the end to the records they touch (change-set.ts; searches go
  // on from the original). Resuming a journal of an older complete listing (no base file: it keeps
  // only what it listed) applies them to a copy of the records.
  const changeSet = !listed && header.since !== EARLIEST_SINCE ? new ChangeSet(current) : undefined;
  let set = listed ? new RecordSet() : changeSet ? current : current.clone({ takeOwners: true });
  if (!listed && !changeSet) set.prepareOwnersNow();
  /** Records in the mirror after the pages so far (a full listing's, before those replaced or merged away later are dropped). */
  const mirrored = () => listed?.count ?? set.size;
  const upserted = new Set<string>();
  const removed = new Set<string>();
  let received = 0;
  /** Every id this sync received (replayed pages included): a complete full listing keeps only these. */
  const receivedIds = new Set<string>();
  const apply = (data: readonly unknown[]) => {
    received += data.length;
    if (changeSet) return changeSet.add(data);
    for (const r of data) {
      const change = set.apply(r as MirroredRecord);
      receivedIds.add(change.upserted);
      upserted.add(change.upserted);
      removed.delete(change.upserted);
      for (const id of change.removed) {
        removed.add(id);
        upserted.delete(id);
      }
    }
  };

  let page = 0;
  /** The full listing's pages on their way to the disk. */
  const behind = base && new WriteBehind(base, (lines) => files.appendJournal(kind, ...lines));
  try {
    if (journal) {
      if (!base) for (const p of journal.pages) apply(p.records ?? []);
      else received = base.resumedRecords;
      page = journal.pages.length;
      opts.onProgress?.({ kind, pages: page, received, mirrored: mirrored() });
    }
    if (pages && first) {
      for (let next = await first; !next.done; next = await pages.next()) {
        const p = next.value;
        // A page that arrived after the cancel is not kept: cancelling stops at once.
        if (opts.signal?.aborted) throw new CancelledError('the sync was cancelled');
        if (base && listed) {
          // Written, flushed and journalled behind the listing (write-behind.ts), while the records
          // are noted and the next page is on its way.
          const bytes = base.layOut(p.data, p.body);
          for (let i = 0; i < bytes.placed.length; i++) listed.add(p.data[i] as MirroredRecord, bytes.placed[i].at, bytes.placed[i].len);
          received += p.data.length;
          await behind?.add(bytes, { page, bytes: bytes.at + bytes.buf.length, final: !p.hasNextPage });
        } else {
          await files.appendJournal(kind, { page, records: p.data, final: !p.hasNextPage });
          apply(p.data);
        }
        page++;
        opts.onProgress?.({ kind, pages: page, received, mirrored: mirrored() });
      }
    }
    await behind?.drain();
  } finally {
    // Stops the listing (a page on its way) when this ends early, as a for-await loop would.
    await pages?.return?.(undefined);
    // Every page received before a cancel or a failure is journalled before this ends (and nothing
    // is written after): the next sync resumes after the last of them.
    await behind?.drain().catch(() => undefined);
    await base?.close();
  }

  let upsertedIds: IdList = upserted;
  let added = 0;
  if (changeSet) {
    const applied = changeSet.apply();
    set = applied.records;
    upsertedIds = applied.upserted;
    for (const id of applied.removed) removed.add(id);
    if (set.size !== current.size) opts.onProgress?.({ kind, pages: page, received, mirrored: set.size });
    for (const id of applied.upserted) if (!current.has(id)) added++;
  } else if (listed) {
    // The listing is the mirror now: what stands of it is upserted, what the mirror held and it does not is removed.
    const standing = listed.toSet();
    set = standing;
    if (set.size !== listed.count) opts.onProgress?.({ kind, pages: page, received, mirrored: set.size });
    upsertedIds = { size: set.size, [Symbol.iterator]: () => standing.ids() };
    for (const id of current.ids()) if (!set.has(id)) removed.add(id);
    // A first sync adds everything (without reading the set, which the CLI never reads: RecordSet.deferred).
    if (current.size === 0) added = set.size;
    else for (const id of set.ids()) if (!current.has(id)) added++;
  } else if (header.since === EARLIEST_SINCE) {
    // A complete listing from the earliest instant is everything the service shows: a record it did
    // not list is gone (merged away, or removed), even if no listed record took its source ids.
    for (const id of [...set.ids()]) {
      if (receivedIds.has(id)) continue;
      set.remove(id);
      removed.add(id);
      upserted.delete(id);
    }
  }

  if (!listed && !changeSet) for (const id of upserted) if (!current.has(id)) added++;
  const state: KindSyncResult['state'] = {
    syncedAt: (opts.now?.() ?? new Date()).toISOString(),
    nextSince: nextSince(set.newestUpdate, previous?.nextSince, opts.overlapMs ?? DEFAULT_OVERLAP_MS),
    count: set.size,
  };
  const listing = base && listed && { gen: listedGen, bytes: base.bytes, table: listed.table() };
  return { kind, full: header.since === EARLIEST_SINCE, since: header.since, resumedPages, received, upserted: upsertedIds, added, removed, records: set, state, listing };
}

/** Where the next sync starts: the newest update seen (the service's clock, not ours), less the overlap. */
function nextSince(newest: string | undefined, before: string | undefined, overlapMs: number): string {
  if (newest === undefined) return before ?? EARLIEST_SINCE;
  const ms = Date.parse(newest) - overlapMs;
  const earliest = Date.parse(EARLIEST_SINCE);
  return ms <= earliest ? EARLIEST_SINCE : new Date(ms).toISOString();
}
