// Flagged groups from coarse to fine (flagged-partition.ts): a flag set's items are one group while
// the curator's answers in it agree, and split by the field that separates them when they do not.
import * as assert from 'node:assert/strict';
import type { Recommendation, RecommendationEntity } from '../../src/api/model';
import { type Agreement, describePattern } from '../../src/triage/features';
import { choosesSplits, growPartition, isSplitLeaf, leafPattern } from '../../src/triage/flagged-partition';
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
    // The answers that choose splits and those that estimate the leaves (flagged-partition.ts choosesSplits).
    const chooser = (r: Recommendation) => choosesSplits(r['@id']);
    const samePhone = trailing.filter((_, i) => i % 2 === 0);
    const otherPhone = trailing.filter((_, i) => i % 2 === 1);
    const [s0, s1] = samePhone.filter(chooser);
    const [o0, o1] = otherPhone.filter(chooser);
    const [sE] = samePhone.filter((r) => !chooser(r));
    const [oE] = otherPhone.filter((r) => !chooser(r));
    assert.ok(s0 && s1 && o0 && o1 && sE && oE, 'both halves in both patterns');
    assert.notEqual(cache.of(s0).pattern, cache.of(o0).pattern, 'two patterns');
    const groupOf = (r: ReturnType<typeof triage>, id: string) => r.groups.find((g) => g.decidable.includes(id))!;

    const without = (...answered: Recommendation[]) => pending.filter((r) => !answered.includes(r));
    const agreeing = triage(without(s0, o0), [label(s0, 'approve'), label(o0, 'approve')], {}, cache);
    const one = groupOf(agreeing, s1['@id']);
    assert.equal(one, groupOf(agreeing, o1['@id']), 'one group for both patterns');
    assert.equal(one.key, 'location:name=*,address=*,town=*,postcode=*,phone=*,url=*,distance=*|chain');
    // 18 trailing links and the leaders of the two chains whose trailing link was approved (rivals of an approval now).
    assert.equal(one.size, 20);
    assert.deepEqual(one.labels, { approve: 2, reject: 0, unsure: 0 });
    assert.match(one.words, /any fields/);
    // The leaders are a flag set of their own; the plain item keeps its full pattern.
    assert.ok(groupOf(agreeing, pending[4]['@id']).key.endsWith('|chain+lead'));
    assert.equal(groupOf(agreeing, lone['@id']).key, cache.of(lone).pattern);

    // A rejection in the half that estimates does not split the group: it counts in the one group.
    const estimated = triage(without(s0, o0, oE), [label(s0, 'approve'), label(o0, 'approve'), label(oE, 'reject')], {}, cache);
    assert.equal(groupOf(estimated, s1['@id']), groupOf(estimated, o1['@id']), 'still one group');
    assert.deepEqual(groupOf(estimated, s1['@id']).labels, { approve: 2, reject: 1, unsure: 0 });

    // One in the half that chooses splits does; the leaves it makes count only the other half's answers.
    const answers = [label(s0, 'approve'), label(o0, 'approve'), label(o1, 'reject'), label(sE, 'approve'), label(oE, 'reject')];
    const split = triage(without(s0, o0, o1, sE, oE), answers, {}, cache);
    const same = groupOf(split, s1['@id']);
    const other = groupOf(split, otherPhone.find((r) => ![o0, o1, oE].includes(r))!['@id']);
    assert.notEqual(same, other, 'split by the phone');
    assert.equal(same.key, 'location:name=*,address=*,town=*,postcode=*,phone=equal,url=*,distance=*|chain');
    assert.equal(other.key, 'location:name=*,address=*,town=*,postcode=*,phone=differs,url=*,distance=*|chain');
    assert.deepEqual(same.labels, { approve: 1, reject: 0, unsure: 0 }, 'sE only: s0 chose the split');
    assert.deepEqual(other.labels, { approve: 0, reject: 1, unsure: 0 }, 'oE only: o0 and o1 chose the split');
    assert.ok(samePhone.every((r) => [s0, sE].includes(r) || same.decidable.includes(r['@id'])));
    assert.ok(otherPhone.every((r) => [o0, o1, oE].includes(r) || other.decidable.includes(r['@id'])));
    // An answer's group is the one its features fall in at this triage.
    assert.equal(split.keyOf(cache.of(o1), ['chain']), other.key);
  });

  it('the answers are halved blind to their order: about half choose splits; a leaf is a split one when a field is not any', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `urn:r:${i}`);
    const choosers = ids.filter(choosesSplits).length;
    assert.ok(choosers > 900 && choosers < 1100, `${choosers} of 2000`);
    assert.equal(choosesSplits('urn:r:7'), choosesSplits('urn:r:7'), 'a function of the id');
    assert.equal(isSplitLeaf('location:name=*,address=*,town=*,postcode=*,phone=*,url=*,distance=*'), false);
    assert.equal(isSplitLeaf('location:name=*,address=*,town=*,postcode=*,phone=equal,url=*,distance=*'), true);
  });
});
