// What the test proxies (revoking-proxy.ts, page-failing-proxy.ts) share: passing a request on to
// the real sandbox behind them unchanged and its answer back, and listening on 127.0.0.1.
import { type IncomingMessage, type Server, type ServerResponse, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Sends `req` to `upstream` (same method, path and headers, Host rewritten) and pipes the answer
 * into `res`. `body`: the request body when the proxy has already read it; otherwise the request is
 * streamed through. A failed upstream connection destroys `res`, so the client sees a network error
 * as it would without the proxy.
 */
export function forward(upstream: URL, req: IncomingMessage, res: ServerResponse, body?: Buffer): void {
  const out = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  out.on('error', () => res.destroy());
  if (body === undefined) req.pipe(out);
  else out.end(body);
}

/** Starts `server` on a free port of 127.0.0.1 and returns its base URL. */
export async function listenLocally(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
