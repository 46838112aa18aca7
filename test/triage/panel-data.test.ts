// The Triage panel's data: the histogram counts the backlog and the last answer per recommendation
// once, the approval rate is in score bins with intervals, and every
// group becomes a row with its flags in words.
import * as assert from 'node:assert/strict';
import type { Recommendation, RecommendationEntity } from '../../src/api/model';
import { triagePanelData } from '../../src/extension/panels/triage-data';
import { FeatureCache, triage, type TriageLabel } from '../../src/triage/triage';

let serial = 0;
const place = (name: string, integration: string) =>
  ({ '@id': `urn:e:${serial++}`, '@type': 'Place', name, integration, address: { streetAddress: '1 A St', postalCode: '78701', addressLocality: 'Austin', addressCountry: 'US' } }) as RecommendationEntity;
const rec = (score: number, integration = 'urn:i:b') => ({ '@id': `urn:r:${serial++}`, score, entities: [place('Blue Owl', 'urn:i:a'), place('Blue Owl', integration)] }) as Recommendation;

describe('triage: the panel’s data', () => {
  it('histogram, threshold view and group rows', () => {
    const cache = new FeatureCache();
    const pending = [rec(0.96), rec(0.96), rec(0.51, 'urn:i:a')];
    const decided = [rec(0.97), rec(0.95), rec(0.6)];
    const labels: TriageLabel[] = [
      { id: decided[0]['@id'], verdict: 'reject', features: cache.of(decided[0]), entityIds: [] },
      // The last answer about a recommendation wins: this one counts as approved, once.
      { id: decided[0]['@id'], verdict: 'approve', features: cache.of(decided[0]), entityIds: [] },
      { id: decided[1]['@id'], verdict: 'approve', features: cache.of(decided[1]), entityIds: [] },
      { id: decided[2]['@id'], verdict: 'reject', features: cache.of(decided[2]), entityIds: [] },
    ];
    const result = triage(pending, labels, {}, cache);
    const d = triagePanelData(pending, labels, result, (f) => `word:${f}`);
    // From the lowest score's bin (0.50) to 100 %, every pending one once; the model's verdict colours it.
    assert.equal(d.histogram.length, 10);
    assert.equal(d.histogram[0].from, 0.5);
    const total = (b: (typeof d.histogram)[number]) => b.match + b.unsure + b.nonMatch;
    assert.equal(d.histogram.reduce((n, b) => n + total(b), 0), 3);
    assert.deepEqual([total(d.histogram[9]), total(d.histogram[0])], [2, 1]);
    for (const b of d.histogram) {
      const inBin = pending.filter((r) => r.score >= b.from - 1e-9 && r.score < b.to - 1e-9);
      const match = inBin.filter((r) => result.items.get(r['@id'])!.p >= d.verdictBands.match).length;
      const nonMatch = inBin.filter((r) => result.items.get(r['@id'])!.p <= d.verdictBands.nonMatch).length;
      assert.deepEqual([b.match, b.nonMatch, b.unsure], [match, nonMatch, inBin.length - match - nonMatch], `bin ${b.from}`);
    }
    // The approval rate: one bin of the three answers (an answer counted once), with its 95 % interval.
    assert.equal(d.rates.length, 1);
    assert.deepEqual({ ...d.rates[0], low: undefined, high: undefined }, { from: 0.6, to: 0.97, approved: 2, n: 3, low: undefined, high: undefined });
    assert.ok(d.rates[0].low < 2 / 3 && d.rates[0].high > 2 / 3 && d.rates[0].low > 0 && d.rates[0].high < 1);
    assert.equal(d.labels, 3);
    assert.equal(d.groups.reduce((n, g) => n + g.size, 0), 3);
    assert.ok(d.groups.some((g) => g.flags.includes('word:same-source')));
    assert.equal(d.pending, 3);
    // The recall side as the reject set counts it: the target, what bulk rejections may lose and use.
    assert.equal(d.targetRecall, 0.97);
    assert.deepEqual(d.recallBudget, { maxLost: result.sets.reject.maxLost, used: result.sets.reject.lostHigh });
  });
});
