// `dedup-curator mirror sync|search` against the sandbox over real HTTP: a sync then searches in
// every format, the mirror equal to a fresh listing after merges, a real process killed mid-sync
// leaving a usable mirror that the next sync completes, and clear one-line errors with exit codes.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { openDatabase } from '../../src/mirror/sqlite';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { Mirror } from '../../src/mirror';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { fullListing, mirrored, tempDir } from '../mirror/helpers';
import { runCliCaptured as cli } from '../support/run-cli';

describe('dedup-curator mirror', function () {
  this.timeout(90_000);
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 5, locations: 300, events: 150, integrations: 4, faults: 'latency=30-60ms,seed=3' });
    env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  it('syncs, then searches whole records best first in ndjson, json and csv', async () => {
    const dir = await tempDir();
    const sync = await cli(['mirror', 'sync', '--dir', dir], env);
    assert.equal(sync.code, 0, sync.err);
    const summary = sync.out.trimEnd().split('\n').map((l) => JSON.parse(l) as { kind: string; full: boolean; count: number });
    assert.deepEqual(summary.map((s) => [s.kind, s.full]), [['locations', true], ['events', true]]);
    const locations = await fullListing(client, 'locations');
    assert.equal(summary[0].count, locations.size);

    const target = [...locations.values()][17] as { id: string; name: string; address: { postalCode: string }; sourceIds: { id: string }[] };
    const byName = await cli(['mirror', 'search', target.name, '--dir', dir], env);
    assert.equal(byName.code, 0, byName.err);
    const hits = byName.out.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string; name: string });
    assert.ok(hits.length >= 1 && hits.length <= 20);
    assert.equal(hits.find((h) => h.id === target.id)?.name, target.name);
    assert.deepEqual(hits.find((h) => h.id === target.id), locations.get(target.id), 'the whole record');
    assert.equal(hits[0].name.toLowerCase(), target.name.toLowerCase(), 'an exact name first');

    const bySource = await cli(['mirror', 'search', target.sourceIds[0].id, '--dir', dir, '--format', 'json'], env);
    assert.equal(bySource.code, 0, bySource.err);
    assert.equal((JSON.parse(bySource.out) as { id: string }[])[0].id, target.id);

    const csv = await cli(['mirror', 'search', '', '--dir', dir, '--kind', 'events', '--limit', '7', '--format', 'csv'], env);
    assert.equal(csv.code, 0, csv.err);
    const rows = csv.out.trimEnd().split('\r\n');
    assert.match(rows[0], /^id,name,/);
    assert.equal(rows.length, 8, 'an empty query lists up to the limit');
    const dflt = await cli(['mirror', 'search', '', '--dir', dir], env);
    assert.equal(dflt.out.trimEnd().split('\n').length, 20, 'default limit 20');
  });

  it('equals a fresh listing after merges between syncs', async () => {
    const dir = await tempDir();
    assert.equal((await cli(['mirror', 'sync', '--dir', dir, '--page-size', '40'], env)).code, 0);
    const recs = await client.listRecommendations({ pageSize: 10 });
    await client.approve(recs.data[0]['@id']);
    const again = await cli(['mirror', 'sync', '--dir', dir, '--page-size', '40'], env);
    assert.equal(again.code, 0, again.err);
    const second = again.out.trimEnd().split('\n').map((l) => JSON.parse(l) as { full: boolean; removed: number });
    assert.deepEqual(second.map((s) => s.full), [false, false]);
    assert.ok(second.some((s) => s.removed >= 1), 'the merged-away record is gone');
    const mirror = await Mirror.open(dir);
    for (const kind of ['locations', 'events'] as const) assert.deepEqual(mirrored(mirror, kind), await fullListing(client, kind));
  });

  it('killed mid-sync, leaves a usable mirror that the next sync completes', async () => {
    const dir = await tempDir();
    assert.equal((await cli(['mirror', 'sync', '--dir', dir], env)).code, 0);
    const before = mirrored(await Mirror.open(dir), 'locations');
    const recs = await client.listRecommendations({ pageSize: 10 });
    await client.approve(recs.data[1]['@id']);

    // As if the last sync was long ago: this one lists every location again, one a page (hundreds
    // of requests), in a real process killed with SIGKILL once it has written a few pages.
    const db = openDatabase(path.join(dir, 'mirror.sqlite'));
    db.run("UPDATE sync_state SET state = json_set(state, '$.done.nextSince', '1970-01-01T00:00:00.000Z') WHERE kind = 'locations'");
    db.close();
    await killSyncMidway(dir, env);
    // Every page is one transaction: what the mirror holds is whole records, each as listed.
    const usable = await cli(['mirror', 'search', '', '--dir', dir, '--limit', '100000'], env);
    assert.equal(usable.code, 0, usable.err);
    const ids = usable.out.trimEnd().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
    assert.ok(ids.length > 0 && ids.every((id) => before.has(id)), 'records of the previous copy, none lost half-written');

    const resumed = await cli(['mirror', 'sync', '--dir', dir, '--page-size', '50'], env);
    assert.equal(resumed.code, 0, resumed.err);
    const loc = JSON.parse(resumed.out.split('\n')[0]) as { resumedPages: number };
    assert.ok(loc.resumedPages >= 3, `the pages received before the kill are kept (${loc.resumedPages})`);
    const mirror = await Mirror.open(dir);
    for (const kind of ['locations', 'events'] as const) assert.deepEqual(mirrored(mirror, kind), await fullListing(client, kind));
  });

  it('killed during a first sync, leaves no mirror, and the next sync resumes from the base it was writing', async () => {
    const dir = await tempDir();
    // One record a page (hundreds of requests): killed with SIGKILL once a few pages are journalled.
    await killSyncMidway(dir, env);
    const none = await cli(['mirror', 'search', '', '--dir', dir], env);
    assert.equal(none.code, 2, 'nothing was committed');
    assert.match(none.err, /no locations yet/);

    const resumed = await cli(['mirror', 'sync', '--dir', dir], env);
    assert.equal(resumed.code, 0, resumed.err);
    const loc = JSON.parse(resumed.out.split('\n')[0]) as { resumedPages: number; full: boolean };
    assert.equal(loc.full, true);
    assert.ok(loc.resumedPages >= 3, `the pages written before the kill are kept (${loc.resumedPages})`);
    const mirror = await Mirror.open(dir);
    for (const kind of ['locations', 'events'] as const) assert.deepEqual(mirrored(mirror, kind), await fullListing(client, kind));
  });

  it('refuses a second sync of a directory while another process syncs it', async () => {
    const dir = await tempDir();
    const first = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'mirror', 'sync', '--dir', dir, '--page-size', '1'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => first.on('exit', (_code, signal) => resolve(signal)));
    let err = '';
    await new Promise<void>((resolve) => {
      first.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        if (/locations: \d+ pages/.test(err)) resolve();
      });
      void exited.then(() => resolve());
    });
    const second = await cli(['mirror', 'sync', '--dir', dir], env);
    first.kill('SIGKILL');
    assert.equal(await exited, 'SIGKILL', 'the first sync was still running');
    assert.equal(second.code, 2, second.err);
    assert.match(second.err, new RegExp(`another process \\(${first.pid}\\) is syncing the mirror in`));
    // Its process gone, the lock is taken over and the sync resumes.
    const resumed = await cli(['mirror', 'sync', '--dir', dir], env);
    assert.equal(resumed.code, 0, resumed.err);
    const mirror = await Mirror.open(dir);
    for (const kind of ['locations', 'events'] as const) assert.deepEqual(mirrored(mirror, kind), await fullListing(client, kind));
    mirror.close();
  });

  it('refuses to serve a damaged mirror, in one line, and the next sync rebuilds it saying so once', async () => {
    const dir = await tempDir();
    assert.equal((await cli(['mirror', 'sync', '--dir', dir], env)).code, 0);
    const name = (JSON.parse((await cli(['mirror', 'search', '', '--dir', dir, '--limit', '30'], env)).out.trimEnd().split('\n')[29]) as { name: string }).name;
    await flipFirstLetter(path.join(dir, 'mirror.sqlite'), name);
    for (const kind of ['locations', 'events']) {
      const r = await cli(['mirror', 'search', '', '--dir', dir, '--kind', kind, '--limit', '100000'], env);
      if (r.code === 0) continue; // the name is a location's, and events embed their location: either table may hold a copy
      assert.equal(r.code, 2);
      assert.equal(r.out, '', 'nothing served');
      assert.match(r.err, /is damaged \(it does not match its checksum\)/);
      assert.equal(r.err.trim().split('\n').length, 1, 'one line');
    }
    const later = await cli(['mirror', 'search', 'a', '--dir', dir], env);
    assert.equal(later.code, 2, 'still refused by the next process');
    const sync = await cli(['mirror', 'sync', '--dir', dir], env);
    assert.equal(sync.code, 0, sync.err);
    assert.equal(sync.err.match(/rebuilds/g)?.length, 1, `the rebuild said once, as this sync's: ${sync.err}`);
    assert.match(sync.err, /is damaged \(it does not match its checksum\); this sync rebuilds (it|the mirror) now\n/);
    const mirror = await Mirror.open(dir);
    for (const kind of ['locations', 'events'] as const) assert.deepEqual(mirrored(mirror, kind), await fullListing(client, kind));
    mirror.close();
  });

  it('says what is wrong in one line, with the usual exit codes', async () => {
    const dir = await tempDir();
    const cases: [string[], number, RegExp][] = [
      [['mirror'], 2, /Usage: dedup-curator mirror sync/],
      [['mirror', 'nope'], 2, /unknown mirror command "nope"/],
      [['mirror', 'sync'], 2, /--dir DIR is required/],
      [['mirror', 'sync', '--dir', dir, '--page-size', '501'], 2, /--page-size must be from 1 to 500/],
      [['mirror', 'search', '--dir', dir], 2, /QUERY is missing/],
      [['mirror', 'search', 'a', 'b', '--dir', dir], 2, /one QUERY only/],
      [['mirror', 'search', 'x', '--dir', path.join(dir, 'none')], 2, /there is no mirror in .*none: run 'dedup-curator mirror sync/],
      [['mirror', 'search', 'x', '--dir', dir], 2, /has no locations yet/],
      [['mirror', 'search', 'x', '--dir', dir, '--kind', 'people'], 2, /--kind must be locations or events/],
      [['mirror', 'search', 'x', '--dir', dir, '--limit', '0'], 2, /--limit must be at least 1/],
      [['mirror', 'search', 'x', '--dir', dir, '--format', 'xml'], 2, /--format must be one of ndjson, json, csv/],
      [['mirror', 'search', 'x'.repeat(201), '--dir', dir], 2, /at most 200/],
      [['mirror', 'sync', '--dir', dir, '--bogus'], 2, /Unknown option '--bogus'/],
      [['mirror', 'sync', '--dir', path.join(dir, 'a-file-in-the-way')], 2, /cannot create the mirror directory .*: a file of that name is in the way/],
      // A directory that takes no new child: Node's recursive mkdir spun at 100 % CPU there.
      ...(existsSync('/proc/self') ? [[['mirror', 'sync', '--dir', '/proc/dedup-curator-test/mirror'], 2, /cannot create the mirror directory \/proc\/dedup-curator-test\/mirror: no such file/] as [string[], number, RegExp]] : []),
    ];
    await writeFile(path.join(dir, 'a-file-in-the-way'), 'a file');
    for (const [args, code, message] of cases) {
      const r = await cli(args, env);
      assert.equal(r.code, code, `${args.join(' ')}: ${r.err} ${r.out.slice(0, 200)}`);
      assert.match(r.err, message);
      if (args.length > 1) assert.equal(r.err.trim().split('\n').length, 1, `${args.join(' ')}: one line`);
    }
    const bad = await cli(['mirror', 'sync', '--dir', dir], { ...env, DEDUP_TOKEN: 'wrong' });
    assert.equal(bad.code, 3);
    assert.ok(!bad.err.includes('wrong'));

    await writeFile(path.join(dir, 'mirror.json'), '{"format":1,"baseUrl":"http://127.0.0.1:1","kinds":{"locations":{}}}');
    const other = await cli(['mirror', 'sync', '--dir', dir], env);
    assert.equal(other.code, 2);
    assert.match(other.err, /holds records of http:\/\/127\.0\.0\.1:1, not of http:\/\/127\.0\.0\.1:\d+; use another directory/);
    const help = await cli(['mirror', 'search', '--help'], env);
    assert.equal(help.code, 0);
    assert.match(help.out, /an empty QUERY/);
  });
});

/**
 * Flips the first letter of a name in every copy of its record's text in a database file: the row
 * and whatever stale copies of it an earlier page layout left in free space.
 */
async function flipFirstLetter(file: string, name: string): Promise<void> {
  const bytes = await readFile(file);
  const needle = Buffer.from(`"name":${JSON.stringify(name)}`);
  let flipped = 0;
  for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
    const letter = at + '"name":"'.length;
    bytes[letter] = bytes[letter] === 0x58 ? 0x59 : 0x58;
    flipped++;
  }
  assert.ok(flipped > 0, `${name} is stored as text`);
  await writeFile(file, bytes);
}

/**
 * `mirror sync --page-size 1` in a real process (hundreds of requests), killed with SIGKILL once its
 * progress says it has written at least three pages of locations; fails if it ended by itself first.
 */
async function killSyncMidway(dir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'mirror', 'sync', '--dir', dir, '--page-size', '1'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  let err = '';
  await new Promise<void>((resolve) => {
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      const pages = [...err.matchAll(/locations: (\d+) pages/g)].map((m) => Number(m[1]));
      if (pages.some((p) => p >= 3)) resolve();
    });
    void exited.then(() => resolve());
  });
  child.kill('SIGKILL');
  assert.equal(await exited, 'SIGKILL', `killed in the middle of the sync, not after it (${err.slice(-300)})`);
}
