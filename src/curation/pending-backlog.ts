// The pending recommendations of the active service, held once for everything that shows or
// decides them: the Recommendations tree draws them, the review queue walks them, the status bar
// counts them, triage and group decisions read them whole. A decision takes its recommendation out
// at once (and the total with it) while it waits out its undo period and travels, and pages read
// meanwhile keep it out; a decision that fails puts it back where it was. Listeners hear each
// change, so an open panel can say "decided elsewhere" and the counts never disagree between views.
import { MAX_PAGE_SIZE } from '../api/endpoints';
import { CancelledError } from '../api/errors';
import type { Recommendation } from '../api/model';
import { type CoreEvent, Listeners, type Subscription } from '../api/listeners';
import { type LoadAllResult, type PageFetch, PagedSource } from '../api/paged-source';
import type { ResumeOptions } from '../api/paging';
import { UndoWindow } from './grace';

/** A recommendation left the list (being decided) or came back (that decision failed or was undone). */
export interface PendingChange {
  id: string;
  pending: boolean;
}

/** How the decision of a taken recommendation ended: applied (it stays out), or not (it comes back). Once. */
export type SettleTaken = (applied: boolean) => void;

/**
 * How many pending recommendations a whole read keeps in memory at most (about 2 KB each): past it
 * triage says it saw part of the backlog rather than exhausting the editor's memory.
 */
export const WHOLE_BACKLOG_LIMIT = 250_000;

/** The page size of a whole read from the start: the most the recommendation list accepts. */
const WHOLE_READ_PAGE_SIZE = MAX_PAGE_SIZE.recommendations;

/** Pages asked at once when the whole backlog is read: the list reports its total, so they are known. */
const WHOLE_READ_CONCURRENCY = 4;

export interface WholeReadOptions {
  limit?: number;
  /**
   * Read from the first page again, as the service has it now (Triage's Refresh: decisions made
   * elsewhere show), instead of going on from the pages loaded. Still one copy: the tree shows it.
   */
  fresh?: boolean;
  signal?: AbortSignal;
  /** How a failed page is asked again (paging.ts resumingFetcher); its defaults when not given. */
  resume?: ResumeOptions;
  /** Told after each page: records loaded, and the total the service reports. */
  onProgress?: (loaded: number, total: number | undefined) => void;
  /** After a refresh during the read: whether the list still reads the service the read began on (default: yes). */
  sameSource?: () => boolean;
}

/** The whole backlog as read (or as far as it could be), and how the read ended. */
export interface WholeBacklog {
  pending: readonly Recommendation[];
  result: LoadAllResult;
}

export class PendingBacklog {
  readonly source: PagedSource<Recommendation>;
  /** Decisions waiting out their undo period, one per recommendation. */
  readonly undo: UndoWindow;
  private readonly pendingChanged = new Listeners<PendingChange>();
  /** A recommendation was taken out or put back (see PendingChange). */
  readonly onDidChangePending: CoreEvent<PendingChange> = this.pendingChanged.event;

  constructor(fetch: PageFetch<Recommendation>, options: { pageSize?: number; undo?: UndoWindow } = {}) {
    this.source = new PagedSource(fetch, { keyOf: (r) => r['@id'], pageSize: options.pageSize });
    this.undo = options.undo ?? new UndoWindow();
  }

  /** The records or the total changed, for whatever reason. */
  onDidChange(listener: () => unknown): Subscription {
    return this.source.onDidChange(listener);
  }

  /** Every pending recommendation loaded so far, in the service's order. */
  loaded(): readonly Recommendation[] {
    return this.source.records;
  }

  /** Counts the changes of the loaded list (triage keeps what it derives per revision). */
  get revision(): number {
    return this.source.revision;
  }

  /** The pending total the service reported, kept in step with the decisions made here. */
  get total(): number | undefined {
    return this.source.total;
  }

  get hasMore(): boolean {
    return this.source.hasMore;
  }

  find(id: string): Recommendation | undefined {
    return this.source.records.find((r) => r['@id'] === id);
  }

  /**
   * Takes a recommendation being decided out of the list, and the total, at once (loaded or not:
   * a panel restored after a reload, a member of a group's queue); pages read meanwhile keep it out.
   * The returned function says how the decision ended: applied, it stays out; not applied, it comes
   * back where it was. Undefined when it is already being decided.
   */
  take(id: string): SettleTaken | undefined {
    const leave = this.source.leave(id);
    if (!leave) return undefined;
    this.pendingChanged.fire({ id, pending: false });
    return (applied) => {
      if (leave(applied) && !applied) this.pendingChanged.fire({ id, pending: true });
    };
  }

  /**
   * Every pending recommendation, reading the pages not loaded yet (several at once; a read already
   * under way, the tree's Load all, is joined rather than repeated), up to `limit`; with `fresh`,
   * every page again.
   */
  async loadWhole(options: WholeReadOptions = {}): Promise<WholeBacklog> {
    const limit = options.limit ?? WHOLE_BACKLOG_LIMIT;
    let failure: unknown;
    const watching = [
      this.source.onDidSettle((o) => (failure = o.status === 'failed' ? o.error : o.status === 'skipped' ? new Error('the pending recommendations could not be read: there is no connection to read them from') : undefined)),
      ...(options.onProgress ? [this.source.onDidChange(() => options.onProgress!(this.source.records.length, this.source.total))] : []),
    ];
    // A read from the start takes the service's largest pages: a quarter of the requests of the
    // tree's 50 (measured on 12,497 pending against the sandbox: 2.2 s at 50, 1.0 s at 200).
    if (options.fresh) this.source.reset(Math.max(this.source.pageSize, WHOLE_READ_PAGE_SIZE));
    try {
      for (;;) {
        const joined = this.source.running;
        const run = joined ?? this.source.loadAll({ limit, concurrency: WHOLE_READ_CONCURRENCY, signal: options.signal, resume: options.resume ?? {}, sameSource: options.sameSource ?? (() => true) });
        failure = undefined;
        await run;
        const result = this.resultFor(limit, options.signal);
        // A joined run had its own limit, or its own caller's Cancel: go on with ours.
        if (joined && !result.complete && !result.beyondLimit && !options.signal?.aborted) continue;
        return this.whole(result, failure);
      }
    } finally {
      for (const w of watching) w.dispose();
    }
  }

  /** The read's records, or why it stopped short: cancelled, or the page that failed. */
  private whole(result: LoadAllResult, failure: unknown): WholeBacklog {
    if (result.cancelled) throw new CancelledError('reading the pending recommendations was cancelled');
    if (!result.complete && !result.beyondLimit) throw failure ?? new CancelledError('the list was read from another service meanwhile; reading the pending recommendations stopped');
    return { pending: this.source.records, result };
  }

  private resultFor(limit: number, signal: AbortSignal | undefined): LoadAllResult {
    const complete = !this.source.hasMore;
    const beyondLimit = !complete && this.source.records.length >= limit;
    return { complete, beyondLimit, cancelled: !complete && !beyondLimit && signal?.aborted === true };
  }

  dispose(): void {
    this.pendingChanged.dispose();
    this.source.dispose();
  }
}
