// Comparison views as the extension sends them, built by hand: a plain pair, a trio, and a hostile
// one where every string is an attack on the renderer.
import { PAIR_SCORING } from '../../src/triage/pair-scoring';
import { comparisonView } from '../../src/extension/panels/comparison-view-model';
import { SCRIPT_PAYLOADS } from '../support/hostile-corpus';
import { FIELD_KEYS, type FieldKey } from '../../src/webview/comparison/fields';
import type { ComparisonView, PairExplanation } from '../../src/webview/comparison/protocol';

const MATCHER: Partial<Record<FieldKey, string[]>> = {
  name: ['name'],
  street: ['address'],
  postalCode: ['postcode'],
  locality: ['town'],
  telephone: ['phone'],
  url: ['url'],
  integration: ['integration'],
};

function explanation(against: number, extra = ''): PairExplanation {
  return {
    against,
    score: 0.91,
    logOdds: 3.33,
    prior: -7.5,
    evidence: [
      { field: 'name', similarity: 0.87, weight: 4.2, a: `cafe central${extra}`, b: `cafe central wien${extra}` },
      { field: 'address', similarity: 1, weight: 3.1, a: 'herrengasse 14', b: 'herrengasse 14' },
      { field: 'town', similarity: 1, weight: 0.6 },
      { field: 'postcode', similarity: 1, weight: 0.9 },
      { field: 'phone', similarity: null, weight: 0 },
      { field: 'url', similarity: 0, weight: -1.2 },
      { field: 'distance', similarity: null, weight: 0 },
      { field: 'integration', similarity: 0, weight: 0.23 },
    ],
  };
}

export type Entity = Record<FieldKey, string | null>;

export const CAFE: Entity = {
  name: 'Café Central',
  street: 'Herrengasse 14',
  postalCode: '1010',
  locality: 'Wien',
  region: 'Wien',
  country: 'AT',
  telephone: '+43 1 5333763',
  url: 'https://cafecentral.wien/',
  integration: 'urn:integration:acme',
  sourceId: 'acme-1',
  identifier: 'urn:location:1',
  type: 'https://schema.org/PostalAddress',
};

export const CAFE_2: Entity = {
  ...CAFE,
  name: 'Cafe Central Wien',
  telephone: null,
  url: 'http://central.example/menu',
  integration: 'urn:integration:globex',
  sourceId: 'globex-9',
  identifier: 'urn:location:2',
};

export function view(entities: Entity[], id = 'urn:recommendation:1'): ComparisonView {
  return {
    recommendationId: id,
    score: 0.93,
    kind: 'location',
    entities: entities.map((e, i) => ({ id: `urn:entity:${i}`, label: `${e.name ?? ''} (${e.integration ?? ''})` })),
    rows: FIELD_KEYS.map((key) => ({ key, values: entities.map((e) => e[key]), matcherFields: MATCHER[key] ?? [] })),
    explanations: entities.slice(1).map((_, i) => explanation(i + 1)),
    remaining: 4,
  };
}

/**
 * Two events as the extension's own comparisonView makes them (start in Vienna's time, venue): the
 * same concert, half an hour apart, one entity naming its venue. `score`: the service's.
 */
export function eventView(score = 0.78): ComparisonView {
  const address = { streetAddress: 'Herrengasse 14', postalCode: '1010', addressLocality: 'Wien', addressCountry: 'AT' };
  const event = (id: string, startDate: string, extra: object = {}) => ({ '@id': id, '@type': 'https://schema.org/Event', name: 'Jazz Night', startDate, address, ...extra });
  const entities = [event('urn:event:1', '2025-06-01T19:00:00.000Z', { location: { name: 'Star Studio' } }), event('urn:event:2', '2025-06-01T19:30:00.000Z')];
  return comparisonView(PAIR_SCORING, { '@id': 'urn:recommendation:event', score, entities }, { locale: 'en-GB', timeZone: 'Europe/Vienna' });
}

/** Attacks on an HTML renderer (the hostile corpus's); each increments window.__rec.pwned if it ever runs. */
export const PAYLOADS = SCRIPT_PAYLOADS;

const RTL = 'مقهى سنترال \u202Eevil.exe\u202C שלום';
const EMOJI = '☕️ Café 👩🏽‍🍳 🇦🇹';

/** Every string field of every entity carries a payload; the URLs are javascript:, data: and the like. */
export function hostileEntities(): Entity[] {
  const urls = ['javascript:window.__rec.pwned++', 'data:text/html,<script>parent.__rec.pwned++</script>', ' JaVaScRiPt:window.__rec.pwned++', 'command:workbench.action.quit'];
  return urls.map((url, i) => {
    const e = {} as Entity;
    FIELD_KEYS.forEach((key, k) => (e[key] = `${PAYLOADS[(i + k) % PAYLOADS.length]} ${k % 2 ? RTL : EMOJI}`));
    e.url = url;
    return e;
  });
}

export function hostileView(): ComparisonView {
  const v = view(hostileEntities(), `urn:recommendation:<img src=x onerror="window.__rec.pwned++">`);
  v.entities = v.entities.map((_, i) => ({ id: PAYLOADS[i], label: `${PAYLOADS[(i + 1) % PAYLOADS.length]} ${RTL}` }));
  v.explanations = v.explanations.map((p) => ({ ...p, evidence: p.evidence.map((e) => ({ ...e, field: PAYLOADS[2], a: PAYLOADS[0], b: PAYLOADS[1] })) }));
  return v;
}
