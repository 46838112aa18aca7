// The text of "Open as JSON" (issue 12, point 5): long string values are cut with a marker and a note,
// short records stay plain JSON, equal to the record.
import * as assert from 'node:assert/strict';
import { JSON_VALUE_LIMIT, recordJson } from '../../src/extension/panels/record-json';

const words = {
  marker: (more: number) => `… [${more} more characters]`,
  note: (cut: number, limit: number) => `${cut} values cut to ${limit} characters`,
};

/** The JSON part of a document (after the `//` note line, if any). */
const parse = (text: string): unknown => JSON.parse(text.replace(/^\/\/.*\n/, ''));

describe('recordJson (Open as JSON)', () => {
  it('a record without long values is plain JSON, equal to the record', () => {
    const record = { id: 'urn:location:1', name: 'Café Central', unknown: { nested: [1, null, 'x'] } };
    const { text, cut } = recordJson(record, words);
    assert.equal(cut, 0);
    assert.ok(!text.startsWith('//'));
    assert.deepEqual(JSON.parse(text), record);
  });

  it('a 1 MB value is cut to the limit with a marker saying how much is left out, and a note on top', () => {
    const huge = 'A'.repeat(1_000_000);
    const record = { id: 'urn:event:1', name: 'short', description: huge, keywords: [huge, 'k'] };
    const { text, cut } = recordJson(record, words);
    assert.equal(cut, 2);
    assert.ok(text.length < 3 * JSON_VALUE_LIMIT, `the document has ${text.length} characters`);
    assert.equal(text.split('\n')[0], `// 2 values cut to ${JSON_VALUE_LIMIT} characters`);
    const parsed = parse(text) as typeof record;
    const kept = `${'A'.repeat(JSON_VALUE_LIMIT)}… [${1_000_000 - JSON_VALUE_LIMIT} more characters]`;
    assert.deepEqual(parsed, { ...record, description: kept, keywords: [kept, 'k'] });
  });

  it('never splits a surrogate pair, and keeps the note on one line', () => {
    const value = `${'x'.repeat(9)}😀${'y'.repeat(20)}`; // the emoji straddles position 10
    const { text } = recordJson({ v: value }, { marker: () => '…', note: () => 'cut\nhere' }, 10);
    const parsed = parse(text) as { v: string };
    assert.equal(parsed.v, `${'x'.repeat(9)}…`);
    assert.equal(text.split('\n')[0], '// cut here');
  });
});
