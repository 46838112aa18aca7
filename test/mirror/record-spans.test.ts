// The spans of a page's records in the answer's own text (src/mirror/record-spans.ts): each span
// is exactly one record, as JSON.parse read it, whatever its strings hold; a page it cannot read
// with certainty answers undefined (the full listing then serializes the parsed records).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { pageRecordSpans } from '../../src/mirror/record-spans';

function records(text: string): unknown[] | undefined {
  const spans = pageRecordSpans(text);
  if (!spans) return undefined;
  const out: unknown[] = [];
  for (let k = 0; k < spans.length; k += 2) out.push(JSON.parse(text.slice(spans[k], spans[k + 1])));
  return out;
}

describe('mirror: the records in a page answer\'s text', () => {
  it('finds each record, whatever its strings hold', () => {
    const data = [
      { id: 'a', name: 'quote " brace } bracket ] comma , colon :', s: '\\', t: '\\"', u: 'ünïcödé 🦉 \u2028' },
      { id: 'b', nested: { a: [1, { b: '}]' }], e: {} }, n: -1.5e3, x: null, y: true },
      { id: 'c', line: 'a\nb' },
    ];
    assert.deepEqual(records(JSON.stringify({ page: 0, has_next_page: true, data })), data);
    // Members in another order, around the data, with space between tokens (not inside records).
    const spaced = `{ "note" : "data: [\\"x\\"]", "data" :\n[ ${data.map((r) => JSON.stringify(r)).join(' ,\n ')} ] ,\n"page": 0, "has_next_page": false, "more": [{"data": 1}] }`;
    assert.deepEqual(records(spaced), data);
    assert.deepEqual(records('{"page":0,"has_next_page":false,"data":[]}'), []);
  });

  it('answers undefined for what it cannot read with certainty', () => {
    const cases = [
      '{"page":0,"has_next_page":false}', // no data
      '{"data":[{"id":"a"}],"data":[{"id":"b"}]}', // twice: JSON.parse keeps the last
      '{"data":[{"id":"a"}, 1]}', // an element that is not an object
      '{"data":[{"id":"a",\n"name":"b"}]}', // a line break inside a record (the base is one record a line)
      '{"d\\u0061ta":[{"id":"a"}]}', // an escaped spelling
      '[{"id":"a"}]', // not an object
      '{"data":[{"id":"a"', // torn
    ];
    for (const text of cases) assert.equal(pageRecordSpans(text), undefined, text);
  });

  it('every span parses to the record JSON.parse read there (property)', function () {
    this.timeout(30_000); // 500 cases; seconds on a loaded machine
    const record = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue(), { maxKeys: 6 });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 8 }), fc.jsonValue(), (data, other) => {
        const text = JSON.stringify({ other, page: 0, data, has_next_page: false });
        assert.deepEqual(records(text), JSON.parse(text).data);
      }),
      { numRuns: 500 },
    );
  });
});
