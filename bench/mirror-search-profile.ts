// Where a search's time goes at scale: one kept mirror, the same 1,000 queries a kind as
// bench/mirror-search-builds.ts --spread, each search timed whole and by its parts (the full-text
// questions by kind, the vocabulary's look-ups, reading the candidates' columns); then the parts of
// the slowest 5 % of searches, whose time is the p95.
// Run: nice node --import tsx bench/mirror-search-profile.ts --dir <kept mirror directory> [--limit 50] [--kind locations]
import { join } from 'node:path';
import { Mirror } from '../src/mirror';
import { IndexQueries } from '../src/mirror/index-queries';
import { RecordTable } from '../src/mirror/record-table';
import { openDatabase } from '../src/mirror/sqlite';
import { Statements } from '../src/mirror/statements';
import { Vocabulary } from '../src/mirror/vocabulary';
import { percentile, queriesFrom } from './lib/mirror-queries';
import { machineLine, numberOption } from './lib/stats';

const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const LIMIT = numberOption('--limit', 50);

/** The time of each part in the current search, by name. */
let parts = new Map<string, number>();

/** Wraps a method of a prototype so that its time adds to the part `name` chooses. */
function timed<T extends object>(proto: T, method: keyof T, name: (self: T, args: unknown[]) => string | undefined): void {
  const original = proto[method] as unknown as (...args: unknown[]) => unknown;
  (proto as Record<keyof T, unknown>)[method] = function (this: T, ...args: unknown[]) {
    const t = performance.now();
    try {
      return original.apply(this, args);
    } finally {
      const key = name(this, args);
      if (key !== undefined) parts.set(key, (parts.get(key) ?? 0) + performance.now() - t);
    }
  };
}

function spreadSample(dir: string, kind: string): { id: string; name: string }[] {
  const db = openDatabase(join(dir, 'mirror.sqlite'));
  try {
    const count = Number(db.get(`SELECT count(*) AS n FROM ${kind}`)?.n ?? 0);
    const out: { id: string; name: string }[] = [];
    for (let k = 0; k < 8; k++) {
      for (const r of db.all(`SELECT id, name FROM ${kind} ORDER BY rowid LIMIT 500 OFFSET ?`, [Math.floor((k * count) / 8)])) out.push({ id: String(r.id), name: typeof r.name === 'string' ? r.name : '' });
    }
    return out;
  } finally {
    db.close();
  }
}

const phrases = (args: unknown[]) => {
  const m = args[0] as { match: string; words?: boolean; phrases?: string[]; codes?: string };
  // The names' word index is asked whole words (its match's quoted terms), the trigram index phrases.
  const n = m.words ? (m.match.match(/"/g)?.length ?? 0) / 2 : (m.phrases?.length ?? 0);
  return `${m.words ? 'words' : 'trigrams'}, ${n <= 3 ? n : n <= 10 ? '4-10' : '>10'} ${m.words ? 'terms' : 'phrases'}${m.codes ? ' +codes' : ''}`;
};
timed(IndexQueries.prototype, 'ordered', (_, a) => `fts ordered, ${phrases(a)}`);
timed(IndexQueries.prototype, 'ids', (_, a) => `fts ids, ${phrases(a)}`);
timed(IndexQueries.prototype, 'rankedWhole', () => 'fts last resort');
timed(IndexQueries.prototype, 'namesWith', () => 'words of 1–2 letters in the names');
timed(IndexQueries.prototype, 'hasCode', () => 'codes: hasCode');
timed(Vocabulary.prototype, 'lookup', () => 'vocabulary lookup');
timed(Statements.prototype, 'all', (_, a) => (String(a[0]).includes(' LIKE ') ? 'names LIKE a word of 1–2 letters' : undefined));
timed(RecordTable.prototype, 'searchedByRowids', () => 'read searched columns');
timed(RecordTable.prototype, 'recordsByRowids', () => 'read hits json');

async function main(): Promise<void> {
  const dir = arg('--dir');
  if (!dir) throw new Error('--dir DIR (a kept mirror) is needed');
  console.log(machineLine());
  const mirror = await Mirror.open(dir);
  try {
    for (const kind of (arg('--kind') ? [arg('--kind')] : ['locations', 'events']) as ('locations' | 'events')[]) {
      const queries = queriesFrom(spreadSample(dir, kind), 1000);
      const runs: { q: string; ms: number; parts: Map<string, number> }[] = [];
      for (const { q } of queries) {
        parts = new Map();
        const t = performance.now();
        mirror.search(kind, q, LIMIT);
        runs.push({ q, ms: performance.now() - t, parts });
      }
      const p95 = percentile(runs.map((r) => r.ms), 95);
      console.log(`\n${kind}: p50 ${percentile(runs.map((r) => r.ms), 50).toFixed(1)}, p95 ${p95.toFixed(1)} ms`);
      for (const [label, set] of [['all', runs], ['slowest 5 %', runs.filter((r) => r.ms >= p95)]] as const) {
        const sum = new Map<string, number>();
        const calls = new Map<string, number>();
        for (const r of set) for (const [k, v] of r.parts) { sum.set(k, (sum.get(k) ?? 0) + v); calls.set(k, (calls.get(k) ?? 0) + 1); }
        const total = set.reduce((s, r) => s + r.ms, 0);
        console.log(`  ${label} (${set.length} searches, ${(total / set.length).toFixed(1)} ms each):`);
        for (const [k, v] of [...sum].sort((a, b) => b[1] - a[1])) console.log(`    ${k.padEnd(34)} ${(v / set.length).toFixed(1).padStart(6)} ms a search (${((100 * v) / total).toFixed(0)} %), in ${calls.get(k)}`);
      }
      console.log('  slowest:', runs.sort((a, b) => b.ms - a.ms).slice(0, 12).map((r) => `${JSON.stringify(r.q)} ${r.ms.toFixed(0)}`).join(', '));
    }
  } finally {
    mirror.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
