// The numbers behind the Triage panel's charts and its re-scoring note: Wilson intervals, the
// approval rate in bins of about equal answers (ties kept together), and scores compared between reads.
import * as assert from 'node:assert/strict';
import type { Recommendation } from '../../src/api/model';
import { rateBins, wilson } from '../../src/extension/panels/triage-charts-data';
import { rescoredBetween, scoresOf } from '../../src/extension/panels/triage-rescored';
import type { TriageLabel } from '../../src/triage/triage';

const label = (score: number, verdict: TriageLabel['verdict'], i: number) => ({ id: `r${i}`, verdict, features: { score } as TriageLabel['features'], entityIds: [] }) as TriageLabel;
const rec = (id: string, score: number) => ({ '@id': id, score, entities: [] }) as unknown as Recommendation;

describe('Triage panel: chart numbers and re-scoring', () => {
  it('Wilson 95% intervals: known values, inside [0, 1], never empty at 0 or n', () => {
    const a = wilson(8, 10);
    assert.ok(Math.abs(a.low - 0.4902) < 1e-3 && Math.abs(a.high - 0.9433) < 1e-3, JSON.stringify(a));
    const none = wilson(0, 20);
    assert.equal(none.low, 0);
    assert.ok(none.high > 0.1 && none.high < 0.2);
    const all = wilson(35, 35);
    assert.equal(all.high, 1);
    assert.ok(all.low > 0.85 && all.low < 0.95);
  });

  it('approval rate: none without answers; 5–8 bins of about equal answers; ties at one score in one bin; unsure left out', () => {
    assert.deepEqual(rateBins([]), []);
    assert.deepEqual(rateBins([label(0.9, 'unsure', 0)]), []);
    const many = Array.from({ length: 200 }, (_, i) => label(0.5 + i / 400, i % 4 ? 'approve' : 'reject', i));
    const bins = rateBins(many);
    assert.equal(bins.length, 8);
    assert.equal(bins.reduce((n, b) => n + b.n, 0), 200);
    for (const b of bins) assert.ok(b.n === 25 && b.low <= b.approved / b.n && b.approved / b.n <= b.high, JSON.stringify(b));
    const fifty = rateBins(many.slice(0, 49));
    assert.equal(fifty.length, 5);
    // The walk: forty bins of the same answers. All at 100 %: one bin, not eight copies.
    const tied = rateBins(Array.from({ length: 49 }, (_, i) => label(1, i < 35 ? 'approve' : 'reject', i)));
    assert.deepEqual(tied.map((b) => [b.from, b.to, b.approved, b.n]), [[1, 1, 35, 49]]);
  });

  it('re-scoring: the recommendations read both times whose scores moved, and which way; none when nothing moved', () => {
    const before = scoresOf([rec('a', 0.99), rec('b', 0.993), rec('c', 1), rec('gone', 0.7)]);
    assert.equal(rescoredBetween(before, [rec('a', 0.99), rec('b', 0.993), rec('new', 0.5)]), undefined);
    assert.deepEqual(rescoredBetween(before, [rec('a', 0.048), rec('b', 0.993), rec('c', 1), rec('new', 0.5)]), { compared: 3, changed: 1, lower: 1 });
    assert.deepEqual(rescoredBetween(before, [rec('a', 0.5), rec('b', 0.999), rec('c', 0.2)]), { compared: 3, changed: 3, lower: 2 });
  });

  it('re-scoring near certainty counts (a refit moving 0.99999996003 to 0.99999996070); arithmetic noise does not', () => {
    const before = scoresOf([rec('near-one', 0.9999999600295582), rec('near-zero', 3e-12), rec('noise', 0.1 + 0.2)]);
    assert.deepEqual(rescoredBetween(before, [rec('near-one', 0.9999999607049725), rec('near-zero', 2e-12), rec('noise', 0.3)]), { compared: 3, changed: 2, lower: 1 });
    assert.equal(rescoredBetween(before, [rec('near-one', 0.9999999600295582), rec('near-zero', 3e-12), rec('noise', 0.3)]), undefined);
  });
});
