// A list of the service held in memory and read page by page: what the trees, a location panel's
// events and the pending backlog all keep. "Load more" asks one page at a time (a second call joins
// the first); "load all" reads the rest up to a limit, several pages at once when the service
// reports a total (through the page iterators of paging.ts, so a page that fails after its retries
// is asked again after a pause); `reset` starts a new generation that aborts whatever is in flight
// and ignores what it still returns; `cancel` ends the request or run in flight. A record listed on
// an earlier page is skipped and a listing that cannot end is stopped (listing-guard.ts). A record
// leaving through a change made here (a decision) stays out of the pages read until the change ends,
// and a total read across such a change is asked again (leaving-records.ts). No editor code: what an
// outcome means to the user is the caller's.
import { CancelledError } from './errors';
import { LeavingRecords } from './leaving-records';
import { ListingGuard } from './listing-guard';
import { Listeners, type Subscription } from './listeners';
import type { Page } from './model';
import { type PageFetcher, type ResumeOptions, parallelPages, resumingFetcher, sequentialPages } from './paging';

export interface PageRequest {
  page: number;
  pageSize: number;
  signal: AbortSignal;
}

/** Fetches one page. Undefined: the page cannot be asked for now (no connection); nothing changes. */
export type PageFetch<T> = (request: PageRequest) => Promise<Page<T> | undefined>;

export type PageOutcome<T> =
  | { status: 'loaded'; page: number; added: readonly T[] }
  | { status: 'failed'; page: number; error: unknown }
  /** Nothing was asked: the fetch declined (undefined), or the list is complete. */
  | { status: 'skipped' }
  /** The list was reset while this page was on its way: its records were dropped. */
  | { status: 'stale' };

/** How a load-all ended: every page in, or stopped (cancelled, the limit, a page that failed). */
export interface LoadAllResult {
  complete: boolean;
  cancelled: boolean;
  beyondLimit: boolean;
}

export interface LoadAllOptions {
  /** Stop once this many records are loaded. */
  limit: number;
  /** Pages asked at once once the total is known. Default 1. */
  concurrency?: number;
  /** The caller's Cancel: ends the page in flight too. */
  signal?: AbortSignal;
  /** A failed page is asked again after a pause (paging.ts resumingFetcher) before the run stops on it. */
  resume?: ResumeOptions;
  /**
   * After a reset during the run (a refresh): whether the list still reads the source the run began
   * with; the run then goes on from the new first page. Default: stop at a reset.
   */
  sameSource?: () => boolean;
}

export interface PagedSourceOptions<T> {
  /** A record's identity: with it, repeats are skipped and an endless listing is stopped. */
  keyOf?(record: T): string;
  pageSize?: number;
}

/** Told when a page is asked for, with the promise that settles when its outcome is known. */
export interface PageRequested {
  page: number;
  settled: Promise<unknown>;
}

/** Thrown inside a run when the fetch declined: the run stops with nothing asked. */
class Declined extends Error {}

export class PagedSource<T> {
  private items: T[] = [];
  private guard: ListingGuard<T> | undefined;
  private totalValue: number | undefined;
  private next: number | undefined = 0;
  private generationValue = 0;
  private revisionValue = 0;
  /**
   * Records that left the service's list since the pages loaded were read (decided here): the
   * service's later pages have moved up by as many, so the next read starts that much earlier and
   * the repeats are skipped, rather than the moved records being missed.
   */
  private leftSinceRead = 0;
  /** Records on their way out through changes made here (leaving-records.ts). */
  private readonly leaving = new LeavingRecords<T>();
  /** A page was read across a change: its total is asked again once no change is under way. */
  private recountWanted = false;
  private recounting: AbortController | undefined;
  private inFlight: AbortController | undefined;
  private busyValue = false;
  private current: Promise<unknown> = Promise.resolve();
  private currentPage: Promise<PageOutcome<T>> = Promise.resolve({ status: 'skipped' });
  private run: Promise<LoadAllResult> | undefined;
  private pageSizeValue: number;
  private readonly requested = new Listeners<PageRequested>();
  private readonly settled = new Listeners<PageOutcome<T>>();
  private readonly changed = new Listeners<void>();
  // Methods rather than event properties: a PagedSource<Location> is then usable where a
  // PagedSource<unknown> is (the trees are handled together).
  /** A page was asked for (views show progress until it settles). */
  onDidRequest(listener: (e: PageRequested) => unknown): Subscription {
    return this.requested.event(listener);
  }

  /** A page's outcome: loaded, failed, declined, or dropped by a reset. */
  onDidSettle(listener: (e: PageOutcome<T>) => unknown): Subscription {
    return this.settled.event(listener);
  }

  /** The records or the total changed (a page, a reset, a record taken out or put back). */
  onDidChange(listener: () => unknown): Subscription {
    return this.changed.event(listener);
  }

  constructor(
    private readonly fetch: PageFetch<T>,
    private readonly options: PagedSourceOptions<T> = {},
  ) {
    this.pageSizeValue = options.pageSize ?? 50;
    this.guard = this.newGuard();
  }

  private newGuard(): ListingGuard<T> | undefined {
    const keyOf = this.options.keyOf?.bind(this.options);
    return keyOf ? new ListingGuard<T>({ keyOf }) : undefined;
  }

  /** Every record loaded so far, in the service's order. Change it only through removeAt / insertAt. */
  get records(): readonly T[] {
    return this.items;
  }

  /** Counts the changes of `records`: equal revisions mean the same records in the same order. */
  get revision(): number {
    return this.revisionValue;
  }

  /** Counts resets: what was asked in an earlier generation is ignored. */
  get generation(): number {
    return this.generationValue;
  }

  /** The service's total, when it reports one, kept in step with records taken out and put back. */
  get total(): number | undefined {
    return this.totalValue;
  }

  /** Fixed for one generation, so "Load N more" and the pages agree after a settings change. */
  get pageSize(): number {
    return this.pageSizeValue;
  }

  get hasMore(): boolean {
    return this.next !== undefined;
  }

  /** The page the next load asks for (undefined: the list is complete). */
  get nextPage(): number | undefined {
    return this.next;
  }

  /** A page or a load-all of this generation is on its way. */
  get busy(): boolean {
    return this.busyValue;
  }

  /** Settles when the load in progress (a page or a whole run) has finished. */
  get loading(): Promise<void> {
    const run = this.run;
    return (run ? run.then(() => this.current) : this.current).then(() => undefined);
  }

  /** The load-all in progress, if any. */
  get running(): Promise<LoadAllResult> | undefined {
    return this.run;
  }

  /** Takes the record at `index` out (a decided record leaves the list); the total follows. */
  removeAt(index: number): T | undefined {
    const [record] = this.items.splice(index, 1);
    if (record === undefined) return undefined;
    this.revisionValue++;
    this.shiftTotal(-1);
    return record;
  }

  /** Puts a record (back) at `index` (a decision that failed); the total follows. */
  insertAt(index: number, record: T): void {
    this.items.splice(Math.min(index, this.items.length), 0, record);
    this.revisionValue++;
    this.shiftTotal(1);
  }

  /** The service's list grew or shrank by `delta` without this list's records changing (one never loaded, decided). */
  shiftTotal(delta: number): void {
    if (this.totalValue !== undefined) this.totalValue = Math.max(0, this.totalValue + delta);
    this.leftSinceRead = Math.max(0, this.leftSinceRead - delta);
    this.changed.fire();
  }

  /**
   * A record leaves the service's list through a change made here (a decision): out of the list, and
   * of the total, at once (loaded or not), and kept out of the pages read meanwhile. The function
   * returned says how the change ended: applied, it stays out; not applied, it comes back where it
   * was. It acts once (true then, false after). Undefined when that record is already leaving.
   */
  leave(key: string): ((applied: boolean) => boolean) | undefined {
    const keyOf = this.options.keyOf;
    if (!keyOf) throw new Error('a list without record keys cannot follow a record leaving it');
    if (this.leaving.has(key)) return undefined;
    const index = this.items.findIndex((r) => keyOf.call(this.options, r) === key);
    const record = index < 0 ? undefined : this.removeAt(index);
    if (index < 0) this.shiftTotal(-1);
    this.leaving.begin(key, { record, index: Math.max(0, index) });
    let ended = false;
    return (applied) => {
      if (ended) return false;
      ended = true;
      const place = this.leaving.end(key);
      if (!applied && place?.record !== undefined) this.insertAt(place.index, place.record);
      else if (!applied) this.shiftTotal(1);
      this.recountIfSteady();
      return true;
    };
  }

  /** Asks for the next page, unless one is on its way (then returns that one) or the list is complete. */
  loadMore(): Promise<PageOutcome<T>> {
    if (this.next === undefined) return Promise.resolve({ status: 'skipped' });
    // A load-all under way (also one going on after a reset) is joined: then the next page, if any.
    if (this.run) return this.run.then(() => this.loadMore());
    if (this.busyValue) return this.currentPage;
    const generation = this.generationValue;
    const page = this.realign(this.next);
    this.busyValue = true;
    const load = this.loadPage(page, generation);
    this.currentPage = load;
    this.current = load.finally(() => {
      if (generation === this.generationValue) this.busyValue = false;
    });
    return load;
  }

  /**
   * The next page, for a reader that walks the list record by record (the review queue): asked now,
   * or, while a load-all runs (triage reading the whole backlog), the next page that run brings with
   * records, or its failure — not the end of the whole run, seconds later on a large backlog.
   */
  loadNext(): Promise<void> {
    const run = this.run;
    if (!run) return this.loadMore().then(() => undefined);
    return new Promise<void>((resolve) => {
      const done = () => {
        watch.dispose();
        resolve();
      };
      const watch = this.settled.event((o) => (o.status === 'failed' || (o.status === 'loaded' && o.added.length > 0)) && done());
      void run.then(done, done);
    });
  }

  private async loadPage(page: number, generation: number): Promise<PageOutcome<T>> {
    const controller = (this.inFlight = new AbortController());
    const stamp = this.leaving.stamp;
    const fetched = this.fetch({ page, pageSize: this.pageSizeValue, signal: controller.signal });
    this.requested.fire({ page, settled: fetched.catch(() => undefined) });
    let outcome: PageOutcome<T>;
    try {
      const result = await fetched;
      outcome = generation !== this.generationValue ? { status: 'stale' } : result ? this.admit(page, result, stamp) : { status: 'skipped' };
    } catch (error) {
      outcome = generation !== this.generationValue ? { status: 'stale' } : { status: 'failed', page, error };
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
    this.settled.fire(outcome);
    return outcome;
  }

  /** The page to read next, moved back over the records that left the list since (their places were taken by later ones). */
  private realign(next: number): number {
    const back = Math.ceil(this.leftSinceRead / this.pageSizeValue);
    this.leftSinceRead = 0;
    this.next = Math.max(0, next - back);
    return this.next;
  }

  /**
   * A page's records into the list (repeats and leaving records kept out); throws when the guard
   * calls the listing endless. `stamp`: the leaving records' stamp when the page was asked for.
   */
  private admit(page: number, result: Page<T>, stamp: number): PageOutcome<T> {
    const listed = this.guard ? this.guard.admit(page, result.data, result.hasNextPage, result.total) : [...result.data];
    const added = this.leaving.size ? this.withoutLeaving(listed) : listed;
    this.items.push(...added);
    if (added.length) this.revisionValue++;
    // The total as if every change under way were applied; exact unless the page was read across one.
    this.totalValue = result.total === undefined ? undefined : Math.max(0, result.total - this.leaving.size);
    if (result.total !== undefined && this.leaving.crossed(stamp)) this.recountWanted = true;
    this.next = result.hasNextPage ? page + 1 : undefined;
    this.changed.fire();
    this.recountIfSteady();
    return { status: 'loaded', page, added };
  }

  /** A page's records but those leaving, which are remembered where they would have been. */
  private withoutLeaving(listed: readonly T[]): T[] {
    const keyOf = this.options.keyOf!;
    const kept: T[] = [];
    for (const r of listed) {
      const key = keyOf.call(this.options, r);
      if (this.leaving.has(key)) this.leaving.holdOut(key, r, this.items.length + kept.length);
      else kept.push(r);
    }
    return kept;
  }

  /** Once no change is under way, the total of a page read across one is asked again. */
  private recountIfSteady(): void {
    if (this.recountWanted && !this.leaving.size && !this.recounting) void this.recount();
  }

  /**
   * The service's total, asked with a page of one. Read across a change again, it is asked once
   * more when that change ends; a failure leaves the total as it was (the next page says it again).
   */
  private async recount(): Promise<void> {
    this.recountWanted = false;
    const controller = (this.recounting = new AbortController());
    const generation = this.generationValue;
    const stamp = this.leaving.stamp;
    let total: number | undefined;
    try {
      total = (await this.fetch({ page: 0, pageSize: 1, signal: controller.signal }))?.total;
    } catch {
      total = undefined;
    } finally {
      if (this.recounting === controller) this.recounting = undefined;
    }
    if (controller.signal.aborted || generation !== this.generationValue || total === undefined) return;
    if (this.leaving.crossed(stamp)) {
      this.recountWanted = true;
      this.recountIfSteady();
    } else if (total !== this.totalValue) {
      this.totalValue = total;
      this.changed.fire();
    }
  }

  /**
   * Loads the remaining pages until the list is complete, has `limit` records, is cancelled, or a
   * page fails (after its resumptions: the caller offers Retry from it rather than hammering the
   * service with the next one). A second call while one runs joins it.
   */
  loadAll(options: LoadAllOptions): Promise<LoadAllResult> {
    if (this.run) return this.run;
    const run = this.runAll(options).finally(() => {
      if (this.run === run) this.run = undefined;
    });
    this.run = run;
    return run;
  }

  private async runAll(options: LoadAllOptions): Promise<LoadAllResult> {
    // A "load more" on its way finishes first: the run goes on from the page after it.
    await this.current;
    let generation = this.generationValue;
    const result = () => this.resultOf(options);
    while (this.hasMore && this.items.length < options.limit && !options.signal?.aborted) {
      if (generation !== this.generationValue) {
        if (!options.sameSource?.()) break;
        generation = this.generationValue;
      }
      this.busyValue = true;
      const pass = this.readPages(options, generation);
      this.current = pass;
      const stopped = await pass;
      if (generation === this.generationValue) this.busyValue = false;
      // A reset goes round again (if the source is the same); anything else but the limit ends the run.
      if (stopped !== 'reset' && stopped !== 'done') break;
    }
    return result();
  }

  private resultOf(options: LoadAllOptions): LoadAllResult {
    const complete = !this.hasMore;
    const beyondLimit = !complete && this.items.length >= options.limit;
    return { complete, cancelled: !complete && !beyondLimit && options.signal?.aborted === true, beyondLimit };
  }

  /** One pass over the pages from `next` on, admitting them in order; why it stopped. */
  private async readPages(options: LoadAllOptions, generation: number): Promise<'done' | 'failed' | 'declined' | 'reset' | 'cancelled'> {
    const controller = (this.inFlight = new AbortController());
    const onCancel = () => controller.abort();
    options.signal?.addEventListener('abort', onCancel, { once: true });
    let page = this.realign(this.next ?? 0);
    const stamps = new Map<number, number>();
    const pages = this.pageStream(options, controller.signal, stamps);
    try {
      for await (const p of pages) {
        if (generation !== this.generationValue) return 'reset';
        // Pages already in are still yielded after an abort: a Cancel drops them.
        if (controller.signal.aborted) return 'cancelled';
        this.settled.fire(this.admit(page, p, stamps.get(page) ?? Number.NaN));
        if (generation !== this.generationValue) return 'reset';
        if (controller.signal.aborted) return 'cancelled';
        if (this.items.length >= options.limit || !this.hasMore) return 'done';
        page++;
      }
      return 'done';
    } catch (error) {
      if (generation !== this.generationValue) return 'reset';
      if (error instanceof Declined) {
        this.settled.fire({ status: 'skipped' });
        return 'declined';
      }
      if (options.signal?.aborted || error instanceof CancelledError) return 'cancelled';
      this.settled.fire({ status: 'failed', page, error });
      return 'failed';
    } finally {
      options.signal?.removeEventListener('abort', onCancel);
      if (this.inFlight === controller) this.inFlight = undefined;
      controller.abort();
    }
  }

  /** The pages from `next` on, through paging.ts: in parallel once a total is known, resumed after a failure. */
  private pageStream(options: LoadAllOptions, signal: AbortSignal, stamps: Map<number, number>): AsyncIterable<Page<T>> {
    const pageSize = this.pageSizeValue;
    const fetchPage: PageFetcher<T> = async (page, s) => {
      stamps.set(page, this.leaving.stamp);
      const fetched = this.fetch({ page, pageSize, signal: s ?? signal });
      this.requested.fire({ page, settled: fetched.catch(() => undefined) });
      const result = await fetched;
      if (!result) throw new Declined();
      return result;
    };
    const fetcher = options.resume ? resumingFetcher(fetchPage, options.resume) : fetchPage;
    const paging = { startPage: this.next ?? 0, pageSize, signal };
    const concurrency = options.concurrency ?? 1;
    return concurrency > 1 ? parallelPages(fetcher, { ...paging, concurrency }) : sequentialPages(fetcher, paging);
  }

  /** Drops every record and aborts what is in flight: the next load asks for page 0 (with `pageSize`, if given). */
  reset(pageSize?: number): void {
    this.cancel();
    this.generationValue++;
    this.busyValue = false;
    this.items = [];
    this.revisionValue++;
    this.guard = this.newGuard();
    this.totalValue = undefined;
    this.leaving.forgetRecords();
    this.recounting?.abort();
    this.recounting = undefined;
    this.recountWanted = false;
    this.leftSinceRead = 0;
    this.next = 0;
    if (pageSize !== undefined) this.pageSizeValue = pageSize;
    this.changed.fire();
  }

  /** Aborts the request or the run in flight; what is loaded stays. */
  cancel(): void {
    this.inFlight?.abort();
  }

  dispose(): void {
    this.cancel();
    this.recounting?.abort();
    this.requested.dispose();
    this.settled.dispose();
    this.changed.dispose();
  }
}
