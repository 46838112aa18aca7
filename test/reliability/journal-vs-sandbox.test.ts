// Nothing lost, nothing doubled: bulk decisions through a flaky sandbox (injected 5xx, dropped
// connections, latency), and a bulk run SIGKILLed half way, compared with the sandbox's own record
// of what it applied — its persisted decision log (`--data-dir`, decisions.ndjson).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import { runBulkDecisions } from '../../src/curation/bulk-decisions';
import { DecisionJournal, type DecisionEntry, journalConnection, readJournal } from '../../src/curation/journal';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { LONG } from './report';

const DATA = { seed: 21, locations: 120, events: 80, integrations: 4 };

/** The sandbox's decision log: recommendation id → how many times it was applied. */
async function appliedBySandbox(dataDir: string): Promise<Map<string, number>> {
  const text = await readFile(path.join(dataDir, 'decisions.ndjson'), 'utf8').catch(() => '');
  const applied = new Map<string, number>();
  for (const line of text.split('\n').filter((l) => l.endsWith('}'))) {
    const { id } = JSON.parse(line) as { id: string };
    applied.set(id, (applied.get(id) ?? 0) + 1);
  }
  return applied;
}

async function pendingIds(sb: RunningSandbox): Promise<string[]> {
  const client = new DedupClient({ baseUrl: sb.baseUrl, token: sb.token });
  const ids: string[] = [];
  for await (const r of client.allRecommendations({ pageSize: 200 })) ids.push(r['@id']);
  return ids;
}

/** The invariants between the journal and the sandbox's log; returns how many decisions were compared. */
function assertTruthful(entries: DecisionEntry[], applied: Map<string, number>): number {
  for (const [id, times] of applied) {
    assert.equal(times, 1, `${id} was applied ${times} times (doubled)`);
    const mine = entries.filter((e) => e.id === id);
    assert.ok(mine.length > 0, `${id} was applied but the journal does not name it (lost)`);
    assert.ok(mine.some((e) => e.outcome === 'ok' || e.outcome === 'unknown'), `${id} was applied but every attempt is journalled as failed`);
  }
  for (const e of entries) {
    if (e.outcome === 'ok') assert.ok(applied.has(e.id), `journalled ok, yet the sandbox never applied ${e.id}`);
    if (!e.outcomeRecorded) assert.equal(e.outcome, 'unknown');
  }
  const oks = entries.filter((e) => e.outcome === 'ok').map((e) => e.id);
  assert.equal(new Set(oks).size, oks.length, 'an id journalled ok twice');
  return applied.size;
}

describe('reliability: the decision journal against the sandbox’s own decision log', function () {
  this.timeout(120_000);
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-journal-truth-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('a bulk run through 5xx, dropped connections and latency, then retries: every decision once, journalled truthfully', async () => {
    const dataDir = path.join(dir, 'data');
    const sb = await startSandbox({ port: 0, ...DATA, dataDir });
    const ids = await pendingIds(sb);
    await sb.close();
    // Reopen the same data with faults (decisions persist across restarts).
    const flaky = await startSandbox({ port: 0, ...DATA, dataDir, faults: 'error-rate=0.25,drop=0.15,latency=0-20ms,seed=5' });
    const journal = new DecisionJournal(path.join(dir, 'journal.ndjson'));
    try {
      const client = new DedupClient({ baseUrl: flaky.baseUrl, token: flaky.token, timeoutMs: 5000 });
      const connection = journalConnection(flaky.baseUrl, 'flaky');
      let targets = ids.map((id) => ({ '@id': id, score: 0.9 }));
      const passes = LONG ? 12 : 6;
      for (let pass = 0; pass < passes && targets.length; pass++) {
        const summary = await runBulkDecisions(client, targets, { verdict: 'reject', connection, journal, concurrency: 4 });
        targets = summary.retryIds.map((id) => ({ '@id': id, score: 0.9 }));
      }
      assert.equal(targets.length, 0, `${targets.length} still to retry after ${passes} passes`);
    } finally {
      await journal.close();
      await flaky.close();
    }
    const { entries } = await readJournal(path.join(dir, 'journal.ndjson'));
    const applied = await appliedBySandbox(dataDir);
    assert.equal(assertTruthful(entries, applied), ids.length, 'every pending recommendation was rejected exactly once');
    assert.ok(entries.some((e) => e.outcome !== 'ok'), 'the faults did not hit a single decision');
  });

  it('a bulk run SIGKILLed half way: every decision the sandbox applied is in the journal as ok or unknown, none doubled', async () => {
    const dataDir = path.join(dir, 'data');
    const sb = await startSandbox({ port: 0, ...DATA, dataDir, faults: 'latency=30-200ms,error-rate=0.1,seed=9' });
    const journalPath = path.join(dir, 'journal.ndjson');
    const acknowledged: string[] = [];
    try {
      const ids = await pendingIds(sb);
      acknowledged.push(...(await killMidRun(sb, journalPath, ids)));
      // Requests the child left in flight may still be applied after its death: close() below lets
      // every request the server has begun finish (and persist) before it resolves.
    } finally {
      await sb.close();
    }
    const { entries } = await readJournal(journalPath);
    const applied = await appliedBySandbox(dataDir);
    assertTruthful(entries, applied);
    for (const id of acknowledged) assert.ok(entries.some((e) => e.id === id && e.outcome === 'ok'), `${id} acknowledged, not journalled ok`);
    assert.ok(applied.size >= acknowledged.length && acknowledged.length >= 4);
  });
});

const CHILD = (root: string) => `
const { DedupClient } = require(${JSON.stringify(path.join(root, 'src/api/index.ts'))});
const { runBulkDecisions } = require(${JSON.stringify(path.join(root, 'src/curation/bulk-decisions.ts'))});
const { DecisionJournal, journalConnection } = require(${JSON.stringify(path.join(root, 'src/curation/journal.ts'))});
const [baseUrl, journalPath, ids] = process.argv.slice(1);
const client = new DedupClient({ baseUrl, token: process.env.KILL_TEST_TOKEN, retry: { retries: 0 } });
runBulkDecisions(client, JSON.parse(ids).map((id) => ({ '@id': id, score: 0.9 })), {
  verdict: 'reject', connection: journalConnection(baseUrl, 'kill'), journal: new DecisionJournal(journalPath), concurrency: 4,
  onOutcome: (t, o) => process.stdout.write(o.status + ' ' + t['@id'] + '\\n'),
}).then(() => process.stdout.write('done\\n'));
`;

/** Runs the bulk run in a child process and SIGKILLs it after a few outcomes; returns the ids it saw acknowledged. */
function killMidRun(sb: RunningSandbox, journalPath: string, ids: string[]): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', CHILD(path.resolve(__dirname, '../..')), sb.baseUrl, journalPath, JSON.stringify(ids)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, KILL_TEST_TOKEN: sb.token },
  });
  const acknowledged: string[] = [];
  let outcomes = 0;
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line === 'done') reject(new Error('the run ended before the kill'));
        outcomes++;
        if (line.startsWith('ok ')) acknowledged.push(line.slice(3));
      }
      if (acknowledged.length >= 4 && outcomes >= 6) child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(acknowledged) : reject(new Error(`child exited: ${code}`))));
  });
}
