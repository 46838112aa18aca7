// The undo period of single decisions: a decision is journalled at once, waits, and is
// sent only if not undone; an undone one is journalled as cancelled and never reaches the service;
// one whose window closed during the wait reads back as "not sent". Against the sandbox over real
// HTTP on 127.0.0.1.
import assert from 'node:assert/strict';
import { appendFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DedupClient } from '../../src/api';
import type { Recommendation } from '../../src/api/model';
import { attemptDecision } from '../../src/curation/decide';
import { UndoWindow } from '../../src/curation/grace';
import { DecisionJournal, journalConnection, notSent, readJournal, startedLine } from '../../src/curation/journal';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';

async function pending(client: DedupClient): Promise<Map<string, Recommendation>> {
  const all = new Map<string, Recommendation>();
  for await (const r of client.allRecommendations({ pageSize: 200 })) all.set(r['@id'], r);
  return all;
}

describe('undo period of single decisions', function () {
  this.timeout(60000);
  let sandbox: RunningSandbox;
  let client: DedupClient;
  let dir: string;
  let journal: DecisionJournal;
  const conn = journalConnection('http://127.0.0.1:1', 'test');

  before(async () => {
    sandbox = await startSandbox({ port: 0, seed: 11, locations: 150, events: 100, integrations: 4 });
    client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  });
  after(() => sandbox?.close());
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-undo-'));
    journal = new DecisionJournal(path.join(dir, 'journal.ndjson'));
  });
  afterEach(async () => {
    await journal.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('UndoWindow: sends after the wait, not when undone; the latest waiting one first', async () => {
    const undo = new UndoWindow();
    const a = undo.wait('a', 80);
    const b = undo.wait('b', 5000);
    assert.equal(undo.latest(), 'b');
    assert.equal(undo.latest(['a']), 'a');
    assert.ok(undo.remaining('b') > 4000);
    assert.equal(undo.cancel('b'), true);
    assert.equal(await b, false);
    assert.equal(await a, true);
    assert.equal(undo.cancel('a'), false, 'undone after it was sent');
    assert.equal(await undo.wait('c', 0), true, '0 sends at once');
  });

  it('an undone decision is journalled as cancelled and never reaches the service', async () => {
    const [rec] = (await pending(client)).values();
    const undo = new UndoWindow();
    // The wait begins once the started line is journalled: the test goes on from that moment, not after a guess of how long it takes.
    let waitBegan!: () => void;
    const began = new Promise<void>((r) => (waitBegan = r));
    const wait = () => {
      waitBegan();
      return undo.wait(rec['@id'], 5000);
    };
    const outcome = attemptDecision(client, rec, 'approve', { journal, connection: conn, grace: { ms: 5000, wait } });
    await began;
    const waiting = (await readJournal(journal.path)).entries;
    assert.equal(waiting.length, 1, 'not journalled before the wait');
    assert.ok(waiting[0].graceUntil);
    assert.ok(undo.cancel(rec['@id']));
    assert.deepEqual({ ...(await outcome), error: undefined }, { status: 'cancelled', kind: 'undo', message: 'undone within the undo period; nothing was sent', error: undefined });
    assert.ok((await pending(client)).has(rec['@id']), 'the service applied an undone decision');
    const [entry] = (await readJournal(journal.path)).entries;
    assert.deepEqual([entry.outcome, entry.outcomeRecorded, entry.sendingAt, notSent(entry)], ['cancelled', true, undefined, false]);
  });

  it('one not undone is sent when the wait is over, and the journal says when', async () => {
    const [rec] = (await pending(client)).values();
    const outcome = await attemptDecision(client, rec, 'reject', { journal, connection: conn, grace: { ms: 50, wait: () => new UndoWindow().wait(rec['@id'], 50) } });
    assert.equal(outcome.status, 'ok');
    assert.ok(!(await pending(client)).has(rec['@id']));
    const [entry] = (await readJournal(journal.path)).entries;
    assert.equal(entry.outcome, 'ok');
    assert.ok(entry.sendingAt && entry.graceUntil);
  });

  it('a decision whose window closed during the wait reads back as not sent', async () => {
    const [rec] = (await pending(client)).values();
    const started = { ...startedLine(conn, rec, 'approve'), graceUntil: new Date(Date.now() + 5000).toISOString() };
    await appendFile(journal.path, JSON.stringify(started) + '\n');
    const [entry] = (await readJournal(journal.path)).entries;
    assert.deepEqual([notSent(entry), entry.outcome, entry.outcomeRecorded], [true, 'unknown', false]);
    assert.ok((await pending(client)).has(rec['@id']));
  });
});
