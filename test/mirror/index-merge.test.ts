// The full-text indexes merged into one b-tree each (index-merge.ts), against the sandbox over real
// HTTP and real SQLite files: after a full sync, not after a small incremental one, and a merged
// index answers every search as the unmerged one did (records merged away stay gone).
import assert from 'node:assert/strict';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { Mirror, type MirrorKind, type SyncProgress } from '../../src/mirror';
import { mergeIndexes, mergeWorthIt, segmentCount } from '../../src/mirror/index-merge';
import { openDatabase } from '../../src/mirror/sqlite';
import { Statements } from '../../src/mirror/statements';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { approveSome, assertEqualsService, mirrored, tempDir } from './helpers';

const KINDS = ['locations', 'events'] as const;
const INDEXES = KINDS.flatMap((k) => [`${k}_fts`, `${k}_codes`]);

/** The b-trees of each full-text index of the mirror's file, by index. */
function segments(dir: string): Record<string, number> {
  const sql = new Statements(openDatabase(path.join(dir, 'mirror.sqlite')));
  try {
    return Object.fromEntries(INDEXES.map((i) => [i, segmentCount(sql, i)]));
  } finally {
    sql.close();
  }
}

/** Queries made of the mirror's own records: names, the same with a letter replaced (the corrections' phrases), source ids. */
function queriesOf(mirror: Mirror, kind: MirrorKind): string[] {
  const records = [...mirrored(mirror, kind).values()] as { name?: string; sourceIds?: { id: string }[] }[];
  return records.flatMap((r) => {
    const name = r.name ?? '';
    return [name, name.length > 4 ? `${name.slice(0, 2)}x${name.slice(3)}` : '', ...(r.sourceIds ?? []).map((s) => s.id)];
  }).filter((q) => q.length >= 3);
}

/** Approves up to n pending recommendations whose records are all among `ids` (none touched twice): merges some of them away. */
async function approveAmong(client: DedupClient, ids: Set<string>, n: number): Promise<number> {
  const touched = new Set<string>();
  let approved = 0;
  for (const r of (await client.listRecommendations({ pageSize: 200 })).data) {
    const of = r.entities.map((e) => e.identifier ?? e['@id']);
    if (approved >= n || of.some((id) => touched.has(id) || !ids.has(id))) continue;
    of.forEach((id) => touched.add(id));
    await client.approve(r['@id']);
    approved++;
  }
  return approved;
}

describe('mirror: full-text indexes merged after a large sync (real HTTP, SQLite)', function () {
  this.timeout(120_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 300, events: 200, integrations: 4 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  it('a full sync leaves each index one b-tree; an incremental sync of a few records does not merge', async () => {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    // Ten records a page: dozens of transactions, each its own b-tree in FTS5.
    await mirror.sync(client, { pageSize: 10 });
    mirror.close();
    assert.deepEqual(segments(dir), Object.fromEntries(INDEXES.map((i) => [i, 1])));

    const reopened = await Mirror.open(dir);
    assert.equal((await approveSome(client, 3)).length, 3);
    const second = await reopened.sync(client, { pageSize: 10 });
    for (const k of second.kinds) assert.ok(!mergeWorthIt(k.upserted + k.removed, k.count), `${k.kind}: ${k.upserted + k.removed} of ${k.count} records written`);
    await assertEqualsService(client, reopened);
    reopened.close();
    const after = segments(dir);
    assert.ok(after.locations_fts > 1, `the incremental sync's writes stay b-trees of their own (${JSON.stringify(after)})`);
  });

  it('a merged index answers every search as the unmerged one did; a resumed first sync merges and drops records merged away', async () => {
    // A first sync cancelled at its fortieth page of locations (about half of them) (ten records a page): its pages, each
    // a transaction, stay b-trees of their own.
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    const cancel = new AbortController();
    const onProgress = (p: SyncProgress) => {
      if (p.kind === 'locations' && p.pages >= 20) cancel.abort();
    };
    await assert.rejects(mirror.sync(client, { pageSize: 10, signal: cancel.signal, onProgress }), (e: Error) => e.name === 'CancelledError');
    const written = new Set(mirrored(mirror, 'locations').keys());
    mirror.close();
    const merged = await tempDir();
    await copyFile(path.join(dir, 'mirror.sqlite'), path.join(merged, 'mirror.sqlite'));
    const sql = new Statements(openDatabase(path.join(merged, 'mirror.sqlite')));
    assert.ok(segmentCount(sql, 'locations_fts') > 1, 'unmerged before');
    for (const kind of KINDS) await mergeIndexes(sql, kind);
    assert.deepEqual(INDEXES.map((i) => segmentCount(sql, i)), [1, 1, 1, 1]);
    sql.close();
    const [unmergedMirror, mergedMirror] = [await Mirror.open(dir), await Mirror.open(merged)];
    for (const kind of KINDS) {
      for (const q of queriesOf(unmergedMirror, kind)) {
        const ids = (m: Mirror) => m.search(kind, q, 50).map((h) => h.id);
        assert.deepEqual(ids(mergedMirror), ids(unmergedMirror), `${kind} '${q}': the same hits in the same order`);
      }
    }
    mergedMirror.close();

    // Approvals merge written records away; the resumed sync removes them, then merges the index.
    assert.ok((await approveAmong(client, written, 4)) > 0, 'recommendations among the written locations');
    await unmergedMirror.sync(client, { pageSize: 10 });
    await assertEqualsService(client, unmergedMirror);
    const now = mirrored(unmergedMirror, 'locations');
    const gone = [...written].filter((id) => !now.has(id));
    assert.ok(gone.length > 0, 'approvals merged written locations away');
    for (const r of now.values()) {
      const name = (r as { name?: string }).name ?? '';
      if (name.length >= 3) for (const h of unmergedMirror.search('locations', name, 50)) assert.ok(!gone.includes(h.id), `'${name}': ${h.id}, merged away, not found`);
    }
    unmergedMirror.close();
    assert.deepEqual(segments(dir), Object.fromEntries(INDEXES.map((i) => [i, 1])));
  });
});
