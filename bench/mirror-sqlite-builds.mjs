// The mirror's two SQLite candidates side by side on the same statements, in one Node (which must
// have node:sqlite: 22.13+, e.g. the harness's Node 24): node-sqlite3-wasm (the WebAssembly build the
// mirror ships) and node:sqlite (native, in the runtime). A table of records with a contentless
// trigram FTS5 index as in src/mirror/schema.ts, written 500 rows a transaction, then trigram
// queries ranked by bm25 as src/mirror/search.ts asks them (each inside a read transaction).
// Run: nice $HOME/.cache/dedup-curator/vscode-harness/node24/node_modules/node/bin/node bench/mirror-sqlite-builds.mjs [--rows 40000]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const at = process.argv.indexOf('--rows');
const ROWS = at > 0 ? Number(process.argv[at + 1]) : 40_000;
const WORDS = ['blue', 'owl', 'coffee', 'bean', 'street', 'grand', 'saddle', 'lucky', 'lanes', 'raven', 'whistle', 'paper', 'heron', 'tavern', 'market', 'hall', 'club', 'garden', 'cellar', 'museum'];

function open(build, file) {
  if (build === 'node:sqlite') {
    const { DatabaseSync } = require('node:sqlite');
    const db = new DatabaseSync(file);
    return { exec: (s) => db.exec(s), prepare: (s) => { const st = db.prepare(s); return { run: (v) => st.run(...v), all: (v) => st.all(...v) }; }, close: () => db.close() };
  }
  const { Database } = require('node-sqlite3-wasm');
  const db = new Database(file);
  return { exec: (s) => db.exec(s), prepare: (s) => { const st = db.prepare(s); return { run: (v) => st.run(v), all: (v) => st.all(v) }; }, close: () => db.close() };
}

function measure(build) {
  const dir = mkdtempSync(join(tmpdir(), 'dedup-sqlite-builds-'));
  const file = join(dir, 'bench.sqlite');
  const db = open(build, file);
  let x = 7;
  const word = () => WORDS[Math.floor((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31 * WORDS.length)];
  db.exec('PRAGMA page_size = 16384; PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536');
  db.exec(`CREATE TABLE t (id TEXT PRIMARY KEY, json TEXT, name TEXT, address TEXT, town TEXT, codes TEXT);
CREATE VIRTUAL TABLE f USING fts5(name, address, town, codes, content='', contentless_delete=1, tokenize='trigram');`);
  const insert = db.prepare('INSERT INTO t (id, json, name, address, town, codes) VALUES (?, ?, ?, ?, ?, ?) RETURNING rowid AS r');
  const index = db.prepare('INSERT INTO f (rowid, name, address, town, codes) VALUES (?, ?, ?, ?, ?)');
  const t0 = performance.now();
  for (let b = 0; b < ROWS; b += 500) {
    db.exec('BEGIN IMMEDIATE');
    for (let i = b; i < Math.min(ROWS, b + 500); i++) {
      const name = `${word()} ${word()} ${i % 97}`;
      const address = `${i} ${word()} street`;
      const town = `${word()}ton`;
      const codes = `src${i % 7} id-${(i * 7919).toString(36)} int${i % 5}`;
      const json = JSON.stringify({ id: `loc_${i}`, name, address, town, codes, description: 'x'.repeat(600) });
      const { r } = insert.all([`loc_${i}`, json, name, address, town, codes])[0];
      index.run([r, name, address, town, codes]);
    }
    db.exec('COMMIT');
  }
  const write = performance.now() - t0;
  const query = db.prepare('SELECT rowid AS r FROM f WHERE f MATCH ? ORDER BY bm25(f, 3, 1, 1.5, 1.5) LIMIT 200');
  const times = [];
  for (let k = 0; k < 300; k++) {
    const t = performance.now();
    db.exec('BEGIN');
    query.all([`"${word()}" AND "${word()}"`]);
    db.exec('COMMIT');
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  db.close();
  const bytes = statSync(file).size;
  rmSync(dir, { recursive: true, force: true });
  return `${build}: write ${ROWS} rows ${(write / 1000).toFixed(2)} s (${((write * 1000) / ROWS).toFixed(0)} µs a row); query p50 ${times[150].toFixed(1)} ms, p95 ${times[285].toFixed(1)} ms; file ${(bytes / 2 ** 20).toFixed(1)} MB`;
}

console.log(`${new Date().toISOString()}  node ${process.version}, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ')}`);
// Alternated, twice each: the machine is shared.
for (const build of ['node-sqlite3-wasm', 'node:sqlite', 'node-sqlite3-wasm', 'node:sqlite']) console.log(measure(build));
