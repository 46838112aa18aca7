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
//      typos, accents) and the heap and RSS it adds.
// Every CLI run is a fresh `node dist/cli.js`, timed from spawn to exit.
// Run: npm run build && nice node --expose-gc --import tsx bench/mirror-scale.ts --places 9000 --events 7000 [--keep]
//   (locations ≈ 2.75 × places, events ≈ 2.75 × events)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../src/api';
import { EARLIEST_SINCE, Mirror, type MirrorKind } from '../src/mirror';
import { startBenchSandbox } from './lib/bench-sandbox';
import { type CliRun, diskBytes, memoryMb, runMeasuredCli } from './lib/cli-run';
import { percentile, queriesFrom } from './lib/mirror-queries';
import { onePercentChanger } from './lib/one-percent';
import { machineLine, median, numberOption } from './lib/stats';

const PLACES = numberOption('--places', 9_000);
const EVENTS = numberOption('--events', 7_000);
const KEEP = process.argv.includes('--keep');

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

/** Search latency over 1,000 queries made from the kind's names. */
function searchLatency(mirror: Mirror, kind: MirrorKind): string {
  const records = mirror.search<{ id: string; name?: string | null }>(kind, '', Number.MAX_SAFE_INTEGER).map((h) => ({ id: h.id, name: h.record.name ?? '' }));
  const times: number[] = [];
  let found = 0;
  for (const { q, target } of queriesFrom(records, 1000)) {
    const t = performance.now();
    const hits = mirror.search(kind, q, 20);
    times.push(performance.now() - t);
    if (hits.some((h) => h.id === target)) found++;
  }
  return `search ${kind} (${records.length}): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(0)} ms; target in the first 20 for ${found} of 1000`;
}

async function main(): Promise<void> {
  console.log(machineLine());
  const sandbox = await startBenchSandbox({ locations: PLACES, events: EVENTS, autoMergeThreshold: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'dedup-mirror-scale-'));
  const env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  try {
    console.log(`sandbox: ${sandbox.stats.locations} locations, ${sandbox.stats.events} events (started in ${sandbox.startSeconds.toFixed(0)} s)`);
    const warm = await plainListing(env);
    console.log(`plain listing, first (the sandbox renders every record): ${warm.seconds.toFixed(1)} s; NDJSON ${(warm.bytes / 2 ** 20).toFixed(0)} MB`);
    const before = await plainListing(env);
    const full = await runCli(['mirror', 'sync', '--dir', dir], env);
    const after = await plainListing(env);
    const listing = median([before.seconds, after.seconds]);
    console.log(`full sync ${full.seconds.toFixed(1)} s (peak RSS ${full.maxRssMb.toFixed(0)} MB) ÷ plain listing ${listing.toFixed(1)} s (${before.seconds.toFixed(1)} before, ${after.seconds.toFixed(1)} after; peak RSS ${before.maxRssMb.toFixed(0)} MB) = ${(full.seconds / listing).toFixed(2)}×`);
    const disk = diskBytes(dir);
    console.log(`disk ${(disk / 2 ** 20).toFixed(0)} MB ÷ NDJSON ${(before.bytes / 2 ** 20).toFixed(0)} MB = ${(disk / before.bytes).toFixed(2)}×`);

    const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    const approved = await onePercentChanger(client, sandbox.stats)();
    const incremental = await runCli(['mirror', 'sync', '--dir', dir], env);
    console.log(`incremental sync after ${approved} approvals: ${incremental.seconds.toFixed(2)} s = ${((incremental.seconds / full.seconds) * 100).toFixed(1)} % of the full sync (peak RSS ${incremental.maxRssMb.toFixed(0)} MB); ${received(incremental.out)}`);

    const m0 = memoryMb();
    const t = performance.now();
    const mirror = await Mirror.open(dir);
    const openMs = performance.now() - t;
    try {
      for (const kind of ['locations', 'events'] as const) console.log(searchLatency(mirror, kind));
      const m1 = memoryMb();
      console.log(`open ${openMs.toFixed(0)} ms; with the searches heap +${(m1.heap - m0.heap).toFixed(0)} MB, RSS +${(m1.rss - m0.rss).toFixed(0)} MB${KEEP ? `; kept in ${dir}` : ''}`);
    } finally {
      mirror.close();
    }
  } finally {
    await sandbox.stop();
    if (!KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
