// Sequential paging (locations, events, recommendations at concurrency 1) keeps one request in
// flight, yet asks for the next page while the consumer is still busy with the current one, and
// drops that request when the consumer stops early. The timing of requests is what is tested, so
// this uses a scripted server that holds its answers and counts the requests open at once.
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';

const SIZE = 10;
const PAGE = 3;

describe('sequential paging looks one page ahead', () => {
  let srv: ScriptedServer;
  let open = 0;
  let maxOpen = 0;
  let holdMs = 20;
  const abandoned: number[] = [];
  before(async () => {
    srv = await scriptedServer((q, res) => {
      const { page, page_size } = JSON.parse(q.body) as { page: number; page_size: number };
      open++;
      maxOpen = Math.max(maxOpen, open);
      let answered = false;
      res.on('close', () => {
        open--;
        if (!answered) abandoned.push(page);
      });
      setTimeout(() => {
        if (res.destroyed) return;
        answered = true;
        const from = page * page_size;
        const data = Array.from({ length: Math.max(0, Math.min(page_size, SIZE - from)) }, (_, i) => ({ id: `urn:l:${from + i}` }));
        json(res, 200, { page, has_next_page: from + page_size < SIZE, data });
      }, holdMs);
    });
  });
  after(() => srv.close());
  beforeEach(() => {
    srv.requests.length = 0;
    maxOpen = 0;
    abandoned.length = 0;
    holdMs = 20;
  });

  const client = () => new DedupClient({ baseUrl: srv.baseUrl, token: 't' });
  const pageAsked = (page: number) => srv.requests.some((r) => (JSON.parse(r.body) as { page: number }).page === page);
  async function until(cond: () => boolean, what: string): Promise<void> {
    const end = Date.now() + 5000;
    while (!cond()) {
      if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  it('asks for page n+1 while the consumer holds page n, never two requests at once, every record once', async () => {
    const ids: string[] = [];
    for await (const p of client().locationPages({ updatedSince: new Date(0), pageSize: PAGE })) {
      // The consumer is still "working" on this page: the next one must already be on its way.
      if (p.hasNextPage) await until(() => pageAsked(p.page + 1), `the request for page ${p.page + 1}`);
      ids.push(...p.data.map((l) => l.id));
    }
    assert.deepEqual(ids, Array.from({ length: SIZE }, (_, i) => `urn:l:${i}`));
    assert.equal(maxOpen, 1, 'more than one request was open at once');
    assert.deepEqual(srv.requests.map((r) => (JSON.parse(r.body) as { page: number }).page), [0, 1, 2, 3], 'no page past the last one');
  });

  it('with readAhead, asks that many pages ahead at once, yields every record once in order, and drops the pages past the end', async () => {
    const ids: string[] = [];
    for await (const p of client().locationPages({ updatedSince: new Date(0), pageSize: PAGE }, { readAhead: 3 })) {
      if (p.page === 0) await until(() => pageAsked(3), 'pages 1 to 3 asked while page 0 is held');
      ids.push(...p.data.map((l) => l.id));
    }
    assert.deepEqual(ids, Array.from({ length: SIZE }, (_, i) => `urn:l:${i}`));
    assert.equal(maxOpen, 3, 'three requests open at once');
    // Pages 4 and 5 (past the last, 3) were asked ahead; neither was yielded.
    assert.ok(pageAsked(4), 'a page past the end asked ahead');
  });

  it('the same for recommendations at concurrency 1', async () => {
    const rec = await scriptedServer((q, res) => {
      const { page, page_size } = JSON.parse(q.body) as { page: number; page_size: number };
      const from = page * page_size;
      const data = Array.from({ length: Math.max(0, Math.min(page_size, SIZE - from)) }, (_, i) => ({ '@id': `urn:r:${from + i}`, score: 0.5, entities: [] }));
      setTimeout(() => json(res, 200, { page, total: SIZE, has_next_page: from + page_size < SIZE, data }), 10);
    });
    try {
      const c = new DedupClient({ baseUrl: rec.baseUrl, token: 't' });
      const ids: string[] = [];
      for await (const p of c.recommendationPages({ pageSize: PAGE }, { concurrency: 1 })) {
        if (p.hasNextPage) await until(() => rec.requests.length === p.page + 2, `the request for page ${p.page + 1}`);
        assert.equal(rec.requests.length, p.page + (p.hasNextPage ? 2 : 1), 'at most one page ahead');
        ids.push(...p.data.map((r) => r['@id']));
      }
      assert.equal(ids.length, SIZE);
    } finally {
      await rec.close();
    }
  });

  it('drops the request for the next page when the consumer stops early', async () => {
    holdMs = 300;
    let pages = 0;
    for await (const p of client().locationPages({ updatedSince: new Date(0), pageSize: PAGE })) {
      pages++;
      assert.equal(p.page, 0);
      await until(() => pageAsked(1), 'the request for page 1');
      break;
    }
    assert.equal(pages, 1);
    await until(() => abandoned.includes(1), 'page 1 to be abandoned by the client');
    assert.equal(srv.requests.length, 2);
  });

  it('an empty page that claims more is still an error, and nothing is asked after it', async () => {
    const bad = await scriptedServer((q, res) => {
      const { page } = JSON.parse(q.body) as { page: number };
      json(res, 200, { page, has_next_page: true, data: page === 0 ? [{ id: 'urn:l:0' }] : [] });
    });
    try {
      const c = new DedupClient({ baseUrl: bad.baseUrl, token: 't' });
      const seen: number[] = [];
      await assert.rejects(
        (async () => {
          for await (const p of c.locationPages({ updatedSince: new Date(0), pageSize: PAGE })) seen.push(p.data.length);
        })(),
        /page 1 was empty but said has_next_page: true/,
      );
      assert.deepEqual(seen, [1, 0]);
      assert.equal(bad.requests.length, 2);
    } finally {
      await bad.close();
    }
  });
});
