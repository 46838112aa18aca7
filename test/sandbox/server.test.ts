// The sandbox over real HTTP on 127.0.0.1 with the real store: every endpoint's success path and
// members, paging to the end, the two recommendation-list shapes, decisions, and the HTTP-level
// errors (404, 405, 409, 413, 415, 500). Uses global fetch so the raw wire is what is checked.
import assert from 'node:assert/strict';
import net from 'node:net';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';
import { createSandboxServer } from '../../src/sandbox/server';
import type { SandboxStoreApi } from '../../src/sandbox/store-api';

// Small, but with enough recommendations (several) to page through and decide on.
const DATA = { port: 0, seed: 1, locations: 100, events: 60 } as const;
const PAST = '2000-01-01T00:00:00.000Z';

interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- wire JSON, inspected member by member
  json: any;
}

async function post(sb: { baseUrl: string; token: string }, path: string, body?: unknown, init: { headers?: Record<string, string>; method?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = { Authorization: `Bearer ${sb.token}`, ...init.headers };
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${sb.baseUrl}/api/custom/${path}`, {
    method: init.method ?? 'POST',
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}

function assertJsonError(r: Reply, status: number, code: string): void {
  assert.equal(r.status, status, r.text);
  assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(r.json.error.code, code);
  assert.equal(typeof r.json.error.message, 'string');
  assert.ok(!/\n\s+at /.test(r.text), 'no stack trace in an error body');
}

/** Every item of a list endpoint, page by page, checking has_next_page on the way. */
async function allPages(sb: RunningSandbox, path: string, body: Record<string, unknown>, pageSize: number, key: (item: never) => string) {
  const ids: string[] = [];
  for (let page = 0; ; page++) {
    const r = await post(sb, path, { ...body, page, page_size: pageSize });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json.page, page);
    const data = Array.isArray(r.json.data) ? r.json.data : r.json.data['@graph'];
    assert.ok(data.length <= pageSize);
    ids.push(...data.map(key));
    if (!r.json.has_next_page) break;
    assert.equal(data.length, pageSize, 'a page before the last is full');
    assert.ok(page < 1000, 'paging ends');
  }
  return ids;
}

describe('sandbox server: endpoints over HTTP', () => {
  let sb: RunningSandbox;
  before(async () => {
    sb = await startSandbox(DATA);
  });
  after(() => sb.close());

  it('reports its base URL, port and token', () => {
    assert.match(sb.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(sb.baseUrl, `http://127.0.0.1:${sb.port}`);
    assert.match(sb.token, /^[A-Za-z0-9_-]{43}$/);
  });

  it('lists recommendations with defaults, as { @context, @graph }, with an omitted body', async () => {
    const r = await post(sb, 'recommended-deduplications');
    assert.equal(r.status, 200, r.text);
    assert.match(r.headers.get('content-type')!, /^application\/json; charset=utf-8$/);
    assert.deepEqual(Object.keys(r.json).sort(), ['data', 'has_next_page', 'page', 'total']);
    assert.equal(r.json.page, 0);
    assert.equal(typeof r.json.has_next_page, 'boolean');
    assert.equal(r.json.total, sb.store.stats().pendingRecommendations);
    assert.ok(r.json.total > 0, 'the synthetic data has recommendations');
    assert.equal(r.json.data['@context']['@vocab'], 'https://schema.org/');
    const graph = r.json.data['@graph'];
    assert.ok(Array.isArray(graph));
    assert.equal(graph.length, Math.min(50, r.json.total));
    assert.equal(r.json.has_next_page, r.json.total > 50);
    for (const rec of graph) {
      assert.equal(typeof rec['@id'], 'string');
      assert.match(rec['@type'], /DeduplicationRecommendation$/);
      assert.equal(typeof rec.score, 'number');
      assert.ok(Array.isArray(rec.entities) && rec.entities.length >= 2);
      for (const entity of rec.entities) {
        assert.equal(typeof entity['@id'], 'string');
        assert.equal(typeof entity['@type'], 'string');
        assert.equal(typeof entity.integration, 'string');
        assert.equal(typeof entity.sourceId, 'string');
      }
    }
  });

  it('pages through recommendations to the end without skips or repeats', async () => {
    const total = (await post(sb, 'recommended-deduplications', {})).json.total;
    assert.ok(total >= 3, `enough recommendations to page through (${total})`);
    const ids = await allPages(sb, 'recommended-deduplications', {}, 2, (rec: { '@id': string }) => rec['@id']);
    assert.equal(ids.length, total);
    assert.equal(new Set(ids).size, ids.length);
    const beyond = await post(sb, 'recommended-deduplications', { page: 1000, page_size: 2 });
    assert.equal(beyond.status, 200);
    assert.deepEqual(beyond.json.data['@graph'], []);
    assert.equal(beyond.json.has_next_page, false);
    assert.equal(beyond.json.total, total);
  });

  it('lists locations with their members and no total, paging to the end', async () => {
    const r = await post(sb, 'locations', { updated_since: PAST });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(Object.keys(r.json).sort(), ['data', 'has_next_page', 'page']);
    const location = r.json.data[0];
    for (const member of ['id', 'updatedAt', 'createdAt', 'name']) assert.equal(typeof location[member], 'string', member);
    for (const member of ['sourceIds', 'integrations']) assert.ok(Array.isArray(location[member]), member);
    const ids = await allPages(sb, 'locations', { updated_since: PAST }, 11, (l: { id: string }) => l.id);
    assert.equal(ids.length, sb.store.stats().locations);
    assert.equal(new Set(ids).size, ids.length);
  });

  it('lists events with the location embedded, paging to the end', async () => {
    const r = await post(sb, 'events', { updated_since: PAST, page_size: 500 });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(Object.keys(r.json).sort(), ['data', 'has_next_page', 'page']);
    assert.equal(r.json.has_next_page, false);
    assert.equal(r.json.data.length, sb.store.stats().events);
    const withLocation = r.json.data.filter((e: { location?: unknown }) => e.location);
    assert.ok(withLocation.length > 0);
    for (const e of r.json.data) {
      assert.equal(typeof e.id, 'string');
      assert.equal(typeof e.startDate, 'string');
    }
    for (const e of withLocation) assert.equal(typeof e.location.id, 'string');
    const ids = await allPages(sb, 'events', { updated_since: PAST }, 9, (e: { id: string }) => e.id);
    assert.deepEqual(new Set(ids), new Set(r.json.data.map((e: { id: string }) => e.id)));
    assert.equal(ids.length, r.json.data.length);
  });

  it('accepts 24- and 27-character timestamps and filters on updated_since (inclusive)', async () => {
    for (const ts of [PAST, '+002000-01-01T00:00:00.000Z', '-000001-01-01T00:00:00.000Z']) {
      const r = await post(sb, 'locations', { updated_since: ts, page_size: 500 });
      assert.equal(r.status, 200, `${ts}: ${r.text}`);
      assert.equal(r.json.data.length, sb.store.stats().locations);
    }
    const future = await post(sb, 'locations', { updated_since: '+100000-01-01T00:00:00.000Z' });
    assert.deepEqual(future.json.data, []);
    const all = (await post(sb, 'locations', { updated_since: PAST, page_size: 500 })).json.data as { id: string; updatedAt: string }[];
    const latest = all.map((l) => l.updatedAt).sort().at(-1)!;
    const atBoundary = await post(sb, 'locations', { updated_since: latest, page_size: 500 });
    assert.ok(atBoundary.json.data.length >= 1, 'a record updated exactly at updated_since is included');
    for (const l of atBoundary.json.data) assert.ok(l.updatedAt >= latest);
  });

  it('filters events by start_after / start_before (exclusive) and by location', async () => {
    const all = (await post(sb, 'events', { updated_since: PAST, page_size: 500 })).json.data as { id: string; startDate: string; location?: { id: string } }[];
    const pivot = all.map((e) => e.startDate).sort()[Math.floor(all.length / 2)]!;
    const after = (await post(sb, 'events', { updated_since: PAST, page_size: 500, start_after: pivot })).json.data as typeof all;
    const before = (await post(sb, 'events', { updated_since: PAST, page_size: 500, start_before: pivot })).json.data as typeof all;
    assert.deepEqual(new Set(after.map((e) => e.id)), new Set(all.filter((e) => Date.parse(e.startDate) > Date.parse(pivot)).map((e) => e.id)));
    assert.deepEqual(new Set(before.map((e) => e.id)), new Set(all.filter((e) => Date.parse(e.startDate) < Date.parse(pivot)).map((e) => e.id)));
    const place = all.find((e) => e.location)!.location!.id;
    const at = (await post(sb, 'events', { updated_since: PAST, page_size: 500, location: place })).json.data as typeof all;
    assert.ok(at.length >= 1);
    for (const e of at) assert.equal(e.location?.id, place);
    const nowhere = await post(sb, 'events', { updated_since: PAST, location: 'https://nowhere.example/loc/1' });
    assert.deepEqual(nowhere.json.data, []);
  });

  it('accepts only_external_updates and ignores unknown members', async () => {
    const r = await post(sb, 'locations', { updated_since: PAST, only_external_updates: true, some_future_member: 1 });
    assert.equal(r.status, 200, r.text);
    const e = await post(sb, 'events', { updated_since: PAST, only_external_updates: false, extra: { nested: true } });
    assert.equal(e.status, 200, e.text);
    const rec = await post(sb, 'recommended-deduplications', { filter: 'x' });
    assert.equal(rec.status, 200, rec.text);
  });

  it('approves and rejects: success, then 409 when decided, 404 when unknown', async () => {
    const list = await post(sb, 'recommended-deduplications', { page_size: 200 });
    // Two recommendations whose unified records appear in no other one, so that deciding them makes
    // no other recommendation moot and the total drops by exactly two.
    const graph = list.json.data['@graph'] as { '@id': string; entities: { identifier: string }[] }[];
    const uses = new Map<string, number>();
    for (const r of graph) for (const id of new Set(r.entities.map((e) => e.identifier))) uses.set(id, (uses.get(id) ?? 0) + 1);
    const [first, second] = graph.filter((r) => r.entities.every((e) => uses.get(e.identifier) === 1));
    const approved = await post(sb, 'recommended-deduplications/approve', { id: first!['@id'] });
    assert.equal(approved.status, 200, approved.text);
    assert.deepEqual(approved.json, { success: true });
    const rejected = await post(sb, 'recommended-deduplications/reject', { id: second!['@id'] });
    assert.deepEqual(rejected.json, { success: true });

    const after = await post(sb, 'recommended-deduplications', { page_size: 200 });
    assert.equal(after.json.total, list.json.total - 2);
    const remaining = new Set((after.json.data['@graph'] as { '@id': string }[]).map((r) => r['@id']));
    assert.ok(!remaining.has(first!['@id']) && !remaining.has(second!['@id']));

    assertJsonError(await post(sb, 'recommended-deduplications/approve', { id: first!['@id'] }), 409, 'already_decided');
    assertJsonError(await post(sb, 'recommended-deduplications/reject', { id: first!['@id'] }), 409, 'already_decided');
    assertJsonError(await post(sb, 'recommended-deduplications/approve', { id: second!['@id'] }), 409, 'already_decided');
    const unknown = await post(sb, 'recommended-deduplications/reject', { id: 'https://nowhere.example/rec/1' });
    assertJsonError(unknown, 404, 'not_found');
    assert.equal(unknown.json.error.member, 'id');
  });

  it('lets exactly one of two concurrent decisions on one recommendation win', async () => {
    const list = await post(sb, 'recommended-deduplications', { page_size: 200 });
    const id = (list.json.data['@graph'] as { '@id': string }[]).at(-1)!['@id'];
    const replies = await Promise.all([
      post(sb, 'recommended-deduplications/approve', { id }),
      post(sb, 'recommended-deduplications/reject', { id }),
    ]);
    assert.deepEqual(replies.map((r) => r.status).sort(), [200, 409]);
  });

  it('answers a page far beyond the end with an empty page', async () => {
    const r = await post(sb, 'locations', { updated_since: PAST, page: Number.MAX_SAFE_INTEGER, page_size: 500 });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.json.data, []);
    assert.equal(r.json.has_next_page, false);
    assert.equal(r.json.page, Number.MAX_SAFE_INTEGER);
  });

  it('answers other methods with 405 and Allow: POST, unknown paths with 404, all in JSON', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const r = await post(sb, 'locations', undefined, { method });
      assertJsonError(r, 405, 'method_not_allowed');
      assert.equal(r.headers.get('allow'), 'POST');
    }
    assertJsonError(await post(sb, 'nope', {}), 404, 'not_found');
    assertJsonError(await post(sb, 'locations/', {}), 404, 'not_found');
    const root = await fetch(sb.baseUrl + '/');
    assert.equal(root.status, 404);
    assert.equal((await root.json()).error.code, 'not_found');
  });

  it('refuses non-JSON media types (415) and accepts JSON ones', async () => {
    const body = JSON.stringify({ updated_since: PAST });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=iso-8859-1']) {
      assertJsonError(await post(sb, 'locations', body, { headers: { 'Content-Type': type } }), 415, 'unsupported_media_type');
    }
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"', 'application/ld+json']) {
      const r = await post(sb, 'locations', body, { headers: { 'Content-Type': type } });
      assert.equal(r.status, 200, `${type}: ${r.text}`);
    }
    // No Content-Type at all is fine too (fetch sends none for a Uint8Array body).
    const res = await fetch(`${sb.baseUrl}/api/custom/locations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.token}` },
      body: new TextEncoder().encode(body),
    });
    assert.equal(res.status, 200);
  });

  it('refuses bodies over 64 KiB with 413', async () => {
    const big = JSON.stringify({ updated_since: PAST, padding: 'x'.repeat(70 * 1024) });
    assertJsonError(await post(sb, 'locations', big), 413, 'payload_too_large');
    // The same, streamed without a Content-Length.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const res = await fetch(`${sb.baseUrl}/api/custom/locations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    assert.equal(res.status, 413);
    // A body just under the limit is read normally.
    const fits = JSON.stringify({ updated_since: PAST, padding: 'x'.repeat(60 * 1024) });
    assert.equal((await post(sb, 'locations', fits)).status, 200);
  });
});

describe('sandbox server: shapes and failures', () => {
  it('serves the recommendation list as a plain array with plainArray', async () => {
    const graph = await startSandbox(DATA);
    const plain = await startSandbox({ ...DATA, plainArray: true });
    try {
      const a = await post(graph, 'recommended-deduplications', { page_size: 200 });
      const b = await post(plain, 'recommended-deduplications', { page_size: 200 });
      assert.ok(Array.isArray(b.json.data));
      assert.deepEqual(b.json.data, a.json.data['@graph'], 'same seed, same recommendations, other shape');
      assert.equal(b.json.total, a.json.total);
    } finally {
      await Promise.all([graph.close(), plain.close()]);
    }
  });

  it('turns a store failure into a 500 JSON error without a stack trace', async () => {
    const sb = await startSandbox(DATA);
    const failing: SandboxStoreApi = Object.assign(Object.create(sb.store) as SandboxStoreApi, {
      listLocations(): never {
        throw new Error('disk on fire');
      },
    });
    const lines: string[] = [];
    const http = createSandboxServer({ store: failing, token: sb.token, log: (l) => lines.push(l) });
    try {
      const port = await http.listen(0, '127.0.0.1');
      const r = await post({ baseUrl: `http://127.0.0.1:${port}`, token: sb.token }, 'locations', { updated_since: PAST });
      assertJsonError(r, 500, 'internal_error');
      assert.ok(lines.some((l) => l.includes('disk on fire')), 'the operator log has the cause');
      const ok = await post({ baseUrl: `http://127.0.0.1:${port}`, token: sb.token }, 'events', { updated_since: PAST });
      assert.equal(ok.status, 200, 'the server keeps serving');
    } finally {
      await http.close();
      await sb.close();
    }
  });

  it('logs one line per request without the token', async () => {
    const lines: string[] = [];
    const sb = await startSandbox({ ...DATA, log: (l) => lines.push(l) });
    try {
      await post(sb, 'locations', { updated_since: PAST });
      await post(sb, 'locations', {}, { headers: { Authorization: 'Bearer wrong' } });
    } finally {
      await sb.close();
    }
    assert.ok(lines.some((l) => /^POST \/api\/custom\/locations 200 \d+ms$/.test(l)), lines.join('\n'));
    assert.ok(lines.some((l) => /^POST \/api\/custom\/locations 401 /.test(l)));
    assert.ok(lines.every((l) => !l.includes(sb.token)));
  });

  it('closes promptly with keep-alive connections open, stops accepting, and may be closed twice', async () => {
    const sb = await startSandbox(DATA);
    assert.equal((await post(sb, 'recommended-deduplications')).status, 200); // leaves a keep-alive socket
    const t0 = performance.now();
    await sb.close();
    assert.ok(performance.now() - t0 < 900, 'close does not wait for idle keep-alive sockets');
    await sb.close();
    await assert.rejects(post(sb, 'recommended-deduplications'), TypeError);
  });

  it('answers requests Node cannot parse with a JSON 400', async () => {
    const sb = await startSandbox(DATA);
    const { connect } = await import('node:net');
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(sb.port, '127.0.0.1', () => socket.write('BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n'));
        let text = '';
        socket.on('data', (d) => (text += d.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      assert.match(answer, /^HTTP\/1\.1 400 /);
      assert.match(answer, /application\/json/);
      assert.match(answer, /"code":"bad_request"/);
    } finally {
      await sb.close();
    }
  });

  it('refuses unusable options with a clear message', async () => {
    await assert.rejects(startSandbox({ ...DATA, port: 70000 }), /port must be an integer from 0 to 65535/);
    await assert.rejects(startSandbox({ ...DATA, token: 'has space' }), /token: .*visible ASCII/);
    await assert.rejects(startSandbox({ ...DATA, faults: 'latency=fast' }), /faults: latency: "fast" is not a duration/);
  });

  it('reports a port already in use', async () => {
    const sb = await startSandbox(DATA);
    try {
      await assert.rejects(startSandbox({ ...DATA, port: sb.port }), /already in use/);
    } finally {
      await sb.close();
    }
  });
});

describe('sandbox server: odd requests get precise, bounded answers (huge numbers, long ids, CONNECT, dot segments)', () => {
  let sb: RunningSandbox;
  before(async () => {
    sb = await startSandbox({ port: 0, seed: 2, locations: 40, events: 20 });
  });
  after(() => sb.close());
  const post = (path: string, body: string) =>
    fetch(`${sb.baseUrl}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json' }, body });

  it('says "a number too large" for page: 1e309, not "got null"', async () => {
    const res = await post('/api/custom/locations', '{"updated_since":"2000-01-01T00:00:00.000Z","page":1e309}');
    assert.equal(res.status, 400);
    const { error } = (await res.json()) as { error: { message: string } };
    assert.match(error.message, /page must be an integer of at least 0, got a number too large/);
  });

  it('cuts a huge unknown id in the 404 instead of echoing it whole', async () => {
    const id = 'urn:x:' + 'a'.repeat(60_000);
    const res = await post('/api/custom/recommended-deduplications/approve', JSON.stringify({ id }));
    assert.equal(res.status, 404);
    const text = await res.text();
    assert.ok(text.length < 500, `answer of ${text.length} characters`);
    assert.match(text, /no recommendation with id \\?"urn:x:aaa/);
  });

  it('answers CONNECT with a JSON 405 like the other methods', async () => {
    const socket = net.connect(sb.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    socket.write(`CONNECT 127.0.0.1:${sb.port} HTTP/1.1\r\nHost: 127.0.0.1:${sb.port}\r\n\r\n`);
    await new Promise((r) => socket.on('close', r));
    assert.match(answer, /^HTTP\/1\.1 405 Method Not Allowed\r\n/);
    assert.match(answer, /"code":"method_not_allowed"/);
  });

  it('answers 404 for paths that only resolve to an endpoint (dot segments, %2e%2e): exact paths only', async () => {
    for (const path of ['/api/custom/../custom/locations', '/api/custom/%2e%2e/custom/locations', '/api/x/%2E%2E/custom/locations', '/api/custom/./locations', '//api/custom/locations']) {
      const raw = await rawPost(sb.port, path, sb.token);
      assert.match(raw, /^HTTP\/1\.1 404 /, `${path}: ${raw.slice(0, 60)}`);
    }
    assert.match(await rawPost(sb.port, '/api/custom/locations?x=1', sb.token), /^HTTP\/1\.1 400 /, 'the exact path still routes (400: no body)');
  });
});

/** fetch normalises dot segments itself, so the raw path is sent over a socket. */
function rawPost(port: number, path: string, token: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (c: Buffer) => (answer += c.toString()));
    socket.on('close', () => resolve(answer));
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });
}
