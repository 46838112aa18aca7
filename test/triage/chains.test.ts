// Chains (an entity in two or more pending recommendations): the leader of a chain, what the
// curator's approvals connected, and a backlog of chains with known labels through triage — the
// leaders learned as the likely matches, their rivals asked last, one question asked once.
import * as assert from 'node:assert/strict';
import type { Recommendation, RecommendationEntity } from '../../src/api/model';
import { approvedClusters, chainLeaders, questionOf } from '../../src/triage/chains';
import { informativeOrder } from '../../src/triage/informative-order';
import { FeatureCache, triage, type TriageLabel } from '../../src/triage/triage';

let serial = 0;
function entity(fields: Partial<RecommendationEntity>): RecommendationEntity {
  return { '@id': `urn:e:${serial++}`, '@type': 'Place', integration: `urn:integration:${serial % 5}`, ...fields } as RecommendationEntity;
}
function rec(score: number, ...entities: RecommendationEntity[]): Recommendation {
  return { '@id': `urn:r:${serial++}`, score, entities } as Recommendation;
}
const place = (name: string, street: string, phone?: string) => entity({ name, address: { streetAddress: street, postalCode: '78701', addressLocality: 'Austin', addressCountry: 'US' }, telephone: phone });

describe('triage: chains', () => {
  it('the leader is strictly ahead of every recommendation it shares an entity with, by the service score; a tie leads nowhere', () => {
    const m = (id: string, entityIds: string[], score: number) => ({ id, entityIds, score });
    // a–b leads b–c and a–d; c–e trails b–c only and leads nothing (b–c is ahead of it).
    const leaders = chainLeaders([m('ab', ['a', 'b'], 0.9), m('bc', ['b', 'c'], 0.6), m('ad', ['a', 'd'], 0.3), m('ce', ['c', 'e'], 0.5), m('xy', ['x', 'y'], 0.99)]);
    assert.deepEqual([...leaders].sort(), ['ab']);
    // Equal scores: neither leads.
    assert.deepEqual([...chainLeaders([m('ab', ['a', 'b'], 0.9), m('bc', ['b', 'c'], 0.9)])], []);
  });

  it("approvals connect clusters; a recommendation inside one asks nothing, two across the same clusters ask one question", () => {
    const clusters = approvedClusters([
      ['a', 'b'],
      ['c', 'd'],
      ['b', 'c'],
    ]);
    assert.equal(new Set(['a', 'b', 'c', 'd'].map((x) => clusters.get(x))).size, 1);
    assert.equal(questionOf(['a', 'd'], clusters), '', 'settled by the approvals');
    assert.equal(questionOf(['a', 'e'], clusters), questionOf(['d', 'e'], clusters));
    assert.notEqual(questionOf(['a', 'e'], clusters), questionOf(['a', 'f'], clusters));
    assert.equal(questionOf(['e', 'f'], new Map()), questionOf(['f', 'e'], new Map()));
  });

  /**
   * 80 chains, as a generator makes them: a venue listed twice (a, b: every field equal, the true
   * match, score 0.99) and a sibling venue in the same building that one listing was also linked
   * to (b, c: name close, another phone, false, score 0.97 — high, so the score alone would approve it).
   */
  function backlog() {
    return [...Array(80)].map((_, i) => {
      const phone = `512555${String(1000 + i)}`;
      const [a, b] = [place(`Blue Owl ${i}`, `${i + 1} Main St`, phone), place(`Blue Owl ${i}`, `${i + 1} Main Street`, phone)];
      const c = place(`Blue Owl ${i} Back Room`, `${i + 1} Main St`, `512666${String(1000 + i)}`);
      return { lead: rec(0.99, a, b), rival: rec(0.97, b, c), ids: { a: a['@id'], b: b['@id'], c: c['@id'] } };
    });
  }

  it('a backlog of chains with known labels: leaders form their own group, asked first and learned as matches; rivals are not', () => {
    const cache = new FeatureCache();
    const chains = backlog();
    const pending = chains.flatMap((c) => [c.lead, c.rival]);
    const label = (r: Recommendation, verdict: 'approve' | 'reject', chainLead: boolean): TriageLabel => ({
      id: r['@id'],
      verdict,
      features: cache.of(r),
      entityIds: r.entities.map((e) => e['@id']),
      flags: ['chain'],
      chainLead,
    });
    const first = triage(pending, [], {}, cache);
    for (const c of chains) {
      assert.equal(first.items.get(c.lead['@id'])?.chainLead, true);
      assert.equal(first.items.get(c.rival['@id'])?.chainLead, false);
      assert.deepEqual(first.items.get(c.rival['@id'])?.flags, ['chain']);
    }
    const leadGroup = first.groups.find((g) => g.chainLead);
    assert.ok(leadGroup?.key.endsWith('|chain+lead'), leadGroup?.key);
    assert.equal(leadGroup?.size, 80);
    // The first question is a leader: its approval is the likelier answer, and teaches the rivals' group too.
    const order = informativeOrder(first);
    assert.equal(first.items.get(order[0])?.chainLead, true);
    // Groups take turns, the leaders' first: every round asks a leader before a rival.
    assert.equal(first.items.get(order[1])?.chainLead, false);
    assert.equal(order.length, 160);

    // The curator answers 60 chains (both sides, as the truth says): leaders approved, rivals rejected.
    const labels = chains.slice(0, 60).flatMap((c) => [label(c.lead, 'approve', true), label(c.rival, 'reject', false)]);
    const rest = chains.slice(60);
    const after = triage(
      rest.flatMap((c) => [c.lead, c.rival]),
      labels,
      {},
      cache,
    );
    const leaders = after.groups.find((g) => g.chainLead)!;
    const rivals = after.groups.find((g) => g.flags.includes('chain') && !g.chainLead)!;
    assert.ok(leaders.p > 0.9 && rivals.p < 0.1, `leaders ${leaders.p}, rivals ${rivals.p}`);
    assert.notEqual(rivals.safe, 'approve');
    // 60 approvals put the leaders' estimate above 0.99 but cannot show it for 20 items on their own
    // (the interval is wide); within everything approved in bulk so far (2,000 items, 2 expected
    // wrong) they can: the target holds for the whole.
    assert.equal(leaders.safe, null, JSON.stringify({ ...leaders, decidable: leaders.decidable.length }));
    const bulkSoFar = { approve: { size: 2000, expectedWrong: 2, variance: 4, unseen: 0 }, reject: { size: 0, expectedWrong: 0, variance: 0, unseen: 0 } };
    const withHistory = triage(
      rest.flatMap((c) => [c.lead, c.rival]),
      labels,
      { bulkSoFar },
      cache,
    );
    assert.deepEqual(withHistory.sets.approve.keys, [leaders.key]);
    assert.equal(withHistory.sets.approve.tally.size, 20, 'the tally counts this set only');
    assert.ok(withHistory.sets.approve.wrongShareHigh <= 0.01);
    // The rivals, 60 rejections of 60, are rejected in bulk within the recall budget: 3 % of the
    // matches known at their lower end (60 approvals, ≈ 2,000 bulk approvals) may be lost, and the
    // 20 rivals cost a fraction of one.
    assert.equal(withHistory.groups.find((g) => g.key === rivals.key)?.safe, 'reject');
    assert.ok(withHistory.sets.reject.lostHigh <= withHistory.sets.reject.maxLost && withHistory.sets.reject.maxLost > 50, JSON.stringify(withHistory.sets.reject));
  });

  it('after an approval: its settled partners are not asked, two rivals across the same clusters are asked once, a rival of an approved one stays in the chain, a rejection covers both', () => {
    const cache = new FeatureCache();
    const phone = '5125550101';
    const [a, b, c] = [place('Blue Owl', '1 Main St', phone), place('Blue Owl', '1 Main Street', phone), place('Blue Owl Back Room', '1 Main St', '5125550202')];
    const ab = rec(0.99, a, b);
    const ac = rec(0.97, a, c);
    const bc = rec(0.97, b, c);
    const abAgain = rec(0.95, b, a);
    const label = (r: Recommendation, verdict: 'approve' | 'reject'): TriageLabel => ({ id: r['@id'], verdict, features: cache.of(r), entityIds: r.entities.map((e) => e['@id']) });
    const r = triage([ac, bc, abAgain], [label(ab, 'approve')], {}, cache);
    assert.equal(r.items.get(abAgain['@id'])?.question, '');
    assert.equal(r.items.get(ac['@id'])?.question, r.items.get(bc['@id'])?.question);
    const order = informativeOrder(r);
    assert.ok(!order.includes(abAgain['@id']), 'a recommendation the approval settled is asked');
    assert.equal(order.filter((id) => id === ac['@id'] || id === bc['@id']).length, 1, 'one question asked twice');
    // The rival alone (its pending partners gone) is still a chain member: it trails an approved one.
    const lone = triage([bc], [label(ab, 'approve')], {}, cache).items.get(bc['@id']);
    assert.deepEqual(lone?.flags, ['chain']);
    assert.equal(lone?.chainLead, false);
    assert.deepEqual(triage([bc], [], {}, cache).items.get(bc['@id'])?.flags, [], 'without the approval it is a plain recommendation');
    // Rejecting a–c after a–b was approved says "c is not that venue": b–c is flagged as rejected before.
    const r2 = triage([bc], [label(ab, 'approve'), label(ac, 'reject')], {}, cache);
    assert.ok(r2.items.get(bc['@id'])?.flags.includes('rejected-before'), JSON.stringify(r2.items.get(bc['@id'])?.flags));
  });
  it("a chain's remaining link, once its other links were rejected (by hand or in bulk), keeps a flag and a group of its own, not the plain pattern's", () => {
    const cache = new FeatureCache();
    // a–b and a–c compete for a; both look alike (a sibling venue at one address, no phone).
    const [a, b, c] = [place('Blue Owl', '1 Main St'), place('Blue Owl Bar', '1 Main St'), place('Blue Owl Bar', '1 Main Street')];
    const ab = rec(0.97, a, b);
    const ac = rec(0.96, a, c);
    // A plain recommendation of the same pattern that never was in a chain.
    const [d, e] = [place('Red Fox', '2 Oak St'), place('Red Fox Bar', '2 Oak St')];
    const de = rec(0.97, d, e);
    assert.equal(cache.of(ab).pattern, cache.of(de).pattern);
    const before = triage([ab, ac, de], [], {}, cache);
    assert.ok(before.items.get(ab['@id'])?.flags.includes('chain'));
    const rejected: TriageLabel = { id: ac['@id'], verdict: 'reject', features: cache.of(ac), entityIds: ac.entities.map((x) => x['@id']) };
    // By hand: a–c rejected; a–b has no pending rival any more, and is still not a plain item.
    const byHand = triage([ab, de], [rejected], {}, cache);
    assert.deepEqual(byHand.items.get(ab['@id'])?.flags, ['rival-rejected']);
    assert.deepEqual(byHand.items.get(de['@id'])?.flags, []);
    const groupOf = (r: typeof byHand, id: string) => r.groups.find((g) => g.decidable.includes(id))!.key;
    assert.notEqual(groupOf(byHand, ab['@id']), groupOf(byHand, de['@id']));
    assert.ok(groupOf(byHand, ab['@id']).endsWith('|rival-rejected'));
    // In bulk: the same, from the entities the journal's bulk rejections carry (no label).
    const inBulk = triage([ab, de], [], { bulkRejected: [ac.entities.map((x) => x['@id'])] }, cache);
    assert.deepEqual(inBulk.items.get(ab['@id'])?.flags, ['rival-rejected']);
    // Without the rejection it is a plain recommendation; the same pair rejected is 'rejected-before', not a rival.
    assert.deepEqual(triage([ab, de], [], {}, cache).items.get(ab['@id'])?.flags, []);
    assert.deepEqual(triage([ab], [], { bulkRejected: [ab.entities.map((x) => x['@id'])] }, cache).items.get(ab['@id'])?.flags, ['rejected-before']);
  });
});
