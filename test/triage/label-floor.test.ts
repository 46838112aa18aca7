// The floor bench/triage-label-floor.ts reports: the fewest draws, none wrong, that rule out a number of
// wrong items in a finite set at a confidence. Checked against the binomial limit and by simulation.
import * as assert from 'node:assert/strict';
import { drawsToRuleOut } from '../../bench/lib/label-floor';
import { mulberry32 } from './random-draws';

/** The share of runs in which `draws` draws without replacement from `size` items, `wrong` of them wrong, find none wrong. */
function noneWrongShare(size: number, wrong: number, draws: number, runs: number, next: () => number): number {
  let none = 0;
  for (let run = 0; run < runs; run++) {
    // Until the first wrong draw, every wrong item is still in the set: draw d finds one with chance wrong / (size − d).
    let found = false;
    for (let d = 0; d < draws && !found; d++) found = next() * (size - d) < wrong;
    if (!found) none++;
  }
  return none / runs;
}

describe('the label floor of uniform-draw certificates', () => {
  it('asks what the binomial bound asks on a set far larger than the draws (299 at precision 0.99, 149 at 0.98)', () => {
    assert.equal(drawsToRuleOut(10_000_000, 100_001, 0.95), 299);
    assert.equal(drawsToRuleOut(10_000_000, 200_001, 0.95), 149);
  });

  it('asks fewer on a small set, never more than the set, and none when the set cannot hold that many wrong', () => {
    const small = drawsToRuleOut(110, 3, 0.95);
    assert.ok(small > 0 && small < 110, `${small} draws for 3 wrong among 110`);
    assert.ok(drawsToRuleOut(2297, 23, 0.95) < 299);
    assert.equal(drawsToRuleOut(10, 11, 0.95), 0);
    assert.equal(drawsToRuleOut(5, 1, 0.999), 5);
  });

  it('holds in simulation: with that many draws a set with that many wrong shows none at most 5 % of the time, with one fewer more often', () => {
    const next = mulberry32(31);
    const n = drawsToRuleOut(400, 9, 0.95);
    const at = noneWrongShare(400, 9, n, 20_000, next);
    const below = noneWrongShare(400, 9, n - 1, 20_000, next);
    assert.ok(at <= 0.05 + 0.005, `none wrong in ${(100 * at).toFixed(1)} % of runs at ${n} draws`);
    assert.ok(below > at, `one draw fewer: ${(100 * below).toFixed(1)} %`);
  });
});
