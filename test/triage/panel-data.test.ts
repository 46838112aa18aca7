// The Triage panel's data: the histogram counts the backlog and the last answer per recommendation
// once, the threshold view is the approval rate of decisions at or above each score, and every
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
    assert.equal(d.histogram.length, 20);
    assert.equal(d.histogram.reduce((n, b) => n + b.pending, 0), 3);
    assert.deepEqual([d.histogram[19].pending, d.histogram[19].approved, d.histogram[10].pending, d.histogram[12].rejected], [2, 2, 1, 1]);
    assert.equal(d.histogram.reduce((n, b) => n + b.approved + b.rejected, 0), 3, 'an answer counted twice');
    const at = (s: number) => d.thresholds.find((p) => Math.abs(p.score - s) < 1e-9)!;
    assert.deepEqual([at(0.5).approved, at(0.5).n], [2, 3]);
    assert.deepEqual([at(0.95).approved, at(0.95).n], [2, 2]);
    assert.deepEqual([at(0.99).n], [0]);
    assert.equal(d.groups.reduce((n, g) => n + g.size, 0), 3);
    assert.ok(d.groups.some((g) => g.flags.includes('word:same-source')));
    assert.equal(d.pending, 3);
    // The recall side as the reject set counts it: the target, what bulk rejections may lose and use.
    assert.equal(d.targetRecall, 0.97);
    assert.deepEqual(d.recallBudget, { maxLost: result.sets.reject.maxLost, used: result.sets.reject.lostHigh });
  });
});
