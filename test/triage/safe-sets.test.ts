// Groups decided in bulk together: the set keeps the target as a whole; a group no one has seen
// rides along only at its worst case, and never a flagged one.
import * as assert from 'node:assert/strict';
import { addTally, EMPTY_TALLY, normalUpperQuantile, safeSet, type GroupPosterior } from '../../src/triage/safe-sets';
import type { TriageGroup } from '../../src/triage/triage';

function group(key: string, size: number, flags: string[] = []): TriageGroup {
  return {
    key,
    pattern: key,
    flags: flags as TriageGroup['flags'],
    words: key,
    kind: 'location',
    size,
    scoreMin: 0.9,
    scoreMax: 0.9,
    labels: { approve: 0, reject: 0, unsure: 0 },
    p: 0,
    low: 0,
    high: 1,
    safe: null,
    decidable: [...Array(size)].map((_, i) => `${key}#${i}`),
  };
}
const opts = { maxWrongShare: 0.01, tail: 0.05, minOwnLabels: 2 };

describe('triage: groups decided together (safe sets)', () => {
  it('the normal quantile: 1.645 for 5 % above, 2.326 for 1 %, 0 for a half', () => {
    assert.ok(Math.abs(normalUpperQuantile(0.05) - 1.6449) < 1e-3);
    assert.ok(Math.abs(normalUpperQuantile(0.01) - 2.3263) < 1e-3);
    assert.ok(Math.abs(normalUpperQuantile(0.5)) < 1e-9);
  });

  it('admits together groups none of which is safe alone, and the set keeps the target', () => {
    // 20 groups of 200, each with a few approvals on top of a strong shared prior (mean 0.997).
    const groups = [...Array(20)].map((_, i) => group(`g${i}`, 200));
    const posterior = new Map<string, GroupPosterior>(groups.map((g) => [g.key, { alpha: 0.5 + 300 * 0.997 + 3, beta: 0.5 + 300 * 0.003, own: 3 }]));
    const set = safeSet('approve', groups, posterior, opts);
    assert.equal(set.keys.length, 20);
    assert.ok(set.wrongShareHigh <= 0.01, `bound ${set.wrongShareHigh}`);
    // One group alone is not: its own spread is too wide for its size.
    const one = safeSet('approve', groups.slice(0, 1), posterior, { ...opts, maxWrongShare: 0.005 });
    assert.equal(one.keys.length, 0, 'a single group admitted at a bound its spread cannot keep');
  });

  it('leaves out a group whose estimate is below the target, whatever the others', () => {
    const good = [...Array(10)].map((_, i) => group(`g${i}`, 100));
    const bad = group('bad', 5);
    const posterior = new Map<string, GroupPosterior>([...good.map((g): [string, GroupPosterior] => [g.key, { alpha: 500, beta: 1, own: 5 }]), ['bad', { alpha: 9, beta: 1, own: 10 }]]);
    const set = safeSet('approve', [...good, bad], posterior, opts);
    assert.ok(!set.keys.includes('bad'));
    assert.equal(set.keys.length, 10);
  });

  it('an unseen plain group rides along only while the set can absorb it entirely wrong; an unseen flagged group never', () => {
    const seen = group('seen', 1000);
    const smallUnseen = group('small', 5);
    const bigUnseen = group('big', 50);
    const flagged = group('flagged', 1, ['chain']);
    const posterior = new Map<string, GroupPosterior>([
      ['seen', { alpha: 2000, beta: 1, own: 40 }],
      ['small', { alpha: 2000, beta: 1, own: 0 }],
      ['big', { alpha: 2000, beta: 1, own: 0 }],
      ['flagged', { alpha: 2000, beta: 1, own: 0 }],
    ]);
    const set = safeSet('approve', [seen, smallUnseen, bigUnseen, flagged], posterior, opts);
    assert.deepEqual(set.keys.sort(), ['seen', 'small']);
    assert.equal(set.unseen, 5);
    assert.ok(set.wrongShareHigh <= 0.01);
  });

  it('rejects together on the same terms: the share of true matches rejected stays under the limit', () => {
    const groups = [...Array(5)].map((_, i) => group(`r${i}`, 40));
    const mixed = group('mixed', 40);
    const posterior = new Map<string, GroupPosterior>([...groups.map((g): [string, GroupPosterior] => [g.key, { alpha: 0.5, beta: 100, own: 60 }]), ['mixed', { alpha: 8, beta: 12, own: 20 }]]);
    const set = safeSet('reject', [...groups, mixed], posterior, { ...opts, maxWrongShare: 0.02 });
    assert.deepEqual(set.keys.sort(), groups.map((g) => g.key).sort());
    assert.ok(set.wrongShareHigh <= 0.02);
  });
});

describe('triage: the target over everything decided in bulk (BulkTally)', () => {
  it('a set not safe on its own is admitted within the earlier bulk decisions, and its tally is its own part', () => {
    const groups = [group('g', 20)];
    const posterior = new Map<string, GroupPosterior>([['g', { alpha: 60.5, beta: 0.5, own: 60 }]]);
    assert.equal(safeSet('approve', groups, posterior, opts).keys.length, 0, 'twenty items on 60 decisions alone');
    const sofar = { size: 2000, expectedWrong: 2, variance: 4, unseen: 0 };
    const set = safeSet('approve', groups, posterior, { ...opts, sofar });
    assert.deepEqual(set.keys, ['g']);
    assert.ok(set.wrongShareHigh <= 0.01);
    assert.equal(set.tally.size, 20);
    assert.ok(Math.abs(set.tally.expectedWrong - (20 * 0.5) / 61) < 1e-9);
    const both = addTally(sofar, set.tally);
    assert.equal(both.size, 2020);
    // A history that already spent the budget admits nothing more.
    assert.equal(safeSet('approve', groups, posterior, { ...opts, sofar: { size: 2000, expectedWrong: 19, variance: 4, unseen: 0 } }).keys.length, 0);
    assert.deepEqual(addTally(EMPTY_TALLY, EMPTY_TALLY), EMPTY_TALLY);
  });
});
