// A reverse proxy on 127.0.0.1 in front of a real sandbox that logs the page of every recommendation
// list request and can fail one page with a 503 (the way a flaky gateway does) until it is healed.
// The sandbox behind it serves everything else; the proxy only adds the failure and the log, so a
// test can tell a listing that went on from the failed page from one that started over.
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import { ENDPOINTS } from '../../src/api/endpoints';
import { forward, listenLocally } from './forward';

export interface PageFailingProxy {
  baseUrl: string;
  /** The `page` of every recommendation list request, in arrival order (failed ones included). */
  pages: number[];
  /** Answers 503 to every request for this page of the recommendation list until heal(). */
  failPage(page: number): void;
  heal(): void;
  close(): Promise<void>;
}

export async function startPageFailingProxy(target: string): Promise<PageFailingProxy> {
  const upstream = new URL(target);
  let failing: number | undefined;
  const proxy: PageFailingProxy = {
    baseUrl: '',
    pages: [],
    failPage: (page) => {
      failing = page;
    },
    heal: () => {
      failing = undefined;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url === ENDPOINTS.recommendations) {
        const page = pageOf(body);
        proxy.pages.push(page);
        if (page === failing) {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { code: 'unavailable', message: 'the gateway is failing this page' } }));
          return;
        }
      }
      forward(upstream, req, res, body);
    });
  });
  proxy.baseUrl = await listenLocally(server);
  return proxy;
}

/** The `page` member of a list request's JSON body (0 when absent, as the interface defaults it). */
function pageOf(body: Buffer): number {
  try {
    const page = (JSON.parse(body.toString('utf8')) as { page?: unknown }).page;
    return typeof page === 'number' ? page : 0;
  } catch {
    return -1;
  }
}
