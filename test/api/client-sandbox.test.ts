// The client against the local sandbox over real HTTP on 127.0.0.1: every endpoint, both shapes of
// the recommendation list, paging to the end, decisions, auth failures, and the sandbox's faults.
import assert from 'node:assert/strict';
import {
  AuthHeaderError,
  CancelledError,
  ConflictError,
  DedupClient,
  InvalidTokenError,
  NetworkError,
  NotFoundError,
  type RetryInfo,
  ServerError,
  TimeoutError,
} from '../../src/api';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

const SMALL = { port: 0, seed: 11, locations: 150, events: 100, integrations: 4 };
const EPOCH = '1970-01-01T00:00:00.000Z';

describe('client against the sandbox (real HTTP)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  before(async () => {
    sandbox = await startSandbox({ ...SMALL, token: 'sandbox-token' });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox.close());

  it('lists recommendations with total, scores in [0, 1] and entities', async () => {
    const page = await client.listRecommendations({ pageSize: 5 });
    assert.equal(page.page, 0);
    assert.ok(page.total! > 5, `total ${page.total}`);
    assert.equal(page.hasNextPage, true);
    assert.equal(page.data.length, 5);
    for (const r of page.data) {
      assert.ok(r.score >= 0 && r.score <= 1);
      assert.ok(r.entities.length >= 2);
      for (const e of r.entities) assert.ok(e['@id'] && e.integration && e.sourceId);
    }
  });

  it('reads the plain-array form of the recommendation list the same way', async () => {
    const plain = await startSandbox({ ...SMALL, plainArray: true });
    try {
      const other = new DedupClient({ baseUrl: plain.baseUrl, token: plain.token });
      const raw = await fetch(`${plain.baseUrl}/api/custom/recommended-deduplications`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${plain.token}` },
      }).then((r) => r.json() as Promise<{ data: unknown }>);
      assert.ok(Array.isArray(raw.data), 'the sandbox serves an array with plainArray');
      const graph = await fetch(`${sandbox.baseUrl}/api/custom/recommended-deduplications`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${sandbox.token}` },
      }).then((r) => r.json() as Promise<{ data: Record<string, unknown> }>);
      assert.ok(Array.isArray(graph.data['@graph']), 'the default is { @context, @graph }');
      assert.deepEqual(await other.listRecommendations({ pageSize: 200 }), await client.listRecommendations({ pageSize: 200 }));
    } finally {
      await plain.close();
    }
  });

  it('pages through every recommendation, in parallel, in order, without skips or repeats', async () => {
    const first = await client.listRecommendations({ pageSize: 7 });
    const sequential: string[] = [];
    for (let p = 0; ; p++) {
      const page = await client.listRecommendations({ page: p, pageSize: 7 });
      sequential.push(...page.data.map((r) => r['@id']));
      if (!page.hasNextPage) break;
    }
    const parallel: string[] = [];
    for await (const r of client.allRecommendations({ pageSize: 7 }, { concurrency: 3 })) parallel.push(r['@id']);
    assert.equal(parallel.length, first.total);
    assert.equal(new Set(parallel).size, parallel.length);
    assert.deepEqual(parallel, sequential);
  });

  it('pages through every location and event, with 24- and 27-character timestamps', async () => {
    const locations = [];
    for await (const l of client.allLocations({ updatedSince: EPOCH, pageSize: 9 })) locations.push(l);
    const ids = new Set(locations.map((l) => l.id));
    assert.equal(ids.size, locations.length);
    assert.ok(locations.length > 0);
    const expanded = [];
    for await (const l of client.allLocations({ updatedSince: '-000001-01-01T00:00:00.000Z', pageSize: 500 })) expanded.push(l.id);
    assert.deepEqual(expanded, locations.map((l) => l.id));

    const events = [];
    for await (const e of client.allEvents({ updatedSince: new Date(0), pageSize: 11 })) events.push(e);
    assert.ok(events.length > 0);
    assert.equal(new Set(events.map((e) => e.id)).size, events.length);
    assert.ok(events.every((e) => e.location?.id), 'events embed their location');
    const future = await client.listLocations({ updatedSince: '+275760-09-13T00:00:00.000Z' });
    assert.deepEqual(future.data, []);
    assert.equal(future.hasNextPage, false);
  });

  it('filters events by location and start window', async () => {
    const all = [];
    for await (const e of client.allEvents({ updatedSince: EPOCH, pageSize: 500 })) all.push(e);
    const at = all[0].location!.id;
    const there = await client.listEvents({ updatedSince: EPOCH, location: at, pageSize: 500 });
    assert.deepEqual(there.data.map((e) => e.id).sort(), all.filter((e) => e.location?.id === at).map((e) => e.id).sort());
    const starts = all.map((e) => Date.parse(e.startDate!)).sort((a, b) => a - b);
    const mid = new Date(starts[Math.floor(starts.length / 2)]);
    const after = await client.listEvents({ updatedSince: EPOCH, startAfter: mid, pageSize: 500 });
    assert.ok(after.data.length > 0);
    assert.ok(after.data.every((e) => Date.parse(e.startDate!) > mid.getTime()));
    const before = await client.listEvents({ updatedSince: EPOCH, startBefore: mid, pageSize: 500 });
    assert.ok(before.data.every((e) => Date.parse(e.startDate!) < mid.getTime()));
  });

  it('approves and rejects: the recommendation leaves the list; a second decision is a conflict', async () => {
    const { data, total } = await client.listRecommendations({ pageSize: 200 });
    const [a] = data;
    // A second recommendation about other records, so approving the first cannot settle it too.
    const aIds = new Set(a.entities.map((e) => e['@id']));
    const b = data.find((r) => r.entities.every((e) => !aIds.has(e['@id'])) && r.entities[0]['@type'] === a.entities[0]['@type'])!;
    await client.approve(a['@id']);
    await client.reject(b['@id']);
    const after = await client.listRecommendations({ pageSize: 200 });
    assert.ok(after.total! <= total! - 2);
    assert.ok(!after.data.some((r) => r['@id'] === a['@id'] || r['@id'] === b['@id']));
    await assert.rejects(client.approve(a['@id']), ConflictError);
    await assert.rejects(client.reject(b['@id']), ConflictError);
    await assert.rejects(client.approve('urn:no-such-recommendation'), NotFoundError);
  });

  it('tells a refused token (401) from a malformed header (402)', async () => {
    const wrong = new DedupClient({ baseUrl: sandbox.baseUrl, token: 'not-the-token' });
    await assert.rejects(wrong.listRecommendations(), InvalidTokenError);
    const spaced = new DedupClient({ baseUrl: sandbox.baseUrl, token: 'two words' });
    await assert.rejects(spaced.listRecommendations(), AuthHeaderError);
  });

  it('cancels a call in flight when its signal aborts', async () => {
    const slow = await startSandbox({ ...SMALL, faults: 'latency=2s' });
    try {
      const c = new DedupClient({ baseUrl: slow.baseUrl, token: slow.token });
      const ac = new AbortController();
      const t0 = Date.now();
      setTimeout(() => ac.abort(), 100);
      await assert.rejects(c.listRecommendations({}, { signal: ac.signal }), CancelledError);
      assert.ok(Date.now() - t0 < 1500, `took ${Date.now() - t0} ms`);
      await assert.rejects(c.listRecommendations({}, { timeoutMs: 200 }), (e: unknown) => e instanceof TimeoutError && /within 200 ms/.test(e.message));
    } finally {
      await slow.close();
    }
  });

  it('retries injected 500/502/503 on list calls, and never a decision', async () => {
    const failing = await startSandbox({ ...SMALL, faults: 'error-rate=1,seed=3' });
    try {
      const retries: RetryInfo[] = [];
      const c = new DedupClient({ baseUrl: failing.baseUrl, token: failing.token, retry: { baseDelayMs: 5, maxDelayMs: 20 }, onRetry: (r) => retries.push(r) });
      for (let i = 0; i < 5; i++) {
        const before = retries.length;
        const e = await c.listRecommendations().catch((x: unknown) => x);
        assert.ok(e instanceof ServerError);
        const mine = retries.slice(before);
        assert.ok(mine.every((r) => r.error.status === 500 || r.error.status === 502 || r.error.status === 503), 'the injected 5xx are retried');
        assert.equal(mine.length, 3, 'a list call that keeps failing is retried three times');
      }
      const before = retries.length;
      await assert.rejects(c.approve('urn:any'), ServerError);
      assert.equal(retries.length, before, 'decisions are not retried');
    } finally {
      await failing.close();
    }
  });

  it('waits out the rate limit (429 + Retry-After) on list calls', async () => {
    const limited = await startSandbox({ ...SMALL, faults: 'rate-limit=2/s,burst=1' });
    try {
      const retries: RetryInfo[] = [];
      const c = new DedupClient({ baseUrl: limited.baseUrl, token: limited.token, onRetry: (r) => retries.push(r) });
      for (let i = 0; i < 4; i++) await c.listRecommendations({ pageSize: 1 });
      assert.ok(retries.length > 0, 'the limit was hit');
      assert.ok(retries.every((r) => r.error.status === 429 && r.delayMs > 0));
    } finally {
      await limited.close();
    }
  });

  it('reports dropped connections as network errors after retrying', async () => {
    const dropping = await startSandbox({ ...SMALL, faults: 'drop=1' });
    try {
      const retries: RetryInfo[] = [];
      const c = new DedupClient({ baseUrl: dropping.baseUrl, token: dropping.token, retry: { baseDelayMs: 5 }, onRetry: (r) => retries.push(r) });
      await assert.rejects(c.listLocations({ updatedSince: EPOCH }), NetworkError);
      assert.equal(retries.length, 3);
    } finally {
      await dropping.close();
    }
  });
});
