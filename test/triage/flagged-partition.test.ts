// Flagged groups from coarse to fine (flagged-partition.ts): a flag set's items are one group while
// the curator's answers in it agree, and split by the field that separates them when they do not.
import * as assert from 'node:assert/strict';
import type { Recommendation, RecommendationEntity } from '../../src/api/model';
import { type Agreement, describePattern } from '../../src/triage/features';
import { growPartition, leafPattern } from '../../src/triage/flagged-partition';
import { FeatureCache, triage, type TriageLabel } from '../../src/triage/triage';

const L = (agreements: Agreement[], match: boolean) => ({ agreements, match });
const E: Agreement = 'equal';
const C: Agreement = 'close';
const D: Agreement = 'differs';
const M: Agreement = 'missing';

describe('triage: flagged groups from coarse to fine', () => {
  it('answers that agree keep one group; a disagreement splits on the field that separates it, down to where the answers agree', () => {
    assert.deepEqual(growPartition([], 3), {});
    assert.deepEqual(growPartition([L([E, E, E], true), L([C, D, E], true)], 3), {}, 'unanimous: one group whatever the patterns');
    // Field 2 separates the approvals from the rejections; field 0 only partly.
    const tree = growPartition([L([E, E, E], true), L([C, E, E], true), L([C, E, D], false), L([E, E, D], false), L([C, E, E], true)], 3);
    assert.equal(tree.field, 2);
    assert.deepEqual([...tree.children!.keys()].sort(), [D, E]);
    assert.deepEqual(tree.children!.get(E), {});
    assert.deepEqual(tree.children!.get(D), {});
    // Mixed again below the first split: a second field splits that side only.
    const deeper = growPartition([L([E, E, E], true), L([E, D, E], true), L([E, D, D], false), L([E, E, D], true), L([E, E, D], true)], 3);
    assert.equal(deeper.field, 1, 'field 1 isolates the rejection with one approval; field 2 with two');
    assert.deepEqual(deeper.children!.get(E), {});
    assert.equal(deeper.children!.get(D)!.field, 2);
    // Answers no field separates (one pattern, both verdicts) stay together: the full pattern is the finest group.
    assert.deepEqual(growPartition([L([E, C, M], true), L([E, C, M], false)], 3), {});
  });

  it('an item goes to the leaf of its levels: the fields split on above it shown, the others any; a level no answer had is a leaf of its own', () => {
    const tree = growPartition([L([E, E, E, E, E, E, E], true), L([E, E, E, E, D, E, E], false), L([C, E, E, E, D, E, E], false), L([E, E, E, E, E, M, E], true)], 7);
    assert.equal(leafPattern('location', [C, D, E, E, E, M, M], {}), 'location:name=*,address=*,town=*,postcode=*,phone=*,url=*,distance=*');
    assert.equal(leafPattern('location', [C, D, E, E, E, M, M], tree), 'location:name=*,address=*,town=*,postcode=*,phone=equal,url=*,distance=*');
    assert.equal(leafPattern('location', [C, D, E, E, D, M, M], tree), 'location:name=*,address=*,town=*,postcode=*,phone=differs,url=*,distance=*');
    assert.equal(leafPattern('location', [C, D, E, E, M, M, M], tree), 'location:name=*,address=*,town=*,postcode=*,phone=missing,url=*,distance=*', 'an unanswered level');
    assert.equal(describePattern('location:name=*,address=*,town=*,postcode=*,phone=differs,url=*,distance=*'), 'Locations: phone differs; other fields any');
    assert.equal(describePattern('location:name=*,address=*,town=*,postcode=*,phone=*,url=*,distance=*'), 'Locations: any fields');
    assert.equal(describePattern('location:name=close,address=*,town=*,postcode=*,phone=missing,url=*,distance=*'), 'Locations: name close; no phone; other fields any');
  });

  let serial = 0;
  const place = (name: string, phone: string): RecommendationEntity =>
    ({ '@id': `urn:e:p${serial++}`, '@type': 'Place', integration: `urn:integration:${serial % 5}`, name, telephone: phone, address: { streetAddress: `${serial} Elm St`, postalCode: '78701', addressLocality: 'Austin', addressCountry: 'US' } }) as RecommendationEntity;
  const rec = (score: number, ...entities: RecommendationEntity[]): Recommendation => ({ '@id': `urn:r:p${serial++}`, score, entities }) as Recommendation;

  it('in a triage: trailing chain links of two patterns are one group while the answers agree, and two after a rejection in one of them; plain items keep their patterns', () => {
    const cache = new FeatureCache();
    // Twenty chains: a–b leads (the same phone, a higher score), a–c trails, its phone the same in half of them, another in the rest.
    const trailing: Recommendation[] = [];
    const pending: Recommendation[] = [];
    for (let i = 0; i < 20; i++) {
      const a = place(`Venue ${i}`, `+1 512 555 ${1000 + i}`);
      const b = { ...a, '@id': `urn:e:p${serial++}`, integration: 'urn:integration:b' };
      const c = { ...a, '@id': `urn:e:p${serial++}`, integration: 'urn:integration:c', telephone: i % 2 ? `+1 512 777 ${2000 + i}` : a.telephone };
      const lead = rec(0.97, a, b);
      const trail = rec(0.9, a, c);
      trailing.push(trail);
      pending.push(lead, trail);
    }
    const lone = rec(0.95, place('Elsewhere', '+1 512 555 9999'), place('Elsewhere', '+1 512 555 9999'));
    pending.push(lone);
    const label = (r: Recommendation, verdict: TriageLabel['verdict']): TriageLabel => ({ id: r['@id'], verdict, features: cache.of(r), entityIds: r.entities.map((e) => e['@id']), flags: ['chain'] });
    const samePhone = trailing.filter((_, i) => i % 2 === 0);
    const otherPhone = trailing.filter((_, i) => i % 2 === 1);
    assert.notEqual(cache.of(samePhone[0]).pattern, cache.of(otherPhone[0]).pattern, 'two patterns');
    const groupOf = (r: ReturnType<typeof triage>, id: string) => r.groups.find((g) => g.decidable.includes(id))!;

    const without = (...answered: Recommendation[]) => pending.filter((r) => !answered.includes(r));
    const agreeing = triage(without(samePhone[0], otherPhone[0]), [label(samePhone[0], 'approve'), label(otherPhone[0], 'approve')], {}, cache);
    const one = groupOf(agreeing, samePhone[1]['@id']);
    assert.equal(one, groupOf(agreeing, otherPhone[1]['@id']), 'one group for both patterns');
    assert.equal(one.key, 'location:name=*,address=*,town=*,postcode=*,phone=*,url=*,distance=*|chain');
    // 18 trailing links and the leaders of the two chains whose trailing link was approved (rivals of an approval now).
    assert.equal(one.size, 20);
    assert.deepEqual(one.labels, { approve: 2, reject: 0, unsure: 0 });
    assert.match(one.words, /any fields/);
    // The leaders are a flag set of their own; the plain item keeps its full pattern.
    assert.ok(groupOf(agreeing, pending[4]['@id']).key.endsWith('|chain+lead'));
    assert.equal(groupOf(agreeing, lone['@id']).key, cache.of(lone).pattern);

    const split = triage(without(samePhone[0], otherPhone[0], otherPhone[2]), [label(samePhone[0], 'approve'), label(otherPhone[0], 'approve'), label(otherPhone[2], 'reject')], {}, cache);
    const same = groupOf(split, samePhone[1]['@id']);
    const other = groupOf(split, otherPhone[1]['@id']);
    assert.notEqual(same, other, 'split by the phone');
    assert.equal(same.key, 'location:name=*,address=*,town=*,postcode=*,phone=equal,url=*,distance=*|chain');
    assert.equal(other.key, 'location:name=*,address=*,town=*,postcode=*,phone=differs,url=*,distance=*|chain');
    assert.deepEqual(same.labels, { approve: 1, reject: 0, unsure: 0 });
    assert.deepEqual(other.labels, { approve: 1, reject: 1, unsure: 0 });
    assert.ok(samePhone.slice(1).every((r) => same.decidable.includes(r['@id'])));
    assert.ok(otherPhone.slice(1).every((r) => r === otherPhone[2] || other.decidable.includes(r['@id'])));
    // An answer's group is the one its features fall in at this triage.
    assert.equal(split.keyOf(cache.of(otherPhone[2]), ['chain']), other.key);
  });
});
