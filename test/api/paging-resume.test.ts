// A page that still fails after the transport's retries is asked again after a pause (the listing
// resumes from it, keeping the pages it has), a bounded number of times; errors that will not pass
// by themselves end the listing at once.
import assert from 'node:assert/strict';
import { DedupClient, type ResumeInfo, ServerError } from '../../src/api';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';

const TOKEN = 'resume-test-token';

function page(n: number, last: number) {
  return { page: n, has_next_page: n < last, data: [{ id: `urn:l:${n}` }] };
}

describe('paging: resuming from the page that failed', () => {
  let srv: ScriptedServer;
  afterEach(() => srv?.close());
  const client = () => new DedupClient({ baseUrl: srv.baseUrl, token: TOKEN, retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } });
  const asked = () => srv.requests.map((r) => (JSON.parse(r.body) as { page: number }).page);

  it('resumes from the failed page, not from page 0, and yields each record once', async () => {
    let failuresLeft = 3; // more than one round of retries (2 attempts) can absorb
    srv = await scriptedServer((q, res) => {
      const n = (JSON.parse(q.body) as { page: number }).page;
      if (n === 2 && failuresLeft-- > 0) return json(res, 500, { error: { message: 'flaky' } });
      json(res, 200, page(n, 4));
    });
    const resumes: ResumeInfo[] = [];
    const ids: string[] = [];
    for await (const l of client().allLocations({ updatedSince: '2024-01-01T00:00:00.000Z', pageSize: 1 }, { resumePauseMs: 5, onResume: (r) => resumes.push(r) })) ids.push(l.id);
    assert.deepEqual(ids, ['urn:l:0', 'urn:l:1', 'urn:l:2', 'urn:l:3', 'urn:l:4']);
    assert.deepEqual(resumes.map((r) => [r.page, r.round]), [[2, 1]]);
    assert.deepEqual(asked().filter((p) => p < 2), [0, 1], 'pages 0 and 1 are not asked again');
  });

  it('gives up after its resumes when the service stays down: (resumes + 1) × (retries + 1) requests', async () => {
    srv = await scriptedServer((_q, res) => json(res, 503, {}));
    const pages = client().locationPages({ updatedSince: '2024-01-01T00:00:00.000Z' }, { resumes: 2, resumePauseMs: 5 });
    await assert.rejects(pages.next(), ServerError);
    assert.equal(srv.requests.length, 3 * 2);
  });

  it('does not resume after an error that will not pass by itself (401)', async () => {
    srv = await scriptedServer((_q, res) => json(res, 401, {}));
    const resumes: ResumeInfo[] = [];
    await assert.rejects(client().recommendationPages({}, { resumePauseMs: 5, onResume: (r) => resumes.push(r) }).next());
    assert.equal(resumes.length, 0);
    assert.equal(srv.requests.length, 1);
  });

  it('a cancellation during the pause ends the listing at once', async () => {
    srv = await scriptedServer((_q, res) => json(res, 500, {}));
    const controller = new AbortController();
    const started = Date.now();
    const pages = client().locationPages(
      { updatedSince: '2024-01-01T00:00:00.000Z' },
      { signal: controller.signal, resumePauseMs: 60_000, onResume: () => setTimeout(() => controller.abort(), 20) },
    );
    await assert.rejects(pages.next(), (e: unknown) => (e as Error).name === 'CancelledError');
    assert.ok(Date.now() - started < 5000);
  });
});
