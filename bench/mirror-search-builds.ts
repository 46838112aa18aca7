// Search of one kept mirror by two builds in one process, query by query alternated (the load of a
// shared machine falls on both alike): another checkout's src/mirror (--base DIR, e.g. main) and
// this one's, the same 1,000 queries a kind (prefixes, typos, accents) as bench/mirror-scale.ts;
// p50/p95 of each, whether both return the same hits, and how often each has the record a query was made from;
// then the names typed a letter at a time (as Find is asked, bench/mirror-host.ts). Also CPU time
// per search (less sensitive than wall time to the other processes of a shared machine).
// Run: nice node --import tsx bench/mirror-search-builds.ts --base /work/main --dir <kept mirror directory> [--limit 20] [--spread]
//   (--limit 50: what Find asks for each keystroke)
//   --spread: queries from 4,000 records a kind, 8 stretches of 500 spread over the table (as
//   bench/mirror-scale.ts samples its listing), not from every record (a million would be read whole)
//   --base-dir DIR: the base build's own mirror of the same records (a build of another schema
//   version cannot read this one's), e.g. both synced from one sandbox by bench/mirror-search.ts --keep
import { join } from 'node:path';
import { Mirror } from '../src/mirror';
import { openDatabase } from '../src/mirror/sqlite';
import { percentile, queriesFrom, typedQueries } from './lib/mirror-queries';
import { machineLine, numberOption } from './lib/stats';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const LIMIT = numberOption('--limit', 20);
type Side = 'base' | 'branch';

/** 4,000 records of the kind (id and name), from 8 stretches of 500 spread over its table. */
function spreadSample(dir: string, kind: 'locations' | 'events'): { id: string; name: string }[] {
  const db = openDatabase(join(dir, 'mirror.sqlite'));
  try {
    const count = Number(db.get(`SELECT count(*) AS n FROM ${kind}`)?.n ?? 0);
    const out: { id: string; name: string }[] = [];
    for (let k = 0; k < 8; k++) {
      const rows = db.all(`SELECT id, name FROM ${kind} ORDER BY rowid LIMIT 500 OFFSET ?`, [Math.floor((k * count) / 8)]);
      for (const r of rows) out.push({ id: String(r.id), name: typeof r.name === 'string' ? r.name : '' });
    }
    return out;
  } finally {
    db.close();
  }
}

/** Which list of scores is better at the first place they differ (a longer list, when one is the other's start). */
function betterScores(base: number[], branch: number[]): 'same' | Side {
  for (let i = 0; i < Math.min(base.length, branch.length); i++) if (base[i] !== branch[i]) return base[i] > branch[i] ? 'base' : 'branch';
  return base.length === branch.length ? 'same' : base.length > branch.length ? 'base' : 'branch';
}

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function main(): Promise<void> {
  const base = arg('--base');
  const dir = arg('--dir');
  if (!base || !dir) throw new Error('--base DIR (a checkout to compare with) and --dir DIR (a kept mirror) are needed');
  const { Mirror: BaseMirror } = (await import(join(base, 'src', 'mirror', 'index.ts'))) as { Mirror: typeof Mirror };
  console.log(machineLine());
  const builds = { base: await BaseMirror.open(arg('--base-dir') ?? dir), branch: await Mirror.open(dir) };
  for (const side of ['base', 'branch'] as const) if (builds[side].damage) throw new Error(`${side}: ${builds[side].damage}`);
  try {
    for (const kind of ['locations', 'events'] as const) {
      const records = process.argv.includes('--spread')
        ? spreadSample(dir, kind)
        : builds.branch.search<{ id: string; name?: string | null }>(kind, '', Number.MAX_SAFE_INTEGER).map((h) => ({ id: h.id, name: h.record.name ?? '' }));
      if (records.length === 0) continue;
      const times = { base: [] as number[], branch: [] as number[] };
      const cpu = { base: [] as number[], branch: [] as number[] };
      const found = { base: 0, branch: 0 };
      let same = 0;
      // Where the hits differ, whether their scores do: the same scores (other records of equal
      // score: namesakes), or which build's list is better at the first score that differs.
      const scores = { same: 0, base: 0, branch: 0 };
      const queries = [...queriesFrom(records, 1000), ...typedQueries(records, 100).map((q) => ({ q, target: '' }))];
      queries.forEach(({ q, target }, i) => {
        const ids: Record<string, string> = {};
        const scored: Record<string, number[]> = {};
        for (const side of i % 2 ? (['branch', 'base'] as const) : (['base', 'branch'] as const)) {
          const c = cpuMs();
          const t = performance.now();
          const answer = builds[side].search(kind, q, LIMIT);
          times[side].push(performance.now() - t);
          cpu[side].push(cpuMs() - c);
          const hits = answer.map((h) => h.id);
          scored[side] = answer.map((h) => Math.round(h.score * 1000) / 1000);
          ids[side] = hits.join();
          if (hits.includes(target)) found[side]++;
        }
        if (ids.base === ids.branch) same++;
        else scores[betterScores(scored.base, scored.branch)]++;
      });
      const typed = queries.length - 1000;
      const line = (side: Side, from: number, to: number) => {
        const [w, c] = [times[side].slice(from, to), cpu[side].slice(from, to)];
        return `${side} p50 ${percentile(w, 50).toFixed(1)}, p95 ${percentile(w, 95).toFixed(1)} ms (CPU p50 ${percentile(c, 50).toFixed(1)}, p95 ${percentile(c, 95).toFixed(1)})`;
      };
      console.log(`[${machineLine()}]`);
      console.log(`${kind} (${records.length}), limit ${LIMIT}, 1,000 queries: ${line('base', 0, 1000)}; ${line('branch', 0, 1000)}; the query's record in the hits: base ${found.base}, branch ${found.branch}`);
      console.log(`  as typed (${typed} keystrokes): ${line('base', 1000, queries.length)}; ${line('branch', 1000, queries.length)}; the same hits for ${same} of ${queries.length}; where they differ, the same scores for ${scores.same}, better scores from base for ${scores.base}, from branch for ${scores.branch}`);
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
