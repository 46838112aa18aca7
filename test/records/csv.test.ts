// Formula defusing in every CSV the product writes: the lists (locations, events' location_name),
// the decision history (entity_names) and the cells of the CLI's triage CSV all go through csvCell.
// A spreadsheet skips leading whitespace before a formula, so " =1+1" must be defused like "=1+1".
import assert from 'node:assert/strict';
import type { DecisionEntry } from '../../src/curation/journal';
import { journalCsvRow } from '../../src/curation/journal-export';
import { csvCell, csvRow } from '../../src/records/csv';

const HOSTILE = ' =1+1 Thrush Hall x';

describe('records: CSV formula defusing', () => {
  it('defuses a formula after leading whitespace, keeps numbers and plain text as they are', () => {
    for (const s of ['=1+1', ' =1+1 Thrush Hall x', '\u00a0+A1', '\n@SUM(A1)', '   -2+3', '\tplain', '\rplain']) {
      assert.equal(csvCell(s).replace(/^"/, '').startsWith(`'`), true, JSON.stringify(s));
    }
    for (const s of ['Thrush Hall', ' Thrush Hall', '-5', ' 42 ', '+1e3', 'a=b']) {
      assert.equal(csvCell(s).replace(/^"/, '').startsWith(`'`), false, JSON.stringify(s));
    }
    assert.equal(csvCell(HOSTILE), `'${HOSTILE}`);
  });

  it('defuses locations, events (and their location_name) and the decision history', () => {
    const location = csvRow('locations', { id: 'urn:l:1', name: HOSTILE });
    assert.ok(location.includes(`,'${HOSTILE},`), location);
    const event = csvRow('events', { id: 'urn:e:1', name: 'Gig', location: { id: 'urn:l:1', name: HOSTILE } });
    assert.ok(event.includes(`,'${HOSTILE},`), event);
    const entry = { at: '2024-01-01T00:00:00.000Z', id: 'urn:r:1', verdict: 'approve', entities: [{ id: 'urn:x:1', name: HOSTILE }, { id: 'urn:x:2', name: 'Thrush Hall' }], outcome: 'ok', outcomeRecorded: true } as unknown as DecisionEntry;
    const row = journalCsvRow(entry);
    assert.ok(row.includes(`,'${HOSTILE} | Thrush Hall,`), row);
  });
});
