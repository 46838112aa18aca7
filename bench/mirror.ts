// The mirror (issue 18) at scale, against a sandbox in its own process on 127.0.0.1:
//   1. full sync: `dedup-curator mirror sync` into an empty directory, against the CLI's plain
//      listing of the same records (`locations --all` + `events --all`, page size 500, to /dev/null),
//      like for like: both against a sandbox that renders every record for the first time, and
//      both against one that has rendered them (its cache of wire forms);
//   2. incremental sync after about 1 % of the records changed (approvals merging records; events at
//      merged locations change with them), as a share of the full sync's time;
//   3. open time (Mirror.open: read the record tables), heap and RSS of the open mirror, size on
//      disk; then the index built in slices (time, longest block of the event loop, heap with it);
//   4. search latency p50/p95 over 1,000 queries made from record names (prefixes, typos, accents).
// Each timed CLI run is a fresh `node dist/cli.js` process, timed from spawn to exit.
// Run: npm run build && node --expose-gc --import tsx bench/mirror.ts [--places 36300] [--events 27900] [--sync-only] [--repeat N]
//   (36,300 places and 27,900 real events ≈ 100,000 locations and 50,000 events, nothing merged at start)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../src/api';
import { EARLIEST_SINCE, Mirror } from '../src/mirror';
import { startBenchSandbox } from './lib/bench-sandbox';
import { diskBytes, memoryMb } from './lib/cli-run';
import { onePercentChanger } from './lib/one-percent';
import { percentile, queriesFrom, typedQueries } from './lib/mirror-queries';
import { machineLine, median, numberOption, summary } from './lib/stats';

const PLACES = numberOption('--places', 36_300);
const EVENTS = numberOption('--events', 27_900);
const CLI = join(__dirname, '..', 'dist', 'cli.js');
/** Only the sync lines (full, incremental fresh process, incremental of the open mirror): for iterating on the sync. */
const SYNC_ONLY = process.argv.includes('--sync-only');
/**
 * Each sync line measured this many times, medians printed. Not the same conditions as one run: a
 * repeated full sync meets a sandbox that has rendered its records once already (faster), and each
 * repeated incremental also lists the previous rounds' changes (they are within the five-minute
 * overlap), so it grows with each round. For ratios, compare single runs side by side.
 */
const REPEAT = numberOption('--repeat', 1);

function runCli(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve((performance.now() - t) / 1000) : reject(new Error(`dedup-curator ${args.join(' ')} exited ${code}: ${err.slice(-500)}`))));
  });
}

async function main(): Promise<void> {
  console.log(machineLine());
  const sandbox = await startBenchSandbox({ locations: PLACES, events: EVENTS, autoMergeThreshold: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'dedup-mirror-bench-'));
  try {
    const env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
    console.log(`sandbox: ${sandbox.stats.locations} locations, ${sandbox.stats.events} events (started in ${sandbox.startSeconds.toFixed(1)} s)`);

    const listAll = async (since: string) =>
      (await runCli(['locations', '--all', '--page-size', '500', `--updated-since=${since}`], env)) + (await runCli(['events', '--all', '--page-size', '500', `--updated-since=${since}`], env));
    // The sandbox renders a record's wire form once per change and keeps it (its own cache): the
    // first listing pays that for every record, later ones do not. So the ratios compare like with
    // like: the first-time listing with a full sync against a second sandbox of the same data that
    // has rendered nothing, and the repeated listing with the full sync here (both warm).
    const coldListing = await listAll(EARLIEST_SINCE);
    const listing = await listAll(EARLIEST_SINCE);
    console.log(`plain listing: ${coldListing.toFixed(2)} s the first time (the sandbox renders every record), ${listing.toFixed(2)} s again`);
    // A full sync against a sandbox that has rendered nothing yet (a second one, same data), as the
    // cold listing above met: the two first-time figures side by side.
    const fresh = await startBenchSandbox({ locations: PLACES, events: EVENTS, autoMergeThreshold: 2 });
    const coldDir = mkdtempSync(join(tmpdir(), 'dedup-mirror-bench-'));
    let coldFull = Number.NaN;
    try {
      coldFull = await runCli(['mirror', 'sync', '--dir', coldDir], { DEDUP_BASE_URL: fresh.baseUrl, DEDUP_TOKEN: fresh.token });
      console.log(`first-time figures (a service that renders every record): full sync ${coldFull.toFixed(2)} s ÷ plain listing ${coldListing.toFixed(2)} s = ${(coldFull / coldListing).toFixed(2)}×`);
    } finally {
      await fresh.stop();
      rmSync(coldDir, { recursive: true, force: true });
    }
    const fulls = [await runCli(['mirror', 'sync', '--dir', dir], env)];
    for (let i = 1; i < REPEAT; i++) {
      const again = mkdtempSync(join(tmpdir(), 'dedup-mirror-bench-'));
      fulls.push(await runCli(['mirror', 'sync', '--dir', again], env));
      rmSync(again, { recursive: true, force: true });
    }
    const full = median(fulls);
    console.log(`service warm: full sync ${summary(fulls)} s ÷ plain listing of the same records ${listing.toFixed(2)} s = ${(full / listing).toFixed(2)}×`);

    // About 1 % of the records changed: approvals merge records (each changes the survivor, removes
    // the others, and re-embeds the survivor in the events at them).
    const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    const changeOnePercent = onePercentChanger(client, sandbox.stats);
    let approved = 0;
    const incrementals: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      approved = await changeOnePercent();
      incrementals.push(await runCli(['mirror', 'sync', '--dir', dir], env));
    }
    const incremental = median(incrementals);
    const opened0 = memoryMb();
    let t = performance.now();
    const mirror = await Mirror.open(dir);
    const openSeconds = (performance.now() - t) / 1000;
    const opened = memoryMb();
    const changed = (mirror.state('locations')?.count ?? 0) + (mirror.state('events')?.count ?? 0);
    // The incremental sync meets a service rendering the changed records for the first time: as the
    // first-time full sync does (like for like); its share of the warm full sync is printed too.
    console.log(`incremental sync after ${approved} approvals: ${summary(incrementals)} s = ${((incremental / coldFull) * 100).toFixed(1)} % of the first-time full sync (${((incremental / full) * 100).toFixed(1)} % of the warm one); ${changed} records mirrored`);
    console.log(`open ${openSeconds.toFixed(2)} s; heap +${(opened.heap - opened0.heap).toFixed(0)} MB, RSS +${(opened.rss - opened0.rss).toFixed(0)} MB; disk ${(diskBytes(dir) / 2 ** 20).toFixed(0)} MB`);
    if (SYNC_ONLY) {
      await syncOpenMirror(mirror, client, changeOnePercent, full, coldFull);
      return;
    }
    // The index is built after open, in slices (as the extension does): the longest slice is how
    // long the event loop waited at most.
    t = performance.now();
    let longest = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 1);
    await Promise.all([mirror.prepare('locations'), mirror.prepare('events')]);
    clearInterval(ticker);
    const indexed = memoryMb();
    console.log(`index both kinds ${((performance.now() - t) / 1000).toFixed(2)} s (event loop blocked ${longest.toFixed(0)} ms at most); heap with index +${(indexed.heap - opened0.heap).toFixed(0)} MB, RSS +${(indexed.rss - opened0.rss).toFixed(0)} MB`);

    for (const kind of ['locations', 'events'] as const) {
      const records = mirror.search<{ id: string; name?: string | null }>(kind, '', Number.MAX_SAFE_INTEGER).map((h) => ({ id: h.id, name: h.record.name ?? '' }));
      const queries = queriesFrom(records, 1000);
      const times: number[] = [];
      let found = 0;
      for (const { q, target: id } of queries) {
        t = performance.now();
        const hits = mirror.search(kind, q, 20);
        times.push(performance.now() - t);
        if (hits.some((h) => h.id === id)) found++;
      }
      console.log(`search ${kind}: p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${Math.max(...times).toFixed(1)} ms; target in first 20: ${found} / 1000`);
      // As Find is used: a name typed a letter at a time, every prefix a search ("b", "bl", … "blue o").
      const typed = typedQueries(records, 100);
      const perLength = new Map<number, number[]>();
      const all: number[] = [];
      for (const q of typed) {
        t = performance.now();
        mirror.search(kind, q, 20);
        const ms = performance.now() - t;
        all.push(ms);
        const bucket = Math.min(q.length, 4);
        perLength.set(bucket, [...(perLength.get(bucket) ?? []), ms]);
      }
      const byLength = [...perLength].sort((a, b) => a[0] - b[0]).map(([len, xs]) => `${len === 4 ? '4+' : len} chars p95 ${percentile(xs, 95).toFixed(1)}`);
      console.log(`search ${kind} as typed (${typed.length} keystrokes of 100 names): p50 ${percentile(all, 50).toFixed(2)} ms, p95 ${percentile(all, 95).toFixed(2)} ms, max ${Math.max(...all).toFixed(1)} ms; ${byLength.join(', ')} ms`);
    }

    await syncOpenMirror(mirror, client, changeOnePercent, full, coldFull);

    // A restart: the tables, then the index stored beside the records by the prepare above.
    const reopened0 = memoryMb();
    t = performance.now();
    const again = await Mirror.open(dir);
    const reopenSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    await Promise.all([again.prepare('locations'), again.prepare('events')]);
    const reindexed = memoryMb();
    console.log(`reopen ${reopenSeconds.toFixed(2)} s, then the stored index loaded in ${((performance.now() - t) / 1000).toFixed(2)} s; heap +${(reindexed.heap - reopened0.heap).toFixed(0)} MB, RSS +${(reindexed.rss - reopened0.rss).toFixed(0)} MB (the first mirror still open)`);
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * As the extension syncs (on demand or on its schedule): the mirror is open (and, in the whole run,
 * indexed) already, so the sync pays neither a process start nor an open; another 1 % changed.
 */
async function syncOpenMirror(mirror: Mirror, client: DedupClient, changeOnePercent: () => Promise<number>, full: number, coldFull: number): Promise<void> {
  // The extension readies an opened mirror for its next sync in the background (the source ids'
  // owners, in slices): timed here, not part of the sync.
  const before = memoryMb();
  let t = performance.now();
  await mirror.prepareSync();
  const after = memoryMb();
  console.log(`prepare the open mirror for a sync (in slices, as the extension after an open) ${((performance.now() - t) / 1000).toFixed(2)} s; heap +${(after.heap - before.heap).toFixed(0)} MB`);
  let approvedAgain = 0;
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    approvedAgain = await changeOnePercent();
    t = performance.now();
    await mirror.sync(client);
    times.push((performance.now() - t) / 1000);
  }
  const inProcess = median(times);
  console.log(`incremental sync of the open mirror after ${approvedAgain} more approvals (as the extension does): ${summary(times)} s = ${((inProcess / coldFull) * 100).toFixed(1)} % of the first-time full sync (${((inProcess / full) * 100).toFixed(1)} % of the warm one)`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
