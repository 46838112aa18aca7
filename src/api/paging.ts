// Iterating over every page of a list endpoint.
//
// Locations and events report no total, so their pages are fetched one after another until
// `has_next_page` is false, each asked for while the consumer is still busy with the one before.
// The recommendation list reports `total`, so once the first page is in, the remaining pages are
// known and fetched a few at a time in parallel, yet yielded in order: at most `concurrency`
// requests at once and one page more held, so memory stays flat however long the list is.
//
// A page whose request still fails after the transport's own retries does not end the listing when
// the failure may pass (isRetryable: 5xx, 429, network): the listing pauses and resumes from that
// page, keeping every page it already has, up to `resumes` times per page (resumingFetcher).
import { CancelledError, type DedupError, InvalidResponseError, isDedupError, isRetryable } from './errors';
import { abortableDelay } from './delay';
import type { ListingGuard } from './listing-guard';
import type { Page } from './model';

export type PageFetcher<T> = (page: number, signal: AbortSignal | undefined) => Promise<Page<T>>;

export interface PagingOptions {
  /** First page to get. Default 0. */
  startPage?: number;
  /** Page size in use, needed to turn `total` into a page count. */
  pageSize: number;
  signal?: AbortSignal;
}

/** Paging with the guard that skips repeated records and stops an endless listing (listing-guard.ts). */
export interface GuardedPagingOptions<T> extends PagingOptions {
  guard?: ListingGuard<T>;
}

export interface ResumeInfo {
  /** The page the listing resumes from. */
  page: number;
  /** 1 for the first resumption of this page. */
  round: number;
  delayMs: number;
  error: DedupError;
}

export interface ResumeOptions {
  /** Times one page may be asked again after its retries are spent. Default 2; 0 turns resuming off. */
  resumes?: number;
  /** Pause before the first resumption, doubled for the next. Default 1 s. */
  resumePauseMs?: number;
  /** Told before each resumption (for logs and progress). */
  onResume?: (info: ResumeInfo) => void;
}

export const DEFAULT_RESUMES = 2;
export const DEFAULT_RESUME_PAUSE_MS = 1000;

/**
 * A fetcher that asks a failed page again after a pause, instead of letting the failure end the
 * listing (and the caller start over from page 0). Bounded: a page is asked at most `resumes + 1`
 * times, each with the transport's retries, so a service that stays down still ends the listing.
 */
export function resumingFetcher<T>(fetchPage: PageFetcher<T>, opts: ResumeOptions): PageFetcher<T> {
  const resumes = opts.resumes ?? DEFAULT_RESUMES;
  const pauseMs = opts.resumePauseMs ?? DEFAULT_RESUME_PAUSE_MS;
  if (resumes <= 0) return fetchPage;
  return async (page, signal) => {
    for (let round = 0; ; round++) {
      try {
        return await fetchPage(page, signal);
      } catch (e) {
        if (round >= resumes || signal?.aborted || !isDedupError(e) || !isRetryable(e)) throw e;
        const delayMs = pauseMs * 2 ** round;
        try {
          opts.onResume?.({ page, round: round + 1, delayMs, error: e });
        } catch {
          // A progress hook must not end the listing.
        }
        await abortableDelay(delayMs, signal, () => new CancelledError('listing was cancelled'));
      }
    }
  };
}

export async function* sequentialPages<T>(fetchPage: PageFetcher<T>, opts: GuardedPagingOptions<T> & { readAhead?: number }): AsyncGenerator<Page<T>> {
  // The next page is sent as soon as this one says there is more, so it travels while the consumer
  // works through this page (writes it out, renders it) instead of after. With `readAhead` above 1,
  // that many pages are asked ahead without waiting for has_next_page (a consumer that writes a few
  // pages at a time in one synchronous step keeps the service busy meanwhile); the pages past the
  // end are never yielded and their requests are dropped. Pages are yielded in order.
  const inner = ownSignal(opts.signal);
  const ahead = Math.max(1, opts.readAhead ?? 1);
  const inFlight = new Map<number, Promise<Page<T>>>();
  const ask = (from: number, to: number) => {
    for (let n = from; n <= to; n++) if (!inFlight.has(n)) inFlight.set(n, started(fetchPage(n, inner.signal)));
  };
  let page = opts.startPage ?? 0;
  ask(page, page);
  try {
    for (;;) {
      const raw = await inFlight.get(page)!;
      inFlight.delete(page);
      const p = guarded(raw, page, opts.guard);
      if (p.hasNextPage && raw.data.length > 0) {
        ask(page + 1, page + ahead);
        await requestLeft();
      }
      yield p;
      if (!p.hasNextPage) return;
      checkProgress(raw, page);
      page++;
    }
  } catch (e) {
    throw asCancelled(e, opts.signal);
  } finally {
    inner.release(); // pages still on their way when the consumer stopped early, or past the end
  }
}

/**
 * A signal of our own that follows the caller's, so the pages still in flight can be cancelled when
 * the consumer stops early without touching the caller's signal.
 */
function ownSignal(outer: AbortSignal | undefined): { signal: AbortSignal; release: () => void } {
  const inner = new AbortController();
  const onOuterAbort = () => inner.abort(outer?.reason);
  outer?.addEventListener('abort', onOuterAbort, { once: true });
  return {
    signal: inner.signal,
    release: () => {
      outer?.removeEventListener('abort', onOuterAbort);
      inner.abort();
    },
  };
}

/** A page's request, observed when its turn comes; until then (or if the consumer stops first) its failure is not "unhandled". */
function started<T>(p: Promise<Page<T>>): Promise<Page<T>> {
  p.catch(() => undefined);
  return p;
}

/** Whatever ended a listing the caller cancelled is reported as the cancellation. */
function asCancelled(e: unknown, signal: AbortSignal | undefined): unknown {
  return signal?.aborted && !(e instanceof CancelledError) ? new CancelledError('listing was cancelled') : e;
}

/**
 * fetch sends a request a few turns of the event loop after it is called; a consumer that formats and
 * writes a page synchronously right after the yield would hold it back until it is done. One
 * macrotask lets the request leave first (measured: 4 ms per page of 200 recommendations).
 */
function requestLeft(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The page with the records listed before taken out (its raw text with them), or the guard's stop. */
function guarded<T>(p: Page<T>, page: number, guard: ListingGuard<T> | undefined): Page<T> {
  if (!guard) return p;
  const data = guard.admit(page, p.data, p.hasNextPage, p.total);
  if (data.length === p.data.length) return p;
  const { body: _dropped, ...rest } = p;
  return { ...rest, data };
}

/** A page that claims more but brought nothing would make the iteration endless. */
function checkProgress<T>(p: Page<T>, page: number): void {
  if (p.data.length === 0) {
    throw new InvalidResponseError(`page ${page} was empty but said has_next_page: true; stopping to avoid an endless loop`, 'has_next_page');
  }
}

export async function* parallelPages<T>(fetchPage: PageFetcher<T>, opts: GuardedPagingOptions<T> & { concurrency: number }): AsyncGenerator<Page<T>> {
  if (opts.concurrency <= 1) {
    yield* sequentialPages(fetchPage, opts);
    return;
  }
  const start = opts.startPage ?? 0;
  const rawFirst = await fetchPage(start, opts.signal);
  const first = guarded(rawFirst, start, opts.guard);
  yield first;
  if (!first.hasNextPage) return;
  checkProgress(rawFirst, start);
  if (first.total === undefined) {
    yield* sequentialPages(fetchPage, { ...opts, startPage: start + 1 });
    return;
  }
  const lastKnown = Math.ceil(first.total / opts.pageSize) - 1;
  const inner = ownSignal(opts.signal);
  const inFlight = new Map<number, Promise<Page<T>>>();
  let next = start + 1;
  const fill = () => {
    while (next <= lastKnown && inFlight.size < opts.concurrency) {
      inFlight.set(next, started(fetchPage(next, inner.signal)));
      next++;
    }
  };
  try {
    let page = start + 1;
    for (; page <= lastKnown; page++) {
      fill();
      const raw = await inFlight.get(page)!;
      const p = guarded(raw, page, opts.guard);
      inFlight.delete(page);
      fill();
      await requestLeft();
      yield p;
      if (!p.hasNextPage) return; // the list shrank since the first page
      checkProgress(raw, page);
    }
    // The list grew since the first page: follow has_next_page from here.
    yield* sequentialPages(fetchPage, { ...opts, startPage: page });
  } catch (e) {
    throw asCancelled(e, opts.signal);
  } finally {
    inner.release();
  }
}

/** The records of every page, one by one. */
export async function* itemsOf<T>(pages: AsyncIterable<Page<T>>): AsyncGenerator<T> {
  for await (const p of pages) yield* p.data;
}
