// "Load N more": a list read from the service one page at a time, on demand. What the trees
// (views/paged-list.ts) and a location panel's events (panels/record-panel.ts) both need, written
// once: one page request at a time (a second "Load more" joins the first), an AbortSignal on each
// request, and `reset` starting a new generation that aborts the request in flight and ignores
// whatever it still returns. No editor code: what a page's outcome means to the user is the
// caller's (the extension hands failures to its ErrorReporter).
import { ListingGuard } from './listing-guard';
import type { Page } from './model';

/**
 * Fetches one page. Undefined: the page cannot be asked for now (no connection); nothing changes
 * and the same page is asked for next time.
 */
export type PagerFetch<T> = (page: number, signal: AbortSignal) => Promise<Page<T> | undefined>;

export type PageOutcome<T> =
  | { status: 'loaded'; page: number; added: readonly T[] }
  | { status: 'failed'; page: number; error: unknown }
  /** Nothing was asked: the fetch declined (undefined), or the list is complete. */
  | { status: 'skipped' }
  /** The list was reset while this page was on its way: its records were dropped. */
  | { status: 'stale' };

export interface PagerOptions<T> {
  /**
   * When given, a record whose key is already loaded is dropped (pages shift as data changes), and
   * a list that cannot end (well past its total, or pages bringing nothing new) fails its page with
   * an InvalidResponseError instead of loading for ever (listing-guard.ts, as the CLI's --all).
   */
  keyOf?(record: T): string;
}

export class Pager<T> {
  private items: T[] = [];
  private guard: ListingGuard<T> | undefined;
  private totalValue: number | undefined;
  private next: number | undefined = 0;
  private generation = 0;
  private inFlight: AbortController | undefined;
  private busyValue = false;
  private current: Promise<PageOutcome<T>> = Promise.resolve({ status: 'skipped' });
  /** Bumped on every change of `records` (a page in, a reset, a record taken out or put back). */
  private revisionValue = 0;

  constructor(
    private readonly fetch: PagerFetch<T>,
    private readonly options: PagerOptions<T> = {},
  ) {
    this.guard = this.newGuard();
  }

  private newGuard(): ListingGuard<T> | undefined {
    const keyOf = this.options.keyOf?.bind(this.options);
    return keyOf ? new ListingGuard<T>({ keyOf }) : undefined;
  }

  /** Every record loaded so far, in the service's order. Read only: change it through removeAt / insertAt, which count a revision. */
  get records(): T[] {
    return this.items;
  }

  /**
   * Counts the changes of `records`: equal revisions of one pager mean the same records in the same
   * order, so what is derived from the whole list (triage's flags and ranks) can be kept per revision.
   */
  get revision(): number {
    return this.revisionValue;
  }

  /** Takes the record at `index` out (a decided record leaves the list). */
  removeAt(index: number): T | undefined {
    const [record] = this.items.splice(index, 1);
    if (record !== undefined) this.revisionValue++;
    return record;
  }

  /** Puts a record (back) at `index` (a decision that failed). */
  insertAt(index: number, record: T): void {
    this.items.splice(Math.min(index, this.items.length), 0, record);
    this.revisionValue++;
  }

  /** The service's total, when it reports one. */
  get total(): number | undefined {
    return this.totalValue;
  }

  set total(n: number | undefined) {
    this.totalValue = n;
  }

  get hasMore(): boolean {
    return this.next !== undefined;
  }

  /** The page the next loadMore asks for (undefined: the list is complete). */
  get nextPage(): number | undefined {
    return this.next;
  }

  /** A page request of this generation is on its way. */
  get busy(): boolean {
    return this.busyValue;
  }

  /** The last page load (settled once it is in, failed or dropped). */
  get loading(): Promise<PageOutcome<T>> {
    return this.current;
  }

  /** Asks for the next page, unless one is on its way (then returns that one) or the list is complete. */
  loadMore(): Promise<PageOutcome<T>> {
    const page = this.next;
    if (page === undefined) return Promise.resolve({ status: 'skipped' });
    if (this.busyValue) return this.current;
    this.busyValue = true;
    const generation = this.generation;
    this.current = this.load(page, generation).finally(() => {
      if (generation === this.generation) this.busyValue = false;
    });
    return this.current;
  }

  /** Drops every record and aborts the request in flight: the next loadMore asks for page 0. */
  reset(): void {
    this.abort();
    this.generation++;
    this.busyValue = false;
    this.items = [];
    this.revisionValue++;
    this.guard = this.newGuard();
    this.totalValue = undefined;
    this.next = 0;
  }

  /** Aborts the request in flight (on dispose); its outcome is 'stale' or 'failed' (cancelled). */
  abort(): void {
    this.inFlight?.abort();
  }

  private async load(page: number, generation: number): Promise<PageOutcome<T>> {
    const controller = (this.inFlight = new AbortController());
    try {
      const result = await this.fetch(page, controller.signal);
      if (generation !== this.generation) return { status: 'stale' };
      if (!result) return { status: 'skipped' };
      const added = this.add(page, result);
      this.totalValue = result.total;
      this.next = result.hasNextPage ? page + 1 : undefined;
      return { status: 'loaded', page, added };
    } catch (error) {
      if (generation !== this.generation) return { status: 'stale' };
      return { status: 'failed', page, error };
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
    }
  }

  private add(page: number, result: Page<T>): T[] {
    const added = this.guard ? this.guard.admit(page, result.data, result.hasNextPage, result.total) : [...result.data];
    if (added.length) this.revisionValue++;
    this.items.push(...added);
    return added;
  }
}
