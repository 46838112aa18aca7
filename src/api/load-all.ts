// "Load all": every remaining page of a paged list, for what needs the whole list (a sort, a
// filter, a search: the service can do neither). The loop of the trees' Load all
// (src/extension/views/paged-list.ts), beside the pager it drives (pager.ts) and free of editor
// code, so its rules are tested against the sandbox without VS Code: go on after a reload of the
// same service's list (the user still wants the whole list), stop for another service's, stop at a
// page that failed after its resumptions (the caller offers Retry from it) instead of hammering the
// service with the next one, and stop at the caller's limit or cancellation.

/** How a load-all ended: every page in, or stopped (the user's Cancel, or the limit). */
export interface LoadAllResult {
  complete: boolean;
  cancelled: boolean;
  beyondLimit: boolean;
}

/** The paged list as the loop sees it (a PagedList over its Pager). */
export interface WholeList {
  /** Records loaded so far. */
  count(): number;
  hasMore(): boolean;
  /** The page the next loadMore asks for (undefined: complete): a page of records already loaded moves it without adding any. */
  nextPage(): number | undefined;
  /** Changes whenever the list is emptied for a reload (a refresh, a setting, the token). */
  generation(): number;
  /** After a reload: whether the list still reads the service the run started with. */
  sameSource(): boolean;
  /** Loads the next page; a failure is the list's to report (it resolves either way). */
  loadMore(): Promise<void>;
}

export interface LoadAllOptions {
  /** Asked before each page and at the end: the user cancelled. */
  cancelled?: () => boolean;
  /** Told before each page is asked for (progress). */
  beforePage?: () => void;
}

/** Loads the remaining pages of `list` until it is complete, has `limit` records, or stops (see above). */
export async function loadRemaining(list: WholeList, limit: number, options: LoadAllOptions = {}): Promise<LoadAllResult> {
  const cancelled = options.cancelled ?? (() => false);
  let generation = list.generation();
  while (list.hasMore() && list.count() < limit && !cancelled()) {
    if (generation !== list.generation()) {
      if (!list.sameSource()) break;
      generation = list.generation();
    }
    const before = list.count();
    const page = list.nextPage();
    options.beforePage?.();
    await list.loadMore();
    // Nothing came, the same page is next and the same list still has more: the page failed even
    // after its resumptions (or the pager stopped an endless listing: listing-guard.ts).
    if (list.count() === before && list.nextPage() === page && list.hasMore() && generation === list.generation()) break;
  }
  const complete = !list.hasMore();
  return { complete, cancelled: !complete && cancelled(), beyondLimit: !complete && list.count() >= limit };
}
