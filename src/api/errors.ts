// One error type per way a call to the service can fail, each with a message a person can act on.
// No message ever contains the access token: the transport redacts it from anything the server
// sends back, and requests' headers are never quoted.

export type DedupErrorKind =
  | 'request-invalid'
  | 'auth-header'
  | 'invalid-token'
  | 'bad-request'
  | 'not-found'
  | 'conflict'
  | 'rate-limited'
  | 'server'
  | 'http-status'
  | 'timeout'
  | 'network'
  | 'invalid-response'
  | 'cancelled';

export abstract class DedupError extends Error {
  abstract readonly kind: DedupErrorKind;
  /** HTTP status when the service answered; undefined for local, network and timeout errors. */
  readonly status: number | undefined;
  /** `POST /api/custom/...` of the call that failed, when there was one. */
  readonly endpoint: string | undefined;

  constructor(message: string, opts: { status?: number; endpoint?: string; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = new.target.name;
    this.status = opts.status;
    this.endpoint = opts.endpoint;
  }
}

/** The call was refused locally, before anything was sent (bad page size, bad timestamp, …). */
export class RequestValidationError extends DedupError {
  readonly kind = 'request-invalid';
  constructor(
    readonly member: string,
    message: string,
  ) {
    super(message);
  }
}

/** 402: the Authorization header was missing or malformed (for example whitespace inside the token). */
export class AuthHeaderError extends DedupError {
  readonly kind = 'auth-header';
}

/** 401: the service refused the token. */
export class InvalidTokenError extends DedupError {
  readonly kind = 'invalid-token';
}

/** 400: the service found a parameter malformed; `serverMessage` is its own explanation, if any. */
export class BadRequestError extends DedupError {
  readonly kind = 'bad-request';
  constructor(
    message: string,
    readonly serverMessage: string | undefined,
    opts: { status?: number; endpoint?: string } = {},
  ) {
    super(message, opts);
  }
}

/** 404: unknown recommendation (or path). */
export class NotFoundError extends DedupError {
  readonly kind = 'not-found';
}

/** 409: the recommendation was already approved or rejected. */
export class ConflictError extends DedupError {
  readonly kind = 'conflict';
}

/** 429: too many requests; `retryAfterMs` is the server's Retry-After, when it sent one. */
export class RateLimitedError extends DedupError {
  readonly kind = 'rate-limited';
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined,
    opts: { status?: number; endpoint?: string } = {},
  ) {
    super(message, opts);
  }
}

/** 5xx: the service failed. */
export class ServerError extends DedupError {
  readonly kind = 'server';
}

/** Any other unexpected HTTP status (403, 405, 413, …). */
export class HttpStatusError extends DedupError {
  readonly kind = 'http-status';
}

/** No answer within the timeout. */
export class TimeoutError extends DedupError {
  readonly kind = 'timeout';
  constructor(
    message: string,
    readonly timeoutMs: number,
    opts: { endpoint?: string; cause?: unknown } = {},
  ) {
    super(message, opts);
  }
}

/** The connection could not be made or broke (refused, reset, DNS, TLS). `code` is Node's, e.g. ECONNREFUSED. */
export class NetworkError extends DedupError {
  readonly kind = 'network';
  constructor(
    message: string,
    readonly code: string | undefined,
    opts: { endpoint?: string; cause?: unknown } = {},
  ) {
    super(message, opts);
  }
}

/** The service answered 2xx with something that is not what the interface promises. */
export class InvalidResponseError extends DedupError {
  readonly kind = 'invalid-response';
  constructor(
    message: string,
    /** Path of the offending member, e.g. `data[3].entities[0].@id`, when the shape was wrong. */
    readonly member: string | undefined,
    opts: { status?: number; endpoint?: string } = {},
  ) {
    super(message, opts);
  }
}

/** The caller aborted the call (its AbortSignal fired). */
export class CancelledError extends DedupError {
  readonly kind = 'cancelled';
}

export function isDedupError(e: unknown): e is DedupError {
  return e instanceof DedupError;
}

/**
 * Errors after which a read-only call may be repeated. Decisions are never repeated automatically.
 * A 500 counts: a list call changes nothing, and a service that fails now and then (an overloaded
 * database, a flaky worker) usually answers the same request a moment later.
 */
export function isRetryable(e: DedupError): boolean {
  if (e instanceof RateLimitedError || e instanceof NetworkError) return true;
  return e instanceof ServerError && (e.status === 500 || e.status === 502 || e.status === 503 || e.status === 504);
}
