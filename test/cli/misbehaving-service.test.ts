// The CLI against a service that answers with valid but hostile or endless data (a scripted HTTP
// server on 127.0.0.1): the token inside records, listings that never end, ids repeated across
// pages, members nested too deep. Each ends with the output and exit code the help promises.
import assert from 'node:assert/strict';
import { runCliCaptured } from '../support/run-cli';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';

const EPOCH = '1970-01-01T00:00:00.000Z';
const TOKEN = 'S3cr3t-t0ken-of-the-curator';

const rec = (id: string, name: string) => ({
  '@id': id,
  score: 0.9,
  entities: [
    { '@id': `${id}/a`, name, integration: 'urn:integration:a', sourceId: '1' },
    { '@id': `${id}/b`, name: 'Thrush Hall', integration: 'urn:integration:b', sourceId: '2' },
  ],
});
const pageOf = (q: { body: string }) => (JSON.parse(q.body) as { page?: number }).page ?? 0;

describe('CLI against a misbehaving service', function () {
  this.timeout(30_000);
  let srv: ScriptedServer;
  afterEach(() => srv?.close());
  const env = () => ({ DEDUP_TOKEN: TOKEN, DEDUP_BASE_URL: srv.baseUrl });

  describe('the token inside valid data', () => {
    beforeEach(async () => {
      srv = await scriptedServer((q, res) => {
        const name = `auth Bearer ${q.headers.authorization?.replace(/^Bearer /, '')}`;
        if (q.url.includes('recommend')) return json(res, 200, { page: 0, has_next_page: false, total: 1, data: [rec('urn:r:1', name)] });
        return json(res, 200, { page: 0, has_next_page: false, data: [{ id: 'urn:l:1', name, address: { streetAddress: TOKEN } }] });
      });
    });

    for (const format of ['ndjson', 'json', 'csv']) {
      it(`is never printed: recommendations and locations as ${format}`, async () => {
        for (const args of [['recommendations', '--all'], ['locations', '--updated-since', EPOCH]]) {
          const r = await runCliCaptured([...args, '--format', format], env());
          assert.equal(r.code, 0, r.err);
          assert.ok(!r.out.includes(TOKEN) && !r.err.includes(TOKEN), `${args[0]} ${format}: ${r.out}`);
          assert.match(r.out, /auth Bearer ‹token›/);
        }
      });
    }
  });

  it('stops with exit 5 when has_next_page stays true with new records far past the total', async () => {
    srv = await scriptedServer((q, res) => {
      const n = pageOf(q);
      json(res, 200, { page: n, has_next_page: true, total: 1, data: [rec(`urn:r:${n}`, 'x')] });
    });
    const r = await runCliCaptured(['recommendations', '--all', '--retries', '0'], env());
    assert.equal(r.code, 5, r.err);
    assert.match(r.err, /well past the total of 1 record the service reports; stopping to avoid an endless listing/);
    assert.ok(srv.requests.length < 20, `${srv.requests.length} requests`);
  });

  it('stops with exit 5 when pages stop bringing new ids (a list without a total)', async () => {
    srv = await scriptedServer((q, res) => {
      json(res, 200, { page: pageOf(q), has_next_page: true, data: [{ id: 'urn:l:1' }, { id: 'urn:l:2' }] });
    });
    const r = await runCliCaptured(['locations', '--updated-since', EPOCH, '--all', '--retries', '0'], env());
    assert.equal(r.code, 5, r.err);
    assert.match(r.err, /no record not already listed/);
    assert.deepEqual(r.out.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id), ['urn:l:1', 'urn:l:2']);
    assert.ok(srv.requests.length < 10, `${srv.requests.length} requests`);
  });

  it('skips ids repeated across pages and says how many on stderr', async () => {
    srv = await scriptedServer((q, res) => {
      const n = pageOf(q);
      const data = [{ id: 'urn:l:1' }, { id: 'urn:l:2' }, { id: `urn:l:new${n}` }];
      json(res, 200, { page: n, has_next_page: n < 2, data });
    });
    const r = await runCliCaptured(['locations', '--updated-since', EPOCH, '--all'], env());
    assert.equal(r.code, 0, r.err);
    const ids = r.out.trim().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
    assert.deepEqual(ids, ['urn:l:1', 'urn:l:2', 'urn:l:new0', 'urn:l:new1', 'urn:l:new2']);
    assert.match(r.err, /skipped 4 records already listed on an earlier page/);
  });

  it('answers a record nested 100,000 deep with exit 5, invalid answer', async () => {
    const deep = '{"x":'.repeat(100_000) + '1' + '}'.repeat(100_000);
    srv = await scriptedServer((_q, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(`{"page":0,"has_next_page":false,"data":[{"id":"urn:l:1","unknown":${deep}}]}`);
    });
    for (const format of ['ndjson', 'csv']) {
      const r = await runCliCaptured(['locations', '--updated-since', EPOCH, '--format', format], env());
      assert.equal(r.code, 5, r.err);
      assert.match(r.err, /^dedup-curator: .*does not match the interface: .*nested deeper than \d+ levels/);
      assert.doesNotMatch(r.err, /internal error|call stack/);
    }
  });

  it('refuses --timeout beyond what a timer can wait (exit 2, with the allowed range)', async () => {
    srv = await scriptedServer((_q, res) => json(res, 200, { page: 0, has_next_page: false, total: 0, data: [] }));
    for (const t of ['1e12', '0', 'abc']) {
      const r = await runCliCaptured(['recommendations', '--timeout', t], env());
      assert.equal(r.code, 2, r.err);
      assert.match(r.err, /--timeout must be a number of seconds from 0\.001 to 2147483/);
    }
    assert.equal(srv.requests.length, 0);
  });
});
