// The mirror on SQLite at scale (issue 33's million-record goals), against a sandbox in its own
// process on 127.0.0.1 (nothing merged at start), side by side in one run:
//   1. the plain listing: `dedup-curator locations --all` and `events --all` (page size 500, NDJSON)
//      at the same time, as two processes (the sync lists both kinds at once): its time and the
//      NDJSON's size; once to warm the sandbox (it renders each record's wire form once), then
//      before and after the full sync;
//   2. a full `dedup-curator mirror sync` into an empty directory: time, peak RSS, disk;
//   3. about 1 % of the records changed (approvals merging records), then an incremental
//      `mirror sync`: its time as a share of the full one;
//   4. in this process, the mirror opened: search p50/p95 over 1,000 queries per kind (prefixes,
//      typos, accents; made from 4,000 records listed from the service) as the CLI asks (20 hits),
//      and names typed a letter at a time as Find asks (50 hits); the heap and RSS it adds.
// Every CLI run is a fresh `node dist/cli.js`, timed from spawn to exit.
// Run: npm run build && nice node --expose-gc --import tsx bench/mirror-scale.ts --places 9000 --events 7000 [--keep]
//   (nothing merged at start-up: locations ≈ 2.75 × places, events ≈ 1.8 × events)
// A million records (docs/benchmarks.md, "A million records"):
//   nice node --expose-gc --import tsx bench/mirror-scale.ts --truth --places 220000 --events 220000 --sandbox-heap 9000
//   --truth: the sandbox's truth matcher (store-truth-matcher.ts): nothing merged at start-up, every real
//     entity listed twice or more one pending recommendation; 1,001,343 records start in about a minute
//     where the learned matcher takes a quarter of an hour and 12 GB;
//   --base DIR: measure another checkout's mirror (its dist/cli.js, built, and its src/mirror), e.g. a branch
//     after a merge; the sandbox stays this checkout's;
//   --rounds N: full syncs, each into a new directory, alternated with plain listings (default 1).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DedupClient } from '../src/api';
import { EARLIEST_SINCE, type Mirror, type MirrorKind } from '../src/mirror';
import { startBenchSandbox } from './lib/bench-sandbox';
import { type CliRun, diskBytes, memoryMb, runMeasuredCli } from './lib/cli-run';
import { percentile, queriesFrom, typedQueries } from './lib/mirror-queries';
import { onePercentChanger } from './lib/one-percent';
import { machineLine, median, numberOption } from './lib/stats';

const PLACES = numberOption('--places', 9_000);
const EVENTS = numberOption('--events', 7_000);
const KEEP = process.argv.includes('--keep');
const TRUTH = process.argv.includes('--truth');
const ROUNDS = numberOption('--rounds', 1);
const SANDBOX_HEAP_MB = numberOption('--sandbox-heap', 4096);
const BASE = process.argv.includes('--base') ? resolve(process.argv[process.argv.indexOf('--base') + 1] ?? '') : undefined;

/** A fresh CLI process, keeping the first 4 KB of its stdout (a sync's report). */
const runCli = (args: string[], env: Record<string, string>) => runMeasuredCli(args, env, 4096);

/** Both kinds listed whole at once, as two processes: the time until both ended, and the NDJSON's bytes. */
async function plainListing(env: Record<string, string>): Promise<CliRun> {
  const t = performance.now();
  const kinds = await Promise.all(['locations', 'events'].map((k) => runCli([k, '--all', '--page-size', '500', `--updated-since=${EARLIEST_SINCE}`, '--format', 'ndjson'], env)));
  return { seconds: (performance.now() - t) / 1000, bytes: kinds[0].bytes + kinds[1].bytes, maxRssMb: Math.max(kinds[0].maxRssMb, kinds[1].maxRssMb), out: '' };
}

/** What a sync's report says it received, per kind. */
function received(report: string): string {
  const kinds = report.trim().split('\n').map((l) => JSON.parse(l) as { kind: string; received: number; passes: number; since: string });
  return kinds.map((k) => `${k.kind}: ${k.received} received since ${k.since}, ${k.passes} pass(es)`).join('; ');
}

/** Records to make queries from: 4,000 of the kind, from pages spread over the whole listing. */
async function sampleRecords(client: DedupClient, kind: MirrorKind, count: number): Promise<{ id: string; name: string }[]> {
  const pages = Math.ceil(count / 500);
  const out: { id: string; name: string }[] = [];
  for (let k = 0; k < 8; k++) {
    const page = Math.floor((k * pages) / 8);
    const params = { updatedSince: EARLIEST_SINCE, page, pageSize: 500 };
    const got = kind === 'locations' ? await client.listLocations(params) : await client.listEvents(params);
    for (const r of got.data) out.push({ id: r.id, name: r.name ?? '' });
  }
  return out;
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** p50/p95 (wall, and CPU for p95) of `search` over the queries, with `limit` hits each. */
function timeQueries(mirror: Mirror, kind: MirrorKind, queries: string[], limit: number, onHits?: (i: number, ids: string[]) => void): string {
  const wall: number[] = [];
  const cpu: number[] = [];
  queries.forEach((q, i) => {
    const t = performance.now();
    const c = cpuMs();
    const hits = mirror.search(kind, q, limit);
    cpu.push(cpuMs() - c);
    wall.push(performance.now() - t);
    onHits?.(i, hits.map((h) => h.id));
  });
  return `p50 ${percentile(wall, 50).toFixed(1)} ms, p95 ${percentile(wall, 95).toFixed(1)} ms (CPU p95 ${percentile(cpu, 95).toFixed(1)}), max ${Math.max(...wall).toFixed(0)} ms`;
}

/** Search latency over 1,000 queries made from the kind's names (20 hits), and names typed as into Find (50 hits). */
function searchLatency(mirror: Mirror, kind: MirrorKind, records: { id: string; name: string }[]): string {
  const queries = queriesFrom(records, 1000);
  let found = 0;
  const asked = timeQueries(mirror, kind, queries.map((x) => x.q), 20, (i, ids) => {
    if (ids.includes(queries[i]!.target)) found++;
  });
  const typed = timeQueries(mirror, kind, typedQueries(records, 100), 50);
  return `search ${kind}: 1,000 queries, 20 hits: ${asked}; target in the first 20 for ${found} of 1000; typed as into Find (50 hits): ${typed}`;
}

/** The mirror's code measured: this checkout's, or --base's (its dist/cli.js for the CLI runs, its src/mirror in process). */
async function mirrorCode(): Promise<typeof Mirror> {
  if (!BASE) return (await import('../src/mirror')).Mirror;
  const cli = join(BASE, 'dist', 'cli.js');
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run npm run build in ${BASE}`);
  process.env.DEDUP_BENCH_CLI = cli;
  return ((await import(join(BASE, 'src', 'mirror', 'index.ts'))) as { Mirror: typeof Mirror }).Mirror;
}

/** The peak RSS of a process, from /proc (Linux). */
function peakRssMb(pid: number): string {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? `${(Number(kb) / 1024).toFixed(0)} MB` : '?';
  } catch {
    return '?';
  }
}

/** Full syncs into new directories, each between two plain listings; the last directory is kept for what follows. */
async function fullSyncs(env: Record<string, string>): Promise<{ dir: string; full: CliRun; ndjsonBytes: number }> {
  let listing = await plainListing(env);
  const listings = [listing.seconds];
  const ratios: number[] = [];
  let dir = '';
  let full!: CliRun;
  for (let round = 1; round <= ROUNDS; round++) {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = mkdtempSync(join(tmpdir(), 'dedup-mirror-scale-'));
    full = await runCli(['mirror', 'sync', '--dir', dir], env);
    const after = await plainListing(env);
    const around = median([listing.seconds, after.seconds]);
    ratios.push(full.seconds / around);
    console.log(`round ${round}: full sync ${full.seconds.toFixed(1)} s (peak RSS ${full.maxRssMb.toFixed(0)} MB) ÷ plain listing ${around.toFixed(1)} s (${listing.seconds.toFixed(1)} before, ${after.seconds.toFixed(1)} after; peak RSS ${after.maxRssMb.toFixed(0)} MB) = ${(full.seconds / around).toFixed(2)}×; ${received(full.out)}  [${machineLine()}]`);
    listing = after;
    listings.push(after.seconds);
  }
  if (ROUNDS > 1) console.log(`full sync ÷ plain listing over ${ROUNDS} rounds: median ${median(ratios).toFixed(2)}× (${ratios.map((r) => r.toFixed(2)).join(', ')})`);
  return { dir, full, ndjsonBytes: listing.bytes };
}

async function main(): Promise<void> {
  const MirrorOf = await mirrorCode();
  console.log(machineLine());
  console.log(`mirror code: ${BASE ?? 'this checkout'}; sandbox: this checkout's dist/sandbox.js${TRUTH ? ', truth matcher' : ''}`);
  // The sandbox's own heap: a million records and their rendered pages outgrow Node's default.
  process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${SANDBOX_HEAP_MB}`.trim();
  const sandbox = await startBenchSandbox({ locations: PLACES, events: EVENTS, autoMergeThreshold: 2, ...(TRUTH ? { matcher: 'truth' as const } : {}) });
  delete process.env.NODE_OPTIONS;
  let dir: string | undefined;
  const env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  try {
    const records = sandbox.stats.locations + sandbox.stats.events;
    console.log(`sandbox: ${sandbox.stats.locations} locations, ${sandbox.stats.events} events = ${records} records (started in ${sandbox.startSeconds.toFixed(0)} s)`);
    const warm = await plainListing(env);
    console.log(`plain listing, first (the sandbox renders every record): ${warm.seconds.toFixed(1)} s; NDJSON ${(warm.bytes / 2 ** 20).toFixed(0)} MB  [${machineLine()}]`);
    const synced = await fullSyncs(env);
    dir = synced.dir;
    const disk = diskBytes(dir);
    console.log(`disk ${(disk / 2 ** 20).toFixed(0)} MB ÷ NDJSON ${(synced.ndjsonBytes / 2 ** 20).toFixed(0)} MB = ${(disk / synced.ndjsonBytes).toFixed(2)}×`);

    const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    const approved = await onePercentChanger(client, sandbox.stats)();
    const incremental = await runCli(['mirror', 'sync', '--dir', dir], env);
    console.log(`incremental sync after ${approved} approvals: ${incremental.seconds.toFixed(2)} s = ${((incremental.seconds / synced.full.seconds) * 100).toFixed(1)} % of the full sync (peak RSS ${incremental.maxRssMb.toFixed(0)} MB); ${received(incremental.out)}  [${machineLine()}]`);

    const samples = { locations: await sampleRecords(client, 'locations', sandbox.stats.locations), events: await sampleRecords(client, 'events', sandbox.stats.events) };
    const m0 = memoryMb();
    const t = performance.now();
    const mirror = await MirrorOf.open(dir);
    const openMs = performance.now() - t;
    try {
      for (const kind of ['locations', 'events'] as const) console.log(`${searchLatency(mirror, kind, samples[kind])}  [${machineLine()}]`);
      const m1 = memoryMb();
      console.log(`open ${openMs.toFixed(0)} ms; with the searches heap +${(m1.heap - m0.heap).toFixed(0)} MB, RSS +${(m1.rss - m0.rss).toFixed(0)} MB${KEEP ? `; kept in ${dir}` : ''}`);
    } finally {
      mirror.close();
    }
    console.log(`sandbox peak RSS ${peakRssMb(sandbox.pid)}`);
  } finally {
    await sandbox.stop();
    if (!KEEP && dir) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
