// A list's pages read through the active connection: what every PagedSource of the extension
// fetches with. Without a ready connection, or with plain http to a remote host declined, nothing
// is asked (the source then reports the page as skipped and the view says why).
import type { DedupClient } from '../../api/client';
import type { Page } from '../../api/model';
import type { PageFetch, PageRequest } from '../../api/paged-source';
import type { Session } from './session';

export function sessionPages<T>(session: Session, fetchPage: (client: DedupClient, request: PageRequest) => Promise<Page<T>>): PageFetch<T> {
  return async (request) => {
    if (session.state.kind !== 'ready') return undefined;
    const client = await session.client();
    if (!client || request.signal.aborted) return undefined;
    return fetchPage(client, request);
  };
}
