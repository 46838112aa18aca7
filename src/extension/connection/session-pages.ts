// A list's pages read through the active connection: what every PagedSource of the extension
// fetches with. Without a ready connection, or with plain http to a remote host declined, nothing
// is asked (the source then reports the page as skipped and the view says why).
import type { DedupClient } from '../../api/client';
import type { Page } from '../../api/model';
import type { PageFetch, PageRequest } from '../../api/paged-source';
import type { Session } from './session';
import { PendingBacklog } from '../../curation/pending-backlog';
import { Settings } from '../settings';

export function sessionPages<T>(session: Session, fetchPage: (client: DedupClient, request: PageRequest) => Promise<Page<T>>): PageFetch<T> {
  return async (request) => {
    if (session.state.kind !== 'ready') return undefined;
    const client = await session.client();
    if (!client || request.signal.aborted) return undefined;
    return fetchPage(client, request);
  };
}

/** The pending recommendations of the active connection, held once for the whole extension. */
export function sessionBacklog(session: Session): PendingBacklog {
  const pages = sessionPages(session, (client, r) => client.listRecommendations({ page: r.page, pageSize: r.pageSize }, { signal: r.signal }));
  return new PendingBacklog(pages, { pageSize: Settings.pageSize('recommendations') });
}
