// One pager over a list of the service, for everything that writes a list out (the CLI's listing
// commands and the export): one page, or every page from the first one asked for. Every-page
// listings go through the client's page iterators, so a page that still fails after its retries is
// asked again from that page (src/api/paging.ts: resumingFetcher) instead of the listing starting
// over or ending.
import type { DedupClient, IterateOptions } from '../api/client';
import type { Page } from '../api/model';
import type { EventParams, LocationParams, PageParams } from '../api/request-params';

/** Which list, with the parameters the service filters it by. */
export type ListQuery =
  | { kind: 'recommendations'; params?: PageParams }
  | { kind: 'locations'; params: LocationParams }
  | { kind: 'events'; params: EventParams };

export interface ListPagesOptions extends IterateOptions {
  /** Only the page `params.page` (default 0) when false; every page from it on when true (the default). */
  all?: boolean;
  /** The page size when the query's parameters name none (the service's default otherwise). */
  defaultPageSize?: number;
}

export function listPages(client: DedupClient, query: ListQuery, opts: ListPagesOptions = {}): AsyncIterable<Page<unknown>> {
  const { all = true, defaultPageSize, ...call } = opts;
  const pageSize = query.params?.pageSize ?? defaultPageSize;
  switch (query.kind) {
    case 'recommendations': {
      const params = { ...query.params, pageSize };
      return all ? client.recommendationPages(params, call) : onePage(client.listRecommendations(params, call));
    }
    case 'locations': {
      const params = { ...query.params, pageSize };
      return all ? client.locationPages(params, call) : onePage(client.listLocations(params, call));
    }
    case 'events': {
      const params = { ...query.params, pageSize };
      return all ? client.eventPages(params, call) : onePage(client.listEvents(params, call));
    }
  }
}

async function* onePage<T>(page: Promise<T>): AsyncGenerator<T> {
  yield await page;
}
