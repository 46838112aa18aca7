// The typed client of the deduplication service: one method per endpoint, plus iterators over all
// pages. Editor-independent: the extension, the CLI and the tests use it alike.
import type * as v from 'valibot';
import { checkBaseUrl } from './base-url';
import { DEFAULT_PAGE_SIZE, ENDPOINTS } from './endpoints';
import { EXPLAIN_PATH, ExplanationSchema, type ServiceExplanation } from './explanation';
import { RequestValidationError } from './errors';
import type { Event, Location, Page, Recommendation, Verdict } from './model';
import { ListingGuard, type ListingGuardOptions } from './listing-guard';
import { type ResumeOptions, itemsOf, parallelPages, resumingFetcher, sequentialPages } from './paging';
import { type EventParams, type LocationParams, type PageParams, decisionBody, eventsBody, locationsBody, pageBody } from './request-params';
import { parseResponse } from './response-validation';
import { DecisionResponseSchema, EventPageSchema, LocationPageSchema, RecommendationPageSchema } from './schemas';
import { type CallOptions, Transport, type TransportOptions } from './transport';

export type ClientOptions = TransportOptions;

/**
 * Options of the iterators over all pages: a page that fails after its retries is resumed
 * (paging.ts); a record listed on an earlier page is skipped (or only counted, `repeats: 'keep'`),
 * and a listing that cannot end stops with an InvalidResponseError (listing-guard.ts).
 */
export interface PagesOptions extends CallOptions, ResumeOptions, Omit<ListingGuardOptions<unknown>, 'keyOf'> {
  /** Locations and events: pages asked ahead of the one being consumed, without waiting for has_next_page. Default 1. */
  readAhead?: number;
}

export interface IterateOptions extends PagesOptions {
  /** Pages of the recommendation list fetched at once. Default 4. */
  concurrency?: number;
}

export const DEFAULT_CONCURRENCY = 4;

export class DedupClient {
  private readonly transport: Transport;
  /** The checked base URL, without trailing slash. */
  readonly baseUrl: string;
  /** True when the token would travel over plain http to a host that is not loopback. */
  readonly insecureRemote: boolean;

  constructor(opts: ClientOptions) {
    const checked = checkBaseUrl(opts.baseUrl);
    if (typeof opts.token !== 'string' || opts.token === '') {
      throw new RequestValidationError('token', 'No access token is set');
    }
    this.baseUrl = checked.url;
    this.insecureRemote = checked.insecureRemote;
    this.transport = new Transport({ ...opts, baseUrl: checked.url });
  }

  async listRecommendations(params: PageParams = {}, call: CallOptions = {}): Promise<Page<Recommendation>> {
    const body = pageBody('recommendations', params);
    const r = await this.transport.post(ENDPOINTS.recommendations, body, {
      ...call,
      readOnly: true,
      parse: (data, status) => parseResponse(RecommendationPageSchema, data, `POST ${ENDPOINTS.recommendations}`, status),
    });
    return {
      page: r.page,
      hasNextPage: r.has_next_page,
      total: r.total ?? undefined,
      data: Array.isArray(r.data) ? r.data : r.data['@graph'],
    };
  }

  async listLocations(params: LocationParams, call: CallOptions = {}): Promise<Page<Location>> {
    return this.listRecords(ENDPOINTS.locations, LocationPageSchema, locationsBody(params), call);
  }

  async listEvents(params: EventParams, call: CallOptions = {}): Promise<Page<Event>> {
    return this.listRecords(ENDPOINTS.events, EventPageSchema, eventsBody(params), call);
  }

  /** One page of a list of records (locations, events), with the body as sent when `call.keepBody`. (The callers are async: bad parameters reject, they do not throw.) */
  private async listRecords<S extends typeof LocationPageSchema | typeof EventPageSchema>(endpoint: string, schema: S, body: unknown, call: CallOptions): Promise<Page<v.InferOutput<S>['data'][number]>> {
    const r = await this.transport.post(endpoint, body, {
      ...call,
      readOnly: true,
      parse: (data, status, text) => bodyKept(parseResponse(schema, data, `POST ${endpoint}`, status), data, text, call),
    });
    return { page: r.page.page, hasNextPage: r.page.has_next_page, data: r.page.data, ...(r.text !== undefined ? { body: r.text } : {}) };
  }

  /** Approves a pending recommendation. Never retried automatically: a lost answer must be checked, not repeated blindly. */
  approve(id: string, call: CallOptions = {}): Promise<void> {
    return this.decide('approve', id, call);
  }

  /** Rejects a pending recommendation. Never retried automatically. */
  reject(id: string, call: CallOptions = {}): Promise<void> {
    return this.decide('reject', id, call);
  }

  private async decide(verdict: Verdict, id: string, call: CallOptions): Promise<void> {
    const path = ENDPOINTS[verdict];
    await this.transport.post(path, decisionBody(id), {
      ...call,
      readOnly: false,
      parse: (data, status) => parseResponse(DecisionResponseSchema, data, `POST ${path}`, status),
    });
  }

  /**
   * The sandbox's explanation of a pending recommendation's score (src/api/explanation.ts): not part
   * of the interface, so a real service answers 404 (or anything else) and the caller falls back.
   */
  async explainRecommendation(id: string, call: CallOptions = {}): Promise<ServiceExplanation> {
    return this.transport.post(EXPLAIN_PATH, decisionBody(id), {
      ...call,
      readOnly: true,
      parse: (data, status) => parseResponse(ExplanationSchema, data, `POST ${EXPLAIN_PATH}`, status),
    });
  }

  /** Every page of the recommendation list, fetched `concurrency` at a time once the total is known, yielded in order. */
  recommendationPages(params: PageParams = {}, opts: IterateOptions = {}): AsyncGenerator<Page<Recommendation>> {
    const pageSize = iterPageSize(params);
    pageBody('recommendations', params); // refuse bad parameters before the first request
    const fetchPage = resumingFetcher<Recommendation>((page, signal) => this.listRecommendations({ page, pageSize }, { ...opts, signal }), opts);
    return parallelPages(fetchPage, {
      startPage: params.page,
      pageSize,
      signal: opts.signal,
      concurrency: opts.concurrency ?? DEFAULT_CONCURRENCY,
      guard: guardOf<Recommendation>((r) => r['@id'], opts),
    });
  }

  locationPages(params: LocationParams, opts: PagesOptions = {}): AsyncGenerator<Page<Location>> {
    locationsBody(params); // refuse bad parameters before the first request
    return recordPages(params, opts, (p, call) => this.listLocations({ ...params, ...p }, call));
  }

  eventPages(params: EventParams, opts: PagesOptions = {}): AsyncGenerator<Page<Event>> {
    eventsBody(params);
    return recordPages(params, opts, (p, call) => this.listEvents({ ...params, ...p }, call));
  }

  allRecommendations(params: PageParams = {}, opts: IterateOptions = {}): AsyncGenerator<Recommendation> {
    return itemsOf(this.recommendationPages(params, opts));
  }

  allLocations(params: LocationParams, opts: PagesOptions = {}): AsyncGenerator<Location> {
    return itemsOf(this.locationPages(params, opts));
  }

  allEvents(params: EventParams, opts: PagesOptions = {}): AsyncGenerator<Event> {
    return itemsOf(this.eventPages(params, opts));
  }
}

/**
 * The checked page, with the answer's text when asked for and only if the page is the answer as
 * sent: an answer that needed converting (numeric text) or masking (the token) no longer says what
 * the page holds.
 */
function bodyKept<P>(page: P, data: unknown, text: string | undefined, call: CallOptions): { page: P; text?: string } {
  return call.keepBody && text !== undefined && page === data ? { page, text } : { page };
}

/**
 * Every page of a list of records (locations, events) read one after the other from `params.page`,
 * a failing page asked again, each page checked by the listing guard (ids by `id`).
 */
function recordPages<T extends { id: string }>(params: PageParams, opts: PagesOptions, list: (page: { page: number; pageSize: number }, call: CallOptions) => Promise<Page<T>>): AsyncGenerator<Page<T>> {
  const pageSize = iterPageSize(params);
  const fetchPage = resumingFetcher<T>((page, signal) => list({ page, pageSize }, { ...opts, signal }), opts);
  return sequentialPages(fetchPage, { startPage: params.page, pageSize, signal: opts.signal, readAhead: opts.readAhead, guard: guardOf<T>((r) => r.id, opts) });
}

function guardOf<T>(keyOf: (r: T) => string, opts: PagesOptions): ListingGuard<T> {
  return new ListingGuard<T>({ keyOf, repeats: opts.repeats, onRepeats: opts.onRepeats });
}

function iterPageSize(params: PageParams): number {
  const size = params.pageSize ?? DEFAULT_PAGE_SIZE;
  if (size === 0) throw new RequestValidationError('page_size', 'page_size must be at least 1 to iterate over all pages');
  return size;
}
