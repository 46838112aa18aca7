// Listing everything from a flaky service, by the CLI and by the extension's Export
// core (exportRecords) of the recommendations and the locations: the sandbox injects 500/502/503 on 20 % of
// requests and drops 5 % of connections; `--all` must finish every run with every record exactly
// once, in order. List calls retry 500 too, and a page that still fails after its retries is asked
// again (the listing resumes from it) instead of ending the run. Fixed fault seed; DEDUP_LONG_TESTS=1
// runs 100 listings instead of 15.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { exportRecords } from '../../src/curation/export';
import type { ListQuery } from '../../src/records/list-pages';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { runCliCaptured } from '../support/run-cli';
import { LONG, writeDocSection } from './report';

const FAULTS = 'error-rate=0.2,drop=0.05,seed=14';
const RUNS = LONG ? 100 : 15;
const LOCATION_RUNS = LONG ? 30 : 5;
const EPOCH = '1970-01-01T00:00:00.000Z';
/**
 * Runs at once against the one sandbox. Most of a run is waiting out retry backoffs and resume
 * pauses, which overlap; the faults still come from the one seeded sequence, shared by the runs.
 */
const AT_ONCE = 5;

/** Runs `run(0…n-1)`, `AT_ONCE` at a time; the first failure fails the whole. */
async function concurrently(n: number, run: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < n; i = next++) await run(i);
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, n) }, worker));
}

describe('reliability: listing everything from a flaky service', function () {
  this.timeout(LONG ? 3_600_000 : 600_000);
  let sandbox: RunningSandbox;
  const results: { kind: string; runs: number; exact: number; pages: number; resumed: number; retried: number }[] = [];
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 14, locations: 3000, events: 200, integrations: 3, faults: FAULTS });
  });
  after(async () => {
    await sandbox.close();
    if (results.length >= 2) {
      writeDocSection(
        'flaky-listing',
        `| listing (\`--faults ${FAULTS}\`) | runs | complete and exact | pages per run | retries seen | pages resumed |\n| --- | --- | --- | --- | --- | --- |\n` +
          results.map((r) => `| ${r.kind} | ${r.runs} | **${r.exact} of ${r.runs}** | ${r.pages} | ${r.retried} | ${r.resumed} |`).join('\n'),
      );
    }
  });

  async function listAll(kind: 'recommendations' | 'locations', runs: number, expected: string[], pageSize: number, idOf: (r: Record<string, unknown>) => string) {
    let exact = 0;
    let resumed = 0;
    let retried = 0;
    await concurrently(runs, async (run) => {
      const extra = kind === 'locations' ? ['--updated-since', EPOCH] : [];
      // --retries 1 keeps the runs short and makes the resuming of a page matter, not only the retries.
      const r = await runCliCaptured([kind, '--all', '--page-size', String(pageSize), '--retries', '1', '--base-url', sandbox.baseUrl, ...extra], {
        DEDUP_TOKEN: sandbox.token,
      });
      resumed += (r.err.match(/; resuming from page/g) ?? []).length;
      retried += (r.err.match(/; retrying in /g) ?? []).length;
      assert.equal(r.code, 0, `run ${run + 1} of ${kind} failed: ${r.err.split('\n').slice(-3).join('\n')}`);
      const ids = r.out.trimEnd().split('\n').map((l) => idOf(JSON.parse(l) as Record<string, unknown>));
      assert.deepEqual(ids, expected, `run ${run + 1}: every record once, in order`);
      exact++;
    });
    results.push({ kind: `${kind} --all`, runs, exact, pages: Math.ceil(expected.length / pageSize), resumed, retried });
    return { resumed, retried };
  }

  it(`recommendations --all: ${RUNS} of ${RUNS} runs complete and exact`, async () => {
    const all = sandbox.store.listRecommendations({ page: 0, pageSize: 100_000 });
    const expected = all.data.map((r) => (r as { '@id': string })['@id']);
    assert.ok(expected.length >= 100, `the list is long enough to page (${expected.length})`);
    const { retried } = await listAll('recommendations', RUNS, expected, 10, (r) => r['@id'] as string);
    assert.ok(retried > RUNS, `the faults were met (${retried} retries)`);
  });

  it(`locations --all: ${LOCATION_RUNS} of ${LOCATION_RUNS} runs complete and exact`, async () => {
    const all = sandbox.store.listLocations({ page: 0, pageSize: 100_000, updatedSince: 0, onlyExternalUpdates: false });
    const expected = all.data.map((r) => (r as { id: string }).id);
    await listAll('locations', LOCATION_RUNS, expected, 100, (r) => r.id as string);
  });

  /**
   * Exports through the extension's Export core (exportRecords), which reads the client's page
   * iterator: that resumes a failing page by itself. Retries are counted by the client's hook; a
   * page whose last retry failed is one that was resumed (the export went on and completed).
   */
  async function exportAll(spec: ListQuery, runs: number, expected: string[], pageSize: number, idOf: (r: Record<string, unknown>) => string) {
    const dir = await mkdtemp(path.join(tmpdir(), 'dedup-flaky-export-'));
    let exact = 0;
    let retried = 0;
    let resumed = 0;
    try {
      await concurrently(runs, async (run) => {
        const client = new DedupClient({
          baseUrl: sandbox.baseUrl,
          token: sandbox.token,
          retry: { retries: 1 },
          onRetry: () => retried++,
          onRequest: (i) => {
            if (i.error !== undefined && i.attempt === 2) resumed++;
          },
        });
        const file = path.join(dir, `${spec.kind}-${run}.ndjson`);
        const result = await exportRecords(client, spec, file);
        const ids = (await readFile(file, 'utf8')).trimEnd().split('\n').map((l) => idOf(JSON.parse(l) as Record<string, unknown>));
        assert.equal(result.written, expected.length);
        assert.deepEqual(ids, expected, `export ${run + 1}: every record once, in order`);
        exact++;
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    results.push({ kind: `Export of ${spec.kind} (\`exportRecords\`)`, runs, exact, pages: Math.ceil(expected.length / pageSize), resumed, retried });
    return { retried, resumed };
  }

  it(`the extension's Export (exportRecords) of the recommendations: ${LOCATION_RUNS} of ${LOCATION_RUNS} exports complete and exact`, async () => {
    const all = sandbox.store.listRecommendations({ page: 0, pageSize: 100_000 });
    const expected = all.data.map((r) => (r as { '@id': string })['@id']);
    // Pages of 10, as the CLI runs above, so that the export meets the faults on many pages.
    const { retried } = await exportAll({ kind: 'recommendations', params: { pageSize: 10 } }, LOCATION_RUNS, expected, 10, (r) => r['@id'] as string);
    assert.ok(retried >= LOCATION_RUNS, `the faults were met (${retried} retries)`);
  });

  it(`the extension's Export (exportRecords) of the locations: ${LOCATION_RUNS} of ${LOCATION_RUNS} exports complete and exact`, async () => {
    const all = sandbox.store.listLocations({ page: 0, pageSize: 100_000, updatedSince: 0, onlyExternalUpdates: false });
    const expected = all.data.map((r) => (r as { id: string }).id);
    await exportAll({ kind: 'locations', params: { updatedSince: EPOCH, pageSize: 100 } }, LOCATION_RUNS, expected, 100, (r) => r.id as string);
  });
});
