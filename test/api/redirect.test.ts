// Redirects over real HTTP: a decision never follows one (nothing reaches the other server, the
// error names the status and the Location); a list call follows a redirect on the same origin with
// its token and body, and never one to another origin.
import assert from 'node:assert/strict';
import { DedupClient, HttpStatusError } from '../../src/api';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';

const TOKEN = 'redirect-test-token-5b1e';
const PAGE = { page: 0, has_next_page: false, total: 1, data: [{ '@id': 'urn:r:1', score: 0.9, entities: [] }] };

describe('client: redirects', () => {
  let proxy: ScriptedServer;
  let other: ScriptedServer;
  beforeEach(async () => {
    // The other origin answers as a service would: following it would look like success.
    other = await scriptedServer((q, res) => json(res, 200, q.url.includes('approve') || q.url.includes('reject') ? { success: true } : PAGE));
  });
  afterEach(async () => {
    await proxy?.close();
    await other.close();
  });

  for (const status of [301, 302, 303, 307, 308]) {
    it(`approve and reject fail on a ${status} to another origin, and nothing reaches it`, async () => {
      proxy = await scriptedServer((q, res) => {
        res.writeHead(status, { Location: other.baseUrl + q.url });
        res.end();
      });
      const client = new DedupClient({ baseUrl: proxy.baseUrl, token: TOKEN });
      for (const verdict of ['approve', 'reject'] as const) {
        const error = await client[verdict]('urn:r:1').then(
          () => assert.fail(`${verdict} reported success`),
          (e: unknown) => e,
        );
        assert.ok(error instanceof HttpStatusError, String(error));
        assert.equal(error.status, status);
        assert.match(error.message, new RegExp(`redirected \\(${status}\\) to ${other.baseUrl.replace(/\./g, '\\.')}/api/custom/recommended-deduplications/${verdict}`));
        assert.match(error.message, /not applied/);
      }
      assert.equal(other.requests.length, 0, 'nothing sent to the other origin');
      assert.equal(proxy.requests.length, 2, 'each decision sent once');
    });
  }

  it('a decision does not follow even a same-origin redirect', async () => {
    proxy = await scriptedServer((q, res) => {
      if (q.url.startsWith('/moved')) return json(res, 200, { success: true });
      res.writeHead(307, { Location: '/moved' + q.url });
      res.end();
    });
    const client = new DedupClient({ baseUrl: proxy.baseUrl, token: TOKEN });
    await assert.rejects(client.approve('urn:r:1'), HttpStatusError);
    assert.equal(proxy.requests.length, 1);
  });

  it('a list call follows a same-origin redirect with the same POST, token and body', async () => {
    proxy = await scriptedServer((q, res) => {
      if (q.url.startsWith('/v2')) return json(res, 200, PAGE);
      res.writeHead(302, { Location: '/v2' + q.url });
      res.end();
    });
    const client = new DedupClient({ baseUrl: proxy.baseUrl, token: TOKEN });
    const page = await client.listRecommendations({ page: 0, pageSize: 5 });
    assert.equal(page.data.length, 1);
    assert.equal(proxy.requests.length, 2);
    const [first, second] = proxy.requests;
    assert.equal(second.method, 'POST');
    assert.equal(second.url, '/v2/api/custom/recommended-deduplications');
    assert.equal(second.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(second.body, first.body);
  });

  it('a list call does not follow a redirect to another origin: the token is not sent there', async () => {
    proxy = await scriptedServer((q, res) => {
      res.writeHead(308, { Location: other.baseUrl + q.url });
      res.end();
    });
    const client = new DedupClient({ baseUrl: proxy.baseUrl, token: TOKEN });
    await assert.rejects(client.listLocations({ updatedSince: '2024-01-01T00:00:00.000Z' }), (e: unknown) => {
      assert.ok(e instanceof HttpStatusError);
      assert.match(e.message, /redirected \(308\) to another origin, .*not sent there.*change the base URL to http:\/\/127\.0\.0\.1:\d+/);
      return true;
    });
    assert.equal(other.requests.length, 0);
  });

  it('stops after 5 same-origin redirects', async () => {
    proxy = await scriptedServer((_q, res) => {
      res.writeHead(302, { Location: `/loop${Math.random()}` });
      res.end();
    });
    const client = new DedupClient({ baseUrl: proxy.baseUrl, token: TOKEN });
    await assert.rejects(client.listRecommendations(), /redirected more than 5 times/);
    assert.equal(proxy.requests.length, 6);
  });
});
