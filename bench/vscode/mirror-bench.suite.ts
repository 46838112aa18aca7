// Runs inside the real VS Code extension host (bench/mirror-host.ts builds it into the integration
// suite's folder and starts the harness narrowed to "bench-mirror:"). Registers nothing unless
// DEDUP_CURATOR_BENCH_MIRROR_OUT is set. A synced mirror (bench/mirror-search.ts --keep) is copied
// into the directory the extension keeps for the bench sandbox's address, the extension connects
// there and opens it as Find does (MirrorService.current(), dist/mirror.js loaded on first use),
// then searches it with 1,000 queries (prefixes, typos, accents) and twice more as typed, a letter at
// a time; it writes the open time, search p50/p95 (wall and CPU time: a search the host's thread
// waited for beyond its CPU was waiting for the machine) and the heap and memory growth as JSON.
// Then, through the real Find Location quick pick, names typed into it a letter at a time, each
// timed until Find's items answer it (the search plus what the quick pick does with its hits).
// With DEDUP_CURATOR_BENCH_MIRROR_BASE (another build's mirror.js, bench/mirror-host.ts --base),
// that build opens the same file too, and both search the same queries alternated, query by query.
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { Mirror } from '../../src/mirror';
import { percentile, queriesFrom, typedQueries } from '../lib/mirror-queries';

const OUT = process.env.DEDUP_CURATOR_BENCH_MIRROR_OUT;

/** A full garbage collection, so heap figures are what is live (the host runs without --expose-gc). */
function gc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** Wall and CPU milliseconds of one search. */
function timed(search: () => unknown): { wall: number; cpu: number } {
  const c = cpuMs();
  const t = performance.now();
  search();
  return { wall: performance.now() - t, cpu: cpuMs() - c };
}

/** As between keystrokes: the host's other work runs. */
const yieldToHost = () => new Promise((r) => setImmediate(r));

function memory(): { heapMb: number; rssMb: number; externalMb: number } {
  gc();
  const m = process.memoryUsage();
  return { heapMb: m.heapUsed / 2 ** 20, rssMb: m.rss / 2 ** 20, externalMb: m.external / 2 ** 20 };
}

if (OUT) {
  describe('bench-mirror: the mirror in the extension host', function () {
    this.timeout(900_000);

    it('opens a synced mirror and searches it as Find does', async () => {
      try {
        await measure();
      } catch (e) {
        writeFileSync(OUT, JSON.stringify({ error: e instanceof Error ? e.stack : String(e) }));
        throw e;
      }
    });
  });
}

async function measure(): Promise<void> {
  const { baseUrl, token } = JSON.parse(readFileSync(process.env.DEDUP_CURATOR_BENCH_SANDBOX!, 'utf8')) as { baseUrl: string; token: string };
  const ext = vscode.extensions.getExtension<DedupCuratorApi>('dedup-curator.dedup-curator');
  if (!ext) throw new Error('the extension is not installed');
  const api = await ext.activate();
  await api.ready;
  const dir = api.mirrors.dirFor(baseUrl);
  mkdirSync(dir, { recursive: true });
  // Linked where the file system allows: the same file (inode, size, time), so the open skips the
  // quick_check its stamp says was done (a copy is checked: seconds at 150,000 records).
  for (const f of ['mirror.sqlite', 'mirror.sqlite.checked']) {
    const from = join(process.env.DEDUP_CURATOR_BENCH_MIRROR_DIR!, f);
    rmSync(join(dir, f), { force: true });
    try {
      linkSync(from, join(dir, f));
    } catch {
      copyFileSync(from, join(dir, f));
    }
  }
  const before = memory();
  await api.session.useEphemeral({ baseUrl, token, label: 'Bench sandbox' });
  const t = performance.now();
  const mirror = await api.mirrors.current();
  const openMs = performance.now() - t;
  if (!mirror || mirror.count('locations') === 0) throw new Error(`the copied mirror did not open: ${mirror?.damage ?? 'no mirror'}`);
  const opened = memory();
  // The queries are made from the first 20,000 records (listing all at once blocked the host long enough to lose its connection on a loaded machine).
  const records = mirror.search<{ id: string; name?: string | null }>('locations', '', 20_000).map((h) => ({ id: h.id, name: h.record.name ?? '' }));
  const afterList = memory();
  const queries = queriesFrom(records, 1000).map((x) => x.q);
  const typedList = typedQueries(records, 100);
  const times: { wall: number; cpu: number }[] = [];
  for (const q of queries) {
    times.push(timed(() => mirror.search('locations', q, 50)));
    await yieldToHost();
  }
  const typed: { wall: number; cpu: number }[] = [];
  for (const q of typedList) {
    typed.push(timed(() => mirror.search('locations', q, 50)));
    await yieldToHost();
  }
  const searched = memory();
  const find = await throughFind(api, mirror, typedList.slice(0, 300));
  const alternated = process.env.DEDUP_CURATOR_BENCH_MIRROR_BASE ? await alternate(mirror, process.env.DEDUP_CURATOR_BENCH_MIRROR_BASE, dir, [...queries, ...typedList]) : undefined;
  const wall = (xs: { wall: number }[]) => xs.map((x) => x.wall);
  const cpu = (xs: { cpu: number }[]) => xs.map((x) => x.cpu);
  writeFileSync(
    OUT as string,
    JSON.stringify({
      records: mirror.count('locations'),
      openMs,
      p50: percentile(wall(times), 50),
      p95: percentile(wall(times), 95),
      cpuP50: percentile(cpu(times), 50),
      cpuP95: percentile(cpu(times), 95),
      max: Math.max(...wall(times)),
      typedP50: percentile(wall(typed), 50),
      typedP95: percentile(wall(typed), 95),
      typedCpuP95: percentile(cpu(typed), 95),
      keystrokes: typed.length,
      find,
      alternated,
      before,
      opened,
      afterList,
      searched,
      node: process.version,
    }),
  );
}

/** Typed into the real Find Location quick pick, a letter at a time: each until Find's items answer it. */
async function throughFind(api: DedupCuratorApi, mirror: Mirror, typed: string[]): Promise<{ keystrokes: number; p50: number; p95: number; searchP50: number; searchP95: number; restP50: number; restP95: number }> {
  // The searches Find runs, timed on the mirror it uses (the same instance): the rest of each
  // keystroke's time is the quick pick's (the renderer's round trip, the items).
  const search = mirror.search.bind(mirror);
  let searching = 0;
  mirror.search = ((...args: Parameters<Mirror['search']>) => {
    const t = performance.now();
    try {
      return search(...args);
    } finally {
      searching += performance.now() - t;
    }
  }) as Mirror['search'];
  const done = vscode.commands.executeCommand('dedupCurator.findLocation');
  const started = performance.now();
  while (!api.finder.active && performance.now() - started < 30_000) await new Promise((r) => setTimeout(r, 20));
  const qp = api.finder.active;
  if (!qp) throw new Error('Find Location did not open');
  while (qp.busy) await new Promise((r) => setTimeout(r, 20));
  const times: number[] = [];
  const searches: number[] = [];
  for (const q of typed) {
    // A name typed again from its first letter: the previous answer is not this one.
    searching = 0;
    const t = performance.now();
    qp.value = q;
    while (api.finder.answered !== q && performance.now() - t < 10_000) await yieldToHost();
    if (api.finder.answered !== q) throw new Error(`Find did not answer ${JSON.stringify(q)} within 10 s`);
    times.push(performance.now() - t);
    searches.push(searching);
  }
  qp.hide();
  await done;
  mirror.search = search;
  const rest = times.map((x, i) => x - searches[i]);
  return { keystrokes: times.length, p50: percentile(times, 50), p95: percentile(times, 95), searchP50: percentile(searches, 50), searchP95: percentile(searches, 95), restP50: percentile(rest, 50), restP95: percentile(rest, 95) };
}

/** The same queries searched by another build's mirror (its bundle at `bundle`) and this one, alternated. */
async function alternate(mirror: Mirror, bundle: string, dir: string, queries: string[]): Promise<Record<'base' | 'branch', { p50: number; p95: number; cpuP50: number; cpuP95: number }> & { same: number; queries: number }> {
  const { Mirror: BaseMirror } = createRequire(__filename)(bundle) as { Mirror: typeof Mirror };
  const base = await BaseMirror.open(dir);
  try {
    const builds = { base, branch: mirror };
    const times = { base: [] as { wall: number; cpu: number }[], branch: [] as { wall: number; cpu: number }[] };
    let same = 0;
    for (const [i, q] of queries.entries()) {
      const ids: Record<string, string> = {};
      for (const side of i % 2 ? (['branch', 'base'] as const) : (['base', 'branch'] as const)) {
        let hits: string[] = [];
        times[side].push(timed(() => (hits = builds[side].search('locations', q, 50).map((h) => h.id))));
        ids[side] = hits.join();
        await yieldToHost();
      }
      if (ids.base === ids.branch) same++;
    }
    const figures = (xs: { wall: number; cpu: number }[]) => ({ p50: percentile(xs.map((x) => x.wall), 50), p95: percentile(xs.map((x) => x.wall), 95), cpuP50: percentile(xs.map((x) => x.cpu), 50), cpuP95: percentile(xs.map((x) => x.cpu), 95) });
    return { base: figures(times.base), branch: figures(times.branch), same, queries: queries.length };
  } finally {
    base.close();
  }
}
