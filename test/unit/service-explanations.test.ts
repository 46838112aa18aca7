// Where the comparison panel's "why" comes from (issue 16, point 6): the service's own reasons when
// it gives them (the sandbox over real HTTP), fetched once per recommendation and score; a service
// without /sandbox/explain (a plain HTTP server answering 404, or something that is no explanation)
// is asked once per connection and then left alone, so the panel shows the editor's estimate.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DedupClient } from '../../src/api/client';
import type { Recommendation } from '../../src/api/model';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';
import { ServiceExplanations } from '../../src/extension/panels/service-explanations';
import type { Session } from '../../src/extension/connection/session';
import type * as vscode from 'vscode';

/** What the class needs of a Session: the active state and its client. */
const sessionOf = (client: DedupClient) => ({ state: { kind: 'ready', client } }) as unknown as Session;

function logLines(): { log: vscode.LogOutputChannel; lines: string[] } {
  const lines: string[] = [];
  return { log: { info: (s: string) => lines.push(s) } as unknown as vscode.LogOutputChannel, lines };
}

/** A plain HTTP service that answers every request with `status` and `body`, counting them. */
async function plainService(status: number, body: unknown): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((_req, res) => {
    count++;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests: () => count, close: () => new Promise((r) => server.close(() => r())) };
}

describe('ServiceExplanations: the service\'s own reasons for a score, where it gives them', function () {
  this.timeout(60_000);
  let sb: RunningSandbox;
  let recs: Recommendation[];

  before(async () => {
    sb = await startSandbox({ port: 0, seed: 2, locations: 200, events: 100, autoMergeThreshold: Number.POSITIVE_INFINITY });
    recs = (await new DedupClient({ baseUrl: sb.baseUrl, token: sb.token }).listRecommendations({ pageSize: 20 })).data;
  });
  after(() => sb?.close());

  it('fetches the sandbox\'s explanation once per recommendation and score, and keeps it', async () => {
    const client = new DedupClient({ baseUrl: sb.baseUrl, token: sb.token });
    const { log, lines } = logLines();
    const x = new ServiceExplanations(sessionOf(client), log);
    const rec = recs.find((r) => r.entities.length === 2)!;
    assert.equal(x.mayLoad(rec), true);
    const [one, two] = await Promise.all([x.load(rec), x.load(rec)]);
    assert.ok(one && one === two, 'one request for two callers');
    assert.equal(one.pairs.length, 1);
    assert.ok(Math.abs(one.pairs[0].score - rec.score) < 1e-6, 'the bits of the score the list shows');
    assert.equal(x.cached(rec), one);
    assert.equal(x.mayLoad(rec), false);
    // A refit re-scores: the same id with another score is asked again.
    assert.equal(x.cached({ ...rec, score: rec.score / 2 }), undefined);
    // An id the service does not know: nothing, and the service still counts as one that explains.
    assert.equal(await x.load({ ...rec, '@id': 'urn:no-such' }), undefined);
    assert.equal(x.mayLoad(recs.find((r) => r !== rec)!), true);
    assert.deepEqual(lines, []);
  });

  for (const [what, status, body] of [
    ['answers 404 to the unknown path', 404, { error: { code: 'not_found', message: 'no endpoint at /sandbox/explain' } }],
    ['answers 200 with something that is no explanation', 200, { ok: true }],
    ['answers 401 to the unknown path', 401, { error: 'unauthorized' }],
  ] as const) {
    it(`asks a service that ${what} once, then shows the editor's estimate`, async () => {
      const service = await plainService(status, body);
      try {
        const { log, lines } = logLines();
        const x = new ServiceExplanations(sessionOf(new DedupClient({ baseUrl: service.url, token: 't' })), log);
        assert.equal(await x.load(recs[0]), undefined);
        assert.equal(x.mayLoad(recs[1]), false);
        assert.equal(await x.load(recs[1]), undefined);
        assert.equal(service.requests(), 1);
        assert.equal(lines.length, 1);
        assert.match(lines[0], /does not explain its scores/);
        assert.ok(!lines[0].includes("'t'"));
      } finally {
        await service.close();
      }
    });
  }
});
