// The decision journal on disk: append-only lines, fsynced; a torn last line (a kill mid-write) is
// skipped and the next entry starts on a fresh line; an attempt without an outcome reads back as
// unknown; credentials never reach it; CSV and NDJSON export.
import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NotFoundError, TimeoutError } from '../../src/api';
import { attemptDecision, classify } from '../../src/curation/decide';
import { DecisionJournal, journalConnection, journalOfConnection, parseJournal, readJournal, startedLine } from '../../src/curation/journal';
import { exportJournal, journalCsvHeader } from '../../src/curation/journal-export';

const REC = {
  '@id': 'urn:rec:1',
  score: 0.97,
  entities: [
    { '@id': 'urn:e:1', name: '=Bar, "The" Venue', integration: 'urn:i:a', sourceId: '1' },
    { '@id': 'urn:e:2', name: 'Bar Venue', integration: 'urn:i:b', sourceId: '2' },
  ],
} as never;

const conn = journalConnection('https://user:secret@dedup.example.com/?token=abc#x', 'prod');

describe('decision journal', () => {
  // Found when two sandboxes of one seed (the same ids) shared a window's journal: one service's
  // rejections flagged the other's recommendations.
  it("keeps one service's lines: its decisions and marks, and older lines that name no service", () => {
    const here = journalConnection('http://user:pw@127.0.0.1:8080/', 'Local');
    const there = journalConnection('https://other.example', 'Other');
    const rec = { '@id': 'urn:rec:1', score: 0.9 };
    const text = [
      JSON.stringify(startedLine(here, rec, 'approve')),
      JSON.stringify(startedLine(there, rec, 'reject')),
      JSON.stringify({ ...startedLine(here, rec, 'reject'), connection: undefined }),
      JSON.stringify({ type: 'unsure', at: new Date().toISOString(), connection: there, id: 'urn:rec:2', entities: [] }),
      JSON.stringify({ type: 'unsure', at: new Date().toISOString(), connection: here, id: 'urn:rec:3', entities: [] }),
    ].join('\n');
    const all = parseJournal(text);
    assert.equal(all.entries.length, 3);
    const ours = journalOfConnection(all, 'http://127.0.0.1:8080');
    assert.deepEqual(ours.entries.map((e) => e.verdict), ['approve', 'reject']);
    assert.deepEqual(ours.unsure.map((u) => u.id), ['urn:rec:3']);
    assert.deepEqual(journalOfConnection(all, 'https://other.example/').entries.map((e) => e.verdict), ['reject', 'reject']);
    assert.equal(journalOfConnection(all, undefined), all);
  });

  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-journal-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps no credentials from the base URL', () => {
    assert.deepEqual(conn, { baseUrl: 'https://dedup.example.com', label: 'prod' });
  });

  it('writes started before the request and the outcome after, and reads them back joined', async () => {
    const journal = new DecisionJournal(path.join(dir, 'sub', 'journal.ndjson'));
    let linesWhenSent = -1;
    const client = {
      approve: async () => {
        linesWhenSent = (await readFile(journal.path, 'utf8')).trimEnd().split('\n').length;
      },
      reject: async () => {
        throw new NotFoundError('no recommendation with id urn:rec:1', { status: 404 });
      },
    };
    assert.deepEqual(await attemptDecision(client, REC, 'approve', { journal, connection: conn }), { status: 'ok' });
    assert.equal(linesWhenSent, 1, 'the started line was on disk before the request');
    const failed = await attemptDecision(client, REC, 'reject', { journal, connection: conn });
    assert.equal(failed.status, 'failed');
    await journal.close();
    const { entries, skippedLines } = await readJournal(journal.path);
    assert.equal(skippedLines, 0);
    assert.deepEqual(
      entries.map((e) => [e.id, e.verdict, e.outcome, e.kind, e.score, e.entities[0].name]),
      [
        ['urn:rec:1', 'approve', 'ok', undefined, 0.97, '=Bar, "The" Venue'],
        ['urn:rec:1', 'reject', 'failed', 'not-found', 0.97, '=Bar, "The" Venue'],
      ],
    );
    assert.ok(!(await readFile(journal.path, 'utf8')).includes('secret'));
  });

  it('does not send a decision it cannot journal', async () => {
    await writeFile(path.join(dir, 'file'), '');
    const journal = new DecisionJournal(path.join(dir, 'file', 'journal.ndjson')); // parent is a file
    let sent = false;
    const client = { approve: async () => void (sent = true), reject: async () => void (sent = true) };
    const outcome = await attemptDecision(client, REC, 'approve', { journal, connection: conn });
    assert.equal(outcome.status, 'failed');
    assert.equal(outcome.kind, 'journal');
    assert.equal(sent, false);
  });

  it('reads an attempt without an outcome line as unknown, and skips a torn last line', async () => {
    const file = path.join(dir, 'journal.ndjson');
    const s1 = startedLine(conn, REC, 'approve');
    const s2 = startedLine(conn, REC, 'reject');
    const full = JSON.stringify({ type: 'outcome', attempt: s1.attempt, at: new Date().toISOString(), outcome: 'ok' });
    await writeFile(file, `${JSON.stringify(s1)}\n${JSON.stringify(s2)}\n${full.slice(0, 25)}`);
    const torn = await readJournal(file);
    assert.equal(torn.skippedLines, 1);
    assert.deepEqual(torn.entries.map((e) => [e.verdict, e.outcome, e.outcomeRecorded]), [
      ['approve', 'unknown', false],
      ['reject', 'unknown', false],
    ]);
    // Appending after the crash starts on a new line: nothing glued to the torn one.
    const journal = new DecisionJournal(file);
    await journal.append({ type: 'outcome', attempt: s2.attempt, at: new Date().toISOString(), outcome: 'failed', kind: 'conflict', message: 'already' });
    await journal.close();
    const after = await readJournal(file);
    assert.equal(after.skippedLines, 1);
    assert.deepEqual(after.entries.map((e) => [e.verdict, e.outcome, e.outcomeRecorded]), [
      ['approve', 'unknown', false],
      ['reject', 'failed', true],
    ]);
  });

  it('commits concurrent appends together and loses none', async () => {
    const journal = new DecisionJournal(path.join(dir, 'journal.ndjson'));
    await Promise.all(Array.from({ length: 50 }, (_, i) => journal.append(startedLine(conn, { ...(REC as object), '@id': `urn:rec:${i}` } as never, 'approve'))));
    await journal.close();
    const { entries } = await readJournal(journal.path);
    assert.deepEqual(entries.map((e) => e.id).sort(), Array.from({ length: 50 }, (_, i) => `urn:rec:${i}`).sort());
    await assert.rejects(journal.append(startedLine(conn, REC, 'approve')), /closed/);
  });

  it('tolerates foreign lines and a missing file', async () => {
    assert.deepEqual(await readJournal(path.join(dir, 'absent.ndjson')), { entries: [], skippedLines: 0, unsure: [], runs: [] });
    assert.equal(parseJournal('null\n42\n{"type":"outcome","attempt":"nobody"}\n\n').skippedLines, 3);
  });

  it('classifies errors: a lost answer is unknown, a refusal is failed', () => {
    assert.equal(classify(new TimeoutError('slow', 1000)).status, 'unknown');
    assert.equal(classify(new NotFoundError('gone')).status, 'failed');
  });

  it('exports as CSV (quoted, formulas defused) and NDJSON', async () => {
    const file = path.join(dir, 'journal.ndjson');
    const journal = new DecisionJournal(file);
    await attemptDecision({ approve: async () => {}, reject: async () => {} }, REC, 'approve', { journal, connection: conn });
    await appendFile(file, JSON.stringify(startedLine(conn, REC, 'reject')) + '\n');
    await journal.close();
    const { entries } = await readJournal(file);
    const csvFile = path.join(dir, 'history.csv');
    assert.equal(await exportJournal(entries, csvFile), 2);
    const rows = (await readFile(csvFile, 'utf8')).split('\r\n');
    assert.equal(rows[0] + '\r\n', journalCsvHeader());
    assert.match(rows[1], /,approve,0\.97,urn:e:1 \| urn:e:2,"'=Bar, ""The"" Venue \| Bar Venue",ok,true,/);
    assert.match(rows[2], /,reject,.*,unknown,false,/);
    const ndFile = path.join(dir, 'history.ndjson');
    await exportJournal(entries, ndFile);
    const lines = (await readFile(ndFile, 'utf8')).trimEnd().split('\n').map((l) => JSON.parse(l) as { id: string; outcome: string });
    assert.deepEqual(lines.map((l) => l.outcome), ['ok', 'unknown']);
  });
});
