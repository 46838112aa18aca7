// A damaged mirror database is reported in words and never served, and the next sync rebuilds it:
// a byte flipped inside a stored record (its checksum), a truncated or emptied file (PRAGMA
// quick_check at open), and a directory of the previous format (re-synced once).
import assert from 'node:assert/strict';
import { readFile, readdir, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Database } from 'node-sqlite3-wasm';
import { DedupClient } from '../../src/api';
import { Mirror, MirrorError } from '../../src/mirror';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { assertEqualsService, tempDir } from './helpers';

describe('mirror integrity (real HTTP)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 200, events: 120, integrations: 3 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  async function synced(): Promise<{ dir: string; file: string; some: { id: string; name: string } }> {
    const dir = await tempDir();
    const mirror = await Mirror.open(dir);
    await mirror.sync(client);
    const some = mirror.search<{ id: string; name: string }>('locations', '', 50)[40].record;
    mirror.close();
    return { dir, file: path.join(dir, 'mirror.sqlite'), some };
  }

  async function assertRebuilt(dir: string, reason: RegExp): Promise<void> {
    const mirror = await Mirror.open(dir);
    const report = await mirror.sync(client);
    assert.match(report.rebuilt ?? '', reason, 'the sync says once why it rebuilt the mirror');
    for (const k of report.kinds) assert.equal(k.full, true, `${k.kind}: rebuilt by a full listing`);
    assert.equal(mirror.damage, undefined);
    await assertEqualsService(client, mirror);
    mirror.close();
    const again = await Mirror.open(dir);
    assert.equal(again.damage, undefined, 'sound at the next open');
    assert.equal((await again.sync(client)).rebuilt, undefined, 'rebuilt once');
    again.close();
  }

  it('a byte flipped inside a stored record is reported, not served, noted for other processes, and rebuilt', async () => {
    const { dir, file, some } = await synced();
    // Every copy of the record's text (the row, and stale copies an earlier page layout left in
    // free space): its name's first letter becomes X (or Y).
    const bytes = await readFile(file);
    const json = Buffer.from(`"name":${JSON.stringify(some.name)}`);
    let flipped = 0;
    for (let at = bytes.indexOf(json); at >= 0; at = bytes.indexOf(json, at + 1), flipped++) {
      const letter = at + '"name":"'.length;
      bytes[letter] = bytes[letter] === 0x58 ? 0x59 : 0x58;
    }
    assert.ok(flipped > 0, 'the record is stored as text');
    await writeFile(file, bytes);

    const mirror = await Mirror.open(dir);
    assert.throws(() => mirror.search('locations', '', 1000), (e: Error) => e instanceof MirrorError && /is damaged \(it does not match its checksum\); the next sync rebuilds/.test(e.message));
    assert.throws(() => mirror.search('locations', some.name, 5), MirrorError, 'not even by a search that would not reach it');
    mirror.close();
    const other = await Mirror.open(dir);
    assert.match(other.damage ?? '', /is damaged/, 'another process does not serve it either');
    assert.throws(() => other.get('locations', some.id), MirrorError);
    other.close();
    await assertRebuilt(dir, /is damaged/);
  });

  it('a truncated database file is reported at open and rebuilt', async () => {
    const { dir, file } = await synced();
    const size = (await readFile(file)).length;
    await truncate(file, Math.floor(size / 2));
    const mirror = await Mirror.open(dir);
    assert.match(mirror.damage ?? '', /mirror\.sqlite is damaged \(.+\); the next sync rebuilds it/);
    assert.throws(() => mirror.search('locations', 'a', 5), (e: Error) => e instanceof MirrorError && e.message === mirror.damage);
    assert.throws(() => mirror.eventsAt('x'), MirrorError);
    assert.equal(mirror.count('locations'), 0);
    mirror.close();
    await assertRebuilt(dir, /is damaged/);
  });

  it('an emptied database file is reported and rebuilt', async () => {
    const { dir, file } = await synced();
    await writeFile(file, '');
    const mirror = await Mirror.open(dir);
    assert.match(mirror.damage ?? '', /is empty \(damaged\)/);
    mirror.close();
    await assertRebuilt(dir, /is empty/);
  });

  it('a mirror of the previous format is re-synced once, and its files removed', async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, 'mirror.json'), JSON.stringify({ format: 2, baseUrl: sandbox.baseUrl, kinds: {} }));
    await writeFile(path.join(dir, 'locations.1.ndjson'), '{"id":"urn:old"}\n');
    await writeFile(path.join(dir, 'locations.1.table.json'), '{}');
    await writeFile(path.join(dir, 'events.sync.ndjson'), '{}');
    const mirror = await Mirror.open(dir);
    assert.match(mirror.damage ?? '', /previous format; the next sync rebuilds it/);
    assert.throws(() => mirror.search('locations', '', 5), MirrorError);
    mirror.close();
    await assertRebuilt(dir, /previous format/);
    assert.deepEqual((await readdir(dir)).sort(), ['mirror.sqlite', 'mirror.sqlite.checked']);
  });

  it('a mirror an earlier build of this schema version made gets this build\'s indexes at its next sync, without a rebuild', async () => {
    const { dir, file } = await synced();
    // An earlier build indexed the pass each record was listed in; this one drops that index.
    const indexes = () => {
      const db = new Database(file);
      try {
        return (db.all("SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE '%_pass'") as { name: string }[]).map((r) => r.name).sort();
      } finally {
        db.close();
      }
    };
    const db = new Database(file);
    db.exec('CREATE INDEX locations_pass ON locations(pass); CREATE INDEX events_pass ON events(pass)');
    db.close();
    assert.deepEqual(indexes(), ['events_pass', 'locations_pass']);
    const mirror = await Mirror.open(dir);
    assert.equal(mirror.damage, undefined);
    const report = await mirror.sync(client);
    assert.equal(report.rebuilt, undefined, 'kept, not rebuilt');
    for (const k of report.kinds) assert.equal(k.full, false, `${k.kind}: an incremental sync`);
    await assertEqualsService(client, mirror);
    mirror.close();
    assert.deepEqual(indexes(), []);
  });
});
