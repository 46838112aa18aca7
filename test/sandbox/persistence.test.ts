import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SandboxStore } from '../../src/sandbox/store';
import { StoreError } from '../../src/sandbox/store-api';
import { DataDirError, writeFileAtomic } from '../../src/sandbox/persistence';
import { allEvents, allLocations, allRecommendations, clock, SMALL } from './store-helpers';

const snapshot = (s: SandboxStore) => ({ locations: allLocations(s), events: allEvents(s), recs: allRecommendations(s), stats: s.stats() });

describe('sandbox persistence (--data-dir)', function () {
  // Each open estimates the matcher on the data set: CPU work that a shared, loaded machine stretches
  // past mocha's default; nothing here waits on a timer.
  this.timeout(60_000);
  let dir: string;
  beforeEach(async () => { dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dedup-sandbox-')); });
  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('restores records and decisions after a restart: state identical', async () => {
    const c = clock();
    const first = await SandboxStore.open({ ...SMALL, dataDir: dir, now: c.now });
    const [a, b, d] = allRecommendations(first);
    c.advance(1000);
    await first.approve(a['@id']);
    c.advance(1000);
    await first.reject(b['@id']);
    c.advance(1000);
    await first.approve(d['@id']);
    const before = snapshot(first);
    await first.close();

    // Another clock: nothing in the restored state may depend on when it is reopened.
    const second = await SandboxStore.open({ dataDir: dir, now: clock(Date.UTC(2030, 0, 1)).now });
    try {
      assert.deepEqual(snapshot(second), before);
      assert.deepEqual(second.warnings, []);
      await assert.rejects(second.approve(a['@id']), (e: unknown) => e instanceof StoreError && e.kind === 'conflict');
      await assert.rejects(second.approve(b['@id']), (e: unknown) => e instanceof StoreError && /already rejected/.test(e.message));
    } finally {
      await second.close();
    }
  });

  it('answers conflict after a restart for every recommendation that left the list, decided or moot', async () => {
    const first = await SandboxStore.open({ ...SMALL, locations: 600, events: 600, dataDir: dir });
    const initial = allRecommendations(first).map((r) => r['@id']);
    for (const id of initial.slice(0, 12)) {
      if (allRecommendations(first).some((r) => r['@id'] === id)) await first.approve(id);
    }
    const gone = initial.filter((id) => !allRecommendations(first).some((r) => r['@id'] === id));
    const messages = await Promise.all(gone.map((id) => first.approve(id).then(() => 'ok', (e: StoreError) => `${e.kind}: ${e.message}`)));
    await first.close();
    const second = await SandboxStore.open({ dataDir: dir });
    try {
      const again = await Promise.all(gone.map((id) => second.approve(id).then(() => 'ok', (e: StoreError) => `${e.kind}: ${e.message}`)));
      assert.deepEqual(again, messages);
      assert.ok(messages.every((m) => m.startsWith('conflict: ')));
    } finally {
      await second.close();
    }
  });

  it('keeps imported records, and refuses other options or other imports for the same directory', async () => {
    const records = [{ kind: 'location' as const, integration: 'urn:integration:mine', sourceId: 'L1', name: 'Test Hall' }];
    const first = await SandboxStore.open({ ...SMALL, records, dataDir: dir });
    const before = snapshot(first);
    await first.close();
    const again = await SandboxStore.open({ dataDir: dir, seed: SMALL.seed });
    assert.deepEqual(snapshot(again), before);
    await again.close();
    await assert.rejects(SandboxStore.open({ dataDir: dir, seed: 99 }), (e: unknown) => e instanceof DataDirError && /created with seed 1, but seed 99/.test(e.message));
    await assert.rejects(SandboxStore.open({ dataDir: dir, records: [] }), /created with other imported records \(1\)/);
  });

  it('refuses a directory another open store holds, and takes over a stale lock', async () => {
    const first = await SandboxStore.open({ ...SMALL, dataDir: dir });
    await assert.rejects(SandboxStore.open({ dataDir: dir }), /already open in this process/);
    await first.close();
    await fs.writeFile(path.join(dir, '.lock'), '999999999'); // no such process
    const second = await SandboxStore.open({ dataDir: dir });
    await second.close();
  });

  it('discards a decision torn by a kill (never acknowledged) with a warning, and keeps appending cleanly', async () => {
    const first = await SandboxStore.open({ ...SMALL, dataDir: dir });
    const [a, b] = allRecommendations(first);
    await first.approve(a['@id']);
    const afterA = snapshot(first);
    await first.close();
    const log = path.join(dir, 'decisions.ndjson');
    await fs.appendFile(log, '{"decision":"reject","id":"urn:dedup-sandbox:recommendation:');
    const second = await SandboxStore.open({ dataDir: dir });
    assert.equal(second.warnings.length, 1);
    assert.match(second.warnings[0], /discarded an incomplete last line/);
    assert.deepEqual(snapshot(second), afterA);
    await second.reject(b['@id']);
    const afterB = snapshot(second);
    await second.close();
    const third = await SandboxStore.open({ dataDir: dir });
    assert.deepEqual(third.warnings, []);
    assert.deepEqual(snapshot(third), afterB);
    await third.close();
    assert.equal((await fs.readFile(log, 'utf8')).trim().split('\n').length, 2);
  });

  it('refuses a damaged decision log with the line number', async () => {
    const first = await SandboxStore.open({ ...SMALL, dataDir: dir });
    await first.approve(allRecommendations(first)[0]['@id']);
    await first.close();
    await fs.appendFile(path.join(dir, 'decisions.ndjson'), 'garbage\n');
    await assert.rejects(SandboxStore.open({ dataDir: dir }), (e: unknown) => e instanceof DataDirError && /decisions\.ndjson line 2: not JSON/.test(e.message));
  });

  it('refuses a decision log that names source records the data set does not have', async () => {
    const first = await SandboxStore.open({ ...SMALL, dataDir: dir });
    await first.close();
    const line = { decision: 'approve', id: 'urn:dedup-sandbox:recommendation:x', kind: 'location', keys: ['urn:integration:a#1', 'urn:integration:a#2'], at: '2026-01-01T00:00:00.000Z' };
    await fs.appendFile(path.join(dir, 'decisions.ndjson'), JSON.stringify(line) + '\n');
    await assert.rejects(SandboxStore.open({ dataDir: dir }), /refers to source record urn:integration:a#1, which is not in the data set/);
    // The failed open released the directory.
    await fs.writeFile(path.join(dir, 'decisions.ndjson'), '');
    await (await SandboxStore.open({ dataDir: dir })).close();
  });

  it('refuses a directory with a decision log but no settings', async () => {
    await fs.writeFile(path.join(dir, 'decisions.ndjson'), '{}\n');
    await assert.rejects(SandboxStore.open({ ...SMALL, dataDir: dir }), /incomplete or not a sandbox data dir/);
  });

  it('writes files atomically: the target holds the old or the new content, and no temporary file is left', async () => {
    const file = path.join(dir, 'x.json');
    await writeFileAtomic(file, 'old');
    await writeFileAtomic(file, 'new');
    assert.equal(await fs.readFile(file, 'utf8'), 'new');
    assert.deepEqual(await fs.readdir(dir), ['x.json']);
  });
});
