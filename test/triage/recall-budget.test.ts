// Bulk rejections within a recall budget (issue 17, fourth attempt): the true matches a reject set
// and the earlier bulk rejections lose stay within (1 − target recall) of the backlog's matches,
// both at their honest ends; a group of likely matches never joins; the journal's rejections count.
import * as assert from 'node:assert/strict';
import { parseJournal } from '../../src/curation/journal';
import { bulkTallyFromJournal } from '../../src/triage/journal-tally';
import { answersToReject, matchesLowerBound, recallSet } from '../../src/triage/recall-budget';
import { EMPTY_TALLY, type GroupPosterior, type SetGroup } from '../../src/triage/safe-sets';
import { betaSample, mulberry32 } from './random-draws';

function group(key: string, size: number, flags: string[] = []): SetGroup {
  return { key, flags, size, decidable: [...Array(size)].map((_, i) => `${key}#${i}`) };
}
const opts = { targetRecall: 0.97, tail: 0.05, minOwnLabels: 2, unseenShare: 0.02 };

describe('triage: bulk rejections within a recall budget', () => {
  it('with known labels the bulk-rejected sets lose at most 1 − target recall of the true matches (and the bound holds in every set)', function () {
    this.timeout(30_000);
    // Calibrated by construction: every group's true approval share θ is drawn from its prior, the
    // curator's answers from θ, the posterior is prior + answers, and the pending items from θ.
    // A backlog of match-rich groups and of rival-like groups with about one match in ten: the
    // budget binds (it takes some of the rivals' groups, not all), and the true recall of the
    // approvals-and-rest may fall below the target about as often as the bounds' tails allow.
    const rng = mulberry32(2026);
    const trials = 300;
    let over = 0;
    let admitted = 0;
    for (let t = 0; t < trials; t++) {
      const groups: SetGroup[] = [];
      const posterior = new Map<string, GroupPosterior>();
      const matchesIn = new Map<string, number>();
      let handApprovals = 0;
      const add = (key: string, size: number, a: number, b: number, answers: number, flags: string[] = []) => {
        const theta = betaSample(rng, a, b);
        let approve = 0;
        for (let i = 0; i < answers; i++) if (rng() < theta) approve++;
        handApprovals += approve;
        let matches = 0;
        for (let i = 0; i < size; i++) if (rng() < theta) matches++;
        groups.push(group(key, size, flags));
        posterior.set(key, { alpha: a + approve, beta: b + answers - approve, own: answers });
        matchesIn.set(key, matches);
      };
      for (let i = 0; i < 20; i++) add(`plain${i}`, 200, 297, 3, 4);
      for (let i = 0; i < 30; i++) add(`rivals${i}`, 100, 5, 45, 6, ['chain']);
      const matchesLow = matchesLowerBound({ handApprovals, bulkApproved: EMPTY_TALLY, pending: groups.map((g) => ({ size: g.size, post: posterior.get(g.key)! })), tail: opts.tail });
      const trueMatches = handApprovals + [...matchesIn.values()].reduce((a, b) => a + b, 0);
      assert.ok(matchesLow <= trueMatches * 1.02, `lower bound ${matchesLow} above the truth ${trueMatches}`);
      const set = recallSet(groups, posterior, { ...opts, matchesLow });
      assert.ok(set.lostHigh <= set.maxLost + 1e-9, `bound ${set.lostHigh} > budget ${set.maxLost}`);
      assert.ok(set.keys.every((k) => k.startsWith('rivals')), 'a match-rich group rejected');
      const lost = set.keys.reduce((sum, k) => sum + matchesIn.get(k)!, 0);
      admitted += set.keys.length;
      if (lost > (1 - opts.targetRecall) * trueMatches) over++;
    }
    assert.ok(over / trials <= 0.05, `recall below the target in ${over} of ${trials} backlogs`);
    // Not every rival group in every trial (the budget binds), but many (the sets are tested).
    assert.ok(admitted > trials * 3 && admitted < trials * 30, `${admitted} groups rejected in ${trials} backlogs`);
  });

  it('a group of one match in ten is rejected in bulk (the old 2 % share forbade it), a group with a clearly high approval estimate never, however large the budget', () => {
    const rivals = group('rivals', 50, ['chain']);
    const likely = group('likely', 5);
    const half = group('half', 5);
    const posterior = new Map<string, GroupPosterior>([
      ['rivals', { alpha: 1.5, beta: 18.5, own: 10 }],
      ['likely', { alpha: 14, beta: 6, own: 10 }],
      ['half', { alpha: 4, beta: 6, own: 10 }],
    ]);
    const set = recallSet([rivals, likely, half], posterior, { ...opts, matchesLow: 100_000 });
    // θ of "half" is likelier below a half, but its interval reaches past it: not rejectable either.
    assert.deepEqual(set.keys, ['rivals']);
    assert.ok(set.expectedWrong > 2, 'the rivals are expected to hold a few matches');
    // Without matches known, nothing is rejected in bulk: any match lost might be the only one.
    assert.deepEqual(recallSet([rivals], posterior, { ...opts, matchesLow: 0 }).keys, []);
    // A flagged group needs its own answers first.
    assert.deepEqual(recallSet([rivals], new Map([['rivals', { alpha: 0.6, beta: 30, own: 1 }]]), { ...opts, matchesLow: 100_000 }).keys, []);
  });

  it('the lower bound of the matches: the own approvals, bulk approvals less their wrong ones, answered groups at their lower end, unseen groups nothing', () => {
    const seen = { size: 1000, post: { alpha: 990, beta: 10, own: 20 } };
    const unseen = { size: 5000, post: { alpha: 999, beta: 1, own: 0 } };
    const bulkApproved = { size: 2000, expectedWrong: 10, variance: 20, unseen: 30 };
    const low = matchesLowerBound({ handApprovals: 40, bulkApproved, pending: [seen, unseen], tail: 0.05 });
    assert.ok(low > 40 + 1960 + 900 && low < 40 + 1960 + 990, `low ${low}`);
    assert.equal(matchesLowerBound({ handApprovals: 7, bulkApproved: EMPTY_TALLY, pending: [unseen], tail: 0.05 }), 7);
  });

  it('unseen groups ride along at their worst only within the old share of the set; an unseen flagged group never', () => {
    const sure = group('sure', 1000);
    const tiny = group('tiny', 3);
    const big = group('big', 100);
    const flagged = group('flagged', 1, ['chain']);
    const posterior = new Map<string, GroupPosterior>([
      ['sure', { alpha: 0.5, beta: 500, own: 50 }],
      ['tiny', { alpha: 0.1, beta: 100, own: 0 }],
      ['big', { alpha: 0.1, beta: 100, own: 0 }],
      ['flagged', { alpha: 0.1, beta: 100, own: 0 }],
    ]);
    const set = recallSet([sure, tiny, big, flagged], posterior, { ...opts, matchesLow: 100_000 });
    assert.deepEqual(set.keys, ['sure', 'tiny']);
    assert.equal(set.unseen, 3);
  });

  it('the journal\'s bulk rejections count: a spent recall budget admits no further reject set', () => {
    const started = (attempt: string, id: string) =>
      JSON.stringify({ type: 'started', attempt, at: '2026-11-25T10:00:00Z', connection: { baseUrl: 'http://127.0.0.1:1', label: 't' }, id, verdict: 'reject', entities: [], bulk: { group: 'r', expectedWrong: 0.1, variance: 0.1, unseen: 0 } });
    const outcome = (attempt: string) => JSON.stringify({ type: 'outcome', attempt, at: '2026-11-25T10:00:01Z', outcome: 'ok' });
    const lines: string[] = [];
    for (let i = 0; i < 300; i++) lines.push(started(`a${i}`, `r${i}`), outcome(`a${i}`));
    const tally = bulkTallyFromJournal(parseJournal(lines.join('\n')).entries);
    assert.equal(tally.reject.size, 300);
    assert.ok(Math.abs(tally.reject.expectedWrong - 30) < 1e-9);
    assert.deepEqual(tally.approve, EMPTY_TALLY);
    const g = group('g', 50);
    const posterior = new Map([['g', { alpha: 1, beta: 60, own: 20 }]]);
    // 1,200 matches known: 36 may be lost, and the journal says 30 are already, at the mean.
    assert.deepEqual(recallSet([g], posterior, { ...opts, matchesLow: 1200 }).keys, ['g']);
    const spent = recallSet([g], posterior, { ...opts, matchesLow: 1200, sofar: tally.reject });
    assert.deepEqual(spent.keys, []);
    assert.ok(spent.lostHigh > 30);
  });

  it('answers a group still needs to be rejected in bulk: the first count at which recallSet takes it', () => {
    const post = { alpha: 3, beta: 20, own: 8 };
    const history = { size: 500, expectedWrong: 28, variance: 30, unseen: 0 };
    const maxLost = 40;
    const k = answersToReject(60, post, history, { maxLost, tail: 0.05, needOwn: 1, maxAnswers: 64 })!;
    assert.ok(k > 1 && k < 64, `k ${k}`);
    const grown = (j: number) => new Map([['g', { ...post, beta: post.beta + j, own: post.own + j }]]);
    // recallSet's budget is (1 − recall) × matches: the same 40.
    const take = (j: number) => recallSet([group('g', 60)], grown(j), { ...opts, matchesLow: maxLost / (1 - opts.targetRecall), sofar: history }).keys;
    assert.deepEqual(take(k), ['g']);
    assert.deepEqual(take(k - 1), []);
    // A group of likely matches is out of reach; so is one the budget cannot hold.
    assert.equal(answersToReject(60, { alpha: 30, beta: 3, own: 30 }, history, { maxLost, tail: 0.05, needOwn: 1, maxAnswers: 64 }), undefined);
    assert.equal(answersToReject(60, post, { ...history, expectedWrong: 45 }, { maxLost, tail: 0.05, needOwn: 1, maxAnswers: 64 }), undefined);
  });
});
