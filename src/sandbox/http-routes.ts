// The five endpoints of the interface: which path, whether a body is required, and how a validated
// request becomes a store call and a response body.
import { HttpError, describeValue } from './http-errors';
import { jsonList } from './http-json';
import {
  parseDecisionRequest,
  parseEventsRequest,
  parseLocationsRequest,
  parseRecommendationListRequest,
} from './request-validation';
import { type ListResult, StoreError, type SandboxStoreApi } from './store-api';
import { ONTOLOGY_BASE } from './store-ids';
import { modelJson } from '../matching/index';

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
      // The id is the client's text, possibly huge: quoted and cut, not echoed whole.
      if (e.kind === 'not_found') throw new HttpError(404, 'not_found', `no recommendation with id ${describeValue(id)}`, { member: 'id' });
      if (e.kind === 'conflict') throw new HttpError(409, 'already_decided', e.message, { member: 'id' });
    }
    throw e;
  }
  return { success: true };
}

/** `{ page, has_next_page, data }` of a location or event list, as bytes. */
function pageJson(page: number, result: ListResult<object>) {
  return jsonList(`{"page":${JSON.stringify(page)},"has_next_page":${JSON.stringify(result.hasNextPage)},"data":[`, result.data, ']}');
}

/** Paths below API_PREFIX and their handlers. */
export const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  [
    'recommended-deduplications',
    {
      async handle(body, ctx) {
        const query = parseRecommendationListRequest(body);
        const result = ctx.store.listRecommendations(query);
        // Same members and order as { page, has_next_page, total, data }, with data either the plain
        // array or { @context, @graph }.
        const head = `{"page":${JSON.stringify(query.page)},"has_next_page":${JSON.stringify(result.hasNextPage)},"total":${JSON.stringify(result.total)},"data":`;
        return ctx.plainArray
          ? jsonList(`${head}[`, result.data, ']}')
          : jsonList(`${head}{"@context":${JSON.stringify(RECOMMENDATION_CONTEXT)},"@graph":[`, result.data, ']}}');
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
        return pageJson(query.page, ctx.store.listLocations(query));
      },
    },
  ],
  [
    'events',
    {
      async handle(body, ctx) {
        const query = parseEventsRequest(body);
        return pageJson(query.page, ctx.store.listEvents(query));
      },
    },
  ],
]);

/**
 * The sandbox's own endpoints, outside the interface's /api/custom/: what its
 * matcher estimated, and why it scores a recommendation as it does, so the comparison panel's "why"
 * shows the weights that produced the score. Same method, token and errors as the interface's.
 */
export const SANDBOX_PREFIX = '/sandbox/';

export const SANDBOX_ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  [
    'explain',
    {
      async handle(body, ctx) {
        const { id } = parseDecisionRequest(body);
        try {
          return ctx.store.explainRecommendation(id);
        } catch (e) {
          if (e instanceof StoreError && e.kind === 'not_found') throw new HttpError(404, 'not_found', `no recommendation with id ${describeValue(id)}`, { member: 'id' });
          if (e instanceof StoreError && e.kind === 'conflict') throw new HttpError(409, 'already_decided', e.message, { member: 'id' });
          throw e;
        }
      },
    },
  ],
  [
    'model',
    {
      async handle(_body, ctx) {
        const state = ctx.store.matcher();
        return { labels: state.labels, location: modelJson(state.location), event: modelJson(state.event) };
      },
    },
  ],
]);

/**
 * The route for a request path, or undefined. The query string plays no part. Exact paths only: the
 * raw request path is compared, so `/api/custom/../api/custom/locations` or `%2e%2e` segments are
 * not resolved to an endpoint (a proxy in front might resolve them differently).
 */
export function findRoute(pathname: string): Route | undefined {
  if (pathname.startsWith(SANDBOX_PREFIX)) return SANDBOX_ROUTES.get(pathname.slice(SANDBOX_PREFIX.length));
  if (!pathname.startsWith(API_PREFIX)) return undefined;
  return ROUTES.get(pathname.slice(API_PREFIX.length));
}

export const ENDPOINT_LIST = [...[...ROUTES.keys()].map((p) => API_PREFIX + p), ...[...SANDBOX_ROUTES.keys()].map((p) => SANDBOX_PREFIX + p)].join(', ');
