// Groups decided in bulk together: the set keeps the target as a whole; a group no one has seen
// rides along only at its worst case, and never a flagged one.
import * as assert from 'node:assert/strict';
import { addTally, answersToJoin, EMPTY_TALLY, normalUpperQuantile, safeSet, type GroupPosterior } from '../../src/triage/safe-sets';
import type { TriageGroup } from '../../src/triage/triage';
import { betaSample, mulberry32 } from './random-draws';

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

  it('a mixed group (below the target, more right than wrong) joins only when the bound holds with it now and with every open approve-side group less wrong than it counted in', () => {
    const good = [...Array(10)].map((_, i) => group(`g${i}`, 100));
    const bad = group('bad', 5);
    const posterior = new Map<string, GroupPosterior>([...good.map((g): [string, GroupPosterior] => [g.key, { alpha: 500, beta: 1, own: 5 }]), ['bad', { alpha: 9, beta: 1, own: 10 }]]);
    // Nothing else open: the budget the good groups leave takes it (0.5 expected wrong among 1,005).
    const alone = safeSet('approve', [...good, bad], posterior, opts);
    assert.ok(alone.keys.includes('bad'), alone.keys.join());
    assert.ok(alone.wrongShareHigh <= 0.01);
    // A large open group at 0.97 would need that room at the end: neither gets in.
    const open = group('open', 300);
    posterior.set('open', { alpha: 97, beta: 3, own: 100 });
    const reserved = safeSet('approve', [...good, bad, open], posterior, opts);
    assert.deepEqual(reserved.keys.sort(), good.map((g) => g.key).sort());
    // One more wrong than it (0.8) has the room after it, not before: it does not keep it out.
    posterior.set('open', { alpha: 80, beta: 20, own: 100 });
    const after = safeSet('approve', [...good, bad, open], posterior, opts);
    assert.deepEqual(after.keys.sort(), [...good.map((g) => g.key), 'bad'].sort());
    // More wrong than right never joins, however much room.
    posterior.set('bad', { alpha: 4, beta: 6, own: 10 });
    assert.ok(!safeSet('approve', [...good, bad], posterior, opts).keys.includes('bad'));
    // Nor does a flagged group without its own decisions.
    const trap = group('trap', 5, ['chain']);
    posterior.set('trap', { alpha: 9, beta: 1, own: 1 });
    assert.ok(!safeSet('approve', [...good, trap], posterior, opts).keys.includes('trap'));
  });

  it('with known labels the sets keep the target: groups drawn from their priors, answered, admitted, and their true wrong share counted', function () {
    // 400 simulated backlogs: about a second alone, more on a loaded machine.
    this.timeout(30_000);
    // Calibrated by construction: each group's true approval share θ is drawn from its prior, the
    // curator's answers from θ, the posterior is prior + answers, and the items decided in bulk are
    // drawn from θ. The groups sit close to the target: the set's true wrong share may exceed the
    // limit about as often as the interval's tail allows (5 %, a normal approximation), not more,
    // whether or not a group below the target got in with the room the budget keeps for it.
    const rng = mulberry32(17);
    const trials = 400;
    let over = 0;
    let admitted = 0;
    for (let t = 0; t < trials; t++) {
      const groups: TriageGroup[] = [];
      const posterior = new Map<string, GroupPosterior>();
      const truth = new Map<string, number>();
      const add = (key: string, size: number, priorA: number, priorB: number, answers: number) => {
        const theta = betaSample(rng, priorA, priorB);
        let approve = 0;
        for (let i = 0; i < answers; i++) if (rng() < theta) approve++;
        groups.push(group(key, size));
        posterior.set(key, { alpha: priorA + approve, beta: priorB + answers - approve, own: answers });
        truth.set(key, theta);
      };
      for (let i = 0; i < 30; i++) add(`near${i}`, 100, 297.9, 2.1, 5); // mean 0.993: at the target, with little room
      for (let i = 0; i < 5; i++) add(`fair${i}`, 30, 48.5, 1.5, 5); // mean 0.97: below it
      const set = safeSet('approve', groups, posterior, opts);
      let wrong = 0;
      for (const key of set.keys) {
        const theta = truth.get(key)!;
        for (let i = 0; i < groups.find((g) => g.key === key)!.size; i++) if (rng() >= theta) wrong++;
        admitted++;
      }
      assert.ok(set.wrongShareHigh <= 0.01);
      if (set.size && wrong / set.size > 0.01) over++;
    }
    assert.ok(over / trials <= 0.08, `the true wrong share exceeded 1 % in ${over} of ${trials} sets`);
    assert.ok(admitted > trials * 5, `${admitted} groups admitted in ${trials} sets: the sets are not tested`);
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

describe('triage: answers a group still needs to join a set (the queue\'s order)', () => {
  const ahead = { maxWrongShare: 0.01, tail: 0.05, needOwn: 1, maxAnswers: 64 };
  const history = { size: 3000, expectedWrong: 3, variance: 6, unseen: 0 };
  it('counts the agreeing answers that bring the group in, and checks them against safeSet', () => {
    const post = { alpha: 60, beta: 1, own: 5 };
    const k = answersToJoin('approve', 40, post, history, ahead)!;
    assert.ok(k >= 1 && k < 64, `k ${k}`);
    // A large open group less wrong than it (at the limit, its spread wide; flagged, one answer short
    // of joining) keeps the budget's room from a mixed group (see above), so only answers that bring
    // the group's own mean to the limit let it in.
    const grown = (j: number) => new Map([['g', { ...post, alpha: post.alpha + j, own: post.own + j }], ['crowd', { alpha: 99, beta: 1, own: 1 }]]);
    const g = group('g', 40);
    const crowd = group('crowd', 3000, ['chain']);
    assert.deepEqual(safeSet('approve', [g, crowd], grown(k), { ...opts, sofar: history }).keys, ['g']);
    if (k > 1) assert.deepEqual(safeSet('approve', [g, crowd], grown(k - 1), { ...opts, sofar: history }).keys, []);
  });

  it('more evidence, fewer answers; a larger group, more; out of reach: none', () => {
    const weak = answersToJoin('approve', 40, { alpha: 80, beta: 1, own: 3 }, history, ahead)!;
    const strong = answersToJoin('approve', 40, { alpha: 200, beta: 1, own: 30 }, history, ahead)!;
    assert.ok(strong < weak, `${strong} < ${weak}`);
    // 3,000 more items at that estimate: its spread, not its mean, now decides.
    assert.ok(answersToJoin('approve', 3000, { alpha: 80, beta: 1, own: 3 }, history, ahead)! > weak);
    assert.equal(answersToJoin('approve', 40, { alpha: 40, beta: 10, own: 50 }, history, ahead), undefined);
    // A flagged group needs its own decisions first: never fewer than what it lacks.
    assert.ok(answersToJoin('approve', 1, { alpha: 2000, beta: 1, own: 0 }, history, { ...ahead, needOwn: 2 })! >= 2);
  });
});
