// The faults of the reliability matrix (docs/reliability.md): each one a way a service, a gateway
// or the network misbehaves, played by a scripted HTTP server on 127.0.0.1, with what the client,
// the CLI and the decision journal must make of it.
import type http from 'node:http';
import { json, type Script } from '../support/scripted-server';

export type OperationName = 'recommendations' | 'locations' | 'events' | 'approve' | 'reject';
export const OPERATIONS: OperationName[] = ['recommendations', 'locations', 'events', 'approve', 'reject'];
export const isDecision = (op: OperationName): op is 'approve' | 'reject' => op === 'approve' || op === 'reject';

export interface Fault {
  /** Column name in the matrix. */
  name: string;
  /** Error class the client raises; undefined when the call succeeds. */
  errorClass?: string;
  /** CLI exit code (src/cli/exit-codes.ts). */
  exit: number;
  /** Whether a list call repeats after it (the retry rules of docs/client.md). */
  retried: boolean;
  /** What the decision journal must say of an approve/reject that met this fault. */
  journal: 'ok' | 'failed' | 'unknown';
  /** Undefined: nothing listens (connection refused). */
  script?: (op: OperationName) => Script;
}

const errorBody = (code: string, message: string) => ({ error: { code, message } });
const status = (code: number, name: string, message: string, headers: Record<string, string> = {}) => () =>
  ((_q, res) => json(res, code, errorBody(name, message), headers)) as Script;

const GATEWAY_HTML =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n';
const ERROR_PAGE_HTML =
  '<!DOCTYPE html><html><head><title>Something went wrong</title></head><body><h1>Error</h1><p>Please sign in again.</p><script>alert(1)</script></body></html>';

function send(res: http.ServerResponse, code: number, contentType: string, body: string): void {
  res.writeHead(code, { 'Content-Type': contentType });
  res.end(body);
}

/** 10 MB of well-formed answer: the client must take it in and the CLI write it all out. */
export const BIG_RECORDS = 200;
const BIG_NAME = 50_000;
export function bigAnswer(op: OperationName): unknown {
  const name = (i: number) => `record ${i} `.padEnd(BIG_NAME, 'x');
  if (isDecision(op)) return { success: true, note: 'x'.repeat(10 * 1024 * 1024) };
  const data = Array.from({ length: BIG_RECORDS }, (_, i) =>
    op === 'recommendations'
      ? { '@id': `urn:r:${i}`, score: 0.9, entities: [{ '@id': `urn:e:${i}`, name: name(i) }] }
      : { id: `urn:x:${i}`, name: name(i) },
  );
  return { page: 0, has_next_page: false, ...(op === 'recommendations' ? { total: BIG_RECORDS } : {}), data };
}

/** A 2xx answer that echoes the request's Authorization header in a member that fails validation. */
function echoShape(op: OperationName, echo: string): unknown {
  return isDecision(op) ? { success: echo } : { page: 0, has_next_page: echo, data: [] };
}

/** Another origin than the scripted server's (another loopback address): a redirect there is never followed. */
export const OTHER_ORIGIN = 'http://127.0.0.2:9';

function wrongShape(op: OperationName): unknown {
  return isDecision(op) ? { success: 'yes' } : { page: 0, has_next_page: false, data: [{ name: 'a record without its id' }] };
}

export const FAULTS: Fault[] = [
  { name: '401', errorClass: 'InvalidTokenError', exit: 3, retried: false, journal: 'failed', script: status(401, 'invalid_token', 'the token is not valid', { 'WWW-Authenticate': 'Bearer' }) },
  { name: '402', errorClass: 'AuthHeaderError', exit: 3, retried: false, journal: 'failed', script: status(402, 'invalid_authorization_header', 'malformed Authorization header') },
  { name: '400', errorClass: 'BadRequestError', exit: 2, retried: false, journal: 'failed', script: status(400, 'invalid_member', 'page_size: must be at most 200') },
  { name: '404', errorClass: 'NotFoundError', exit: 4, retried: false, journal: 'failed', script: status(404, 'not_found', 'no recommendation urn:r:1') },
  { name: '409', errorClass: 'ConflictError', exit: 4, retried: false, journal: 'failed', script: status(409, 'already_decided', 'urn:r:1 was already approved') },
  { name: '429 + Retry-After', errorClass: 'RateLimitedError', exit: 5, retried: true, journal: 'failed', script: status(429, 'rate_limited', 'too many requests', { 'Retry-After': '1' }) },
  { name: '500', errorClass: 'ServerError', exit: 5, retried: true, journal: 'failed', script: status(500, 'internal_error', 'internal error') },
  // A gateway's own page; the upstream may have acted before the gateway gave up, hence "unknown".
  { name: '502 (HTML)', errorClass: 'ServerError', exit: 5, retried: true, journal: 'unknown', script: () => (_q, res) => send(res, 502, 'text/html', GATEWAY_HTML) },
  { name: '503', errorClass: 'ServerError', exit: 5, retried: true, journal: 'failed', script: status(503, 'service_unavailable', 'down for maintenance', { 'Retry-After': '1' }) },
  {
    name: 'slower than timeout',
    errorClass: 'TimeoutError',
    exit: 6,
    retried: false,
    journal: 'unknown',
    // Never answers: the client's timeout ends the request (the server's close ends what is left).
    script: () => () => undefined,
  },
  { name: 'connection refused', errorClass: 'NetworkError', exit: 6, retried: true, journal: 'failed' },
  {
    name: 'reset mid-body',
    errorClass: 'NetworkError',
    exit: 6,
    retried: true,
    journal: 'unknown',
    script: () => (_q, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100000' });
      res.write('{"page":0,"has_next_page":false,"data":[{"@id":"urn:r:1","score":0.9,"entities":[');
      setTimeout(() => res.socket?.destroy(), 20);
    },
  },
  { name: 'malformed JSON', errorClass: 'InvalidResponseError', exit: 5, retried: false, journal: 'unknown', script: () => (_q, res) => send(res, 200, 'application/json', '{"page":0,"has_next_page":fal') },
  { name: 'HTML error page', errorClass: 'InvalidResponseError', exit: 5, retried: false, journal: 'unknown', script: () => (_q, res) => send(res, 200, 'text/html; charset=utf-8', ERROR_PAGE_HTML) },
  { name: 'wrong shape', errorClass: 'InvalidResponseError', exit: 5, retried: false, journal: 'unknown', script: (op) => (_q, res) => json(res, 200, wrongShape(op)) },
  { name: 'empty body', errorClass: 'InvalidResponseError', exit: 5, retried: false, journal: 'unknown', script: () => (_q, res) => send(res, 200, 'application/json', '') },
  // A service (or proxy) that echoes the request: the token must be masked in every message, whatever the status.
  { name: '200 echoing the token', errorClass: 'InvalidResponseError', exit: 5, retried: false, journal: 'unknown', script: (op) => (q, res) => json(res, 200, echoShape(op, q.headers.authorization ?? '')) },
  { name: '200 text echoing the token', errorClass: 'InvalidResponseError', exit: 5, retried: false, journal: 'unknown', script: () => (q, res) => send(res, 200, 'text/plain', q.headers.authorization ?? '') },
  {
    name: '500 echoing the token in base64',
    errorClass: 'ServerError',
    exit: 5,
    retried: true,
    journal: 'failed',
    script: () => (q, res) => json(res, 500, errorBody('internal_error', `request was ${Buffer.from(JSON.stringify(q.headers)).toString('base64')}`)),
  },
  // A misconfigured proxy: a decision must fail (nothing sent on), a list call must not carry the token elsewhere.
  {
    name: '302 to another origin',
    errorClass: 'HttpStatusError',
    exit: 5,
    retried: false,
    journal: 'failed',
    script: () => (q, res) => {
      res.writeHead(302, { Location: OTHER_ORIGIN + q.url });
      res.end();
    },
  },
  {
    name: '307 to another origin',
    errorClass: 'HttpStatusError',
    exit: 5,
    retried: false,
    journal: 'failed',
    script: () => (q, res) => {
      res.writeHead(307, { Location: OTHER_ORIGIN + q.url });
      res.end();
    },
  },
  { name: '10 MB answer', exit: 0, retried: false, journal: 'ok', script: (op) => (_q, res) => json(res, 200, bigAnswer(op)) },
];
