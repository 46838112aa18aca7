// The mirror's search on SQLite (FTS5 trigram candidates re-ranked by typos), as a user meets it:
//   1. quality: names with one typo (a letter replaced by another), the intended record among the
//      first 5 hits (the number asked: 30 queries, or --queries);
//   2. a fresh `dedup-curator mirror search` process: its time from spawn to exit less the CLI's own
//      start-up (`dedup-curator --version`), median of --runs, and its peak RSS;
//   3. in-process search latency p50/p95 over 1,000 queries (prefixes, typos, accents), and the heap
//      and RSS the open mirror adds.
// The sandbox runs in its own process; the mirror is synced by the CLI into a temporary directory.
// Run: npm run build && nice node --expose-gc --import tsx bench/mirror-search.ts --places 2900 [--queries 30] [--runs 9]
//   (--places 2,900 ≈ 8,000 locations; 54,500 ≈ 150,000; nothing merged at start)
//   [--seed N] another draw of names and typos (33 by default); [--at inner|any|first] where the typo
//   goes: not the first letter (default), any letter, the first letter;
//   [--keep] keeps the synced directory (its path printed); [--dir DIR] searches a kept one instead of syncing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mirror } from '../src/mirror';
import { startBenchSandbox } from './lib/bench-sandbox';
import { diskBytes, memoryMb, runMeasuredCli as runCli } from './lib/cli-run';
import { percentile, queriesFrom } from './lib/mirror-queries';
import { machineLine, median, numberOption } from './lib/stats';

const PLACES = numberOption('--places', 2_900);
const QUERIES = numberOption('--queries', 30);
const RUNS = numberOption('--runs', 9);
const SEED = numberOption('--seed', 33);
/** Where the typo goes: a letter other than the first (the default), any letter, or the first letter. */
const AT = process.argv.includes('--at') ? process.argv[process.argv.indexOf('--at') + 1] : 'inner';
const KEEP = process.argv.includes('--keep');
const GIVEN_DIR = process.argv.includes('--dir') ? process.argv[process.argv.indexOf('--dir') + 1] : undefined;
/** One letter of a name (where --at says) replaced by another letter: deterministic from the seed. */
function oneTypo(records: { id: string; name: string }[], n: number, seed = SEED): { q: string; target: string }[] {
  let x = seed;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const out: { q: string; target: string }[] = [];
  const candidates = records.filter((r) => r.name.replace(/[^a-z]/gi, '').length >= 6);
  while (out.length < n) {
    const { id, name } = candidates[Math.floor(rnd() * candidates.length)];
    const letters = [...name].map((c, i) => (/[a-z]/i.test(c) && (AT === 'any' || (AT === 'first' ? i === 0 : i > 0)) ? i : -1)).filter((i) => i >= 0);
    if (letters.length === 0) continue;
    const i = letters[Math.floor(rnd() * letters.length)];
    let c = name[i];
    while (c.toLowerCase() === name[i].toLowerCase()) c = String.fromCharCode(97 + Math.floor(rnd() * 26));
    out.push({ q: name.slice(0, i) + c + name.slice(i + 1), target: id });
  }
  return out;
}

async function main(): Promise<void> {
  console.log(machineLine());
  const sandbox = GIVEN_DIR ? undefined : await startBenchSandbox({ locations: PLACES, events: 0, autoMergeThreshold: 2 });
  const dir = GIVEN_DIR ?? mkdtempSync(join(tmpdir(), 'dedup-mirror-search-'));
  try {
    const env: Record<string, string> = sandbox ? { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token } : {};
    if (sandbox) {
      const sync = await runCli(['mirror', 'sync', '--dir', dir], env);
      console.log(`${sandbox.stats.locations} locations synced in ${sync.seconds.toFixed(1)} s (peak RSS ${sync.maxRssMb.toFixed(0)} MB); disk ${(diskBytes(dir) / 2 ** 20).toFixed(0)} MB${KEEP ? `; kept in ${dir}` : ''}`);
    }

    const before = memoryMb();
    let t = performance.now();
    const mirror = await Mirror.open(dir);
    const openMs = performance.now() - t;
    const records = mirror.search<{ id: string; name?: string | null }>('locations', '', Number.MAX_SAFE_INTEGER).map((h) => ({ id: h.id, name: h.record.name ?? '' }));
    const typos = oneTypo(records, QUERIES);
    // The service's duplicates: many records of one name. When more than five hold the intended
    // record's name exactly, five of them is as right an answer as a search by name can give.
    const fold = (n: string) => n.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
    const byName = new Map<string, number>();
    for (const r of records) byName.set(fold(r.name), (byName.get(fold(r.name)) ?? 0) + 1);
    const nameOf = new Map(records.map((r) => [r.id, r.name]));
    let found = 0;
    let foundOrNamesakes = 0;
    const missed: string[] = [];
    for (const { q, target } of typos) {
      const hits = mirror.search<{ name?: string }>('locations', q, 5);
      const name = fold(nameOf.get(target) ?? '');
      if (hits.some((h) => h.id === target)) found++;
      else missed.push(`${JSON.stringify(q)} (${byName.get(name)} named so${byName.has(fold(q)) ? `; the typo spells another name, held by ${byName.get(fold(q))}` : ''})`);
      if (hits.some((h) => h.id === target) || ((byName.get(name) ?? 0) > 5 && hits.length === 5 && hits.every((h) => fold(h.record.name ?? '') === name))) foundOrNamesakes++;
    }
    console.log(`one-typo names: intended record in the first 5 for ${found} of ${typos.length}; it or (when more than 5 records have its name) 5 of its namesakes: ${foundOrNamesakes} of ${typos.length}${missed.length ? ` (missed: ${missed.join(', ')})` : ''}`);

    const queries = queriesFrom(records, 1000);
    const times: number[] = [];
    for (const { q } of queries) {
      t = performance.now();
      mirror.search('locations', q, 20);
      times.push(performance.now() - t);
    }
    const open = memoryMb();
    console.log(`in process: open ${openMs.toFixed(0)} ms (quick_check skipped: unchanged since the sync checked it); search p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(0)} ms; heap +${(open.heap - before.heap).toFixed(0)} MB, RSS +${(open.rss - before.rss).toFixed(0)} MB`);
    mirror.close();

    const startup: number[] = [];
    const searches: number[] = [];
    let rss = 0;
    for (let i = 0; i < RUNS; i++) {
      startup.push((await runCli(['--version'], env)).seconds);
      const r = await runCli(['mirror', 'search', typos[i % typos.length].q, '--dir', dir, '--limit', '5'], env);
      searches.push(r.seconds);
      rss = Math.max(rss, r.maxRssMb);
    }
    const beyond = (median(searches) - median(startup)) * 1000;
    // The same once the file changed since its last check (a touch): the open runs PRAGMA quick_check.
    const { utimesSync } = await import('node:fs');
    utimesSync(join(dir, 'mirror.sqlite'), new Date(), new Date());
    const checked = await runCli(['mirror', 'search', typos[0].q, '--dir', dir, '--limit', '5'], env);
    console.log(`a fresh search whose open runs quick_check (file touched): ${(checked.seconds * 1000).toFixed(0)} ms; peak RSS ${checked.maxRssMb.toFixed(0)} MB`);
    console.log(`fresh 'mirror search' process: median ${(median(searches) * 1000).toFixed(0)} ms, CLI start-up ('--version') ${(median(startup) * 1000).toFixed(0)} ms: ${beyond.toFixed(0)} ms beyond start-up; peak RSS ${rss.toFixed(0)} MB`);
  } finally {
    await sandbox?.stop();
    if (!KEEP && !GIVEN_DIR) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
