// The extension's side of the comparison: rows and the matcher's "why" from a recommendation's own
// entities (src/extension/panels/comparison-view.ts, no VS Code needed).
import assert from 'node:assert/strict';
import type { Recommendation } from '../../src/api/model';
import { PAIR_SCORING } from '../../src/triage/pair-scoring';
import { comparisonView, entityKind } from '../../src/extension/panels/comparison-view-model';
import { scoreLocationPair } from '../../src/matching';
import { FIELD_KEYS } from '../../src/webview/comparison/fields';
import { parseWebviewMessage, stateRecommendationId } from '../../src/webview/comparison/from-page';

const LOCATION = 'https://schema.org/PostalAddress';

function rec(entities: Recommendation['entities']): Recommendation {
  return { '@id': 'urn:rec:1', score: 0.9, entities };
}

const a = { '@id': 'urn:e:a', '@type': LOCATION, integration: 'urn:integration:acme', sourceId: 'a1', identifier: 'urn:loc:1', name: 'Café Central', telephone: '+43 1 5333763', address: { streetAddress: 'Herrengasse 14', postalCode: '1010', addressLocality: 'Wien', addressCountry: 'AT' } };
const b = { '@id': 'urn:e:b', '@type': LOCATION, integration: 'urn:integration:globex', sourceId: 'b7', identifier: 'urn:loc:2', name: 'Cafe Central Wien', url: 'https://cafecentral.wien', address: { streetAddress: 'Herrengasse 14', postalCode: '1010', addressLocality: 'Vienna', addressCountry: 'AT' } };

describe('comparison view (extension side)', () => {
  it('has one row per interface field, one value per entity, null where missing', () => {
    const v = comparisonView(PAIR_SCORING, rec([a, b]));
    assert.deepEqual(v.rows.map((r) => r.key), [...FIELD_KEYS]);
    const row = (k: string) => v.rows.find((r) => r.key === k)!;
    assert.deepEqual(row('name').values, ['Café Central', 'Cafe Central Wien']);
    assert.deepEqual(row('telephone').values, ['+43 1 5333763', null]);
    assert.deepEqual(row('region').values, [null, null]);
    assert.deepEqual(row('type').values, [LOCATION, LOCATION]);
    assert.equal(v.kind, 'location');
    assert.equal(v.score, 0.9);
  });

  it('explains the pair with the matcher: prior + Σ weights = log-odds → score, distance absent', () => {
    const v = comparisonView(PAIR_SCORING, rec([a, b]));
    assert.equal(v.explanations.length, 1);
    const p = v.explanations[0];
    const sum = p.evidence.reduce((s, e) => s + e.weight, p.prior);
    assert.ok(Math.abs(sum - p.logOdds) < 1e-9);
    assert.ok(Math.abs(p.score - 1 / (1 + 2 ** -p.logOdds)) < 1e-12);
    const distance = p.evidence.find((e) => e.field === 'distance');
    assert.deepEqual([distance?.similarity, distance?.weight], [null, 0]);
    // The same numbers as the matcher gives for the same fields.
    const direct = scoreLocationPair({ key: 'x', name: a.name, address: a.address, telephone: a.telephone, integration: a.integration }, { key: 'y', name: b.name, address: b.address, url: b.url, integration: b.integration });
    assert.ok(Math.abs(direct.logOdds - p.logOdds) < 1e-9);
    assert.deepEqual(v.rows.find((r) => r.key === 'street')?.matcherFields, ['address']);
    assert.deepEqual(v.rows.find((r) => r.key === 'sourceId')?.matcherFields, []);
  });

  it('explains each further entity against the first', () => {
    const c = { ...b, '@id': 'urn:e:c', name: 'Central' };
    const v = comparisonView(PAIR_SCORING, rec([a, b, c]));
    assert.deepEqual(v.explanations.map((p) => p.against), [1, 2]);
  });

  it('uses coordinates when a service sends them, and scores events with their start', () => {
    const near = comparisonView(PAIR_SCORING, rec([{ ...a, latitude: '48.2104', longitude: 16.3655 }, { ...b, latitude: 48.2105, longitude: '16.3656' }]));
    assert.notEqual(near.explanations[0].evidence.find((e) => e.field === 'distance')?.similarity, null);
    // 0.0001° of latitude and of longitude at 48° N: about 11.1 m and 7.4 m, so about 13.4 m apart.
    assert.ok(Math.abs((near.explanations[0].meters ?? NaN) - 13.4) < 0.5, `meters: ${near.explanations[0].meters}`);
    assert.equal(comparisonView(PAIR_SCORING, rec([a, b])).explanations[0].meters, undefined, 'no coordinates, no distance');
    const ev = (id: string, startDate: string) => ({ '@id': id, '@type': 'https://schema.org/Event', name: 'Jazz Night', startDate, address: a.address });
    const r = rec([ev('urn:e:1', '2025-06-01T19:00:00.000Z'), ev('urn:e:2', '2025-06-01T19:30:00.000Z')]);
    assert.equal(entityKind(r), 'event');
    const start = comparisonView(PAIR_SCORING, r).explanations[0].evidence.find((e) => e.field === 'start');
    assert.equal(start?.similarity, 0.8);
    // The location is shown by the addresses compared, not by the matcher's internal keys.
    const where = comparisonView(PAIR_SCORING, r).explanations[0].evidence.find((e) => e.field === 'location');
    assert.deepEqual([where?.a, where?.b], ['Herrengasse 14, 1010, Wien, AT', 'Herrengasse 14, 1010, Wien, AT']);
    assert.deepEqual(comparisonView(PAIR_SCORING, r).rows.find((x) => x.key === 'venue')?.matcherFields, ['location']);
  });

  // Issue 13, point 8: an event's start and venue side by side, not only as ISO strings in the sum.
  it("puts an event's start (local, UTC below) and venue in the table, next to its name", () => {
    const ev = { '@id': 'urn:e:1', '@type': 'https://schema.org/Event', name: 'Jazz Night', startDate: '2025-06-01T19:00:00.000Z', address: { ...a.address, addressRegion: 'Wien' }, location: { name: 'Star Studio' } };
    const other = { '@id': 'urn:e:2', '@type': 'https://schema.org/Event', name: 'Jazz Night', startDate: '2025-06-01T19:30:00.000Z', address: b.address };
    const v = comparisonView(PAIR_SCORING, rec([ev, other]), { locale: 'en-GB', timeZone: 'Europe/Vienna' });
    assert.deepEqual(v.rows.map((x) => x.key), ['name', 'start', 'venue', 'telephone', 'url', 'integration', 'sourceId', 'identifier', 'type']);
    const start = v.rows.find((x) => x.key === 'start')!;
    assert.deepEqual(start.values, ['1 Jun 2025, 21:00:00 CEST', '1 Jun 2025, 21:30:00 CEST']);
    assert.deepEqual(start.notes, ['2025-06-01 19:00:00 UTC', '2025-06-01 19:30:00 UTC']);
    assert.deepEqual(start.matcherFields, ['start']);
    const venue = v.rows.find((x) => x.key === 'venue')!;
    assert.deepEqual(venue.values, ['Star Studio, Herrengasse 14, 1010, Wien, Wien, AT', 'Herrengasse 14, 1010, Vienna, AT']);
  });

  it('leaves the start and venue rows out when no entity carries them, and says a start that is no instant as it is', () => {
    const bare = (id: string) => ({ '@id': id, '@type': 'https://schema.org/Event', name: 'Jazz Night' });
    assert.deepEqual(comparisonView(PAIR_SCORING, rec([bare('urn:e:1'), bare('urn:e:2')])).rows.map((x) => x.key).slice(0, 2), ['name', 'telephone']);
    const v = comparisonView(PAIR_SCORING, rec([{ ...bare('urn:e:1'), startDate: 'next Friday' }, bare('urn:e:2')]), { timeZone: 'UTC' });
    const start = v.rows.find((x) => x.key === 'start')!;
    assert.deepEqual([start.values, start.notes], [['next Friday', null], ['not a valid timestamp', null]]);
    // A location comparison keeps the interface's rows, no event rows.
    assert.deepEqual(comparisonView(PAIR_SCORING, rec([a, b])).rows.map((x) => x.key), [...FIELD_KEYS]);
  });

  it('keeps a huge value out of the explanation', () => {
    const v = comparisonView(PAIR_SCORING, rec([{ ...a, name: 'x'.repeat(1_000_000) }, b]));
    const name = v.explanations[0].evidence.find((e) => e.field === 'name');
    assert.ok((name?.a?.length ?? 0) <= 201);
  });
});

describe('webview protocol: messages from the page', () => {
  it('accepts the three message types with their payloads', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'decide', recommendationId: 'urn:r', verdict: 'reject', extra: 1 }), { type: 'decide', recommendationId: 'urn:r', verdict: 'reject' });
    assert.deepEqual(parseWebviewMessage({ type: 'openLink', url: 'https://x.test/a' }), { type: 'openLink', url: 'https://x.test/a' });
  });

  it('refuses anything else', () => {
    for (const bad of [null, 'ready', [], {}, { type: 'eval' }, { type: 'decide', recommendationId: 'urn:r', verdict: 'merge' }, { type: 'decide', recommendationId: 7, verdict: 'approve' }, { type: 'decide', recommendationId: '', verdict: 'approve' }, { type: 'openLink', url: 'javascript:alert(1)' }, { type: 'openLink', url: 'command:workbench.action.quit' }, { type: 'openLink', url: 'file:///etc/passwd' }, { type: 'openLink', url: 'not a url' }]) {
      assert.equal(parseWebviewMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('reads the recommendation id of a saved state, and nothing else', () => {
    assert.equal(stateRecommendationId({ recommendationId: 'urn:r' }), 'urn:r');
    assert.equal(stateRecommendationId({ recommendationId: 3 }), undefined);
    assert.equal(stateRecommendationId(undefined), undefined);
  });

  // Issue 16, point 6: the service's own explanation replaces this editor's estimate, pair for pair.
  it("uses the service's explanation when it explains every pair, and says whose weights they are", () => {
    const own = scoreLocationPair(
      { key: 'a', name: 'Café Central', integration: 'acme' },
      { key: 'b', name: 'Cafe Central Wien', integration: 'globex' },
    );
    const service = { id: 'urn:rec:1', kind: 'location' as const, model: 'estimated' as const, labels: 3, pairs: [{ ...own, answers: 1.5, logOdds: own.logOdds + 1.5 }] };
    const v = comparisonView(PAIR_SCORING, rec([a, b]), { service });
    assert.deepEqual(v.weights, { source: 'service', model: 'estimated', labels: 3 });
    assert.equal(v.explanations[0].logOdds, own.logOdds + 1.5);
    assert.equal(v.explanations[0].answers, 1.5);
    assert.equal(v.explanations[0].evidence.find((e) => e.field === 'name')?.level, own.fields[0].level);
    // What the pair lost to rival candidates (one-to-one between sources) is passed on, so the rows add up.
    const rivals = { bits: -2.5, rival: { a: 'a', b: 'c', score: 0.97 } };
    const assigned = comparisonView(PAIR_SCORING, rec([a, b]), { service: { ...service, pairs: [{ ...own, rivals, logOdds: own.logOdds - 2.5 }] } });
    assert.equal(assigned.explanations[0].rivals, -2.5);
    assert.equal(assigned.explanations[0].logOdds, own.logOdds - 2.5);
    // Not every pair explained (or another kind): the editor's own estimate, said so.
    const partial = comparisonView(PAIR_SCORING, rec([a, b, { ...b, '@id': 'urn:e:c' }]), { service });
    assert.deepEqual(partial.weights, { source: 'editor' });
    assert.equal(partial.explanations.length, 2);
    assert.equal(comparisonView(PAIR_SCORING, rec([a, b]), { service: { ...service, kind: 'event' } }).weights?.source, 'editor');
  });
});
