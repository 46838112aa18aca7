// The client against a scripted HTTP server: what it sends, and how it copes with answers a
// faithful service never gives (HTML, non-JSON, wrong shapes, resets).
import assert from 'node:assert/strict';
import {
  AuthHeaderError,
  BadRequestError,
  DedupClient,
  HttpStatusError,
  InvalidResponseError,
  InvalidTokenError,
  NetworkError,
  RateLimitedError,
  RequestValidationError,
  ServerError,
  type RetryInfo,
} from '../../src/api';
import { type ScriptedServer, closedPort, json, scriptedServer } from '../support/scripted-server';

const TOKEN = 'tok-Secret_123';
const fast = { retries: 3, baseDelayMs: 5, maxDelayMs: 20 };
const page = (data: unknown, extra: Record<string, unknown> = {}) => ({ page: 0, has_next_page: false, data, ...extra });

describe('client on the wire (scripted server)', () => {
  let srv: ScriptedServer | undefined;
  afterEach(async () => {
    await srv?.close();
    srv = undefined;
  });
  const client = (extra: Partial<ConstructorParameters<typeof DedupClient>[0]> = {}) =>
    new DedupClient({ baseUrl: srv!.baseUrl + '/', token: TOKEN, retry: fast, ...extra });

  it('POSTs JSON with the Bearer token, the defaults and exact wire timestamps', async () => {
    srv = await scriptedServer((_q, res) => json(res, 200, page([])));
    await client().listLocations({ updatedSince: new Date(Date.UTC(2024, 0, 1)) });
    await client().listEvents({ updatedSince: '+002024-01-01T00:00:00.000Z', startAfter: new Date(-8.64e15), pageSize: 500, onlyExternalUpdates: true, location: 'urn:x:1' });
    await client().listRecommendations();
    const [loc, ev, rec] = srv.requests;
    assert.equal(loc.method, 'POST');
    assert.equal(loc.url, '/api/custom/locations');
    assert.equal(loc.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(loc.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(loc.body), { updated_since: '2024-01-01T00:00:00.000Z', page: 0, page_size: 50 });
    assert.equal(ev.url, '/api/custom/events');
    assert.deepEqual(JSON.parse(ev.body), {
      updated_since: '+002024-01-01T00:00:00.000Z',
      page: 0,
      page_size: 500,
      only_external_updates: true,
      start_after: '-271821-04-20T00:00:00.000Z',
      location: 'urn:x:1',
    });
    assert.equal(rec.url, '/api/custom/recommended-deduplications');
    assert.deepEqual(JSON.parse(rec.body), { page: 0, page_size: 50 });
  });

  it('refuses bad parameters locally, naming the member, without sending anything', async () => {
    srv = await scriptedServer((_q, res) => json(res, 200, page([])));
    const c = client();
    const cases: [() => Promise<unknown>, RegExp][] = [
      [() => c.listRecommendations({ pageSize: 201 }), /page_size must be at most 200/],
      [() => c.listLocations({ updatedSince: '2024-01-01T00:00:00.000Z', pageSize: 501 }), /page_size must be at most 500/],
      [() => c.listRecommendations({ page: -1 }), /page must be an integer ≥ 0/],
      [() => c.listRecommendations({ page: 1.5 }), /page must be an integer ≥ 0/],
      [() => c.listLocations({ updatedSince: '2024-01-01T00:00:00Z' }), /updated_since: .*expected YYYY-MM-DDTHH:mm:ss\.sssZ/],
      [() => c.listEvents({ updatedSince: '2024-01-01T00:00:00.000Z', startBefore: '2024-13-01T00:00:00.000Z' }), /start_before: .*real date/],
      [() => c.listEvents({ updatedSince: '2024-01-01T00:00:00.000Z', location: ' ' }), /location must be/],
      [() => c.approve(''), /id must be/],
      [() => c.listLocations({} as never), /updated_since is required/],
    ];
    for (const [call, message] of cases) {
      await assert.rejects(call(), (e: unknown) => e instanceof RequestValidationError && message.test(e.message));
    }
    assert.equal(srv.requests.length, 0);
  });

  it('normalises both shapes of the recommendation list and keeps unknown members', async () => {
    const rec = { '@id': 'urn:r:1', score: '0.75', entities: [{ '@id': 'urn:e:1', name: 'A', extra: { x: 1 }, url: null }] };
    srv = await scriptedServer((_q, res, n) =>
      json(res, 200, n === 1 ? page([rec], { total: 1 }) : page({ '@context': { '@vocab': 'https://schema.org/' }, '@graph': [rec] }, { total: 1 })),
    );
    const a = await client().listRecommendations();
    const b = await client().listRecommendations();
    assert.deepEqual(a, b);
    assert.equal(a.total, 1);
    assert.equal(a.data[0].score, 0.75);
    assert.deepEqual((a.data[0].entities[0] as Record<string, unknown>).extra, { x: 1 });
  });

  it('says which member of an answer has the wrong shape', async () => {
    srv = await scriptedServer((_q, res) => json(res, 200, page([{ '@id': 'urn:r:1', score: 0.5, entities: [{ name: 'no id' }] }])));
    await assert.rejects(client().listRecommendations(), (e: unknown) => {
      assert.ok(e instanceof InvalidResponseError);
      assert.equal(e.member, 'data[0].entities[0]["@id"]');
      assert.match(e.message, /does not match the interface: data\[0\]\.entities\[0\]\["@id"\]/);
      return true;
    });
  });

  it('reports an HTML page, non-JSON text and an empty body as invalid answers', async () => {
    const bodies = ['<!doctype html><html><body>Sign in</body></html>', 'OK', ''];
    srv = await scriptedServer((_q, res, n) => {
      res.writeHead(200, { 'Content-Type': n === 1 ? 'text/html' : 'text/plain' });
      res.end(bodies[n - 1]);
    });
    await assert.rejects(client().listRecommendations(), (e: unknown) => e instanceof InvalidResponseError && /HTML page/.test(e.message));
    await assert.rejects(client().listRecommendations(), (e: unknown) => e instanceof InvalidResponseError && /not JSON.*"OK"/.test(e.message));
    await assert.rejects(client().listRecommendations(), (e: unknown) => e instanceof InvalidResponseError && /empty body/.test(e.message));
  });

  it('maps statuses to error types, carries the server message and never the token', async () => {
    const answers: [number, unknown, Record<string, string>?][] = [
      [400, { error: { code: 'bad_member', message: 'page_size: too large' } }],
      [401, { error: { message: `token ${TOKEN} unknown` } }],
      [402, {}],
      [403, { message: `forbidden for Bearer ${TOKEN}` }],
      [500, { error: 'boom' }],
    ];
    srv = await scriptedServer((_q, res, n) => json(res, answers[n - 1][0], answers[n - 1][1]));
    const c = client({ retry: { retries: 0 } });
    const errors: unknown[] = [];
    for (let i = 0; i < answers.length; i++) errors.push(await c.listRecommendations().catch((e: unknown) => e));
    assert.ok(errors[0] instanceof BadRequestError);
    assert.equal((errors[0] as BadRequestError).serverMessage, 'page_size: too large');
    assert.ok(errors[1] instanceof InvalidTokenError);
    assert.ok(errors[2] instanceof AuthHeaderError);
    assert.match((errors[2] as Error).message, /malformed/);
    assert.ok(errors[3] instanceof HttpStatusError);
    assert.match((errors[3] as Error).message, /forbidden for Bearer ‹token›/);
    assert.ok(errors[4] instanceof ServerError);
    for (const e of errors) assert.ok(!String((e as Error).message).includes(TOKEN), String(e));
  });

  it('retries list calls on 500/502/503/504 and 429 (honouring Retry-After), not on 501', async () => {
    const statuses = [500, 502, 503];
    srv = await scriptedServer((_q, res, n) => (n <= 3 ? json(res, statuses[n - 1], {}) : json(res, 200, page([]))));
    const retries: RetryInfo[] = [];
    await client({ onRetry: (r) => retries.push(r) }).listRecommendations();
    assert.deepEqual(retries.map((r) => r.error.status), [500, 502, 503]);
    await srv.close();
    srv = await scriptedServer((_q, res, n) => (n === 1 ? json(res, 504, {}) : json(res, 200, page([]))));
    await client().listRecommendations();
    assert.equal(srv.requests.length, 2);
    await srv.close();

    srv = await scriptedServer((_q, res, n) => (n === 1 ? json(res, 429, {}, { 'Retry-After': '1' }) : json(res, 200, page([]))));
    const t0 = Date.now();
    const seen: RetryInfo[] = [];
    await client({ onRetry: (r) => seen.push(r) }).listRecommendations();
    assert.ok(Date.now() - t0 >= 950, `waited ${Date.now() - t0} ms`);
    assert.equal(seen[0].delayMs, 1000);
    await srv.close();

    srv = await scriptedServer((_q, res) => json(res, 501, {}));
    await assert.rejects(client().listRecommendations(), ServerError);
    assert.equal(srv.requests.length, 1);
  });

  it('gives up after the retries, and does not wait for a Retry-After beyond the cap', async () => {
    srv = await scriptedServer((_q, res) => json(res, 503, { error: { message: 'maintenance' } }));
    await assert.rejects(client().listLocations({ updatedSince: new Date(0) }), /failed with status 503\. The service said: maintenance/);
    assert.equal(srv.requests.length, 4);
    await srv.close();
    srv = await scriptedServer((_q, res) => json(res, 429, {}, { 'Retry-After': '3600' }));
    await assert.rejects(client().listRecommendations(), (e: unknown) => e instanceof RateLimitedError && e.retryAfterMs === 3_600_000);
    assert.equal(srv.requests.length, 1);
  });

  it('never retries approve or reject', async () => {
    srv = await scriptedServer((_q, res) => json(res, 503, {}));
    await assert.rejects(client().approve('urn:r:1'), ServerError);
    await assert.rejects(client().reject('urn:r:1'), ServerError);
    assert.equal(srv.requests.length, 2);
    assert.deepEqual(JSON.parse(srv.requests[0].body), { id: 'urn:r:1' });
    assert.equal(srv.requests[1].url, '/api/custom/recommended-deduplications/reject');
  });

  it('retries a reset connection on a list call and reports it after the retries', async () => {
    srv = await scriptedServer((_q, res, n) => (n <= 2 ? res.socket?.destroy() : json(res, 200, page([]))));
    const retries: RetryInfo[] = [];
    await client({ onRetry: (r) => retries.push(r) }).listRecommendations();
    assert.equal(retries.length, 2);
    assert.ok(retries.every((r) => r.error instanceof NetworkError));
    await srv.close();
    srv = await scriptedServer((_q, res) => res.socket?.destroy());
    await assert.rejects(client().approve('urn:r:1'), (e: unknown) => e instanceof NetworkError && /closed|reset/.test(e.message));
    assert.equal(srv.requests.length, 1);
  });

  it('reports a refused connection with the address to check', async () => {
    const port = await closedPort();
    const c = new DedupClient({ baseUrl: `http://127.0.0.1:${port}`, token: TOKEN, retry: { retries: 1, baseDelayMs: 5 } });
    await assert.rejects(c.listRecommendations(), (e: unknown) => {
      assert.ok(e instanceof NetworkError);
      assert.equal(e.code, 'ECONNREFUSED');
      assert.match(e.message, new RegExp(`could not connect to http://127.0.0.1:${port}: connection refused`));
      return true;
    });
  });

  it('checks the base URL and flags plain http to a remote host', () => {
    assert.throws(() => new DedupClient({ baseUrl: 'ftp://x', token: TOKEN }), /http:\/\/ or https:\/\//);
    assert.throws(() => new DedupClient({ baseUrl: 'not a url', token: TOKEN }), /is not a URL/);
    assert.throws(() => new DedupClient({ baseUrl: 'https://u:p@x.test', token: TOKEN }), /user name or password/);
    assert.throws(() => new DedupClient({ baseUrl: 'https://x.test', token: '' }), /No access token/);
    assert.equal(new DedupClient({ baseUrl: 'http://dedup.example.com', token: TOKEN }).insecureRemote, true);
    assert.equal(new DedupClient({ baseUrl: 'https://dedup.example.com', token: TOKEN }).insecureRemote, false);
    for (const local of ['http://localhost:1', 'http://127.0.0.2:1', 'http://[::1]:1']) {
      assert.equal(new DedupClient({ baseUrl: local, token: TOKEN }).insecureRemote, false, local);
    }
    assert.equal(new DedupClient({ baseUrl: 'https://x.test/prefix//', token: TOKEN }).baseUrl, 'https://x.test/prefix');
  });
});
