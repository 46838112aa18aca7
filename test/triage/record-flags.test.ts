// The flags the tree, the comparison panel and the bulk confirmation show for loaded records: the
// same as a whole triage run gives for the same records and labels.
import * as assert from 'node:assert/strict';
import type { Recommendation, RecommendationEntity } from '../../src/api/model';
import { recordFlags } from '../../src/triage/record-flags';
import { FeatureCache, triage, type TriageLabel } from '../../src/triage/triage';

let serial = 0;
const place = (name: string, street: string, integration = `urn:integration:${serial % 5}`) =>
  ({ '@id': `urn:e:${serial++}`, '@type': 'Place', name, integration, address: { streetAddress: street, postalCode: '78701', addressLocality: 'Austin', addressCountry: 'US' } }) as RecommendationEntity;
const rec = (...entities: RecommendationEntity[]) => ({ '@id': `urn:r:${serial++}`, score: 0.9, entities }) as Recommendation;

describe('triage: flags of loaded records', () => {
  it('match a triage run: same source, another venue in one building, chain, rejected before, unsure', () => {
    const cache = new FeatureCache();
    const shared = place('Blue Owl', '1 A St');
    const chain1 = rec(shared, place('Blue Owl', '1 A St'));
    const chain2 = rec(shared, place('Blue Owl Cafe', '1 A St'));
    const building = rec(place('Blue Owl', '9 Z St'), place('Red Fox Bar', '9 Z St'));
    const sameSource = rec(place('Green Cat', '3 C St', 'urn:integration:x'), place('Green Cat', '3 C St', 'urn:integration:x'));
    const [d1, d2] = [place('Dog', '4 D St'), place('Dog', '4 D St')];
    const again = rec(d1, d2);
    const lone = rec(place('Emu', '5 E St'), place('Emu', '5 E St'));
    const labels: TriageLabel[] = [
      { id: 'urn:r:gone', verdict: 'reject', features: cache.of(rec(d1, d2)), entityIds: [d1['@id'], d2['@id']] },
      { id: lone['@id'], verdict: 'unsure', features: cache.of(lone), entityIds: lone.entities.map((e) => e['@id']) },
    ];
    const records = [chain1, chain2, building, sameSource, again, lone];
    const flags = recordFlags(records, labels, cache);
    assert.deepEqual(flags.get(chain1['@id']), ['chain']);
    assert.deepEqual(flags.get(building['@id']), ['same-address-other-name']);
    assert.deepEqual(flags.get(sameSource['@id']), ['same-source']);
    assert.deepEqual(flags.get(again['@id']), ['rejected-before']);
    assert.deepEqual(flags.get(lone['@id']), ['unsure']);
    const run = triage(records, labels, {}, cache);
    for (const r of records) assert.deepEqual(flags.get(r['@id']), run.items.get(r['@id'])?.flags, r['@id']);
  });
  it('see the bulk rejections and the approvals as a triage run does: a rival of an approved one is a chain member, the last link of a chain rejected in bulk is flagged', () => {
    const cache = new FeatureCache();
    const [a, b, c] = [place('Blue Owl', '1 Main St'), place('Blue Owl Bar', '1 Main St'), place('Blue Owl Bar', '1 Main Street')];
    const [ab, ac, bc] = [rec(a, b), rec(a, c), rec(b, c)];
    const label = (r: Recommendation, verdict: TriageLabel['verdict']): TriageLabel => ({ id: r['@id'], verdict, features: cache.of(r), entityIds: r.entities.map((e) => e['@id']) });
    // a–b approved: b–c (loaded alone) trails the approved one.
    const approved = [label(ab, 'approve')];
    assert.deepEqual(recordFlags([bc], approved, cache).get(bc['@id']), ['chain']);
    assert.deepEqual(recordFlags([bc], approved, cache).get(bc['@id']), triage([bc], approved, {}, cache).items.get(bc['@id'])?.flags);
    // a–c rejected in a group decision (no label, only the journal's entities): a–b is the chain's last link.
    const bulkRejected = [ac.entities.map((e) => e['@id'])];
    assert.deepEqual(recordFlags([ab], [], cache, bulkRejected).get(ab['@id']), ['rival-rejected']);
    assert.deepEqual(recordFlags([ab], [], cache, bulkRejected).get(ab['@id']), triage([ab], [], { bulkRejected }, cache).items.get(ab['@id'])?.flags);
    assert.deepEqual(recordFlags([ab], [], cache).get(ab['@id']), [], 'without the bulk rejection it is plain');
  });
});
