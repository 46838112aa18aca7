// The `dedup-curator` command against the sandbox over real HTTP: output formats, paging, decisions,
// exit codes and one-line errors. Most cases run the CLI in process; one spawns the real executable.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { type CliResult, runCliCaptured } from '../support/run-cli';
import { closedPort } from '../support/scripted-server';

type Result = CliResult;
const cli = runCliCaptured;

const EPOCH = '1970-01-01T00:00:00.000Z';

describe('dedup-curator CLI', function () {
  this.timeout(60_000);
  let sandbox: RunningSandbox;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 5, locations: 150, events: 100, integrations: 4 });
    env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  });
  after(() => sandbox.close());

  it('streams every recommendation as NDJSON with --all', async () => {
    const total = (await sandbox.store.listRecommendations({ page: 0, pageSize: 1 })).total;
    const r = await cli(['recommendations', '--all', '--page-size', '4'], env);
    assert.equal(r.code, 0, r.err);
    const lines = r.out.trimEnd().split('\n').map((l) => JSON.parse(l) as { '@id': string });
    assert.equal(lines.length, total);
    assert.equal(new Set(lines.map((l) => l['@id'])).size, total);
  });

  it('lists every location as CSV and every event as a JSON array', async () => {
    const csv = await cli(['locations', '--updated-since', EPOCH, '--all', '--format', 'csv', '--page-size', '7'], env);
    assert.equal(csv.code, 0, csv.err);
    const rows = csv.out.trimEnd().split('\r\n');
    assert.match(rows[0], /^id,name,street_address,postal_code,locality/);
    const stats = sandbox.store.stats();
    assert.equal(rows.length - 1, stats.locations);
    const json = await cli(['events', '--updated-since', EPOCH, '--all', '--format', 'json'], env);
    assert.equal(json.code, 0, json.err);
    const events = JSON.parse(json.out) as { id: string }[];
    assert.equal(events.length, stats.events);
  });

  it('gets one page by default, with the page and size asked for', async () => {
    const r = await cli(['locations', '--updated-since', EPOCH, '--page', '1', '--page-size', '3'], env);
    assert.equal(r.code, 0, r.err);
    const all = await cli(['locations', '--updated-since', EPOCH, '--page-size', '6'], env);
    assert.deepEqual(r.out.trimEnd().split('\n'), all.out.trimEnd().split('\n').slice(3, 6));
  });

  it('approves and rejects, then reports a second decision as a conflict (exit 4)', async () => {
    const page = await sandbox.store.listRecommendations({ page: 0, pageSize: 200 });
    const first = page.data[0];
    const ids = new Set(first.entities.map((e) => e['@id']));
    const [a, b] = [first['@id'], page.data.find((r) => r.entities.every((e) => !ids.has(e['@id'])))!['@id']];
    const ok = await cli(['approve', a], env);
    assert.equal(ok.code, 0, ok.err);
    assert.deepEqual(JSON.parse(ok.out), { id: a, decision: 'approved' });
    assert.equal((await cli(['reject', b], env)).code, 0);
    const again = await cli(['approve', a], env);
    assert.equal(again.code, 4);
    assert.match(again.err, /^dedup-curator: .*409/);
    assert.equal(again.err.trim().split('\n').length, 1, 'one line, no stack trace');
    assert.equal((await cli(['reject', 'urn:nothing'], env)).code, 4);
  });

  it('exits 3 for a refused token and 6 when the service cannot be reached', async () => {
    const bad = await cli(['recommendations'], { ...env, DEDUP_TOKEN: 'wrong' });
    assert.equal(bad.code, 3);
    assert.match(bad.err, /refused the access token/);
    assert.ok(!bad.err.includes('wrong'), 'the token is not printed');
    const port = await closedPort();
    const down = await cli(['recommendations', '--base-url', `http://127.0.0.1:${port}`], env);
    assert.equal(down.code, 6);
    assert.match(down.err, /connection refused/);
  });

  it('exits 2 with one clear line for usage errors and refused parameters', async () => {
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [['recommendations', '--page-size', '201'], env, /page_size must be at most 200/],
      [['locations'], env, /--updated-since is required, e\.g\. --updated-since 2024-01-01, --updated-since 7d, or --updated-since all/],
      [['locations', '--updated-since', '2024-01-01T08:00'], env, /--updated-since: "2024-01-01T08:00" has no time zone: add Z \(UTC\) or an offset/],
      [['locations', '--updated-since', '2024-02-30'], env, /--updated-since: "2024-02-30" is not a real date/],
      [['events', '--updated-since', EPOCH, '--start-after', 'tomorrow'], env, /--start-after: "tomorrow" is not a moment: use 2024-05-01 \(midnight UTC\)/],
      [['recommendations', '--bogus'], env, /Unknown option '--bogus'/],
      [['recommendations', '--updated-since', EPOCH], env, /--updated-since does not apply to recommendations/],
      [['recommendations', '--format', 'xml'], env, /--format must be one of ndjson, json, csv/],
      [['recommendations', '--page', 'two'], env, /--page must be an integer/],
      [['approve'], env, /recommendation ID is missing/],
      [['recommendations'], {}, /give --base-url URL or set DEDUP_BASE_URL/],
      [['recommendations'], { DEDUP_BASE_URL: sandbox.baseUrl }, /set DEDUP_TOKEN or give --token-file/],
      [['frobnicate'], env, /unknown command "frobnicate"/],
    ];
    for (const [args, e, message] of cases) {
      const r = await cli(args, e);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, message);
      assert.equal(r.err.trim().split('\n').length, 1, `${args.join(' ')}: one line`);
      assert.equal(r.out, '');
    }
  });

  it('reads the token from a file, ignoring the final line break', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'dc-cli-'));
    const file = path.join(dir, 'token');
    await writeFile(file, sandbox.token + '\n');
    const r = await cli(['recommendations', '--token-file', file, '--page-size', '1'], { DEDUP_BASE_URL: sandbox.baseUrl });
    assert.equal(r.code, 0, r.err);
    const missing = await cli(['recommendations', '--token-file', path.join(dir, 'nope')], { DEDUP_BASE_URL: sandbox.baseUrl });
    assert.equal(missing.code, 2);
    assert.match(missing.err, /cannot read the token file .*: no such file/);
  });

  it('has --help for every command', async () => {
    for (const c of ['recommendations', 'locations', 'events', 'approve', 'reject', 'sandbox']) {
      const r = await cli([c, '--help'], {});
      assert.equal(r.code, 0, c);
      assert.match(r.out, /Usage:/, c);
    }
    assert.match((await cli(['--help'], {})).out, /Commands:/);
  });

  it('runs as a real process: exit code, stdout, and a quiet stop when the reader goes away', async () => {
    const run = (args: string[], pipeToHead = false) =>
      new Promise<Result>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { env: { ...process.env, ...env } });
        let out = '';
        let err = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (pipeToHead && out.includes('\n')) child.stdout.destroy();
        });
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
      });
    const ok = await run(['locations', '--updated-since', EPOCH, '--page-size', '2']);
    assert.equal(ok.code, 0, ok.err);
    assert.equal(ok.out.trimEnd().split('\n').length, 2);
    const bad = await run(['approve', 'urn:nothing']);
    assert.equal(bad.code, 4);
    assert.doesNotMatch(bad.err, /\n\s+at /, 'no stack trace');
    const head = await run(['locations', '--updated-since', EPOCH, '--all', '--page-size', '1'], true);
    assert.equal(head.code, 0, head.err);
    assert.equal(head.err, '', 'a closed pipe is not an error');
  });
});
