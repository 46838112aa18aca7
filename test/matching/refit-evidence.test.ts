// Learning from the curator's answers moves scores only as far as the answers weigh against the
// data: a couple of rejections among thousands of pairs that agree on every field are a couple of
// exceptions, not a new rule (a walk once saw 12 approvals and 2 rejections take such pairs from
// 99 % to 5 %). Many answers against the model still move it.
import assert from 'node:assert/strict';
import { MatchRun, type KeyLabel, type MatchLocation } from '../../src/matching';

const WORDS = ['Taco', 'Loco', 'Blue', 'Door', 'Cafe', 'Pine', 'Lotus', 'Harbor', 'Maple', 'Golden', 'Corner', 'River', 'Stone', 'Garden', 'Olive', 'Copper'];

/** A distinct two-word name per i, from a small vocabulary (so names share words, as real ones do). */
const nameOf = (i: number): string => `${WORDS[i % 16]} ${WORDS[Math.floor(i / 16) % 16]} ${Math.floor(i / 256) + 1}`;

/**
 * Places listed by two sources: most with every field equal, some with the name written another
 * way, and neighbours of other places in source b only (close by, another name).
 */
function listings(places: number): MatchLocation[] {
  const out: MatchLocation[] = [];
  for (let i = 0; i < places; i++) {
    const base = { name: nameOf(i), address: { streetAddress: `${10 + i} Main St`, addressLocality: 'Springfield', postalCode: '12345' }, latitude: 40 + (i % 50) * 0.01, longitude: -75 + Math.floor(i / 50) * 0.01 };
    out.push({ key: `a#${i}`, integration: 'a', ...base });
    const written = i % 10 === 0 ? { ...base, name: `The ${base.name} Restaurant` } : base;
    out.push({ key: `b#${i}`, integration: 'b', ...written });
    if (i % 4 === 0) out.push({ key: `b#n${i}`, integration: 'b', name: nameOf(i + 7919), address: { streetAddress: `${11 + i} Main St`, addressLocality: 'Springfield', postalCode: '12345' }, latitude: base.latitude + 0.0002, longitude: base.longitude });
  }
  return out;
}

const median = (xs: number[]): number => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

describe('matching/refit: labels move scores as far as the evidence supports', () => {
  const places = 2400;
  const allEqual = (i: number) => i % 10 !== 0;
  const pairsAllEqual = Array.from({ length: places }, (_, i) => i).filter(allEqual);

  it('12 approvals and 2 rejections leave thousands of all-equal pairs near where the data put them', () => {
    const run = MatchRun.locations(listings(places));
    const before = median(pairsAllEqual.map((i) => run.scoreKeys(`a#${i}`, `b#${i}`)));
    assert.ok(before > 0.99, `all-equal pairs before: ${before}`);
    const labels: KeyLabel[] = [
      // The curator approves pairs the queue asked about (names written another way) …
      ...Array.from({ length: 12 }, (_, k) => ({ a: `a#${k * 10}`, b: `b#${k * 10}`, match: true })),
      // … and rejects two all-equal pairs (say two units of one building that both sources list alike).
      { a: 'a#1', b: 'b#1', match: false },
      { a: 'a#2', b: 'b#2', match: false },
    ];
    run.refit(labels);
    const after = pairsAllEqual.map((i) => run.scoreKeys(`a#${i}`, `b#${i}`));
    assert.ok(median(after) > 0.9, `all-equal pairs after 2 rejections: median ${median(after)}`);
    assert.ok(Math.min(...after.filter((_, k) => k > 2)) > 0.5, `the lowest unanswered all-equal pair: ${Math.min(...after.slice(2))}`);
  });

  it('answers that keep coming against the model do move the pattern', () => {
    const run = MatchRun.locations(listings(places));
    // Three in four all-equal pairs answered "different": the pattern is mostly not one place here.
    const labels = pairsAllEqual.filter((_, k) => k % 4 !== 0).map((i) => ({ a: `a#${i}`, b: `b#${i}`, match: false }));
    run.refit(labels);
    const unanswered = pairsAllEqual.filter((_, k) => k % 4 === 0).map((i) => run.scoreKeys(`a#${i}`, `b#${i}`));
    assert.ok(median(unanswered) < 0.5, `unanswered all-equal pairs after ${labels.length} rejections: ${median(unanswered)}`);
  });
});
