// The Triage panel's certificate fields from a real triage run: each group's size, answers, bound,
// the answers that would certify it and the next action in words; the sets safe to decide in bulk.
import * as assert from 'node:assert/strict';
import type { Recommendation, RecommendationEntity } from '../../src/api/model';
import { triagePanelData } from '../../src/extension/panels/triage-data';
import { FeatureCache, triage, type TriageLabel } from '../../src/triage/triage';

let serial = 0;
const place = (name: string, integration: string, street = '1 A St') =>
  ({ '@id': `urn:e:${serial++}`, '@type': 'Place', name, integration, address: { streetAddress: street, postalCode: '78701', addressLocality: 'Austin', addressCountry: 'US' } }) as RecommendationEntity;
const rec = (score: number, name = 'Blue Owl') => ({ '@id': `urn:r:${serial++}`, score, entities: [place(name, 'urn:i:a'), place(name, 'urn:i:b')] }) as Recommendation;

describe('Triage panel: certificate fields from today’s triage', () => {
  const cache = new FeatureCache();
  const pending = Array.from({ length: 400 }, (_, i) => rec(0.97 + (i % 3) / 100, `Blue Owl ${i}`));
  const label = (r: Recommendation, verdict: TriageLabel['verdict']): TriageLabel => ({ id: r['@id'], verdict, features: cache.of(r), entityIds: [] });

  it('an unanswered group: no bound, and the next action says how many answers would make it safe, or to review a few', () => {
    const result = triage(pending, [], {}, cache);
    const d = triagePanelData(pending, [], result, (f) => f);
    const g = d.groups[0];
    assert.equal(g.size, 400);
    assert.equal(g.answers, 0);
    assert.equal(g.bound, undefined);
    const open = result.groups[0];
    if (open.answersToSafe === undefined) assert.equal(g.nextAction, 'No answers here yet: Review a few to learn what this group is.');
    else assert.equal(g.nextAction, `Answer ${open.answersToSafe} more in this group to approve 400.`);
    assert.equal(g.answersToCertify, open.answersToSafe);
    assert.deepEqual(d.sets, []);
  });

  it('answers move it: the bound is the 95% upper end of its error; once safe, the set’s bound and the bulk decision in words', () => {
    const answered = Array.from({ length: 200 }, (_, i) => rec(0.98, `Blue Owl answered ${i}`));
    const some = answered.slice(0, 100).map((r) => label(r, 'approve'));
    const mid = triage(pending, some, {}, cache);
    const g = triagePanelData(pending, some, mid, (f) => f).groups[0];
    const group = mid.groups[0];
    assert.equal(g.answers, 100);
    assert.equal(group.safe, null);
    assert.ok(g.bound !== undefined && Math.abs(g.bound - (1 - group.low)) < 1e-12, `bound ${g.bound} against 1 − low ${1 - group.low}`);
    assert.ok(group.answersToSafe !== undefined && group.answersToSafe > 0, 'a hundred approvals in a row left it out of reach');
    assert.equal(g.answersToCertify, group.answersToSafe);
    assert.equal(g.nextAction, `Answer ${group.answersToSafe} more in this group to approve 400.`);
    const all = answered.map((r) => label(r, 'approve'));
    const safe = triage(pending, all, {}, cache);
    const d = triagePanelData(pending, all, safe, (f) => f);
    assert.equal(safe.groups[0].safe, 'approve', 'two hundred approvals in a row did not make the group safe');
    assert.equal(d.groups[0].answersToCertify, undefined);
    assert.equal(d.groups[0].bound, safe.sets.approve.wrongShareHigh);
    assert.match(d.groups[0].nextAction, /^Approve… decides these 400: at most \d+(\.\d)?% of them wrong \(95% confidence\)\.$/);
    assert.equal(d.sets?.length, 1);
    assert.deepEqual({ ...d.sets![0], bound: undefined, nextAction: undefined }, { verdict: 'approve', words: 'The 1 groups safe to approve together', size: 400, answers: 200, bound: undefined, nextAction: undefined });
  });

  it('counts in the sentences are written in the locale given (2,712, not 2712)', () => {
    const big = Array.from({ length: 2712 }, (_, i) => rec(0.99, `Owl ${i}`));
    const d = triagePanelData(big, [], triage(big, [], {}, cache), (f) => f);
    assert.match(d.groups[0].nextAction, /2,712|Review a few/);
  });
});
