// A first sync writes a fresh file (mirror.sqlite.new) without full-text entries, fills them from its
// rows at the end and renames it into place: the entries filled equal those a row's write makes;
// nothing of the fresh file is served before it is complete; a sync cancelled while filling resumes
// the fill; a build interrupted by a restart of the machine starts over; a fresh file left beside a
// complete mirror goes.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { Mirror, type SyncProgress } from '../../src/mirror';
import { fillIndexes } from '../../src/mirror/index-fill';
import { indexedText } from '../../src/mirror/record-batch';
import { RecordTable } from '../../src/mirror/record-table';
import type { MirroredRecord } from '../../src/mirror/record-set-types';
import { createSchema } from '../../src/mirror/schema';
import { inTransaction, openDatabase } from '../../src/mirror/sqlite';
import { Statements } from '../../src/mirror/statements';
import { writeMeta } from '../../src/mirror/sync-state';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { assertEqualsService, mirrored, tempDir } from './helpers';

const NAMES = ['Blue Owl', 'Café Ünter', 'Lantern Theater', 'Garden Bar', 'ﬁsh & Chips', ''];

function record(i: number): MirroredRecord {
  const pick = <T>(xs: T[]) => xs[(i * 7 + xs.length) % xs.length];
  return {
    id: `loc-${i % 40}`,
    updatedAt: `2026-01-0${1 + (i % 3)}T00:00:00.000Z`,
    sourceIds: i % 5 === 0 ? [] : [{ integration: `urn:integration:i${i % 3}`, id: `s${i % 23}` }],
    integrations: i % 5 === 0 ? [] : [`urn:integration:i${i % 3}`],
    name: `${pick(NAMES)} ${i % 4 === 0 ? 'Straße' : ''}`,
    address: { streetAddress: `${i % 9} Rue de l'Église`, addressLocality: pick(['Austin', 'Zürich', '']), postalCode: i % 6 === 0 ? '' : `7870${i % 10}` },
  } as MirroredRecord;
}

function database(): Statements {
  const sql = new Statements(openDatabase(path.join(mkdtempSync(path.join(tmpdir(), 'dedup-fill-')), 'mirror.sqlite')));
  createSchema(sql.db);
  return sql;
}

/** Every entry of the kind's three full-text indexes (term, row, column, offset) and its vocabulary. */
function entries(sql: Statements): unknown {
  const out: Record<string, unknown> = {};
  for (const index of ['locations_fts', 'locations_words', 'locations_codes']) {
    sql.run(`INSERT INTO ${index}(${index}) VALUES('optimize')`);
    sql.db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${index}_v USING fts5vocab(main, ${index}, instance)`);
    out[index] = sql.all(`SELECT term, doc, col, offset FROM temp.${index}_v ORDER BY term, doc, col, offset`);
  }
  out.vocab = sql.all('SELECT del, word FROM locations_vocab ORDER BY del, word');
  return out;
}

describe('mirror: a full sync into a fresh file', function () {
  this.timeout(60_000);

  it('fills the same full-text entries and words from the rows as writing each row makes', async () => {
    const rowByRow = database();
    const filled = database();
    const written = new RecordTable(rowByRow, 'locations');
    const deferred = new RecordTable(filled, 'locations');
    deferred.indexed = false;
    try {
      // Batches that replace and merge away records already written (ids and source ids recur).
      for (let pass = 1; pass <= 4; pass++) {
        const batch = Array.from({ length: 30 }, (_, i) => record(pass * 31 + i));
        for (const [sql, table] of [[rowByRow, written], [filled, deferred]] as const) {
          inTransaction(sql.db, () => {
            table.applyAll(batch, pass);
            table.vocabulary.flush();
          });
        }
      }
      inTransaction(filled.db, () => writeMeta(filled, 'unindexed:locations', '0'));
      await fillIndexes(filled, deferred, { rows: 7 });
      assert.equal(deferred.indexed, true);
      assert.equal(filled.get("SELECT value FROM meta WHERE key = 'unindexed:locations'"), undefined, 'the fill is marked done');
      assert.deepEqual(
        filled.all("SELECT k, v FROM locations_fts_config WHERE k IN ('automerge', 'hashsize') ORDER BY k"),
        [{ k: 'automerge', v: 4 }, { k: 'hashsize', v: 1048576 }],
        "FTS5's defaults are back",
      );
      const texts = rowByRow.all('SELECT name, address, town FROM locations').flatMap((r) => indexedText({ name: String(r.name), address: String(r.address), town: String(r.town), postcode: '', integrations: '', source_ids: '' }));
      assert.ok(texts.some((t) => t.includes('cafe')) && texts.some((t) => t.includes('fish')), 'accents and ligatures are folded');
      assert.deepEqual(entries(filled), entries(rowByRow));
    } finally {
      rowByRow.close();
      filled.close();
    }
  });

  describe('against the sandbox (real HTTP)', () => {
    let sandbox: RunningSandbox;
    let client: DedupClient;
    before(async () => {
      sandbox = await startSandbox({ port: 0, seed: 11, locations: 300, events: 200, integrations: 4 });
      client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    });
    after(() => sandbox.close());

    it('serves nothing before the fresh file is complete; cancelled while filling its indexes, the next sync resumes the fill', async () => {
      const dir = await tempDir();
      const mirror = await Mirror.open(dir);
      const cancel = new AbortController();
      const filling: SyncProgress[] = [];
      const onProgress = (p: SyncProgress) => {
        if (p.indexed === undefined) return;
        filling.push(p);
        if (p.kind === 'locations') cancel.abort();
      };
      await assert.rejects(mirror.sync(client, { pageSize: 100, fillRows: 7, signal: cancel.signal, onProgress }), (e: Error) => e.name === 'CancelledError');
      assert.ok(filling.some((p) => p.kind === 'locations' && p.indexed === 7), 'a first step of the fill was written');
      assert.ok(!existsSync(path.join(dir, 'mirror.sqlite')), 'no mirror yet');
      assert.equal(mirror.count('locations'), 0);
      assert.equal(mirror.syncedAt, undefined);
      const fresh = openDatabase(path.join(dir, 'mirror.sqlite.new'));
      const progress = Number(fresh.get("SELECT value FROM meta WHERE key = 'unindexed:locations'")?.value);
      fresh.close();
      assert.ok(progress >= 7, `the fill's progress is kept (${progress})`);
      mirror.close();

      const again = await Mirror.open(dir);
      const resumed = await again.sync(client, { pageSize: 100 });
      assert.ok(resumed.kinds.every((k) => k.confirmed), 'both kinds synced');
      await assertEqualsService(client, again);
      for (const kind of ['locations', 'events'] as const) {
        for (const [id, r] of mirrored(again, kind)) {
          const name = (r as { name?: string }).name ?? '';
          if (name.length >= 3) assert.ok(again.search(kind, name, 1000).some((h) => h.id === id), `${kind} ${id} is found by its name '${name}'`);
        }
      }
      again.close();
      assert.deepEqual((await readdir(dir)).sort(), ['mirror.sqlite', 'mirror.sqlite.checked'], 'the fresh file renamed into place, nothing left beside it');
    });

    it('starts a build over after a restart of the machine, and drops a fresh file left beside a complete mirror', async () => {
      const dir = await tempDir();
      const mirror = await Mirror.open(dir);
      const cancel = new AbortController();
      const onProgress = (p: SyncProgress) => {
        if (p.kind === 'locations' && p.pages === 3) cancel.abort();
      };
      await assert.rejects(mirror.sync(client, { pageSize: 10, signal: cancel.signal, onProgress }), (e: Error) => e.name === 'CancelledError');
      const fresh = new Statements(openDatabase(path.join(dir, 'mirror.sqlite.new')));
      inTransaction(fresh.db, () => writeMeta(fresh, 'boot', 'id:another-start-of-the-machine'));
      fresh.close();
      const report = await mirror.sync(client, { pageSize: 100 });
      assert.deepEqual(report.kinds.map((k) => [k.kind, k.full, k.resumedPages]), [['locations', true, 0], ['events', true, 0]], 'listed again from the start');
      await assertEqualsService(client, mirror);

      // As if a build had been left behind: the complete mirror is synced in place and the leftover goes.
      const leftover = openDatabase(path.join(dir, 'mirror.sqlite.new'));
      leftover.close();
      await mirror.sync(client);
      assert.deepEqual((await readdir(dir)).sort(), ['mirror.sqlite', 'mirror.sqlite.checked']);
      await assertEqualsService(client, mirror);
      mirror.close();
    });
  });
});
