// The mirror's writes alone, without a service: records from NDJSON files (e.g. `dedup-curator
// locations --all --format ndjson`) written into a new mirror database as a sync writes them
// (batches of 2,500 in a transaction each, the vocabulary flushed with each), then listed again by a
// second pass (nothing changed: only re-stamped), then 1 % of them changed (half their name, half
// another field). Another checkout's src (--base DIR) and this one's, alternated round by round.
// Run: nice node --import tsx bench/mirror-writes.ts --base /work/main [--rounds 3] FILE.ndjson ...
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { machineLine, numberOption } from './lib/stats';

const ROUNDS = numberOption('--rounds', 3);
const BATCH = 2500;
const baseAt = process.argv.indexOf('--base');
const BASE = baseAt > 0 ? resolve(process.argv[baseAt + 1]) : undefined;
const FILES = process.argv.slice(2).filter((a, i, all) => a.endsWith('.ndjson') && all[i - 1] !== '--base');

type Rec = { id: string; name?: string; updatedAt?: string; [k: string]: unknown };
interface Table { apply(r: Rec, pass: number): unknown; applyAll?(rs: Rec[], pass: number): unknown; vocabulary: { flush(): void } }
interface Build { label: string; src: string }

async function load(src: string) {
  const sqlite = (await import(join(src, 'mirror', 'sqlite.ts'))) as typeof import('../src/mirror/sqlite');
  const schema = (await import(join(src, 'mirror', 'schema.ts'))) as typeof import('../src/mirror/schema');
  const statements = (await import(join(src, 'mirror', 'statements.ts'))) as typeof import('../src/mirror/statements');
  const table = (await import(join(src, 'mirror', 'record-table.ts'))) as typeof import('../src/mirror/record-table');
  return { ...sqlite, ...schema, ...statements, ...table };
}

/** CPU seconds (user + system) of writing `records` as a sync's batches. */
function write(db: { exec(s: string): void }, table: Table, records: Rec[], pass: number): number {
  const t = process.cpuUsage();
  for (let i = 0; i < records.length; i += BATCH) {
    const batch = records.slice(i, i + BATCH);
    db.exec('BEGIN IMMEDIATE');
    if (table.applyAll) table.applyAll(batch, pass);
    else for (const r of batch) table.apply(r, pass);
    table.vocabulary.flush();
    db.exec('COMMIT');
  }
  const c = process.cpuUsage(t);
  return (c.user + c.system) / 1e6;
}

async function run(build: Build, kinds: { kind: 'locations' | 'events'; records: Rec[] }[]): Promise<string> {
  const m = await load(build.src);
  const dir = mkdtempSync(join(tmpdir(), 'dedup-mirror-writes-'));
  try {
    const db = m.openDatabase(join(dir, 'mirror.sqlite'));
    m.createSchema(db);
    db.exec(`PRAGMA cache_size = -${m.SYNC_CACHE_KIB}`);
    const sql = new m.Statements(db);
    const times = [0, 0, 0];
    for (const { kind, records } of kinds) {
      const table = new m.RecordTable(sql, kind) as unknown as Table;
      times[0] += write(db, table, records, 1);
      times[1] += write(db, table, records, 2);
      const changed = records.filter((_, i) => i % 100 === 7).map((r, i) => (i % 2 ? { ...r, name: `${r.name ?? ''} x` } : { ...r, updatedAt: new Date().toISOString() }));
      times[2] += write(db, table, changed, 3);
    }
    sql.close();
    const size = statSync(join(dir, 'mirror.sqlite')).size / 2 ** 20;
    return `${build.label} (CPU): full ${times[0].toFixed(2)} s, second pass ${times[1].toFixed(2)} s, 1 % changed ${times[2].toFixed(2)} s, file ${size.toFixed(1)} MB`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (FILES.length === 0) throw new Error('name NDJSON files of locations (a name with "event" in it: events)');
  const kinds = FILES.map((f) => ({ kind: /event/.test(f) ? ('events' as const) : ('locations' as const), records: readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Rec) }));
  console.log(machineLine());
  console.log(kinds.map((k) => `${k.records.length} ${k.kind}`).join(', '));
  const builds: Build[] = [...(BASE ? [{ label: 'base', src: join(BASE, 'src') }] : []), { label: 'this', src: join(__dirname, '..', 'src') }];
  for (let r = 0; r < ROUNDS; r++) for (const b of r % 2 ? [...builds].reverse() : builds) console.log(`round ${r + 1} ${await run(b, kinds)}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
