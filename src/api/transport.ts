// One POST to the service: headers, per-attempt timeout, caller cancellation, retries of read-only
// calls, and the mapping of every failure to one DedupError.
//
// ofetch builds and sends the request and reads the body. Its own retry and timeout are not used:
// it cannot tell a network error from an HTTP 500 (both count as 500), it ignores Retry-After, and
// its timeout is skipped whenever the caller passes an AbortSignal. The loop below does those.
//
// Redirects are never followed by fetch itself (it would re-send a POST's body, or turn it into a
// GET, to whatever origin the Location names): a decision that meets a redirect fails with the
// status and the Location, and a list call follows only redirects to the same origin (redirect.ts).
// Every error message is masked for the token before it leaves (secret-mask.ts), and so is every
// string of every answer (answer-walk.ts): whatever reads the client's data never sees the token.
import { ofetch, type FetchResponse } from 'ofetch';
import { type DedupError, RateLimitedError, isRetryable } from './errors';
import { cancelledError, statusError, timeoutError } from './error-text';
import { walkAnswer } from './answer-walk';
import { abortableDelay } from './delay';
import { type RedirectAnswer, nextHop } from './redirect';
import { type Masker, dataMasker, maskError, secretMasker } from './secret-mask';
import { networkError, origin, parseJsonBody, serverMessage } from './transport-errors';

export { formatMs } from './error-text';

export interface RetryPolicy {
  /** Extra attempts after the first. Default 3. */
  retries: number;
  /** First backoff delay; doubled each attempt, with jitter. Default 300 ms. */
  baseDelayMs: number;
  /** Upper bound of one backoff delay. Default 8 s. */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the error is returned instead. Default 60 s. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 3, baseDelayMs: 300, maxDelayMs: 8000, maxRetryAfterMs: 60_000 };
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface RetryInfo {
  endpoint: string;
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  error: DedupError;
}

export interface RequestInfo {
  /** `POST /api/custom/locations`. */
  endpoint: string;
  /** The HTTP status, when an answer arrived. */
  status?: number;
  /** Time of this attempt, from sending to the body read (or the failure). */
  ms: number;
  /** Why the attempt failed, when it did (the DedupError's message). */
  error?: string;
  /** The caller gave the answer up (a refresh, a closed panel, Load all at its limit): not a failure of the service. */
  cancelled?: boolean;
  /** 1 for the first attempt, 2 for the first retry… */
  attempt: number;
}

export interface TransportOptions {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Told before each automatic retry (for logs and progress). */
  onRetry?: (info: RetryInfo) => void;
  /**
   * Told once per attempt, after it ends (for request logs): never given the token or the body, so
   * a log built from it cannot leak either. A listener that throws does not affect the call.
   */
  onRequest?: (info: RequestInfo) => void;
  userAgent?: string;
}

/** How one call is sent: whether it may be repeated and redirected (read-only), and how its answer is read. */
export interface PostOptions<T> extends CallOptions {
  /** List calls: retried after transient failures, same-origin redirects followed. Decisions: neither. */
  readOnly: boolean;
  /**
   * Checks the JSON of a 2xx answer, the token already masked in every string of it; its error
   * counts as the attempt's failure (and is masked). `text` is the answer as sent, or undefined
   * when masking changed the data (the text would still hold the token).
   */
  parse: (data: unknown, status: number, text: string | undefined) => T;
}

export interface CallOptions {
  /** Cancels the call, including its retries and waits. */
  signal?: AbortSignal;
  /** Per attempt; overrides the client's timeout. */
  timeoutMs?: number;
  /** A list call's page keeps the answer's JSON text (`Page.body`), checked like any answer. */
  keepBody?: boolean;
}

export class Transport {
  private readonly retryPolicy: RetryPolicy;
  /** Hides the token (and its base64 forms) in every message this transport produces. */
  readonly mask: Masker;
  /** The same for every string of an answer, when the token is long enough to search for. */
  private readonly dataMask: Masker | undefined;
  constructor(private readonly opts: TransportOptions) {
    this.retryPolicy = { ...DEFAULT_RETRY, ...opts.retry };
    this.mask = secretMasker(opts.token);
    this.dataMask = dataMasker(opts.token);
  }

  /** POSTs `body` to `path` and returns the checked answer of a 2xx. */
  async post<T>(path: string, body: unknown, call: PostOptions<T>): Promise<T> {
    const endpoint = `POST ${path}`;
    const policy = this.retryPolicy;
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      try {
        const { status, data, text } = await this.attempt(path, endpoint, body, call);
        const result = call.parse(data, status, text);
        this.report({ endpoint, status, ms: elapsed(started), attempt: attempt + 1 });
        return result;
      } catch (e) {
        const error = maskError(e as DedupError, this.mask);
        const cancelled = error.kind === 'cancelled' ? { cancelled: true } : {};
        this.report({ endpoint, status: error.status, ms: elapsed(started), error: error.message, attempt: attempt + 1, ...cancelled });
        if (!call.readOnly || attempt >= policy.retries || !isRetryable(error)) throw error;
        const delayMs = retryDelay(error, attempt, policy);
        if (delayMs === undefined) throw error;
        this.opts.onRetry?.({ endpoint, attempt: attempt + 1, delayMs, error });
        await abortableDelay(delayMs, call.signal, () => cancelledError(endpoint));
      }
    }
  }

  private report(info: RequestInfo): void {
    try {
      this.opts.onRequest?.(info);
    } catch {
      // A logging hook must never turn a good answer into a failure.
    }
  }

  private async attempt(path: string, endpoint: string, body: unknown, call: PostOptions<unknown>): Promise<{ status: number; data: unknown; text: string | undefined }> {
    if (call.signal?.aborted) throw cancelledError(endpoint);
    const timeoutMs = call.timeoutMs ?? this.opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    let url = this.opts.baseUrl + path;
    for (let hops = 0; ; hops++) {
      const res = await this.send(url, endpoint, body, signal, call.signal, timeout, timeoutMs);
      const text = typeof res._data === 'string' ? res._data : '';
      if (res.status >= 200 && res.status < 300) {
        const parsed = parseJsonBody(text, res.headers.get('content-type'), endpoint, res.status);
        // The token may hide in the text escaped (\u0074…) where a search of the text cannot see it.
        const mask = this.dataMask;
        const mayHoldToken = mask !== undefined && (mask(text) !== text || text.includes('\\'));
        const { data, changed } = walkAnswer(parsed, mayHoldToken ? mask : undefined, endpoint, res.status);
        // A masked answer's text is no longer the answer: a caller keeping the text gets none.
        return { status: res.status, data, text: changed ? undefined : text };
      }
      const answer: RedirectAnswer = { status: res.status, location: res.headers.get('location') };
      const hop = nextHop(answer, url, { endpoint, readOnly: call.readOnly, hops });
      if (hop === undefined) throw statusError(res.status, endpoint, serverMessage(text), parseRetryAfter(res.headers.get('retry-after')));
      url = hop; // a same-origin redirect of a list call: the same POST, token and body, to the new path
    }
  }

  private async send(
    url: string,
    endpoint: string,
    body: unknown,
    signal: AbortSignal,
    callerSignal: AbortSignal | undefined,
    timeout: AbortSignal,
    timeoutMs: number,
  ): Promise<FetchResponse<string>> {
    try {
      return await ofetch.raw<string, 'text'>(url, {
        method: 'POST',
        redirect: 'manual',
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          Authorization: `Bearer ${this.opts.token}`,
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(this.opts.userAgent ? { 'User-Agent': this.opts.userAgent } : {}),
        },
        responseType: 'text',
        retry: false,
        ignoreResponseError: true,
        signal,
      });
    } catch (e) {
      if (callerSignal?.aborted) throw cancelledError(endpoint);
      if (timeout.aborted) {
        throw timeoutError(endpoint, origin(this.opts.baseUrl), timeoutMs);
      }
      throw networkError(e, endpoint, this.opts.baseUrl);
    }
  }
}

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Delay before retry `attempt + 1`, or undefined when the server asks for a longer wait than we accept. */
function retryDelay(error: DedupError, attempt: number, p: RetryPolicy): number | undefined {
  if (error instanceof RateLimitedError && error.retryAfterMs !== undefined) {
    return error.retryAfterMs > p.maxRetryAfterMs ? undefined : error.retryAfterMs;
  }
  const cap = Math.min(p.maxDelayMs, p.baseDelayMs * 2 ** attempt);
  // "Equal jitter": at least half the backoff, so clients that failed together spread out.
  return Math.round(cap / 2 + Math.random() * (cap / 2));
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
