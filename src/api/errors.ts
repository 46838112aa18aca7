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

/**
 * What is known about a failure, as data: whoever tells a person about it (the CLI's line, the
 * extension's localised notification, the log) builds its own sentence from these, and never has
 * to take an English message apart again.
 */
export interface ErrorFacts {
  /** HTTP status when the service answered; undefined for local, network and timeout errors. */
  status?: number;
  /** `POST /api/custom/...` of the call that failed, when there was one. */
  endpoint?: string;
  /** The service's own explanation from its error body, one line, the token masked. */
  serverMessage?: string;
  /**
   * Which failure of its kind: Node's code for a network error (`ECONNREFUSED`), an `AnswerCode`
   * for an answer that was refused or a redirect that was not followed.
   */
  code?: string;
  /**
   * What a formatter needs beyond the above: the offending member's problem, the first characters
   * of a body that is not JSON, the Location of a redirect, the base URL's origin.
   */
  detail?: string;
  cause?: unknown;
}

/** Why a 2xx or 3xx answer was not accepted (the `code` of an invalid-response or http-status error). */
export type AnswerCode =
  | 'html-body'
  | 'empty-body'
  | 'not-json'
  | 'shape'
  | 'too-deep'
  | 'endless-listing'
  | 'redirect-decision'
  | 'redirect-no-location'
  | 'redirect-other-origin'
  | 'redirect-loop';

export abstract class DedupError extends Error {
  abstract readonly kind: DedupErrorKind;
  readonly status: number | undefined;
  readonly endpoint: string | undefined;
  readonly serverMessage: string | undefined;
  readonly code: string | undefined;
  readonly detail: string | undefined;

  /** `message` is the English line the CLI prints and the log keeps (error-text.ts writes it). */
  constructor(message: string, facts: ErrorFacts = {}) {
    super(message, facts.cause === undefined ? undefined : { cause: facts.cause });
    this.name = new.target.name;
    this.status = facts.status;
    this.endpoint = facts.endpoint;
    this.serverMessage = facts.serverMessage;
    this.code = facts.code;
    this.detail = facts.detail;
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
  constructor(message: string, serverMessage: string | undefined, facts: ErrorFacts = {}) {
    super(message, { ...facts, serverMessage });
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
    facts: ErrorFacts = {},
  ) {
    super(message, facts);
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
    facts: ErrorFacts = {},
  ) {
    super(message, facts);
  }
}

/** The connection could not be made or broke (refused, reset, DNS, TLS). `code` is Node's, e.g. ECONNREFUSED. */
export class NetworkError extends DedupError {
  readonly kind = 'network';
  constructor(message: string, code: string | undefined, facts: ErrorFacts = {}) {
    super(message, { ...facts, code });
  }
}

/** The service answered 2xx with something that is not what the interface promises. */
export class InvalidResponseError extends DedupError {
  readonly kind = 'invalid-response';
  constructor(
    message: string,
    /** Path of the offending member, e.g. `data[3].entities[0].@id`, when the shape was wrong. */
    readonly member: string | undefined,
    facts: ErrorFacts = {},
  ) {
    super(message, facts);
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
