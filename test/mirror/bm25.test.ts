// The bm25 order a search computes on its few matches (src/mirror/bm25.ts) against FTS5's own, on a
// real mirror database: the same order for a query of one phrase, and the index's average length.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COLUMN_WEIGHTS, averageLength, bm25Order } from '../../src/mirror/bm25';
import { RecordTable } from '../../src/mirror/record-table';
import type { MirroredRecord } from '../../src/mirror/record-set-types';
import { createSchema } from '../../src/mirror/schema';
import { openDatabase } from '../../src/mirror/sqlite';
import { Statements } from '../../src/mirror/statements';

const WORDS = ['goose', 'theater', 'lantern', 'cafe', 'blue', 'owl', 'garden', 'goosegoose', 'bar'];

function location(i: number) {
  // Names, streets and towns of varied lengths, some holding a phrase twice or in several columns.
  const pick = (k: number) => WORDS[(i * 7 + k * 3) % WORDS.length];
  const name = Array.from({ length: 1 + (i % 4) }, (_, k) => pick(k)).join(' ');
  return {
    id: `loc-${i}`,
    name,
    sourceIds: [{ integration: 'urn:i', id: `s-${i}` }],
    integrations: ['urn:i'],
    address: { streetAddress: `${i} ${pick(5)} Street`, addressLocality: i % 3 ? 'Goose Bay' : 'Austin', postalCode: String(10000 + i), addressRegion: 'XX' },
  };
}

describe('mirror search: bm25 computed on the matches', () => {
  const db = openDatabase(path.join(mkdtempSync(path.join(tmpdir(), 'dedup-bm25-')), 'mirror.sqlite'));
  createSchema(db);
  const sql = new Statements(db);
  const table = new RecordTable(sql, 'locations');
  for (let i = 0; i < 120; i++) table.apply(location(i) as MirroredRecord, 1);
  after(() => sql.close());

  it('reads the index average length from FTS5', () => {
    const rows = sql.all('SELECT name, address, town, postcode, source_ids, integrations FROM locations');
    const trigrams = (t: string) => Math.max(0, [...t].length - 2);
    const fold = (v: unknown) => String(v ?? '').toLowerCase();
    // The codes are in the word index, not the trigram one: not counted.
    const total = rows.reduce((sum, r) => sum + trigrams(fold(r.name)) + trigrams(fold(r.address)) + trigrams(fold(r.town)), 0);
    assert.equal(averageLength(sql, 'locations_fts'), total / rows.length);
  });

  for (const phrase of ['goose', 'theater', 'owl', 'bay']) {
    it(`orders the matches of "${phrase}" as FTS5's bm25 does`, () => {
      const fts = sql.all(`SELECT rowid AS r, bm25(locations_fts, ${COLUMN_WEIGHTS.join(', ')}) AS s FROM locations_fts WHERE locations_fts MATCH ? ORDER BY s, rowid`, [`"${phrase}"`]);
      assert.ok(fts.length > 5, 'enough matches to order');
      const rows = table.searchedByRowids(fts.map((r) => Number(r.r)));
      const ours = bm25Order(rows, [phrase], averageLength(sql, 'locations_fts'));
      // Equal bm25 scores (to the float) may come in either order: compare the score sequence.
      const scoreOf = new Map(fts.map((r) => [Number(r.r), Number(r.s)]));
      assert.deepEqual(ours.map((r) => scoreOf.get(r)?.toFixed(9)), fts.map((r) => Number(r.s).toFixed(9)));
    });
  }
});
