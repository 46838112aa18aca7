// A reverse proxy on 127.0.0.1 in front of a real sandbox that can "revoke" the token, as a service
// does when an administrator rotates it: from then on every request is answered 401 the way the
// interface specifies, and nothing reaches the sandbox. `restore()` lets requests through again.
// The sandbox behind it stays the judge of what was decided; the proxy only adds the revocation.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { ENDPOINTS } from '../../src/api/endpoints';
import { forward, listenLocally } from './forward';

export interface RevokingProxy {
  baseUrl: string;
  /** Decisions (approve/reject POSTs) the proxy forwarded to the sandbox. */
  forwardedDecisions: number;
  /** Requests the proxy answered 401 itself. */
  refused: number;
  /** Revoke after this many forwarded decisions (the next ones get 401). */
  revokeAfterDecisions(n: number): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startRevokingProxy(target: string): Promise<RevokingProxy> {
  const upstream = new URL(target);
  let revokeAt = Infinity;
  const proxy: RevokingProxy = {
    baseUrl: '',
    forwardedDecisions: 0,
    refused: 0,
    revokeAfterDecisions: (n) => {
      revokeAt = n;
    },
    restore: () => {
      revokeAt = Infinity;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const isDecision = (req: IncomingMessage) => req.url === ENDPOINTS.approve || req.url === ENDPOINTS.reject;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const decision = isDecision(req);
    if (proxy.forwardedDecisions >= revokeAt) {
      proxy.refused++;
      req.resume();
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' });
      res.end(JSON.stringify({ error: { code: 'invalid_token', message: 'the access token was revoked' } }));
      return;
    }
    if (decision) proxy.forwardedDecisions++;
    forward(upstream, req, res);
  });
  proxy.baseUrl = await listenLocally(server);
  return proxy;
}
