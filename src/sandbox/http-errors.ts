// How the sandbox puts answers on the wire. Every error is JSON of the form
//   { "error": { "code": "...", "message": "...", "member": "..." } }
// (`member` only when one request member is at fault) and never carries a stack trace: the spec
// leaves the error body unspecified, and a fixed shape lets a client show the message as is.
import type { ServerResponse } from 'node:http';
import { JsonBytes } from './http-json';

export type ErrorCode =
  | 'invalid_authorization_header' // 402
  | 'invalid_token' // 401
  | 'invalid_json' // 400: body is not JSON / not an object
  | 'missing_member' // 400
  | 'invalid_member' // 400
  | 'not_found' // 404: unknown path or unknown recommendation id
  | 'already_decided' // 409
  | 'method_not_allowed' // 405
  | 'payload_too_large' // 413
  | 'unsupported_media_type' // 415
  | 'headers_too_large' // 431
  | 'bad_request' // 400 from the HTTP parser itself
  | 'rate_limited' // 429 (faults)
  | 'internal_error' // 500 (store failure or injected fault)
  | 'bad_gateway' // 502 (injected fault)
  | 'service_unavailable'; // 503 (injected fault or shutting down)

export interface HttpErrorOptions {
  /** The request member at fault, also named in the message. */
  member?: string;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly options: HttpErrorOptions = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }

  body(): { error: { code: ErrorCode; message: string; member?: string } } {
    const error: { code: ErrorCode; message: string; member?: string } = { code: this.code, message: this.message };
    if (this.options.member !== undefined) error.member = this.options.member;
    return { error };
  }
}

/**
 * Writes one JSON response unless the response is already under way or its socket is gone. The body
 * is a value to serialise, or JsonBytes already serialised. Either way it goes out as one Buffer:
 * writing a long string makes the socket encode it on every write.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const bytes = body instanceof JsonBytes ? body.bytes : Buffer.from(JSON.stringify(body));
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(bytes.length),
    // Answers change with every decision; a proxy or client cache must never replay one.
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(bytes);
}

export function sendError(res: ServerResponse, error: HttpError, extraHeaders: Record<string, string> = {}): void {
  sendJson(res, error.status, error.body(), { ...error.options.headers, ...extraHeaders });
}

/** Quotes a client-supplied value for an error message, shortened so a huge value cannot flood logs. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  // JSON numbers beyond a double's range (1e309) are parsed as ±Infinity, which JSON.stringify shows as null.
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? 'not a number' : 'a number too large';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? text.slice(0, 57) + '...' : text;
}

/** The JSON type name of a value, as a client author thinks of it. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}
