// Runs inside the real VS Code extension host (bench/mirror-host.ts builds it into the integration
// suite's folder and starts the harness narrowed to "bench-mirror:"). Registers nothing unless
// DEDUP_CURATOR_BENCH_MIRROR_OUT is set. A synced mirror (bench/mirror-search.ts --keep) is copied
// into the directory the extension keeps for the bench sandbox's address, the extension connects
// there and opens it as Find does (MirrorService.current(), dist/mirror.js loaded on first use),
// then searches it with 1,000 queries (prefixes, typos, accents) and twice more as typed, a letter at
// a time; it writes the open time, search p50/p95 and the heap and memory growth as JSON.
import { copyFileSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { percentile, queriesFrom, typedQueries } from '../lib/mirror-queries';

const OUT = process.env.DEDUP_CURATOR_BENCH_MIRROR_OUT;

/** A full garbage collection, so heap figures are what is live (the host runs without --expose-gc). */
function gc(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

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
  let t = performance.now();
  const mirror = await api.mirrors.current();
  const openMs = performance.now() - t;
  if (!mirror || mirror.count('locations') === 0) throw new Error(`the copied mirror did not open: ${mirror?.damage ?? 'no mirror'}`);
  const opened = memory();
  // The queries are made from the first 20,000 records (listing all at once blocked the host long enough to lose its connection on a loaded machine).
  const records = mirror.search<{ id: string; name?: string | null }>('locations', '', 20_000).map((h) => ({ id: h.id, name: h.record.name ?? '' }));
  const afterList = memory();
  const times: number[] = [];
  for (const { q } of queriesFrom(records, 1000)) {
    t = performance.now();
    mirror.search('locations', q, 50);
    times.push(performance.now() - t);
    // As between keystrokes: the host's other work runs.
    await new Promise((r) => setImmediate(r));
  }
  const typed: number[] = [];
  for (const q of typedQueries(records, 100)) {
    t = performance.now();
    mirror.search('locations', q, 50);
    typed.push(performance.now() - t);
    await new Promise((r) => setImmediate(r));
  }
  const searched = memory();
  writeFileSync(
    OUT as string,
    JSON.stringify({
      records: mirror.count('locations'),
      openMs,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
      typedP50: percentile(typed, 50),
      typedP95: percentile(typed, 95),
      keystrokes: typed.length,
      before,
      opened,
      afterList,
      searched,
      node: process.version,
    }),
  );
}
