// A batch of records written at once (RecordTable.applyAll) leaves the database exactly as writing
// them one after another does, with the same report for each: records listed twice in a batch,
// records merging away one written earlier in the same batch or held before it, owners that changed
// their source ids meanwhile, unchanged records re-stamped. Random batches over a few ids and source
// ids, so that they collide often, against two real databases.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RecordTable } from '../../src/mirror/record-table';
import type { MirroredRecord } from '../../src/mirror/record-set-types';
import { createSchema } from '../../src/mirror/schema';
import { openDatabase } from '../../src/mirror/sqlite';
import { Statements } from '../../src/mirror/statements';

/** A small deterministic generator (mulberry32): the same batches every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NAMES = ['Blue Owl', 'Goose Cafe', 'Lantern Theater', 'Garden Bar'];

function record(rand: () => number): MirroredRecord {
  const pick = (n: number) => Math.floor(rand() * n);
  const keys = Array.from({ length: 1 + pick(2) }, () => ({ integration: `urn:i${pick(2)}`, id: `s${pick(12)}` }));
  return {
    id: `loc-${pick(8)}`,
    updatedAt: `2026-01-0${1 + pick(3)}T00:00:00.000Z`,
    sourceIds: keys,
    name: NAMES[pick(NAMES.length)],
    address: { streetAddress: `${pick(3)} Main Street`, addressLocality: 'Austin' },
  } as MirroredRecord;
}

function table(): { sql: Statements; table: RecordTable } {
  const db = openDatabase(path.join(mkdtempSync(path.join(tmpdir(), 'dedup-batch-')), 'mirror.sqlite'));
  createSchema(db);
  const sql = new Statements(db);
  return { sql, table: new RecordTable(sql, 'locations') };
}

/** Everything the database holds of the kind: rows, source ids, and what the full-text index finds. */
function contents(sql: Statements): unknown {
  const ids = new Map(sql.all('SELECT rowid AS r, id FROM locations').map((r) => [Number(r.r), r.id]));
  const found = (q: string) => sql.all('SELECT rowid AS r FROM locations_fts WHERE locations_fts MATCH ?', [q]).map((r) => ids.get(Number(r.r)) ?? `orphan ${String(r.r)}`).sort();
  const words = (q: string) => sql.all('SELECT rowid AS r FROM locations_words WHERE locations_words MATCH ?', [q]).map((r) => ids.get(Number(r.r)) ?? `orphan ${String(r.r)}`).sort();
  const codes = (q: string) => sql.all('SELECT rowid AS r FROM locations_codes WHERE locations_codes MATCH ?', [q]).map((r) => ids.get(Number(r.r)) ?? `orphan ${String(r.r)}`).sort();
  return {
    rows: sql.all('SELECT id, json, checksum, updated_at, name, address, town, postcode, integrations, source_ids, location_id, start_date, pass FROM locations ORDER BY id'),
    keys: sql.all('SELECT key, id FROM locations_keys ORDER BY key'),
    index: Object.fromEntries([...NAMES.map((n) => n.toLowerCase()), 'main street', 'austin'].map((q) => [q, found(`"${q}"`)])),
    entries: sql.all('SELECT count(*) AS n FROM locations_fts')[0].n,
    words: Object.fromEntries([...NAMES.map((n) => n.toLowerCase().split(' ')[0]), 'main', 'austin'].map((q) => [q, words(`"${q}"`)])),
    wordEntries: sql.all('SELECT count(*) AS n FROM locations_words')[0].n,
    codes: Object.fromEntries(['s1', 's11', 'i0', 'i1'].map((q) => [q, codes(`"${q}"`)])),
    codeEntries: sql.all('SELECT count(*) AS n FROM locations_codes')[0].n,
  };
}

describe('mirror: a batch written at once', () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    it(`leaves what writing its records one after another leaves (seed ${seed})`, () => {
      const rand = random(seed);
      const one = table();
      const all = table();
      try {
        for (let pass = 1; pass <= 6; pass++) {
          const batch = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => record(rand));
          const oneByOne = batch.map((r) => one.sql.db.inTransaction ? one.table.apply(r, pass) : inBatch(one.sql, () => one.table.apply(r, pass)));
          const atOnce = inBatch(all.sql, () => all.table.applyAll(batch, pass));
          assert.deepEqual(atOnce, oneByOne, `pass ${pass}: the reports differ`);
          assert.deepEqual(contents(all.sql), contents(one.sql), `pass ${pass}: the databases differ`);
        }
      } finally {
        one.sql.close();
        all.sql.close();
      }
    });
  }
});

function inBatch<T>(sql: Statements, work: () => T): T {
  sql.db.exec('BEGIN');
  try {
    return work();
  } finally {
    sql.db.exec('COMMIT');
  }
}
