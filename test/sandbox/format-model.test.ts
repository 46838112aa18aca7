// --print-model shows a conditional u (estimated among pairs within one source) beside the plain one.
import assert from 'node:assert/strict';
import { formatModel } from '../../src/sandbox/store-matcher';
import { priorEventModel } from '../../src/matching';

describe('sandbox: --print-model table', () => {
  it('prints the conditional u of a field, its condition and its bits, under the plain levels', () => {
    const model = priorEventModel();
    const start = model.comparisons.find((c) => c.field === 'start');
    assert.ok(start);
    start.given = { when: { name: 1, location: 1 }, u: [0.001, 0.001, 0.01, 0.2, 0.01, 0.778], pairs: 2345 };
    const text = formatModel('event', model);
    assert.match(text, /start\s+where name level ≤ 1 and location level ≤ 1: u among 2345 pairs within one source/);
    // ≤ 3 h apart: m 0.1 (hand-set), u 0.2 → −1.00 bit.
    assert.match(text, /start\s+≤ 3 h apart\s+0\.1000\s+2\.00e-1\s+-1\.00/);
    assert.doesNotMatch(text, /name\s+where/);
  });
});
