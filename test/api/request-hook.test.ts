// The onRequest hook (the extension's request log is built on it) against the real sandbox: one
// call per attempt, with endpoint, status, time and attempt number, and never the token.
import assert from 'node:assert/strict';
import { DedupClient, type RequestInfo } from '../../src/api';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

const SMALL = { port: 0, seed: 5, locations: 60, events: 40, integrations: 3 };
const TOKEN = 'hook-test-token-do-not-log';

describe('onRequest hook (real HTTP)', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await startSandbox({ ...SMALL, token: TOKEN });
  });
  after(() => sandbox.close());

  it('reports one successful attempt with status and time', async () => {
    const seen: RequestInfo[] = [];
    const c = new DedupClient({ baseUrl: sandbox.baseUrl, token: TOKEN, onRequest: (i) => seen.push(i) });
    await c.listLocations({ updatedSince: new Date(0), pageSize: 5 });
    assert.equal(seen.length, 1);
    const [info] = seen;
    assert.equal(info.endpoint, 'POST /api/custom/locations');
    assert.equal(info.status, 200);
    assert.equal(info.attempt, 1);
    assert.equal(info.error, undefined);
    assert.ok(Number.isInteger(info.ms) && info.ms >= 0, `ms ${info.ms}`);
  });

  it('reports a refused token with its status and message, without the token', async () => {
    const seen: RequestInfo[] = [];
    const wrong = 'wrong-token-never-logged';
    const c = new DedupClient({ baseUrl: sandbox.baseUrl, token: wrong, onRequest: (i) => seen.push(i) });
    await assert.rejects(c.listRecommendations());
    assert.equal(seen.length, 1, '401 is not retried');
    assert.equal(seen[0].status, 401);
    assert.ok(seen[0].error);
    assert.ok(!JSON.stringify(seen).includes(wrong), 'the token must not reach the hook');
  });

  it('says a request its caller gave up was cancelled, not failed', async () => {
    const seen: RequestInfo[] = [];
    const c = new DedupClient({ baseUrl: sandbox.baseUrl, token: TOKEN, onRequest: (i) => seen.push(i) });
    const abort = new AbortController();
    const asked = c.listLocations({ updatedSince: new Date(0), pageSize: 5 }, { signal: abort.signal });
    abort.abort();
    await assert.rejects(asked);
    assert.equal(seen.length, 1);
    assert.equal(seen[0].cancelled, true);
    const answered = await c.listLocations({ updatedSince: new Date(0), pageSize: 5 }).then(() => seen.at(-1));
    assert.equal(answered?.cancelled, undefined, 'an answered request is not cancelled');
  });

  it('is called once per attempt, numbering the retries', async () => {
    const failing = await startSandbox({ ...SMALL, token: TOKEN, faults: 'error-rate=1,seed=3' });
    try {
      const seen: RequestInfo[] = [];
      const retries: number[] = [];
      const c = new DedupClient({
        baseUrl: failing.baseUrl,
        token: TOKEN,
        retry: { baseDelayMs: 5, maxDelayMs: 20 },
        onRetry: (r) => retries.push(r.attempt),
        onRequest: (i) => seen.push(i),
      });
      for (let n = 0; n < 4; n++) {
        const before = seen.length;
        const retriesBefore = retries.length;
        await assert.rejects(c.listRecommendations());
        const mine = seen.slice(before);
        assert.equal(mine.length, retries.length - retriesBefore + 1, 'one report per attempt');
        assert.deepEqual(mine.map((i) => i.attempt), mine.map((_, k) => k + 1));
        for (const i of mine) assert.ok(i.status !== undefined && i.status >= 500 && i.error, JSON.stringify(i));
      }
      assert.ok(!JSON.stringify(seen).includes(TOKEN));
    } finally {
      await failing.close();
    }
  });

  it('a throwing hook does not break the call', async () => {
    const c = new DedupClient({
      baseUrl: sandbox.baseUrl,
      token: TOKEN,
      onRequest: () => {
        throw new Error('hook failed');
      },
    });
    const page = await c.listRecommendations({ pageSize: 2 });
    assert.ok(page.data.length > 0);
  });
});
