// Paging: for random list sizes, page sizes and concurrency, iterating all pages yields every
// record exactly once and in order — through the real client over HTTP against a server that pages
// a list of N records as the interface says, and through the paging functions alone for many more
// cases, including lists that grow or shrink while they are read.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DedupClient } from '../../src/api';
import type { Page } from '../../src/api/model';
import { parallelPages, sequentialPages } from '../../src/api/paging';
import { LONG } from '../reliability/report';
import { type ScriptedServer, json, scriptedServer } from '../support/scripted-server';
import { RUNS, counted, reportCounts } from './counts';

// Each case reads up to a few hundred pages: a fifth of the parsers' count keeps the fast run fast.
const CASES = RUNS / 5;

/** Serves `size` records, paged by the request's page and page_size, like the service. */
function pageOf(size: number, kind: 'recommendations' | 'locations', page: number, pageSize: number) {
  const from = page * pageSize;
  const data = Array.from({ length: Math.max(0, Math.min(pageSize, size - from)) }, (_, i) =>
    kind === 'recommendations' ? { '@id': `urn:r:${from + i}`, score: 0.5, entities: [] } : { id: `urn:l:${from + i}` },
  );
  return { page, has_next_page: from + pageSize < size, ...(kind === 'recommendations' ? { total: size } : {}), data };
}

describe('property: paging yields each record exactly once', function () {
  this.timeout(300_000);
  after(() => reportCounts('property-paging'));

  describe('the client over HTTP', () => {
    let srv: ScriptedServer;
    let size = 0;
    before(async () => {
      srv = await scriptedServer((q, res) => {
        const body = JSON.parse(q.body) as { page: number; page_size: number };
        json(res, 200, pageOf(size, q.url.endsWith('/locations') ? 'locations' : 'recommendations', body.page, body.page_size));
      });
    });
    after(() => srv.close());

    it('recommendations (parallel pages) and locations (sequential) for random sizes', async () => {
      const runs = LONG ? 1000 : 40;
      const client = new DedupClient({ baseUrl: srv.baseUrl, token: 't' });
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 6 }), async (n, pageSize, concurrency) => {
          size = n;
          const ids: string[] = [];
          for await (const r of client.allRecommendations({ pageSize }, { concurrency })) ids.push(r['@id']);
          assert.deepEqual(ids, Array.from({ length: n }, (_, i) => `urn:r:${i}`));
          const locs: string[] = [];
          for await (const l of client.allLocations({ updatedSince: new Date(0), pageSize })) locs.push(l.id);
          assert.deepEqual(locs, Array.from({ length: n }, (_, i) => `urn:l:${i}`));
        }),
        { numRuns: runs },
      );
      counted('client over HTTP: random size, page size, concurrency', runs);
    });
  });

  describe('the paging functions', () => {
    // A list that may change by `drift` records between the first page and the rest (a decision
    // made meanwhile elsewhere); ids are never reused, so "exactly once" means no id twice.
    function fetcher(n: number, pageSize: number, drift: number) {
      let calls = 0;
      return async (page: number): Promise<Page<number>> => {
        const size = calls++ === 0 ? n : Math.max(0, n + drift);
        const from = page * pageSize;
        const data = Array.from({ length: Math.max(0, Math.min(pageSize, size - from)) }, (_, i) => from + i);
        await new Promise((r) => setImmediate(r));
        return { page, hasNextPage: from + pageSize < size, total: size, data };
      };
    }

    it('a stable list: every record once, in order, for every concurrency', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 8 }), async (n, pageSize, concurrency) => {
          const seen: number[] = [];
          for await (const p of parallelPages(fetcher(n, pageSize, 0), { pageSize, concurrency })) seen.push(...p.data);
          assert.deepEqual(seen, Array.from({ length: n }, (_, i) => i));
          const seq: number[] = [];
          for await (const p of sequentialPages(fetcher(n, pageSize, 0), { pageSize })) seq.push(...p.data);
          assert.deepEqual(seq, seen);
        }),
        { numRuns: CASES },
      );
      counted('paging functions: stable list', CASES);
    });

    it('a list that grows or shrinks after the first page: no record twice, none beyond the list', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 8 }), fc.integer({ min: -300, max: 300 }), async (n, pageSize, concurrency, drift) => {
          const seen: number[] = [];
          for await (const p of parallelPages(fetcher(n, pageSize, drift), { pageSize, concurrency })) seen.push(...p.data);
          assert.equal(new Set(seen).size, seen.length, 'a record twice');
          const end = Math.max(n, n + drift);
          assert.ok(seen.every((x) => x < end));
          // A list that grew is read to its new end once the first page said there was more.
          if (drift >= 0) assert.deepEqual(seen, Array.from({ length: n > pageSize ? n + drift : n }, (_, i) => i));
        }),
        { numRuns: CASES },
      );
      counted('paging functions: list grows or shrinks mid-iteration', CASES);
    });
  });
});
