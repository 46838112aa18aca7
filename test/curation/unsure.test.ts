// Unsure marks (issue 17): kept in the decision journal, read back after a reload, cleared by a later
// decision that reached the service (or an explicit clearing), and taught to triage as "unsure".
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DecisionJournal, journalConnection, readJournal, unsureLine } from '../../src/curation/journal';
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
});
