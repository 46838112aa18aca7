// The curator's answers move the pairs that look like the answered ones: one log-odds offset per
// agreement pattern (label-offsets.ts), in the E-step and when scoring.
import assert from 'node:assert/strict';
import { MatchRun } from '../../src/matching';
import { answerOffset, LABEL_PRIOR } from '../../src/matching/label-offsets';

const logit2 = (p: number) => Math.log2(p / (1 - p));

/** 60 places listed by two sources with the same name, address and town: one agreement pattern. */
function town() {
  const records = [];
  for (let i = 0; i < 60; i++) {
    const base = { name: `Place ${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`, address: { streetAddress: `${100 + i} Main St`, addressLocality: 'Springfield' }, latitude: 40 + i * 0.01, longitude: -75 };
    records.push({ key: `a#${i}`, integration: 'a', ...base }, { key: `b#${i}`, integration: 'b', ...base });
  }
  return records;
}

describe('matching/label-offsets', () => {
  it('the offset takes the model\'s mean probability to the Beta posterior mean of the answers', () => {
    // Model 0.5, two rejections: (2·0.5 + 0) / (2 + 2) = 0.25, i.e. −log2 3 bits.
    assert.equal(LABEL_PRIOR, 2);
    assert.ok(Math.abs(answerOffset({ matches: 0, nonMatches: 2, modelSum: 1 }) + Math.log2(3)) < 1e-12);
    // A surer model is worth more answers (LABEL_PRIOR / (4·p·(1−p))), at most the pattern's unanswered pairs.
    const s = 2 / (4 * 0.99 * 0.01);
    const target = (0.99 * s) / (s + 2);
    assert.ok(Math.abs(answerOffset({ matches: 0, nonMatches: 2, modelSum: 1.98 }) - (logit2(target) - logit2(0.99))) < 1e-9);
    assert.ok(answerOffset({ matches: 0, nonMatches: 2, modelSum: 1.98 }, 12) < answerOffset({ matches: 0, nonMatches: 2, modelSum: 1.98 }));
    // Answers that agree with the model move it less than answers against it, and none move nothing.
    assert.ok(Math.abs(answerOffset({ matches: 3, nonMatches: 0, modelSum: 2.7 })) < Math.abs(answerOffset({ matches: 0, nonMatches: 3, modelSum: 2.7 })));
    assert.equal(answerOffset({ matches: 0, nonMatches: 0, modelSum: 0 }), 0);
  });

  it('answers move every pair of their pattern by one offset in log-odds, and no other pattern', () => {
    const records = town();
    const learned = MatchRun.locations(records);
    const model = learned.model;
    const before = learned.scoreKeys('a#20', 'b#20');
    const other = learned.scoreKeys('a#5', 'b#6');
    // A curator rejects four of the look-alike pairs (say the two sources' "same" places are in fact
    // neighbouring units). The model itself stays fixed here, so only the offset acts.
    const labels = [1, 2, 3, 4].map((i) => ({ a: `a#${i}`, b: `b#${i}`, match: false }));
    const run = MatchRun.locations(records, { model, labels });
    const p = learned.scoreKeys('a#1', 'b#1');
    // The pattern has 60 pairs: the model's belief is worth at most its 56 unanswered ones.
    const offset = answerOffset({ matches: 0, nonMatches: 4, modelSum: 4 * p }, 60);
    const after = run.scoreKeys('a#20', 'b#20');
    assert.ok(before > 0.99 && after < before - 0.05, `${before} → ${after}`);
    assert.ok(Math.abs(logit2(after) - (logit2(before) + offset)) < 1e-6, `${logit2(after)} vs ${logit2(before) + offset}`);
    // A pair of another pattern (other names) keeps its score.
    assert.equal(run.scoreKeys('a#5', 'b#6'), other);
  });

  it('one "yes" for a doubtful pair does not lift a pair of the same pattern that the model puts far below', () => {
    // Offsets act in log-odds: a pattern's pairs keep their order and their distances.
    const offset = answerOffset({ matches: 1, nonMatches: 0, modelSum: 0.55 });
    const low = 0.05;
    const moved = 1 / (1 + 2 ** -(logit2(low) + offset));
    assert.ok(offset > 0 && moved < 0.5, `${offset} bits: ${low} → ${moved}`);
  });
});
