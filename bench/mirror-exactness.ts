// Exactness of the mirror's sync against a fresh listing, as issue 33 measured the previous mirror:
//   1. decisions during a sync: a sandbox with latency faults, `dedup-curator mirror sync` in its own
//      process, 16 approvals while it runs, then an incremental sync; the mirror must equal a fresh
//      `--all` listing of both kinds (ids and whole records), --runs times;
//   2. kill -9 at random points: a first sync killed with SIGKILL at a random instant between its
//      first page and its end (the span of an undisturbed sync measured first),
//      an approval, then the sync resumed; the mirror must equal a fresh listing, --kills times.
// Run: npm run build && nice node --import tsx bench/mirror-exactness.ts [--places 2200] [--events 6000] [--runs 10] [--kills 20]
//   (--places 2,200 ≈ 6,000 locations; latency 50–300 ms per request)
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../src/api';
import { EARLIEST_SINCE, Mirror, type MirrorKind } from '../src/mirror';
import { startBenchSandbox } from './lib/bench-sandbox';
import { machineLine, numberOption } from './lib/stats';

const PLACES = numberOption('--places', 2_200);
const EVENTS = numberOption('--events', 6_000);
const RUNS = numberOption('--runs', 10);
const KILLS = numberOption('--kills', 20);
const CLI = join(__dirname, '..', 'dist', 'cli.js');

function startSync(dir: string, env: Record<string, string>): { child: ChildProcess; firstPage: Promise<void>; exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; err: string }> } {
  const child = spawn(process.execPath, [CLI, 'mirror', 'sync', '--dir', dir], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  let resolveFirst!: () => void;
  const firstPage = new Promise<void>((r) => (resolveFirst = r));
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
    if (/pages/.test(err)) resolveFirst();
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; err: string }>((resolve) =>
    child.on('exit', (code, signal) => {
      resolveFirst();
      resolve({ code, signal, err });
    }),
  );
  return { child, firstPage, exit };
}

async function sync(dir: string, env: Record<string, string>): Promise<void> {
  const r = await startSync(dir, env).exit;
  if (r.code !== 0) throw new Error(`mirror sync exited ${r.code ?? r.signal}: ${r.err.slice(-400)}`);
}

/** Approves up to n pending recommendations whose entities none before touched. */
async function approve(client: DedupClient, n: number, touched: Set<string>): Promise<number> {
  let done = 0;
  for await (const r of client.allRecommendations({ pageSize: 200 })) {
    if (done >= n) break;
    const ids = r.entities.map((e) => e['@id']);
    if (ids.some((id) => touched.has(id))) continue;
    ids.forEach((id) => touched.add(id));
    await client.approve(r['@id']).catch(() => undefined);
    done++;
  }
  return done;
}

/** How the mirror differs from a fresh listing: records missing, extra, and held in another version. */
async function difference(client: DedupClient, dir: string): Promise<string> {
  const mirror = await Mirror.open(dir);
  const parts: string[] = [];
  try {
    for (const kind of ['locations', 'events'] as MirrorKind[]) {
      const want = new Map<string, string>();
      const items = kind === 'locations' ? client.allLocations({ updatedSince: EARLIEST_SINCE, pageSize: 500 }) : client.allEvents({ updatedSince: EARLIEST_SINCE, pageSize: 500 });
      for await (const r of items) want.set((r as { id: string }).id, JSON.stringify(r));
      const got = new Map(mirror.search(kind, '', Number.MAX_SAFE_INTEGER).map((h) => [h.id, JSON.stringify(h.record)]));
      const missing = [...want.keys()].filter((id) => !got.has(id)).length;
      const extra = [...got.keys()].filter((id) => !want.has(id)).length;
      const stale = [...want].filter(([id, text]) => got.has(id) && got.get(id) !== text).length;
      if (missing + extra + stale > 0) parts.push(`${kind} ${got.size} of ${want.size} (${missing} missing, ${extra} extra, ${stale} stale)`);
    }
  } finally {
    mirror.close();
  }
  return parts.join('; ');
}

async function main(): Promise<void> {
  console.log(machineLine());
  const sandbox = await startBenchSandbox({ locations: PLACES, events: EVENTS, autoMergeThreshold: 2, faults: 'latency=50-300ms' });
  const env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  const touched = new Set<string>();
  console.log(`sandbox: ${sandbox.stats.locations} locations, ${sandbox.stats.events} events, latency 50–300 ms`);
  try {
    let exact = 0;
    let fullMs = 0;
    for (let run = 0; run < RUNS; run++) {
      const dir = mkdtempSync(join(tmpdir(), 'dedup-exact-'));
      const t = performance.now();
      const running = startSync(dir, env);
      await running.firstPage;
      const approved = await approve(client, 16, touched);
      const done = await running.exit;
      if (done.code !== 0) throw new Error(`mirror sync exited ${done.code}: ${done.err.slice(-400)}`);
      fullMs = performance.now() - t;
      await sync(dir, env);
      const diff = await difference(client, dir);
      if (!diff) exact++;
      console.log(`decisions during a sync, run ${run + 1}: ${approved} approvals, full sync ${(fullMs / 1000).toFixed(1)} s; ${diff || 'exact'}`);
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`decisions during a sync: exact in ${exact} of ${RUNS}`);

    // The kill points are drawn within an undisturbed first sync's span, from its first page to its
    // end, so that they land inside the run (the pass, the check, the end), not after it.
    const reference = mkdtempSync(join(tmpdir(), 'dedup-kill-'));
    const measured = startSync(reference, env);
    await measured.firstPage;
    const t0 = performance.now();
    await measured.exit;
    const spanMs = performance.now() - t0;
    rmSync(reference, { recursive: true, force: true });
    let seed = 7;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    let resumedExact = 0;
    let inside = 0;
    for (let k = 0; k < KILLS; k++) {
      const dir = mkdtempSync(join(tmpdir(), 'dedup-kill-'));
      const running = startSync(dir, env);
      await running.firstPage;
      const at = rnd() * 0.95 * spanMs;
      await Promise.race([new Promise((r) => setTimeout(r, at)), running.exit]);
      running.child.kill('SIGKILL');
      const killed = await running.exit;
      if (killed.signal === 'SIGKILL') inside++;
      await approve(client, 1, touched);
      await sync(dir, env);
      const diff = await difference(client, dir);
      if (!diff) resumedExact++;
      console.log(`kill -9 ${(at / 1000).toFixed(1)} s after the first page of ${(spanMs / 1000).toFixed(1)} (${killed.signal === 'SIGKILL' ? 'killed' : 'it had ended'}), an approval, resumed: ${diff || 'exact'}`);
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`kill -9 at random points then resume: exact in ${resumedExact} of ${KILLS} (${inside} of the kills landed inside the sync)`);
  } finally {
    await sandbox.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
