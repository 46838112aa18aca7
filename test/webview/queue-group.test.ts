// The review queue on one triage group (src/extension/panels/queue-group.ts, "Review samples" in the
// Triage panel): the group's decidable members in triage's own asking order, walked by the real
// ReviewQueue; members decided elsewhere or marked unsure meanwhile are not asked; nothing beyond
// the group is. Plain functions over a real triage run, no VS Code.
import assert from 'node:assert/strict';
import type { Recommendation, RecommendationEntity } from '../../src/api/model';
import { GroupSource, groupReviewOrder } from '../../src/extension/panels/queue-group';
import { ReviewQueue } from '../../src/extension/panels/queue-state';
import { parseWebviewMessage } from '../../src/webview/comparison/from-page';
import { informativeOrder } from '../../src/triage/informative-order';
import { triage } from '../../src/triage/triage';

let serial = 0;
const place = (name: string, street: string, phone: string): RecommendationEntity =>
  ({ '@id': `urn:e:${serial++}`, '@type': 'Place', integration: `urn:i:${serial % 5}`, name, telephone: phone, address: { streetAddress: street, postalCode: '78701', addressLocality: 'Austin', addressCountry: 'US' } }) as RecommendationEntity;
const rec = (score: number, a: RecommendationEntity, b: RecommendationEntity): Recommendation => ({ '@id': `urn:r:${serial++}`, score, entities: [a, b] }) as Recommendation;

/** Two patterns: 30 pairs agreeing on everything, 20 whose names differ. */
function backlog(): Recommendation[] {
  const out: Recommendation[] = [];
  for (let i = 0; i < 30; i++) out.push(rec(0.95, place(`Owl ${i}`, `${i} Main St`, `+1 512 555 ${1000 + i}`), place(`Owl ${i}`, `${i} Main St`, `+1 512 555 ${1000 + i}`)));
  for (let i = 0; i < 20; i++) out.push(rec(0.6, place(`Fox ${i}`, `${i} Oak St`, `+1 512 556 ${1000 + i}`), place(`Badger ${i}`, `${i} Oak St`, `+1 512 556 ${1000 + i}`)));
  return out;
}

describe('review queue on a triage group', () => {
  it('holds exactly the group’s decidable members, in the order triage asks them, also for a safe group', () => {
    const pending = backlog();
    const result = triage(pending, []);
    const group = result.groups.find((g) => g.size === 30)!;
    const members = groupReviewOrder(result, group, pending, informativeOrder).map((r) => r['@id']);
    assert.deepEqual([...members].sort(), [...group.decidable].sort());
    // The group's items appear in informativeOrder in this same relative order.
    const asked = informativeOrder(result).filter((id) => group.decidable.includes(id));
    assert.deepEqual(members, asked);
    assert.notDeepEqual(members, group.decidable, 'the order is the server’s, not triage’s sample order');
    const safe = groupReviewOrder(result, { ...group, safe: 'approve' }, pending, informativeOrder).map((r) => r['@id']);
    assert.deepEqual(safe, members, 'a group triage calls safe cannot be reviewed');
  });

  it('the queue walks only the group; decided elsewhere or marked unsure meanwhile, a member is not asked; then the end', async () => {
    const pending = backlog();
    const result = triage(pending, []);
    const group = result.groups.find((g) => g.size === 20)!;
    const members = groupReviewOrder(result, group, pending, informativeOrder);
    const unsure = new Set<string>();
    const source = new GroupSource({ key: group.key, words: group.words, members, baseUrl: 'http://127.0.0.1:1' }, (id) => unsure.has(id));
    const queue = new ReviewQueue(source);
    assert.equal((await queue.start())?.rec['@id'], members[0]['@id']);
    assert.deepEqual([queue.status().remaining, queue.status().more], [20, false]);
    source.pendingChanged(members[1]['@id'], false);
    unsure.add(members[2]['@id']);
    assert.equal(queue.status().remaining, 18);
    assert.equal((await queue.skip())?.rec['@id'], members[3]['@id']);
    source.pendingChanged(members[1]['@id'], true); // that decision failed: pending again, asked
    const seen = [members[0]['@id'], members[3]['@id']];
    for (let e = await queue.skip(); e; e = await queue.skip()) seen.push(e.rec['@id']);
    assert.equal(queue.atEnd, true);
    const inGroup = new Set(members.map((r) => r['@id']));
    assert.ok(seen.every((id) => inGroup.has(id)), 'the queue left the group');
    assert.ok(!seen.includes(members[2]['@id']), 'an unsure member was asked');
    assert.equal(seen.length, 19);
  });

  it('the page may ask for the full queue and to clear a mark; nothing else new passes', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'queue', action: 'fullQueue' }), { type: 'queue', action: 'fullQueue' });
    assert.deepEqual(parseWebviewMessage({ type: 'clearUnsure', recommendationId: 'urn:r:1' }), { type: 'clearUnsure', recommendationId: 'urn:r:1' });
    assert.equal(parseWebviewMessage({ type: 'clearUnsure' }), undefined);
    assert.equal(parseWebviewMessage({ type: 'queue', action: 'group' }), undefined);
  });
});
