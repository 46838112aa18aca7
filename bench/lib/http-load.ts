// A small, bounded HTTP load loop for the benchmarks: N keep-alive connections, each sending one
// request after another until a deadline or a request budget runs out. Plain node:http with an
// Agent (no fetch/undici) because the loop shares the machine with the server it measures: the
// thinner the client, the more of the two cores is left for the server, and the same loop drives
// both the sandbox and the do-nothing floor server, so their ratio compares like with like.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LoadOptions {
  /** Absolute http:// URL (the benchmarks only ever use 127.0.0.1). */
  url: string;
  headers?: Record<string, string>;
  /** Body of request number `i` (0-based, across all connections), or undefined to stop early. */
  body: (i: number) => string | undefined;
  /** Concurrent keep-alive connections (one request in flight on each). */
  connections: number;
  /** Stop starting requests after this long. */
  durationMs: number;
  /** Stop starting requests after this many, whatever the time. */
  maxRequests: number;
  /** Abandon one request after this long (counted as an error). */
  timeoutMs?: number;
}

export interface LoadResult {
  requests: number;
  /** Socket errors and timeouts (no status). */
  errors: number;
  /** How many answers had each status. */
  statuses: Record<number, number>;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Mean size of a response body. */
  meanBytes: number;
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  // maxSockets = connections: each worker below keeps exactly one request in flight, so every
  // worker gets its own socket and keeps reusing it.
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const target = new URL(opts.url);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let bytes = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + opts.durationMs;

  const one = (body: string) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { ...opts.headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
          timeout: opts.timeoutMs ?? 10_000,
        },
        (res) => {
          res.on('data', (chunk: Buffer) => (bytes += chunk.length));
          res.on('end', () => {
            latencies.push(performance.now() - t0);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
          res.on('error', () => {
            errors++;
            resolve();
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end(body);
    });

  const worker = async () => {
    while (issued < opts.maxRequests && performance.now() < deadline) {
      const body = opts.body(issued);
      if (body === undefined) return;
      issued++;
      await one(body);
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.connections }, worker));
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - started) / 1000;
  const answered = latencies.length;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (answered === 0 ? NaN : latencies[Math.min(answered - 1, Math.floor(q * answered))]);
  return {
    requests: issued,
    errors,
    statuses,
    seconds,
    perSecond: answered / seconds,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: answered === 0 ? NaN : latencies[answered - 1],
    meanBytes: answered === 0 ? 0 : bytes / answered,
  };
}

/** One request, for setting up a case (ids, page counts, body sizes); throws on a non-2xx status. */
export async function postJson(url: string, headers: Record<string, string>, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(url, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) }, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const out = Buffer.concat(chunks).toString('utf8');
        if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url}: HTTP ${res.statusCode}: ${out.slice(0, 200)}`));
        else resolve({ status: res.statusCode ?? 0, text: out });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(text);
  });
}

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** The lines the server printed before it was ready (the sandbox's banner). */
  banner: string[];
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Starts `node <args>` and waits (at most `readyMs`) until its stdout has a line matching `ready`.
 * Stdout goes to a file, not a pipe: the sandbox logs one line per request, and a pipe would make
 * the benchmark process spend its own CPU draining it while it is also the load generator.
 */
export async function startServerProcess(args: string[], ready: RegExp, opts: { env?: NodeJS.ProcessEnv; readyMs: number }): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'dedup-bench-'));
  const logPath = join(dir, 'stdout.log');
  const fd = openSync(logPath, 'w');
  const child = spawn(process.execPath, args, { stdio: ['ignore', fd, 'pipe'], env: { ...process.env, ...opts.env } });
  closeSync(fd);
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let alive = true;
  void exited.then(() => (alive = false));
  // A crash of the benchmark must not leave a server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (alive) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      process.removeListener('exit', killOnExit);
      rmSync(dir, { recursive: true, force: true });
    })());

  const until = Date.now() + opts.readyMs;
  for (;;) {
    const lines = readFileSync(logPath, 'utf8').split('\n');
    if (lines.some((l) => ready.test(l))) {
      const url = lines.map((l) => /(http:\/\/127\.0\.0\.1:\d+)/.exec(l)?.[1]).find((u) => u !== undefined);
      if (!url) {
        await stop();
        throw new Error(`no http://127.0.0.1:PORT in the output of node ${args.join(' ')}`);
      }
      return { baseUrl: url, pid: child.pid ?? -1, banner: lines.filter((l) => l !== ''), stop };
    }
    if (!alive || Date.now() > until) {
      await stop();
      throw new Error(`node ${args.join(' ')} ${alive ? `was not ready within ${opts.readyMs / 1000} s` : 'exited'}:\n${stderr.slice(0, 2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `node dist/cli.js sandbox` on a free port of 127.0.0.1 with a random token; needs `npm run build` first. */
export async function startSandboxProcess(cliPath: string, args: string[], readyMs = 180_000): Promise<ServerProcess & { token: string; stats: string }> {
  if (!existsSync(cliPath)) throw new Error(`${cliPath} is missing: run npm run build first`);
  const token = randomBytes(24).toString('base64url');
  // The token goes through the environment so it is not visible in the process list.
  const p = await startServerProcess([cliPath, 'sandbox', '--port', '0', ...args], /^Endpoints: /, { env: { DEDUP_SANDBOX_TOKEN: token }, readyMs });
  return { ...p, token, stats: p.banner.find((l) => l.startsWith('Data: ')) ?? '' };
}

/**
 * The floor: a node:http server that reads the request body and answers `/N` with a fixed JSON
 * body of N bytes, prepared once per size, so it does no work the sandbox does beyond HTTP itself.
 */
const FLOOR_SERVER = `
const http = require('node:http');
const bodies = new Map();
const bodyOf = (n) => {
  let b = bodies.get(n);
  if (!b) { const pad = Math.max(0, n - 11); b = Buffer.from('{"data":"' + 'x'.repeat(pad) + '"}'); bodies.set(n, b); }
  return b;
};
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const b = bodyOf(Number(req.url.slice(1)) || 2);
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': b.length, 'Cache-Control': 'no-store' });
    res.end(b);
  });
});
server.keepAliveTimeout = 30000;
server.listen(0, '127.0.0.1', () => console.log('floor listening on http://127.0.0.1:' + server.address().port));
process.on('SIGTERM', () => { server.closeAllConnections(); server.close(() => process.exit(0)); });
`;

export function startFloorProcess(): Promise<ServerProcess> {
  return startServerProcess(['-e', FLOOR_SERVER], /^floor listening/, { readyMs: 30_000 });
}
