// PagedSource's load all (src/api/paged-source.ts), keyed by id as the extension's lists are,
// against a scripted service on 127.0.0.1 whose paging never ends: the run stops with a clear error
// on the page (the list reports it) instead of loading until the limit, and records repeated across
// pages are listed once, a page of repeats only not ending the run.
import assert from 'node:assert/strict';
import { DedupClient } from '../../src/api';
import type { Location, Recommendation } from '../../src/api/model';
import { type PageOutcome, PagedSource } from '../../src/api/paged-source';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';

const EPOCH = '1970-01-01T00:00:00.000Z';
const pageOf = (q: { body: string }) => (JSON.parse(q.body) as { page: number }).page;
const rec = (id: string) => ({ '@id': id, score: 0.9, entities: [{ '@id': `${id}/a` }, { '@id': `${id}/b` }] });

describe('PagedSource: load all against a service whose paging never ends', () => {
  let srv: ScriptedServer;
  afterEach(() => srv.close());
  const client = () => new DedupClient({ baseUrl: srv.baseUrl, token: 'load-all-token', retry: { retries: 0 } });

  it('stops well past the total with the reason on the failed page', async () => {
    srv = await scriptedServer((q, res) => json(res, 200, { page: pageOf(q), has_next_page: true, total: 1, data: [rec(`urn:r:${pageOf(q)}`)] }));
    const c = client();
    const source = new PagedSource<Recommendation>(({ page, signal }) => c.listRecommendations({ page, pageSize: 1 }, { signal }), { keyOf: (r) => r['@id'], pageSize: 1 });
    const outcomes: PageOutcome<Recommendation>[] = [];
    source.onDidSettle((o) => outcomes.push(o));
    const result = await source.loadAll({ limit: 500 });
    assert.equal(result.complete, false);
    const last = outcomes.at(-1)!;
    assert.equal(last.status, 'failed');
    assert.match(String((last as { error: Error }).error.message), /well past the total of 1 record the service reports; stopping to avoid an endless listing/);
    // The page after the last admitted one is already on its way (asked while the consumer works) and then aborted.
    assert.ok(srv.requests.length <= 14, `${srv.requests.length} requests`);
  });

  it('stops when pages bring nothing new, and lists a record repeated on a later page once', async () => {
    srv = await scriptedServer((q, res) => {
      const n = pageOf(q);
      const data = n === 0 ? [{ id: 'urn:l:1' }, { id: 'urn:l:2' }] : n === 1 ? [{ id: 'urn:l:2' }, { id: 'urn:l:3' }] : [{ id: 'urn:l:1' }];
      json(res, 200, { page: n, has_next_page: true, data });
    });
    const c = client();
    const source = new PagedSource<Location>(({ page, signal }) => c.listLocations({ updatedSince: EPOCH, page, pageSize: 2 }, { signal }), { keyOf: (r) => r.id, pageSize: 2 });
    const outcomes: PageOutcome<Location>[] = [];
    source.onDidSettle((o) => outcomes.push(o));
    const result = await source.loadAll({ limit: 500 });
    assert.equal(result.complete, false);
    assert.deepEqual(source.records.map((r) => r.id), ['urn:l:1', 'urn:l:2', 'urn:l:3']);
    const last = outcomes.at(-1)!;
    assert.equal(last.status, 'failed');
    assert.equal((last as { page: number }).page, 4, 'pages 2 and 3 (repeats only) did not end the run; page 4 did');
    assert.match(String((last as { error: Error }).error.message), /brought no record not already listed, yet said has_next_page: true/);
  });
});
