// The five endpoints of the interface: which path, whether a body is required, and how a validated
// request becomes a store call and a response body.
import { HttpError } from './http-errors';
import {
  parseDecisionRequest,
  parseEventsRequest,
  parseLocationsRequest,
  parseRecommendationListRequest,
} from './request-validation';
import { StoreError, type SandboxStoreApi } from './store-api';
import { ONTOLOGY_BASE } from './store-ids';

export const API_PREFIX = '/api/custom/';

/**
 * `@context` of the recommendation list. The spec's sample has the member but does not show its
 * contents: schema.org is the vocabulary of the entities, and `dedup:` names the sandbox's core
 * ontology, whose `DeduplicationRecommendation` is the recommendations' `@type` (written in full).
 */
export const RECOMMENDATION_CONTEXT = { '@vocab': 'https://schema.org/', dedup: `${ONTOLOGY_BASE}/` } as const;

export interface RouteContext {
  store: SandboxStoreApi;
  /** Serve the recommendation list's `data` as a plain array instead of `{ @context, @graph }`. */
  plainArray: boolean;
}

type Body = Record<string, unknown> | undefined;

export interface Route {
  handle(body: Body, ctx: RouteContext): Promise<unknown>;
}

async function decide(body: Body, ctx: RouteContext, verb: 'approve' | 'reject'): Promise<{ success: true }> {
  const { id } = parseDecisionRequest(body);
  try {
    if (verb === 'approve') await ctx.store.approve(id);
    else await ctx.store.reject(id);
  } catch (e) {
    // Unknown id and "already decided" are the client's business (the spec leaves both open);
    // anything else is the sandbox's own failure and becomes a 500 upstream.
    if (e instanceof StoreError) {
      if (e.kind === 'not_found') throw new HttpError(404, 'not_found', e.message, { member: 'id' });
      if (e.kind === 'conflict') throw new HttpError(409, 'already_decided', e.message, { member: 'id' });
    }
    throw e;
  }
  return { success: true };
}

/** Paths below API_PREFIX and their handlers. */
export const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  [
    'recommended-deduplications',
    {
      async handle(body, ctx) {
        const query = parseRecommendationListRequest(body);
        const result = ctx.store.listRecommendations(query);
        return {
          page: query.page,
          has_next_page: result.hasNextPage,
          total: result.total,
          data: ctx.plainArray ? result.data : { '@context': RECOMMENDATION_CONTEXT, '@graph': result.data },
        };
      },
    },
  ],
  ['recommended-deduplications/approve', { handle: (body, ctx) => decide(body, ctx, 'approve') }],
  ['recommended-deduplications/reject', { handle: (body, ctx) => decide(body, ctx, 'reject') }],
  [
    'locations',
    {
      async handle(body, ctx) {
        const query = parseLocationsRequest(body);
        const result = ctx.store.listLocations(query);
        return { page: query.page, has_next_page: result.hasNextPage, data: result.data };
      },
    },
  ],
  [
    'events',
    {
      async handle(body, ctx) {
        const query = parseEventsRequest(body);
        const result = ctx.store.listEvents(query);
        return { page: query.page, has_next_page: result.hasNextPage, data: result.data };
      },
    },
  ],
]);

/** The route for a request path, or undefined. The query string plays no part. */
export function findRoute(pathname: string): Route | undefined {
  if (!pathname.startsWith(API_PREFIX)) return undefined;
  return ROUTES.get(pathname.slice(API_PREFIX.length));
}

export const ENDPOINT_LIST = [...ROUTES.keys()].map((p) => API_PREFIX + p).join(', ');
