// Found by the walk of issue 18 (docs/walks.md): Find shows each record's id under its name, and a
// panel copies it, but pasting that id into Find found nothing (the id is not a word of the index).
// A query that is a mirrored record's id now finds that record, first; other queries are unchanged.
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import { Mirror } from '../../src/mirror';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { tempDir } from './helpers';

describe('mirror search by a record id (real HTTP)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let mirror: Mirror;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 18, locations: 80, events: 40, integrations: 3 });
    mirror = await Mirror.open(await tempDir());
    await mirror.sync(new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token }));
  });
  after(() => sandbox.close());

  for (const kind of ['locations', 'events'] as const) {
    it(`finds ${kind === 'locations' ? 'a location' : 'an event'} by its id, pasted with spaces around it, first`, () => {
      const all = mirror.search<{ id: string; name?: string }>(kind, '', 1000);
      assert.ok(all.length > 10, `the sandbox lists ${kind}`);
      const target = all[all.length - 1].record;
      const hits = mirror.search<{ id: string }>(kind, `  ${target.id}\t`, 5);
      assert.equal(hits[0]?.id, target.id, `the record with id ${target.id} first`);
      assert.equal(hits[0].record.id, target.id, 'the whole record');
      assert.equal(new Set(hits.map((h) => h.id)).size, hits.length, 'listed once');
      assert.ok(hits.length <= 5, 'within the limit');
    });
  }

  it('leaves other queries to the index: a near id is not an id', () => {
    const target = mirror.search<{ id: string }>('locations', '', 1)[0].record;
    const near = `${target.id}zz`;
    assert.ok(!mirror.search('locations', near, 50).some((h) => h.score === Number.POSITIVE_INFINITY), 'no hit by id for an id with letters added');
    const name = mirror.search<{ name: string }>('locations', '', 1)[0].record.name;
    assert.ok(mirror.search('locations', name, 5).length > 0, 'a name still finds');
  });
});
