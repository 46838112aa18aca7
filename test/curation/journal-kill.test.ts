// A process killed with SIGKILL in the middle of a bulk run (as when VS Code is killed) must leave a
// journal that tells the truth: every acknowledged decision is in it as ok, every decision the
// service applied is in it (the started line is fsynced before the request), and attempts cut off
// read back as "unknown".
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { readJournal } from '../../src/curation/journal';
import { runsCutShort } from '../../src/curation/journal-runs';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

const API = path.resolve(__dirname, '../../src/api/index.ts');
const BULK = path.resolve(__dirname, '../../src/curation/bulk-decisions.ts');
const JOURNAL = path.resolve(__dirname, '../../src/curation/journal.ts');

// The child rejects the given ids three at a time and prints each id once its outcome is known.
const CHILD = `
const { DedupClient } = require(${JSON.stringify(API)});
const { runBulkDecisions } = require(${JSON.stringify(BULK)});
const { DecisionJournal, journalConnection } = require(${JSON.stringify(JOURNAL)});
const [baseUrl, journalPath, ids] = process.argv.slice(1);
const client = new DedupClient({ baseUrl, token: process.env.KILL_TEST_TOKEN });
runBulkDecisions(client, JSON.parse(ids).map((id) => ({ '@id': id, score: 0.9 })), {
  verdict: 'reject',
  connection: journalConnection(baseUrl, 'kill test'),
  journal: new DecisionJournal(journalPath),
  concurrency: 3,
  onOutcome: (t, o) => process.stdout.write(o.status + ' ' + t['@id'] + '\\n'),
}).then(() => process.stdout.write('done\\n'));
`;

describe('decision journal after SIGKILL mid-run', () => {
  let sandbox: RunningSandbox;
  let dir: string;
  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 150, events: 100, integrations: 4, faults: 'latency=50-250ms' });
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-journal-kill-'));
  });
  after(async () => {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('has every acknowledged and every applied decision; cut-off attempts read as unknown', async function () {
    this.timeout(60_000);
    const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
    const ids: string[] = [];
    for await (const r of client.allRecommendations({ pageSize: 200 })) ids.push(r['@id']);
    assert.ok(ids.length >= 10, `${ids.length} pending`);
    const journalPath = path.join(dir, 'journal.ndjson');
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', CHILD, sandbox.baseUrl, journalPath, JSON.stringify(ids)], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, KILL_TEST_TOKEN: sandbox.token },
    });
    const acknowledged: string[] = [];
    await new Promise<void>((resolve, reject) => {
      let buffer = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) if (line.startsWith('ok ')) acknowledged.push(line.slice(3));
        if (acknowledged.length >= 4) child.kill('SIGKILL');
        if (lines.includes('done')) reject(new Error('the run ended before the kill'));
      });
      child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited: ${code}`))));
    });

    const { entries } = await readJournal(journalPath);
    const pending = new Set<string>();
    for await (const r of client.allRecommendations({ pageSize: 200 })) pending.add(r['@id']);
    for (const id of acknowledged) assert.ok(entries.some((e) => e.id === id && e.outcome === 'ok'), `${id} was acknowledged but is not journalled as ok`);
    for (const e of entries) {
      if (e.outcome === 'ok') assert.ok(!pending.has(e.id), `journalled ok, yet ${e.id} is pending`);
      if (!e.outcomeRecorded) assert.equal(e.outcome, 'unknown');
    }
    const journalled = new Set(entries.map((e) => e.id));
    for (const id of ids) {
      if (!pending.has(id)) assert.ok(journalled.has(id), `${id} left the list but the journal does not name it`);
    }
    assert.ok(entries.length < ids.length, 'the kill came after the whole run');
    // The run itself reads back as cut short, with what it was asked and what reached the service:
    // the decisions it never attempted have no line of their own.
    const { runs } = await readJournal(journalPath);
    assert.equal(runs.length, 1);
    const [run] = runs;
    assert.equal(run.ended, false);
    assert.equal(run.count, ids.length);
    assert.equal(run.attempted, entries.length);
    assert.equal(run.ok, entries.filter((e) => e.outcome === 'ok').length);
    assert.equal(run.unknown, entries.filter((e) => e.outcome === 'unknown').length);
    assert.ok(run.count - run.attempted > 0, 'some were never sent');
    // Its process is gone, so it is cut short, read at once (the CLI) or by a window started in the
    // same millisecond; a window started before the run did not see it begin.
    const begun = Date.parse(run.at);
    assert.deepEqual(runsCutShort(runs).map((r) => r.run), [run.run]);
    assert.deepEqual(runsCutShort(runs, new Date(begun)).map((r) => r.run), [run.run]);
    assert.deepEqual(runsCutShort(runs, new Date(begun - 1)), []);
  });
});
