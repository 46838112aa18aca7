// Search of one kept mirror by two builds in one process, query by query alternated (the load of a
// shared machine falls on both alike): another checkout's src/mirror (--base DIR, e.g. main) and
// this one's, the same 1,000 queries a kind (prefixes, typos, accents) as bench/mirror-scale.ts;
// p50/p95 of each, whether both return the same hits, and how often each has the record a query was made from.
// Run: nice node --import tsx bench/mirror-search-builds.ts --base /work/main --dir <kept mirror directory>
import { join } from 'node:path';
import { Mirror } from '../src/mirror';
import { percentile, queriesFrom } from './lib/mirror-queries';
import { machineLine } from './lib/stats';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);

async function main(): Promise<void> {
  const base = arg('--base');
  const dir = arg('--dir');
  if (!base || !dir) throw new Error('--base DIR (a checkout to compare with) and --dir DIR (a kept mirror) are needed');
  const { Mirror: BaseMirror } = (await import(join(base, 'src', 'mirror', 'index.ts'))) as { Mirror: typeof Mirror };
  console.log(machineLine());
  const builds = { base: await BaseMirror.open(dir), branch: await Mirror.open(dir) };
  try {
    for (const kind of ['locations', 'events'] as const) {
      const records = builds.branch.search<{ id: string; name?: string | null }>(kind, '', Number.MAX_SAFE_INTEGER).map((h) => ({ id: h.id, name: h.record.name ?? '' }));
      if (records.length === 0) continue;
      const times = { base: [] as number[], branch: [] as number[] };
      const found = { base: 0, branch: 0 };
      let same = 0;
      const queries = queriesFrom(records, 1000);
      queries.forEach(({ q, target }, i) => {
        const ids: Record<string, string> = {};
        for (const side of i % 2 ? (['branch', 'base'] as const) : (['base', 'branch'] as const)) {
          const t = performance.now();
          const hits = builds[side].search(kind, q, 20).map((h) => h.id);
          times[side].push(performance.now() - t);
          ids[side] = hits.join();
          if (hits.includes(target)) found[side]++;
        }
        if (ids.base === ids.branch) same++;
      });
      const line = (side: 'base' | 'branch') => `${side} p50 ${percentile(times[side], 50).toFixed(1)} ms, p95 ${percentile(times[side], 95).toFixed(1)} ms`;
      console.log(`${kind} (${records.length}): ${line('base')}; ${line('branch')}; the same 20 hits for ${same} of ${queries.length}; the query's record in them: base ${found.base}, branch ${found.branch}`);
    }
  } finally {
    builds.base.close();
    builds.branch.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
