// The token inside valid data: a service (or a proxy) that puts the caller's token into a record,
// plainly, JSON-escaped or base64-encoded, never gets it past the client: every string of every
// answer is masked before the extension's views, the exports, the mirror or the CLI read it.
import assert from 'node:assert/strict';
import { DedupClient, MASK } from '../../src/api';
import { type ScriptedServer, scriptedServer } from '../support/scripted-server';

const TOKEN = 'Tok3n/with+slash-and-more';
const escaped = [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
const base64 = Buffer.from(TOKEN).toString('base64');

describe('client: the token inside valid data', () => {
  let srv: ScriptedServer;
  afterEach(() => srv.close());

  it('masks it in every string of a page, escaped or base64, in keys too, and keeps no raw text of it', async () => {
    srv = await scriptedServer((_q, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        `{"page":0,"has_next_page":false,"data":[{"id":"urn:l:1","name":"auth Bearer ${escaped}","telephone":"${base64}",` +
          `"address":{"streetAddress":"${TOKEN}"},"extra":{"${TOKEN}":["x ${TOKEN}"]}}]}`,
      );
    });
    const client = new DedupClient({ baseUrl: srv.baseUrl, token: TOKEN });
    const page = await client.listLocations({ updatedSince: '1970-01-01T00:00:00.000Z' }, { keepBody: true });
    const text = JSON.stringify(page);
    assert.ok(!text.includes(TOKEN) && !text.includes(base64), text);
    assert.equal(page.data[0].name, `auth Bearer ${MASK}`);
    assert.equal(page.data[0].address?.streetAddress, MASK);
    assert.equal(page.body, undefined, 'the raw answer held the token: not kept');
  });

  it('keeps the raw text of an answer without the token', async () => {
    srv = await scriptedServer((_q, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"page":0,"has_next_page":false,"data":[{"id":"urn:l:1","name":"Thrush Hall \\"Main\\""}]}');
    });
    const client = new DedupClient({ baseUrl: srv.baseUrl, token: TOKEN });
    const page = await client.listLocations({ updatedSince: '1970-01-01T00:00:00.000Z' }, { keepBody: true });
    assert.equal(page.data[0].name, 'Thrush Hall "Main"');
    assert.ok(page.body?.includes('Thrush Hall'));
  });
});
