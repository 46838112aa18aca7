// The test proxies (test/support/revoking-proxy.ts, page-failing-proxy.ts) in front of a real
// sandbox on 127.0.0.1, through the typed client: what they pass on arrives unchanged (the list
// request's body, the decision's body), what they add (a 503 page, a revoked token) is answered by
// them alone, and a sandbox that is gone is a network error, not a hang. The integration suites
// (load-all, bulk-auth) rely on all three.
import assert from 'node:assert/strict';
import { DedupClient, InvalidTokenError, NetworkError, ServerError } from '../../src/api';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { startPageFailingProxy } from '../support/page-failing-proxy';
import { startRevokingProxy } from '../support/revoking-proxy';

describe('test proxies (shared forward) in front of the sandbox', function () {
  this.timeout(30_000);
  let sandbox: RunningSandbox;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 40, events: 10, integrations: 3, token: 'proxy-token' });
  });
  after(() => sandbox.close());

  const through = (baseUrl: string) => new DedupClient({ baseUrl, token: sandbox.token, retry: { retries: 0 } });

  it('the page-failing proxy passes list pages on unchanged, logs their page and fails only the chosen one', async () => {
    const proxy = await startPageFailingProxy(sandbox.baseUrl);
    try {
      const direct = await through(sandbox.baseUrl).listRecommendations({ page: 1, pageSize: 3 });
      const proxied = through(proxy.baseUrl);
      assert.deepEqual(await proxied.listRecommendations({ page: 1, pageSize: 3 }), direct);
      proxy.failPage(1);
      await assert.rejects(proxied.listRecommendations({ page: 1, pageSize: 3 }), ServerError);
      assert.equal((await proxied.listRecommendations({ page: 0, pageSize: 3 })).data.length, 3);
      proxy.heal();
      assert.deepEqual(await proxied.listRecommendations({ page: 1, pageSize: 3 }), direct);
      assert.deepEqual(proxy.pages, [1, 1, 0, 1]);
    } finally {
      await proxy.close();
    }
  });

  it('the revoking proxy streams decisions through, then answers 401 itself', async () => {
    const proxy = await startRevokingProxy(sandbox.baseUrl);
    try {
      const [first, second] = (await through(sandbox.baseUrl).listRecommendations({ pageSize: 2 })).data;
      const proxied = through(proxy.baseUrl);
      proxy.revokeAfterDecisions(1);
      await proxied.approve(first['@id']);
      await assert.rejects(proxied.reject(second['@id']), InvalidTokenError);
      assert.deepEqual([proxy.forwardedDecisions, proxy.refused], [1, 1]);
      // The sandbox judged the forwarded decision and never saw the refused one.
      const pending = (await through(sandbox.baseUrl).listRecommendations({ pageSize: 200 })).data.map((r) => r['@id']);
      assert.equal(pending.includes(first['@id']), false);
      assert.equal(pending.includes(second['@id']), true);
      proxy.restore();
      await proxied.reject(second['@id']);
      assert.equal(proxy.forwardedDecisions, 2);
    } finally {
      await proxy.close();
    }
  });

  it('a sandbox that is gone is a network error through the proxy', async () => {
    const gone = await startSandbox({ port: 0, seed: 3, locations: 5, events: 0, integrations: 1, token: 'proxy-token' });
    const proxy = await startPageFailingProxy(gone.baseUrl);
    await gone.close();
    try {
      await assert.rejects(through(proxy.baseUrl).listRecommendations({ pageSize: 3 }), NetworkError);
    } finally {
      await proxy.close();
    }
  });
});
