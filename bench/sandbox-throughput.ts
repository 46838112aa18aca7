// Sandbox throughput: requests per second and latency of each list endpoint and of approve/reject,
// against `node dist/cli.js sandbox` in its own process on 127.0.0.1, beside a do-nothing
// node:http server (the floor) answering a body of the same size, driven by the same bounded
// keep-alive loop in the same run. The machine is shared, so absolute figures move with its load;
// the ratio sandbox / floor and the servers' CPU time per request move much less.
// Run: npm run build && npx tsx bench/sandbox-throughput.ts [--seconds 5] [--connections 8] [--rounds 1]
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { ENDPOINTS } from '../src/api/endpoints';
import { postJson, runLoad, startFloorProcess, startSandboxProcess, type LoadResult, type ServerProcess } from './lib/http-load';
import { processCpuMs } from './lib/stats';

const CLI = join(__dirname, '..', 'dist', 'cli.js');
const SINCE = '1970-01-01T00:00:00.000Z';
const PATHS = ENDPOINTS;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!(v > 0) || !Number.isFinite(v)) throw new Error(`${name} needs a positive number`);
  return v;
}

const SECONDS = option('--seconds', 5);
const CONNECTIONS = option('--connections', 8);
const ROUNDS = option('--rounds', 1);
/** However fast the server, no case sends more than this (the loop is bounded in count and time). */
const MAX_REQUESTS = 500_000;

interface Row {
  label: string;
  server: 'sandbox' | 'floor';
  result: LoadResult;
  serverCpuUsPerRequest: number;
  clientCpuUsPerRequest: number;
  load: number;
}

const rows: Row[] = [];

async function measure(label: string, server: ServerProcess, kind: Row['server'], url: string, headers: Record<string, string>, body: (i: number) => string | undefined, opts: { seconds?: number; max?: number } = {}): Promise<LoadResult> {
  const load = loadavg()[0];
  const cpu0 = processCpuMs(server.pid);
  const client0 = process.cpuUsage();
  const result = await runLoad({ url, headers, body, connections: CONNECTIONS, durationMs: (opts.seconds ?? SECONDS) * 1000, maxRequests: opts.max ?? MAX_REQUESTS });
  const client = process.cpuUsage(client0);
  const answered = Object.values(result.statuses).reduce((a, b) => a + b, 0);
  const row: Row = {
    label,
    server: kind,
    result,
    serverCpuUsPerRequest: ((processCpuMs(server.pid) - cpu0) * 1000) / answered,
    clientCpuUsPerRequest: (client.user + client.system) / answered,
    load,
  };
  rows.push(row);
  console.log(formatRow(row));
  return result;
}

function formatRow(r: Row): string {
  const x = r.result;
  const statuses = Object.entries(x.statuses).map(([s, n]) => `${s}×${n}`).join(' ') + (x.errors ? ` errors×${x.errors}` : '');
  return `| ${r.label} | ${r.server} | ${Math.round(x.perSecond).toLocaleString('en-US')} | ${x.p50Ms.toFixed(2)} | ${x.p99Ms.toFixed(2)} | ${Math.round(x.meanBytes).toLocaleString('en-US')} | ${Math.round(r.serverCpuUsPerRequest)} | ${Math.round(r.clientCpuUsPerRequest)} | ${x.requests.toLocaleString('en-US')} in ${x.seconds.toFixed(1)} s (${statuses}) | ${r.load.toFixed(2)} |`;
}

interface ListPage {
  has_next_page: boolean;
  total?: number;
  data: unknown[] | { '@graph': unknown[] };
}

const itemsOf = (p: ListPage): unknown[] => (Array.isArray(p.data) ? p.data : p.data['@graph']);

/** Every page of a list (at most 200), so the load can cycle through real pages, not only page 0. */
async function pagesOf(base: string, headers: Record<string, string>, path: string, params: Record<string, unknown>): Promise<{ bodies: string[]; meanBytes: number; items: unknown[] }> {
  const bodies: string[] = [];
  const items: unknown[] = [];
  let bytes = 0;
  for (let page = 0; page < 200; page++) {
    const body = { ...params, page };
    const { text } = await postJson(base + path, headers, body);
    const parsed = JSON.parse(text) as ListPage;
    const got = itemsOf(parsed);
    if (got.length === 0) break;
    bodies.push(JSON.stringify(body));
    items.push(...got);
    bytes += Buffer.byteLength(text);
    if (!parsed.has_next_page) break;
  }
  return { bodies, meanBytes: bodies.length ? bytes / bodies.length : 0, items };
}

async function listCase(sandbox: ServerProcess & { token: string }, floor: ServerProcess, name: 'recommendations' | 'locations' | 'events', pageSize: number): Promise<void> {
  const headers = { Authorization: `Bearer ${sandbox.token}` };
  const params = name === 'recommendations' ? { page_size: pageSize } : { updated_since: SINCE, page_size: pageSize };
  const { bodies, meanBytes } = await pagesOf(sandbox.baseUrl, headers, PATHS[name], params);
  const label = `${name}, page_size ${pageSize} (${bodies.length} pages)`;
  const cycle = (i: number) => bodies[i % bodies.length];
  // A short unmeasured run first, so both servers' code is compiled by the JIT before it counts.
  await runLoad({ url: sandbox.baseUrl + PATHS[name], headers, body: cycle, connections: CONNECTIONS, durationMs: 1000, maxRequests: 20_000 });
  await runLoad({ url: `${floor.baseUrl}/${Math.round(meanBytes)}`, body: cycle, connections: CONNECTIONS, durationMs: 1000, maxRequests: 20_000 });
  await measure(label, floor, 'floor', `${floor.baseUrl}/${Math.round(meanBytes)}`, {}, cycle);
  await measure(label, sandbox, 'sandbox', sandbox.baseUrl + PATHS[name], headers, cycle);
}

/**
 * Decisions use each pending recommendation once: a second decision on it is a 409, a cheaper path.
 * So approve and reject run through the ids once (bounded by their number, not by time), and the
 * sustained rate of the 409 path ("already decided") is measured separately over time.
 */
async function decisionCases(sandbox: ServerProcess & { token: string }, floor: ServerProcess): Promise<void> {
  const headers = { Authorization: `Bearer ${sandbox.token}` };
  const { items } = await pagesOf(sandbox.baseUrl, headers, PATHS.recommendations, { page_size: 200 });
  // Recommendations are JSON-LD nodes: their id is `@id`.
  const ids = items.map((r) => (r as { '@id': string })['@id']);
  if (ids.some((id) => typeof id !== 'string')) throw new Error('a listed recommendation has no @id');
  const approveIds = ids.filter((_, i) => i % 2 === 0);
  const rejectIds = ids.filter((_, i) => i % 2 === 1);
  const once = (list: string[]) => (i: number) => (i < list.length ? JSON.stringify({ id: list[i] }) : undefined);
  await measure(`approve, each of ${approveIds.length} pending ids once`, sandbox, 'sandbox', sandbox.baseUrl + PATHS.approve, headers, once(approveIds), { seconds: 60 });
  await measure(`reject, each of ${rejectIds.length} pending ids once`, sandbox, 'sandbox', sandbox.baseUrl + PATHS.reject, headers, once(rejectIds), { seconds: 60 });
  const again = (i: number) => JSON.stringify({ id: ids[i % ids.length] });
  const floorUrl = `${floor.baseUrl}/${Buffer.byteLength(JSON.stringify({ error: { code: 'already_decided', message: 'recommendation x was already approved' } }))}`;
  await measure('approve an already-decided id (409)', floor, 'floor', floorUrl, {}, again);
  await measure('approve an already-decided id (409)', sandbox, 'sandbox', sandbox.baseUrl + PATHS.approve, headers, again);
}

async function main(): Promise<void> {
  console.log(`${new Date().toISOString()}  node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`${CONNECTIONS} keep-alive connections, ${SECONDS} s per case (at most ${MAX_REQUESTS} requests), ${ROUNDS} round(s)\n`);
  const floor = await startFloorProcess();
  const servers: ServerProcess[] = [floor];
  try {
    console.log('| case | server | req/s | p50 ms | p99 ms | body bytes | server CPU µs/req | client CPU µs/req | requests (statuses) | load avg |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|---|---:|');
    for (let round = 1; round <= ROUNDS; round++) {
      // A fresh sandbox per round: the decisions at the end of a round change its data.
      const t0 = performance.now();
      const sandbox = await startSandboxProcess(CLI, []);
      servers.push(sandbox);
      console.log(`\nround ${round}: sandbox ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${sandbox.stats}\n`);
      for (const [name, sizes] of [
        ['recommendations', [50, 200]],
        ['locations', [50, 500]],
        ['events', [50, 500]],
      ] as const) {
        for (const size of sizes) await listCase(sandbox, floor, name, size);
      }
      await decisionCases(sandbox, floor);
      await sandbox.stop();
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
  console.log(`\nsandbox req/s ÷ floor req/s, load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}:`);
  for (const s of rows.filter((r) => r.server === 'sandbox')) {
    const f = rows.find((r) => r.server === 'floor' && r.label === s.label && rows.indexOf(r) < rows.indexOf(s) && rows.indexOf(r) >= rows.indexOf(s) - 1);
    if (f) console.log(`  ${s.label}: sandbox is ${(s.result.perSecond / f.result.perSecond).toFixed(2)} × the floor`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
