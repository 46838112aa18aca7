// Export of every page against the sandbox over real HTTP: the same records as the CLI's --all
// listing, in each format; the file appears only when complete; cancel leaves nothing behind.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CancelledError, DedupClient } from '../../src/api';
import { exportRecords } from '../../src/curation/export';
import { formatFromPath } from '../../src/records/output-format';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { runCliCaptured } from '../support/run-cli';

const EPOCH = '1970-01-01T00:00:00.000Z';

async function cliAll(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { code, out, err } = await runCliCaptured([...args, '--all'], env);
  assert.equal(code, 0, err);
  return out;
}

describe('export of every page', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  let env: NodeJS.ProcessEnv;
  let dir: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 150, events: 100, integrations: 4 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-export-'));
  });
  after(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the same NDJSON as the CLI listing, for each kind, with progress', async () => {
    const cases = [
      { spec: { kind: 'recommendations' as const, params: { pageSize: 3 } }, args: ['recommendations'] },
      { spec: { kind: 'locations' as const, params: { updatedSince: EPOCH, pageSize: 7 } }, args: ['locations', '--updated-since', EPOCH] },
      { spec: { kind: 'events' as const, params: { updatedSince: EPOCH, pageSize: 7 } }, args: ['events', '--updated-since', EPOCH] },
    ];
    for (const { spec, args } of cases) {
      const file = path.join(dir, `${spec.kind}.ndjson`);
      const progress: number[] = [];
      const result = await exportRecords(client, spec, file, { onProgress: (n) => progress.push(n) });
      const expected = await cliAll(args, env);
      assert.equal(await readFile(file, 'utf8'), expected, spec.kind);
      assert.equal(result.written, expected.trimEnd().split('\n').length);
      assert.ok(progress.length > 2, `${spec.kind}: ${progress.length} progress reports`);
      assert.equal(progress.at(-1), result.written);
    }
    assert.equal(sandbox.store.stats().locations, (await readFile(path.join(dir, 'locations.ndjson'), 'utf8')).trimEnd().split('\n').length);
  });

  it('writes CSV and a JSON array, the format chosen by the file name', async () => {
    assert.deepEqual(['a.csv', 'a.JSON', 'a.ndjson', 'a.jsonl', 'a'].map(formatFromPath), ['csv', 'json', 'ndjson', 'ndjson', 'ndjson']);
    const csv = path.join(dir, 'locations.csv');
    await exportRecords(client, { kind: 'locations', params: { updatedSince: EPOCH } }, csv);
    assert.equal(await readFile(csv, 'utf8'), await cliAll(['locations', '--updated-since', EPOCH, '--format', 'csv'], env));
    const json = path.join(dir, 'events.json');
    const r = await exportRecords(client, { kind: 'events', params: { updatedSince: EPOCH } }, json);
    assert.equal((JSON.parse(await readFile(json, 'utf8')) as unknown[]).length, r.written);
  });

  it('removes the partial file when cancelled and leaves an earlier file alone', async () => {
    const file = path.join(dir, 'cancelled.ndjson');
    const controller = new AbortController();
    await assert.rejects(
      exportRecords(client, { kind: 'locations', params: { updatedSince: EPOCH, pageSize: 5 } }, file, {
        signal: controller.signal,
        onProgress: (n) => n >= 10 && controller.abort(),
      }),
      CancelledError,
    );
    const left = await readdir(dir);
    assert.ok(!left.some((f) => f.startsWith('cancelled')), `left behind: ${left.join(', ')}`);
  });

  it('fails clearly for a folder that does not exist, leaving nothing', async () => {
    await assert.rejects(exportRecords(client, { kind: 'recommendations' }, path.join(dir, 'no', 'such', 'x.csv')), /ENOENT/);
  });
});
