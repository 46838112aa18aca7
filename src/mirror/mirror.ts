// A local, searchable copy of one connection's locations and events: opened from its directory,
// kept up to date by sync(), searched in memory. Used alike by the CLI and the extension.
import type { DedupClient } from '../api/client';
import { type KindState, LEGACY_FORMAT, MirrorError, MirrorFiles, type MirrorMeta, MIRROR_FORMAT } from './mirror-files';
import { RecordStore } from './record-store';
import { MIRROR_KINDS, type MirrorKind, type MirroredRecord, RecordSet } from './record-set';
import { SearchIndex } from './search-index';
import { loadStoredIndex, saveStoredIndex } from './stored-index';
import { EARLIEST_SINCE, type KindSyncResult, type SyncOptions, syncKind } from './sync';

export interface MirrorHit<T = MirroredRecord> {
  id: string;
  /** Relevance; 0 for an empty query (records in mirror order). */
  score: number;
  record: T;
}

export interface KindSyncSummary extends Pick<KindSyncResult, 'kind' | 'full' | 'since' | 'resumedPages' | 'received' | 'added'> {
  /** Records added or updated (`added` of them new). */
  upserted: number;
  removed: number;
  /** Records of the kind in the mirror now. */
  count: number;
}

export interface SyncReport {
  kinds: KindSyncSummary[];
}

export const DEFAULT_SEARCH_LIMIT = 20;
/** Work per slice when the index is built in the background (prepare). */
const PREPARE_SLICE_MS = 20;

export class Mirror {
  private readonly records: Record<MirrorKind, RecordSet> = { locations: new RecordSet(), events: new RecordSet() };
  /**
   * Built at the first search of a kind, not at open: a sync (the CLI's `mirror sync`, a scheduled
   * one) needs only the records, and the index is most of the time and memory of an open
   * (docs/benchmarks.md, Mirror).
   */
  private readonly indexes: Partial<Record<MirrorKind, SearchIndex>> = {};
  private readonly preparing: Partial<Record<MirrorKind, Promise<void>>> = {};
  private syncing: Promise<SyncReport> | undefined;

  private constructor(
    private readonly files: MirrorFiles,
    private meta: MirrorMeta | undefined,
  ) {}

  /**
   * Opens the mirror in `dir` (an empty mirror when nothing was synced there yet): reads the tables
   * of the stored records and their appended changes, not the records themselves.
   */
  static async open(dir: string): Promise<Mirror> {
    const files = new MirrorFiles(dir);
    const mirror = new Mirror(files, await files.readMeta());
    if (mirror.meta?.format === LEGACY_FORMAT) await mirror.convertLegacy();
    for (const kind of MIRROR_KINDS) {
      const store = mirror.meta?.kinds[kind]?.store;
      if (store) mirror.records[kind] = await new RecordStore(dir, kind).load(store);
    }
    return mirror;
  }

  /** A format-1 mirror (one snapshot per kind) is written into the store once. */
  private async convertLegacy(): Promise<void> {
    const meta = this.meta as MirrorMeta;
    for (const kind of MIRROR_KINDS) {
      const state = meta.kinds[kind];
      if (!state) continue;
      const set = new RecordSet();
      let n = 0;
      for await (const line of this.files.legacySnapshotLines(kind)) {
        n++;
        let record: MirroredRecord;
        try {
          record = JSON.parse(line) as MirroredRecord;
        } catch {
          throw new MirrorError(`${this.dir}/${kind}.ndjson line ${n} is not valid JSON; sync again to rebuild the mirror (delete the directory first)`);
        }
        set.apply(record, line);
      }
      state.store = (await new RecordStore(this.dir, kind).commit(undefined, set, [], [])).state;
    }
    meta.format = MIRROR_FORMAT;
    await this.files.writeMeta(meta);
    for (const kind of MIRROR_KINDS) await this.files.dropLegacySnapshot(kind);
  }

  get dir(): string {
    return this.files.dir;
  }

  /** The service this mirror was synced from, undefined before the first sync. */
  get baseUrl(): string | undefined {
    return this.meta?.baseUrl;
  }

  state(kind: MirrorKind): KindState | undefined {
    return this.meta?.kinds[kind];
  }

  count(kind: MirrorKind): number {
    return this.records[kind].size;
  }

  /** When the mirror last completed a sync of every kind (the older of the two), undefined if never. */
  get syncedAt(): Date | undefined {
    const times = MIRROR_KINDS.map((k) => this.meta?.kinds[k]?.syncedAt);
    if (times.some((t) => t === undefined)) return undefined;
    return new Date(Math.min(...times.map((t) => Date.parse(t as string))));
  }

  get<T = MirroredRecord>(kind: MirrorKind, id: string): T | undefined {
    return this.records[kind].get(id) as T | undefined;
  }

  /** Whole records best first; an empty query lists records in mirror order up to the limit. */
  search<T = MirroredRecord>(kind: MirrorKind, query: string, limit = DEFAULT_SEARCH_LIMIT): MirrorHit<T>[] {
    const set = this.records[kind];
    if (query.trim() === '') {
      const out: MirrorHit<T>[] = [];
      for (const id of set.ids()) {
        if (out.length >= limit) break;
        out.push({ id, score: 0, record: set.get(id) as T });
      }
      return out;
    }
    const hits = this.index(kind).search(query, limit).flatMap((h) => {
      const record = set.get(h.id);
      return record ? [{ id: h.id, score: h.score, record: record as T }] : [];
    });
    // A record's own id (the one Find shows under each name, a panel's Copy Id, the service's logs)
    // is not a word of the index: pasted whole, it finds that record, first (the walk of issue 18).
    const id = query.trim();
    const byId = id === '' ? undefined : set.get(id);
    if (!byId) return hits;
    return [{ id, score: Number.POSITIVE_INFINITY, record: byId as T }, ...hits.filter((h) => h.id !== id)].slice(0, limit);
  }

  /**
   * Brings the mirror up to date with the service. One sync at a time: a second call while one runs
   * gets the same promise. Searches keep answering from the previous copy until it completes.
   */
  sync(client: DedupClient, opts: SyncOptions = {}): Promise<SyncReport> {
    this.syncing ??= this.runSync(client, opts).finally(() => (this.syncing = undefined));
    return this.syncing;
  }

  private async runSync(client: DedupClient, opts: SyncOptions): Promise<SyncReport> {
    if (this.meta && this.meta.baseUrl !== client.baseUrl) {
      throw new MirrorError(`the mirror in ${this.dir} holds records of ${this.meta.baseUrl}, not of ${client.baseUrl}; use another directory`);
    }
    await this.files.ensureDir();
    const meta: MirrorMeta = this.meta ?? { format: MIRROR_FORMAT, baseUrl: client.baseUrl, kinds: {} };
    // An incremental sync lists the two kinds at the same time (it is mostly waiting for the
    // service's pages: docs/benchmarks.md, Mirror), each with its own journal, so each resumes after
    // its own last whole page. Commits go one at a time (they share mirror.json), each as soon as its
    // kind's listing is complete; a kind that failed or was cancelled keeps its previous copy. The
    // sync ends when both have ended, so nothing still writes after it rejects. A full listing (a
    // first sync) goes one kind after the other: no faster at the same time, and holding both kinds'
    // received records until their commits took up to 150 MB more (peak RSS, docs/benchmarks.md).
    let commits: Promise<unknown> = Promise.resolve();
    const syncAndCommit = async (kind: MirrorKind): Promise<KindSyncSummary> => {
      const r = await syncKind(client, this.files, kind, this.records[kind], meta.kinds[kind], opts);
      const committed = commits.then(() => this.commitKind(meta, r));
      commits = committed.catch(() => undefined);
      return committed;
    };
    const incremental = MIRROR_KINDS.every((k) => meta.kinds[k] !== undefined && meta.kinds[k].nextSince !== EARLIEST_SINCE);
    const summaries: PromiseSettledResult<KindSyncSummary>[] = incremental ? await Promise.allSettled(MIRROR_KINDS.map(syncAndCommit)) : [];
    if (!incremental) {
      for (const kind of MIRROR_KINDS) {
        try {
          summaries.push({ status: 'fulfilled', value: await syncAndCommit(kind) });
        } catch (e) {
          summaries.push({ status: 'rejected', reason: e });
          break; // as before: the next kind is not started after a failure or a cancel
        }
      }
    }
    const failed = summaries.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    return { kinds: summaries.map((s) => (s as PromiseFulfilledResult<KindSyncSummary>).value) };
  }

  /** Writes a kind's completed listing to its store and makes it the searched copy. */
  private async commitKind(meta: MirrorMeta, r: KindSyncResult): Promise<KindSyncSummary> {
    const { kind } = r;
    const store = new RecordStore(this.dir, kind);
    const stored = r.listing
      ? { state: await store.commitListed(r.listing.gen, r.listing.table, r.listing.bytes), set: r.records }
      : await store.commit(meta.kinds[kind]?.store, r.records, r.upserted, r.removed);
    meta.kinds[kind] = { ...r.state, store: stored.state };
    await this.files.writeMeta(meta);
    await this.files.dropJournal(kind);
    this.meta = meta;
    this.commit(kind, { ...r, records: stored.set });
    await store.removeOtherGenerations(stored.state.gen);
    return { kind, full: r.full, since: r.since, resumedPages: r.resumedPages, received: r.received, added: r.added, upserted: r.upserted.size, removed: r.removed.size, count: r.state.count };
  }

  private index(kind: MirrorKind): SearchIndex {
    let index = this.indexes[kind];
    if (!index) {
      index = new SearchIndex();
      for (const [, text] of this.records[kind].texts()) index.put(JSON.parse(text));
      this.indexes[kind] = index;
    }
    return index;
  }

  /**
   * Makes the search index of a kind ready without blocking for long: loads the one stored beside
   * the records (stored-index.ts), or builds it a slice of records at a time, yielding to the event
   * loop between slices (the extension host keeps answering while 150,000 records are indexed), and
   * stores it. A second call while one runs joins it; search() before it ends builds synchronously.
   */
  prepare(kind: MirrorKind): Promise<void> {
    if (this.indexes[kind]) return Promise.resolve();
    this.preparing[kind] ??= this.buildInSlices(kind).finally(() => (this.preparing[kind] = undefined));
    return this.preparing[kind];
  }

  private async buildInSlices(kind: MirrorKind): Promise<void> {
    const set = this.records[kind];
    const state = this.meta?.kinds[kind]?.store;
    const store = new RecordStore(this.dir, kind);
    if (state) {
      const stored = await loadStoredIndex(store, state, set);
      if (this.records[kind] !== set) return this.buildInSlices(kind);
      if (stored) {
        this.indexes[kind] ??= stored;
        return;
      }
    }
    await this.indexInSlices(kind, set);
    const built = this.indexes[kind];
    // Stored for the next open; a cache, so a failure to write it only costs that open a rebuild.
    if (state && built && this.records[kind] === set) await saveStoredIndex(store, state, built).catch(() => undefined);
  }

  private async indexInSlices(kind: MirrorKind, set: RecordSet): Promise<void> {
    const index = new SearchIndex();
    const texts = set.texts();
    try {
      for (;;) {
        const started = performance.now();
        // About 20 ms of work, then the event loop has its turn.
        while (performance.now() - started < PREPARE_SLICE_MS) {
          const next = texts.next();
          if (next.done) {
            // A sync that committed meanwhile replaced the set: index that one instead.
            if (this.records[kind] !== set) return await this.indexInSlices(kind, this.records[kind]);
            index.warm();
            this.indexes[kind] ??= index;
            return;
          }
          index.put(JSON.parse(next.value[1]));
        }
        await new Promise((r) => setImmediate(r));
        if (this.indexes[kind]) return; // built meanwhile by a synchronous search
        // A sync committed meanwhile (its compaction may have removed the files being read): start over on its set.
        if (this.records[kind] !== set) return await this.indexInSlices(kind, this.records[kind]);
      }
    } finally {
      texts.return(undefined);
    }
  }

  /**
   * Readies the open mirror for its next sync without blocking for long (see
   * RecordSet.prepareOwners): the extension calls it after an open, so a sync on demand or on the
   * schedule does not build the owners of 150,000 records' source ids on its path.
   */
  async prepareSync(): Promise<void> {
    for (const kind of MIRROR_KINDS) await this.records[kind].prepareOwners(PREPARE_SLICE_MS);
  }

  /** The events at a location, in mirror order (from the events' embedded location). */
  eventsAt<T = MirroredRecord>(locationId: string): T[] {
    const set = this.records.events;
    return set.idsAt(locationId).flatMap((id) => {
      const r = set.get(id);
      return r ? [r as T] : [];
    });
  }

  /** The synced copy becomes the searched one; a built index is updated by the difference only. */
  private commit(kind: MirrorKind, r: KindSyncResult): void {
    this.records[kind] = r.records;
    const index = this.indexes[kind];
    if (!index) return;
    for (const id of r.removed) index.remove(id);
    // One descriptor per file for all of them (opening the store per record was half the commit).
    for (const [, text] of r.records.textsOf(r.upserted)) index.put(JSON.parse(text));
  }
}

