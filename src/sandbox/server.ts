// The sandbox's HTTP server on node:http (no framework: five routes do not need one, and the
// extension bundle stays small). Order of checks for a request, each failing with a JSON error:
//   faults (latency, 429, dropped connection, 5xx, a list request's turn) -> path (404) -> method (405)
//   -> Authorization (402, 401) -> Content-Type (415) -> body size (413) -> JSON and members (400)
//   -> store (404 / 409 for decisions, 500 when the store fails) -> 200.
// Routing comes before authentication: a path that is not an endpoint has no auth to check. For an
// endpoint, authentication comes before anything about the body, so a caller without the token
// learns nothing from validation errors.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type ConnectionLimits, applyLimits, resolveLimits, serverOptions } from './connection-limits';
import { checkAuthorization } from './http-auth';
import { checkContentType, parseJsonObject, readBody } from './http-body';
import { HttpError, sendError, sendJson } from './http-errors';
import { API_PREFIX, ENDPOINT_LIST, findRoute } from './http-routes';
import { FaultInjector, type FaultDecision, type FaultSpec } from './faults';
import { ReorderGate } from './fault-reorder';
import type { SandboxStoreApi } from './store-api';

export interface SandboxServerOptions {
  store: SandboxStoreApi;
  token: string;
  faults?: FaultSpec;
  plainArray?: boolean;
  /** Timeouts and the connection cap; each defaults to DEFAULT_LIMITS (connection-limits.ts). */
  limits?: Partial<ConnectionLimits>;
  /** One line per request (method, path, status, duration) and per internal failure. */
  log?: (line: string) => void;
}

export interface SandboxServer {
  readonly server: Server;
  /** Starts listening; resolves with the bound port. */
  listen(port: number, host: string): Promise<number>;
  /** Stops accepting, ends keep-alive sockets, cuts requests still running after a short grace. The store is the caller's. */
  close(): Promise<void>;
}

/** How long requests in flight may take to finish once close() is called. */
const CLOSE_GRACE_MS = 1000;

export function createSandboxServer(opts: SandboxServerOptions): SandboxServer {
  const log = opts.log ?? (() => {});
  const injector = opts.faults ? new FaultInjector(opts.faults) : undefined;
  const ctx = { store: opts.store, plainArray: opts.plainArray ?? false };
  const reorder = opts.faults?.reorder ? new ReorderGate(opts.faults.reorder) : undefined;
  const delays = new CuttableDelays(reorder);
  let closing: Promise<void> | undefined;
  const isClosing = () => closing !== undefined;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (closing) res.setHeader('Connection', 'close');
    if (injector && (await applyFaults(injector.decide(), req, res, delays, isClosing))) return;

    const pathname = pathOf(req.url);
    if (reorder && LIST_PATHS.has(pathname)) await takeTurn(reorder, pathname, res, isClosing);
    const route = findRoute(pathname);
    if (!route) {
      throw new HttpError(404, 'not_found', `no endpoint at ${pathname.slice(0, 200)}; the endpoints are POST ${ENDPOINT_LIST}`);
    }
    if (req.method !== 'POST') {
      throw new HttpError(405, 'method_not_allowed', `${req.method} is not allowed on ${pathname}; use POST`, {
        headers: { Allow: 'POST' },
      });
    }
    const authError = checkAuthorization(req.headers.authorization, opts.token);
    if (authError) throw authError;
    const typeError = checkContentType(req.headers['content-type']);
    if (typeError) throw typeError;

    const body = parseJsonObject(await readBody(req));
    const answer = await route.handle(body, ctx);
    sendJson(res, 200, answer);
  }

  const limits = resolveLimits(opts.limits);
  const server = createServer(serverOptions(limits), (req, res) => {
    logWhenClosed(req, res, log);
    handle(req, res).catch((error: unknown) => fail(error, req, res, log));
  });
  answerOutsideTheHandler(server, log);
  applyLimits(server, limits);
  server.on('drop', (data?: { remoteAddress?: string }) =>
    log(`connection from ${data?.remoteAddress ?? 'a client'} refused: ${limits.maxConnections} connections are open (the cap)`),
  );

  return {
    server,
    listen: (port, host) => listen(server, port, host),
    close() {
      closing ??= closeServer(server, delays);
      return closing;
    },
  };
}

/** The list endpoints, whose requests the reorder fault answers out of order. */
const LIST_PATHS = new Set(['recommended-deduplications', 'locations', 'events'].map((p) => API_PREFIX + p));

/** Waits for the request's turn in its reorder group; its answer, once sent, lets the next one through. */
async function takeTurn(gate: ReorderGate, pathname: string, res: ServerResponse, isClosing: () => boolean): Promise<void> {
  const done = await gate.enter(pathname);
  // A client that gave up while held has no answer coming: its turn ends at once.
  if (res.closed) done();
  else res.once('close', done);
  if (isClosing()) throw shuttingDown();
}

/** Delays that close() can cut short, so shutting down never waits out injected latency (nor a reorder group). */
class CuttableDelays {
  private readonly pending = new Set<() => void>();

  constructor(private readonly reorder?: ReorderGate) {}

  wait(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.pending.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.pending.add(done);
    });
  }

  cutAll(): void {
    for (const cut of [...this.pending]) cut();
    this.reorder?.cutAll();
  }
}

/** Plays the injected fault; true when it answered the request (or dropped it) itself. */
async function applyFaults(decision: FaultDecision, req: IncomingMessage, res: ServerResponse, delays: CuttableDelays, isClosing: () => boolean): Promise<boolean> {
  if (decision.delayMs > 0) await delays.wait(decision.delayMs);
  if (isClosing()) throw shuttingDown();
  const action = decision.action;
  switch (action.kind) {
    case 'pass':
      return false;
    case 'drop':
      // Exactly what a flaky network does: the connection ends with no response at all.
      req.socket.destroy();
      return true;
    case 'rate-limit':
      sendError(
        res,
        new HttpError(429, 'rate_limited', `too many requests (injected by --faults); retry after ${action.retryAfterSeconds} s`, {
          headers: { 'Retry-After': String(action.retryAfterSeconds) },
        }),
        { 'X-Sandbox-Fault': 'rate-limit' },
      );
      return true;
    case 'error': {
      const code = action.status === 502 ? 'bad_gateway' : action.status === 503 ? 'service_unavailable' : 'internal_error';
      const headers: Record<string, string> = { 'X-Sandbox-Fault': 'error' };
      if (action.status === 503) headers['Retry-After'] = '1';
      sendError(res, new HttpError(action.status, code, `injected server error (--faults error-rate)`), headers);
      return true;
    }
  }
}

function fail(error: unknown, req: IncomingMessage, res: ServerResponse, log: (line: string) => void): void {
  if (error instanceof HttpError) {
    // An unread body (413) or a server going away sets `Connection: close`, which Node honours by
    // closing the socket after the answer: the connection cannot carry another request.
    sendError(res, error);
    return;
  }
  // A failure inside the sandbox: the operator's log gets the detail, the client a plain message.
  const message = error instanceof Error ? error.message : String(error);
  log(`internal error on ${req.method} ${pathOf(req.url)}: ${message}`);
  sendError(res, new HttpError(500, 'internal_error', `the sandbox failed to answer this request: ${message.slice(0, 200)}`));
}

/** One log line per request once its connection is done with it: method, path, status, duration. */
function logWhenClosed(req: IncomingMessage, res: ServerResponse, log: (line: string) => void): void {
  const started = performance.now();
  res.once('close', () => {
    const ms = Math.round(performance.now() - started);
    const outcome = res.writableFinished ? String(res.statusCode) : 'no response (connection closed)';
    log(`${req.method} ${pathOf(req.url)} ${outcome} ${ms}ms`);
  });
}

/** Requests that never reach the handler (unparsable, CONNECT) are answered in JSON too. */
function answerOutsideTheHandler(server: Server, log: (line: string) => void): void {
  server.on('clientError', answerClientError);
  // CONNECT never reaches the request handler; with no listener Node drops the connection unanswered.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    log(`CONNECT ${String(req.url).slice(0, 200)} 405`);
    const body = JSON.stringify(new HttpError(405, 'method_not_allowed', 'CONNECT is not allowed; use POST on the endpoints').body());
    socket.on('error', () => socket.destroy());
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: POST\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      () => socket.destroy(),
    );
  });
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Cuts injected delays, stops accepting, and ends connections still busy after CLOSE_GRACE_MS. */
function closeServer(server: Server, delays: CuttableDelays): Promise<void> {
  return new Promise<void>((resolve) => {
    delays.cutAll();
    if (!server.listening) return resolve();
    const force = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

function shuttingDown(): HttpError {
  return new HttpError(503, 'service_unavailable', 'the sandbox is shutting down', { headers: { Connection: 'close' } });
}

/** The raw path of a request target, without query string: not normalised, so dot segments stay as sent. */
function pathOf(url: string | undefined): string {
  // The absolute form a proxy may send (`POST http://host/api/...`): its path part, still raw.
  const raw = (url ?? '/').replace(/^https?:\/\/[^/?#]*/i, '') || '/';
  const q = raw.indexOf('?');
  return q === -1 ? raw : raw.slice(0, q);
}

/**
 * Requests Node's HTTP parser refuses never reach the handler; answer them in JSON too rather than
 * with Node's bare text default.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, code, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headers_too_large', 'the request headers are too large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request_timeout', 'the request did not arrive in time']
        : [400, 'Bad Request', 'bad_request', 'the request is not valid HTTP/1.1'];
  const body = JSON.stringify({ error: { code, message } });
  // Destroyed once written: a client still sending (a slow one, cut off) must not keep it half-open.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
