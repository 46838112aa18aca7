// The name-word fields: name similarity weighted by how rare each word is in the backlog, and how
// many entities share a pair's words; learned from the backlog's own names, used by the model and
// the groups' partition.
import * as assert from 'node:assert/strict';
import type { Recommendation, RecommendationEntity } from '../../src/api/model';
import { patternKey } from '../../src/triage/features';
import { nameWordLevels, NameWordStats, nameWords } from '../../src/triage/name-words';
import { FeatureCache, triage, type TriageLabel } from '../../src/triage/triage';

let serial = 0;
function entity(name: string, street: string): RecommendationEntity {
  return { '@id': `urn:e:${serial++}`, '@type': 'Place', integration: `urn:integration:${serial % 2}`, name, address: { streetAddress: street, addressLocality: 'Leith', addressCountry: 'GB' } } as RecommendationEntity;
}
function rec(score: number, a: RecommendationEntity, b: RecommendationEntity): Recommendation {
  return { '@id': `urn:r:${serial++}`, score, entities: [a, b] } as Recommendation;
}

/** A backlog's names: twenty cafés and pharmacies, one "Royal". */
function statsOf(names: readonly string[]): NameWordStats {
  const stats = new NameWordStats();
  names.forEach((n, i) => stats.observe(`e${i}`, nameWords(n)));
  return stats;
}
const COMMON = [...Array(20)].flatMap((_, i) => [`Cafe ${String.fromCharCode(65 + i)}x`, `Pharmacy ${String.fromCharCode(65 + i)}y`]);

describe('triage: name words weighted by their rarity in the backlog', () => {
  it('words are the distinct lower-cased letter and digit runs of a name', () => {
    assert.deepEqual(nameWords("Café Royal, Café 12 O'Neill"), ['café', 'royal', '12', 'o', 'neill']);
    assert.deepEqual(nameWords(undefined), []);
  });

  it('sharing a rare word scores above sharing a common one, for names of the same shape', () => {
    const stats = statsOf([...COMMON, 'Cafe Royal', 'Royal', 'Cafe']);
    const rare = stats.overlap(nameWords('Cafe Royal'), nameWords('Royal'));
    const common = stats.overlap(nameWords('Cafe Royal'), nameWords('Cafe'));
    // Unweighted, both pairs share one word of two.
    assert.ok(rare > common + 0.2, `rare ${rare} common ${common}`);
    assert.deepEqual(stats.levels(nameWords('Cafe Royal'), nameWords('Royal'))[0], 'close');
    assert.deepEqual(stats.levels(nameWords('Cafe Royal'), nameWords('Cafe'))[0], 'differs');
  });

  it('a name listed many times in the backlog (a chain) has many namesakes; a name only the pair carries has none', () => {
    const stats = statsOf([...COMMON, ...[...Array(6)].map(() => 'Costa Coffee'), 'Leith Larder', 'Leith Larder']);
    assert.deepEqual(stats.levels(nameWords('Costa Coffee'), nameWords('Costa Coffee')), ['equal', 'differs']);
    assert.deepEqual(stats.levels(nameWords('Leith Larder'), nameWords('Leith Larder')), ['equal', 'equal']);
    // No shared word: nothing to count namesakes of; a name without words: both missing.
    assert.deepEqual(stats.levels(nameWords('Leith Larder'), nameWords('Cafe Ax')), ['differs', 'missing']);
    assert.deepEqual(nameWordLevels(stats, [nameWords('Costa Coffee'), []]), ['missing', 'missing']);
  });

  it('three entities take each field at its weakest pair', () => {
    // Three entities hold both words of "Leith Larder": one more than the pair, so its namesakes are close.
    const stats = statsOf([...COMMON, 'Leith Larder', 'Leith Larder', 'Larder Leith Walk']);
    assert.deepEqual(nameWordLevels(stats, [nameWords('Leith Larder'), nameWords('Leith Larder'), nameWords('Cafe Ax')]), ['differs', 'close']);
  });

  it('answers and pending items are compared on the same backlog: a journal cache of its own gives the same levels', () => {
    const backlog = [...COMMON.map((n, i) => rec(0.9, entity(n, `${i} Shore`), entity(n, `${i} Shore`))), rec(0.8, entity('Cafe Royal', '1 Shore'), entity('Royal', '1 Shore'))];
    const cache = new FeatureCache();
    const journal = new FeatureCache();
    const answered = backlog[backlog.length - 1];
    const label: TriageLabel = { id: answered['@id'], verdict: 'approve', features: journal.of(answered), entityIds: answered.entities.map((e) => e['@id']) };
    const result = triage(backlog.slice(0, -1), [label], {}, cache);
    const asItem = cache.inBacklog(cache.of(answered));
    assert.deepEqual(asItem.agreements.slice(7), ['close', 'equal']);
    assert.equal(result.keyOf(label.features), result.keyOf(asItem));
  });
});

describe('triage: plain groups split on the name-word fields where the answers disagree', () => {
  // One plain pattern (name close, no street): "Cafe Zorbu" and "Zorbu" share a rare word (the
  // same place), "Cafe Kilno" and "Cafe" only the word every café has (another café on the street).
  function backlog(): Recommendation[] {
    const out: Recommendation[] = [];
    for (let i = 0; i < 12; i++) out.push(rec(0.8, entity(`Cafe Zorbu${i}`, ''), entity(`Zorbu${i}`, '')));
    for (let i = 0; i < 12; i++) out.push(rec(0.8, entity(`Cafe Kilno${i}`, ''), entity('Cafe', '')));
    for (let i = 0; i < 6; i++) out.push(rec(0.99, entity(`Cafe Brae${i}`, `${i + 40} Shore`), entity(`Cafe Brae${i}`, `${i + 40} Shore`)));
    return out;
  }

  it('no answers: one group for the pattern; answers that disagree by rarity: the rare and the common apart', () => {
    const pending = backlog();
    const cache = new FeatureCache();
    const before = triage(pending, [], {}, cache);
    const [rare, common] = [pending[0], pending[12]];
    assert.equal(cache.inBacklog(cache.of(rare)).pattern, cache.inBacklog(cache.of(common)).pattern);
    assert.equal(before.keyOf(cache.of(rare)), before.keyOf(cache.of(common)));
    const answer = (r: Recommendation, approve: boolean): TriageLabel => ({ id: r['@id'], verdict: approve ? 'approve' : 'reject', features: cache.of(r), entityIds: r.entities.map((e) => e['@id']) });
    const labels = [answer(pending[1], true), answer(pending[2], true), answer(pending[13], false), answer(pending[14], false)];
    const after = triage(pending.filter((r) => !labels.some((l) => l.id === r['@id'])), labels, {}, cache);
    const [kRare, kCommon] = [after.keyOf(cache.of(rare)), after.keyOf(cache.of(common))];
    assert.notEqual(kRare, kCommon);
    assert.match(kRare, /name-words=close/);
    assert.match(kCommon, /name-words=differs/);
    const byKey = new Map(after.groups.map((g) => [g.key, g]));
    assert.ok(byKey.get(kRare)!.p > 0.6 && byKey.get(kCommon)!.p < 0.4, `rare ${byKey.get(kRare)!.p} common ${byKey.get(kCommon)!.p}`);
    // The plain pattern's key itself is unchanged by fields it does not split on.
    assert.equal(patternKey('location', cache.inBacklog(cache.of(rare)).agreements.slice(0, 7)), cache.of(rare).pattern);
  });
});
