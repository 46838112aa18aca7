// A failed call's error carries what happened as data (kind, status, endpoint, the service's own
// message, a code), so the CLI and the extension can each say it in their own words; the English
// line stays the one the CLI prints.
import assert from 'node:assert/strict';
import { DedupClient, type DedupError, isDedupError } from '../../src/api';
import { type ScriptedServer, closedPort, scriptedServer } from '../support/scripted-server';

const TOKEN = 'tok-Facts_Secret_987';
const ENDPOINT = 'POST /api/custom/recommended-deduplications';

describe('structured errors', () => {
  let srv: ScriptedServer | undefined;
  afterEach(async () => {
    await srv?.close();
    srv = undefined;
  });

  async function failure(status: number, body: string, headers: Record<string, string> = {}): Promise<DedupError> {
    srv = await scriptedServer((_q, res) => {
      res.writeHead(status, { 'content-type': headers['content-type'] ?? 'application/json', ...headers });
      res.end(body);
    });
    const client = new DedupClient({ baseUrl: srv.baseUrl, token: TOKEN, retry: { retries: 0 } });
    try {
      await client.listRecommendations();
    } catch (e) {
      assert.ok(isDedupError(e), `not a DedupError: ${String(e)}`);
      return e;
    } finally {
      await srv.close();
      srv = undefined;
    }
    throw new Error('the call succeeded');
  }

  it('an HTTP status: kind, status, endpoint and the service message, the token masked in each', async () => {
    const e = await failure(400, JSON.stringify({ error: { message: `member page_size is wrong for ${TOKEN}` } }));
    assert.equal(e.kind, 'bad-request');
    assert.equal(e.status, 400);
    assert.equal(e.endpoint, ENDPOINT);
    assert.equal(e.serverMessage, 'member page_size is wrong for ‹token›');
    assert.equal(e.message, `${ENDPOINT} was refused as malformed (400). The service said: member page_size is wrong for ‹token›`);

    const gone = await failure(404, '');
    assert.deepEqual([gone.kind, gone.status, gone.serverMessage], ['not-found', 404, undefined]);
    const failed = await failure(503, 'overloaded');
    assert.deepEqual([failed.kind, failed.status, failed.serverMessage], ['server', 503, 'overloaded']);
  });

  it('an answer that is not the interface: a code saying why, and what was wrong in detail', async () => {
    const html = await failure(200, '<html>login</html>', { 'content-type': 'text/html' });
    assert.deepEqual([html.kind, html.code, html.status, html.endpoint], ['invalid-response', 'html-body', 200, ENDPOINT]);
    const text = await failure(200, `not json ${TOKEN}`);
    assert.deepEqual([text.code, text.detail], ['not-json', 'not json ‹token›']);
    const shape = await failure(200, JSON.stringify({ page: 0, has_next_page: 'yes', data: [] }));
    assert.equal(shape.code, 'shape');
    assert.equal((shape as DedupError & { member?: string }).member, 'has_next_page');
    assert.ok(shape.detail && shape.detail.length > 0);
  });

  it('a redirect that is not followed: its code and Location', async () => {
    const e = await failure(302, '', { location: 'http://elsewhere.invalid/api' });
    assert.deepEqual([e.kind, e.code, e.status, e.detail], ['http-status', 'redirect-other-origin', 302, 'http://elsewhere.invalid/api']);
    assert.match(e.message, /change the base URL to http:\/\/elsewhere\.invalid\.$/);
  });

  it('a refused connection: network kind with the code and the origin', async () => {
    const port = await closedPort();
    const client = new DedupClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN, retry: { retries: 0 } });
    const e = await client.listRecommendations().then(
      () => assert.fail('the call succeeded'),
      (err: unknown) => err as DedupError,
    );
    assert.deepEqual([e.kind, e.code, e.detail, e.endpoint, e.status], ['network', 'ECONNREFUSED', `http://127.0.0.1:${port}`, ENDPOINT, undefined]);
  });
});
