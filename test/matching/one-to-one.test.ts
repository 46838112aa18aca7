// One-to-one assignment between deduplicated sources: a record's candidates in one other source
// compete; a pair within one source is one thing only through a partner both records match.
import assert from 'node:assert/strict';
import { MatchRun, type MatchLocation } from '../../src/matching';
import { assignOneToOne } from '../../src/matching/one-to-one';

describe('matching/one-to-one', () => {
  it('a pair shares its probability with its rivals; a pair without rivals keeps its score', () => {
    // Records 0 (source 0); 1, 2 (source 1); 3 (source 0) and 4 (source 1) alone; 0–1 strong, 0–2 weaker.
    const pairs = Uint32Array.from([0, 1, 0, 2, 3, 4, 1, 2]);
    const bits = Float64Array.from([10, 4, 6, 8]);
    const source = [0, 1, 1, 0, 1];
    const out = new Float64Array(4);
    const r = assignOneToOne(pairs, bits, (i) => source[i], out);
    // 0–1 against 0–2: 2^10 / (1 + 2^4) in odds.
    assert.ok(Math.abs(out[0] - (10 - Math.log2(1 + 2 ** 4))) < 1e-9);
    assert.ok(Math.abs(out[1] - (4 - Math.log2(1 + 2 ** 10))) < 1e-9, `the weaker rival falls below even odds: ${out[1]}`);
    assert.equal(r.strongest[1], 0);
    assert.equal(out[2], 6);
    assert.equal(r.lost[2], 0);
    // 1–2 are one source: at most the weaker of their links to 0 (after assignment).
    assert.equal(out[3], Math.min(out[0], out[1]));
  });

  it('on two deduplicated sources the run assigns one-to-one, and explains what a pair lost to whom', () => {
    // Two sources list the same 80 cafés; source b also lists each café's neighbour, next door with a similar name.
    const records: MatchLocation[] = [];
    for (let i = 0; i < 80; i++) {
      const at = { latitude: 40 + (i % 10) * 0.01, longitude: -75 + Math.floor(i / 10) * 0.01 };
      const name = `Cafe ${['Lotus', 'Maple', 'River', 'Olive', 'Stone', 'Harbor', 'Pine', 'Copper'][i % 8]} ${i}`;
      const address = { streetAddress: `${100 + i} Main St`, addressLocality: 'Springfield' };
      records.push({ key: `a#${i}`, integration: 'a', name, address, ...at });
      records.push({ key: `b#${i}`, integration: 'b', name, address, ...at });
      records.push({ key: `b#n${i}`, integration: 'b', name: `${name} Express`, address: { ...address, streetAddress: `${101 + i} Main St` }, latitude: at.latitude + 0.0001, longitude: at.longitude });
    }
    const run = MatchRun.locations(records);
    assert.equal(run.model.sources?.oneToOne, true, JSON.stringify(run.model.sources));
    const neighbour = run.explainKeys('a#7', 'b#n7');
    assert.ok(neighbour?.rivals && neighbour.rivals.bits < -1, JSON.stringify(neighbour?.rivals));
    assert.deepEqual([neighbour.rivals.rival?.a, neighbour.rivals.rival?.b], ['a#7', 'b#7']);
    assert.ok(run.scoreKeys('a#7', 'b#n7') < run.scoreKeys('a#7', 'b#7'));
    assert.ok(Math.abs(neighbour.score - run.scoreKeys('a#7', 'b#n7')) < 1e-9);
    // The pair that lost its assignment is still recommended, at the score it kept: not dropped.
    const listed = run.candidates().find((c) => c.keys.join() === 'a#7,b#n7');
    assert.ok(listed && listed.score < 0.5 && Math.abs(listed.score - neighbour.score) < 1e-9, JSON.stringify(listed));
  });
});
