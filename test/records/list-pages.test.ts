// The one pager over a list (src/records/list-pages.ts), as the CLI and the export use it, against
// a scripted service on 127.0.0.1 that records what it was asked: one page or every page, the page
// size each caller wants, and a page that fails for a while asked again from that page.
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import type { ResumeInfo } from '../../src/api/paging';
import { type ListQuery, listPages } from '../../src/records/list-pages';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';

const EPOCH = '1970-01-01T00:00:00.000Z';
const LAST_PAGE = 4;

describe('records: one pager over a list', () => {
  let srv: ScriptedServer;
  let failuresLeft: number;
  beforeEach(async () => {
    failuresLeft = 0;
    srv = await scriptedServer((q, res) => {
      const { page } = JSON.parse(q.body) as { page: number };
      if (page === 3 && failuresLeft-- > 0) return json(res, 503, {});
      json(res, 200, { page, has_next_page: page < LAST_PAGE, data: [{ id: `urn:l:${page}` }] });
    });
  });
  afterEach(() => srv.close());

  const client = () => new DedupClient({ baseUrl: srv.baseUrl, token: 't0ken-for-pager', retry: { retries: 0 } });
  const asked = () => srv.requests.map((r) => JSON.parse(r.body) as { page: number; page_size: number });
  const locations = (params: Partial<Extract<ListQuery, { kind: 'locations' }>['params']> = {}): ListQuery => ({ kind: 'locations', params: { updatedSince: EPOCH, ...params } });
  async function ids(pages: AsyncIterable<{ data: unknown[] }>): Promise<string[]> {
    const out: string[] = [];
    for await (const p of pages) out.push(...p.data.map((r) => (r as { id: string }).id));
    return out;
  }

  it('lists every page from the one asked for, by default', async () => {
    assert.deepEqual(await ids(listPages(client(), locations({ page: 1, pageSize: 1 }))), ['urn:l:1', 'urn:l:2', 'urn:l:3', 'urn:l:4']);
    assert.deepEqual(asked().map((b) => b.page), [1, 2, 3, 4]);
  });

  it('lists only the page asked for when not all', async () => {
    assert.deepEqual(await ids(listPages(client(), locations({ page: 2 }), { all: false })), ['urn:l:2']);
    assert.deepEqual(asked().map((b) => b.page), [2]);
  });

  it("uses the caller's default page size unless the query names one", async () => {
    await ids(listPages(client(), locations(), { all: false, defaultPageSize: 500 }));
    await ids(listPages(client(), locations({ pageSize: 7 }), { all: false, defaultPageSize: 500 }));
    assert.deepEqual(asked().map((b) => b.page_size), [500, 7]);
  });

  it('asks a page that fails for a while again from that page, keeping the pages before it', async () => {
    failuresLeft = 1;
    const resumes: ResumeInfo[] = [];
    const got = await ids(listPages(client(), locations({ pageSize: 1 }), { resumePauseMs: 5, onResume: (r) => resumes.push(r) }));
    assert.deepEqual(got, ['urn:l:0', 'urn:l:1', 'urn:l:2', 'urn:l:3', 'urn:l:4']);
    assert.deepEqual(asked().map((b) => b.page), [0, 1, 2, 3, 3, 4]);
    assert.deepEqual(resumes.map((r) => r.page), [3]);
  });
});
