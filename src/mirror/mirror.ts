// A local, searchable copy of one connection's locations and events: opened from its directory,
// kept up to date by sync(), searched in memory. Used alike by the CLI and the extension.
import type { DedupClient } from '../api/client';
import { type KindState, MirrorError, MirrorFiles, type MirrorMeta, MIRROR_FORMAT } from './mirror-files';
import { MIRROR_KINDS, type MirrorKind, type MirroredRecord, RecordSet } from './record-set';
import { SearchIndex } from './search-index';
import { type KindSyncResult, type SyncOptions, syncKind } from './sync';

export interface MirrorHit<T = MirroredRecord> {
  id: string;
  /** Relevance; 0 for an empty query (records in mirror order). */
  score: number;
  record: T;
}

export interface KindSyncSummary extends Pick<KindSyncResult, 'kind' | 'full' | 'since' | 'resumedPages' | 'received'> {
  upserted: number;
  removed: number;
  /** Records of the kind in the mirror now. */
  count: number;
}

export interface SyncReport {
  kinds: KindSyncSummary[];
}

export const DEFAULT_SEARCH_LIMIT = 20;

export class Mirror {
  private readonly records: Record<MirrorKind, RecordSet> = { locations: new RecordSet(), events: new RecordSet() };
  /**
   * Built at the first search of a kind, not at open: a sync (the CLI's `mirror sync`, a scheduled
   * one) needs only the records, and the index is most of the time and memory of an open
   * (docs/benchmarks.md, Mirror).
   */
  private readonly indexes: Partial<Record<MirrorKind, SearchIndex>> = {};
  private syncing: Promise<SyncReport> | undefined;

  private constructor(
    private readonly files: MirrorFiles,
    private meta: MirrorMeta | undefined,
  ) {}

  /** Opens the mirror in `dir` (an empty mirror when nothing was synced there yet). */
  static async open(dir: string): Promise<Mirror> {
    const files = new MirrorFiles(dir);
    const mirror = new Mirror(files, await files.readMeta());
    for (const kind of MIRROR_KINDS) {
      if (!mirror.meta?.kinds[kind]) continue;
      let n = 0;
      for await (const line of files.snapshotLines(kind)) {
        n++;
        let record: MirroredRecord;
        try {
          record = JSON.parse(line) as MirroredRecord;
        } catch {
          throw new MirrorError(`${dir}/${kind}.ndjson line ${n} is not valid JSON; sync again to rebuild the mirror (delete the directory first)`);
        }
        mirror.records[kind].apply(record, line);
      }
    }
    return mirror;
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
    return this.index(kind).search(query, limit).flatMap((h) => {
      const record = set.get(h.id);
      return record ? [{ id: h.id, score: h.score, record: record as T }] : [];
    });
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
    const report: SyncReport = { kinds: [] };
    for (const kind of MIRROR_KINDS) {
      const r = await syncKind(client, this.files, kind, this.records[kind], meta.kinds[kind], opts);
      await this.files.writeSnapshot(kind, linesOf(r.records));
      meta.kinds[kind] = r.state;
      await this.files.writeMeta(meta);
      await this.files.dropJournal(kind);
      this.meta = meta;
      this.commit(kind, r);
      report.kinds.push({ kind, full: r.full, since: r.since, resumedPages: r.resumedPages, received: r.received, upserted: r.upserted.size, removed: r.removed.size, count: r.state.count });
    }
    return report;
  }

  private index(kind: MirrorKind): SearchIndex {
    let index = this.indexes[kind];
    if (!index) {
      index = new SearchIndex();
      const set = this.records[kind];
      for (const id of set.ids()) index.put(set.get(id));
      this.indexes[kind] = index;
    }
    return index;
  }

  /** Builds the search index of a kind now (the extension does, so the first keystroke is fast). */
  prepare(kind: MirrorKind): void {
    this.index(kind);
  }

  /** The synced copy becomes the searched one; a built index is updated by the difference only. */
  private commit(kind: MirrorKind, r: KindSyncResult): void {
    this.records[kind] = r.records;
    const index = this.indexes[kind];
    if (!index) return;
    for (const id of r.removed) index.remove(id);
    for (const id of r.upserted) index.put(r.records.get(id));
  }
}

function* linesOf(set: RecordSet): Generator<string> {
  for (const id of set.ids()) yield set.text(id) + '\n';
}
