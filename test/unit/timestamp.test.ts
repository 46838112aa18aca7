import assert from 'node:assert/strict';
import { timestampProblem, toWireTimestamp } from '../../src/api/timestamp';

describe('timestamps (wire form)', () => {
  it('accepts the 24- and 27-character forms', () => {
    assert.equal(timestampProblem('2024-05-01T12:34:56.789Z'), undefined);
    assert.equal(timestampProblem('+275760-09-13T00:00:00.000Z'), undefined);
    assert.equal(timestampProblem('-000001-01-01T00:00:00.000Z'), undefined);
    assert.equal(timestampProblem('+002024-05-01T00:00:00.000Z'), undefined);
  });
  it('refuses other lengths and shapes with the expected form in the message', () => {
    assert.match(timestampProblem('2024-05-01T12:34:56Z')!, /24 or 27/);
    assert.match(timestampProblem('2024-05-01 12:34:56.789Z')!, /YYYY-MM-DD/);
    assert.match(timestampProblem('2024-05-01T12:34:56.789z')!, /YYYY-MM-DD/);
    assert.match(timestampProblem('2024-02-30T00:00:00.000Z')!, /real date/);
    assert.match(timestampProblem('2024-01-01T24:00:00.000Z')!, /real date/);
    assert.match(timestampProblem('-000000-01-01T00:00:00.000Z')!, /-000000/);
  });
  it('converts Dates and passes valid strings through unchanged', () => {
    assert.equal(toWireTimestamp(new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6)), 'updated_since'), '2024-01-02T03:04:05.006Z');
    assert.equal(toWireTimestamp(new Date(8.64e15), 'x'), '+275760-09-13T00:00:00.000Z');
    assert.equal(toWireTimestamp('2024-01-02T03:04:05.006Z', 'x'), '2024-01-02T03:04:05.006Z');
    assert.throws(() => toWireTimestamp(new Date(NaN), 'updated_since'), /updated_since: the Date is invalid/);
    assert.throws(() => toWireTimestamp('yesterday', 'start_after'), /start_after: "yesterday".*YYYY-MM-DDTHH:mm:ss\.sssZ/);
  });
});
