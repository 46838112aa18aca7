// Unsure marks (issue 17): kept in the decision journal, read back after a reload, cleared by a later
// decision that reached the service (or an explicit clearing), and taught to triage as "unsure".
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { clearedUnsureLine, DecisionJournal, journalConnection, parseJournal, readJournal, unsureLine } from '../../src/curation/journal';
import { historyRows } from '../../src/curation/history';
import { attemptDecision } from '../../src/curation/decide';
import { unsureMarks } from '../../src/curation/unsure';
import { labelsFromContents } from '../../src/triage/journal-labels';

const conn = journalConnection('http://127.0.0.1:1', 'sandbox');
const rec = (id: string) =>
  ({
    '@id': id,
    score: 0.9,
    entities: [
      { '@id': `${id}:a`, name: 'Café Noir', integration: 'urn:i:a', sourceId: '1' },
      { '@id': `${id}:b`, name: 'Cafe Noir', integration: 'urn:i:b', sourceId: '2' },
    ],
  }) as never;

describe('unsure marks in the decision journal', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dedup-unsure-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('reads a mark back with its note from a fresh reader, and a later approval clears it', async () => {
    const file = path.join(dir, 'j.ndjson');
    const journal = new DecisionJournal(file);
    await journal.append(unsureLine(conn, rec('r1'), '  same building?  '));
    await journal.append(unsureLine(conn, rec('r2'), ''));
    await journal.close();
    const marks = unsureMarks(await readJournal(file));
    assert.deepEqual([...marks.keys()].sort(), ['r1', 'r2']);
    assert.equal(marks.get('r1')?.note, 'same building?');
    assert.equal(marks.get('r2')?.note, undefined);

    const again = new DecisionJournal(file);
    await new Promise((r) => setTimeout(r, 5));
    const client = { approve: async () => undefined, reject: async () => undefined };
    assert.equal((await attemptDecision(client, rec('r1'), 'approve', { journal: again, connection: conn })).status, 'ok');
    await again.close();
    const after = await readJournal(file);
    assert.deepEqual([...unsureMarks(after).keys()], ['r2'], 'the approval took the mark back');
    const labels = labelsFromContents(after);
    assert.deepEqual(
      labels.map((l) => [l.id, l.verdict]),
      [
        ['r2', 'unsure'],
        ['r1', 'approve'],
      ],
    );
  });

  it('a failed decision leaves the mark; a clearing line removes it; never a service call for unsure', async () => {
    const file = path.join(dir, 'j.ndjson');
    const journal = new DecisionJournal(file);
    await journal.append(unsureLine(conn, rec('r1'), 'ask the venue'));
    await new Promise((r) => setTimeout(r, 5));
    const client = {
      approve: async () => {
        throw new Error('boom');
      },
      reject: async () => undefined,
    };
    await attemptDecision(client, rec('r1'), 'approve', { journal, connection: conn });
    assert.ok(unsureMarks(await readJournal(file)).has('r1'), 'a failed decision is no answer');
    await new Promise((r) => setTimeout(r, 5));
    await journal.append(unsureLine(conn, rec('r1'), undefined, true));
    await journal.close();
    assert.equal(unsureMarks(await readJournal(file)).size, 0);
  });

  it('Clear Unsure Mark: a clearing line made from the mark as read back (nothing loaded) takes it back for a fresh reader and for triage', async () => {
    const file = path.join(dir, 'j.ndjson');
    const journal = new DecisionJournal(file);
    await journal.append(unsureLine(conn, rec('r1'), 'ask the venue'), unsureLine(conn, rec('r2'), 'chain?'));
    await journal.close();
    // What the palette's pick has: the mark as the journal keeps it, with where and what it was.
    const mark = unsureMarks(await readJournal(file)).get('r1')!;
    assert.equal(mark.score, 0.9);
    assert.deepEqual(
      mark.entities?.map((e) => [e.id, e.name]),
      [
        ['r1:a', 'Café Noir'],
        ['r1:b', 'Cafe Noir'],
      ],
    );
    assert.deepEqual(mark.connection, conn);
    await new Promise((r) => setTimeout(r, 5));
    const line = clearedUnsureLine(conn, mark);
    assert.deepEqual([line.type, line.id, line.cleared, line.score, line.note], ['unsure', 'r1', true, 0.9, undefined]);
    const again = new DecisionJournal(file);
    await again.append(line);
    await again.close();
    const after = await readJournal(file);
    assert.deepEqual([...unsureMarks(after).keys()], ['r2'], 'the clearing did not take the mark back');
    assert.deepEqual(
      labelsFromContents(after).map((l) => [l.id, l.verdict]),
      [['r2', 'unsure']],
      'a cleared mark still teaches triage "unsure" (it would stay out of group decisions)',
    );
    // Marked again after the clearing: the newest line wins.
    const text = [JSON.stringify(unsureLine(conn, rec('r1'), 'x')), JSON.stringify({ ...clearedUnsureLine(conn, mark), at: '2000-01-01T00:00:00.000Z' })].join('\n');
    assert.ok(unsureMarks(parseJournal(text)).has('r1'), 'an older clearing took back a newer mark');
  });

  it('the history rows hold decisions, marks and clearings in time order', () => {
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const lines = [
      { ...unsureLine(conn, rec('r1'), 'same building?'), at: at(1) },
      { type: 'started', attempt: 'a1', at: at(2), connection: conn, id: 'r2', verdict: 'approve', entities: [] },
      { type: 'outcome', attempt: 'a1', at: at(3), outcome: 'ok' },
      { ...clearedUnsureLine(conn, { id: 'r1' }), at: at(4) },
    ];
    const rows = historyRows(parseJournal(lines.map((l) => JSON.stringify(l)).join('\n')));
    assert.deepEqual(
      rows.map((r) => [r.kind, r.entry.id]),
      [
        ['unsure', 'r1'],
        ['decision', 'r2'],
        ['cleared', 'r1'],
      ],
    );
    assert.equal(rows[0].kind === 'unsure' && rows[0].entry.note, 'same building?');
  });
});
