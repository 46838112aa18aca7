// Views with a very long value (issue 12: a 100 KB name froze the panels for seconds), built by the
// extension's own builders as the panels build them. Shared by the panel tests and
// bench/panel-long-values.ts.
import type { Recommendation } from '../../src/api/model';
import { PAIR_SCORING } from '../../src/triage/pair-scoring';
import { comparisonView } from '../../src/extension/panels/comparison-view-model';
import type { ComparisonView, QueueStatus } from '../../src/webview/comparison/protocol';
import type { EventView, LocationView } from '../../src/webview/record/protocol';
import { eventView } from '../../src/extension/panels/event-view';
import { locationView } from '../../src/extension/panels/location-view';
import { CAFE_LOCATION, CONCERT, OPTIONS } from './record-fixtures';

export const MB = 1_000_000;

/** `length` characters of distinct pseudo-random words (repeats would let the matcher stop early). */
export function longWords(length: number, seed = 1): string {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const parts: string[] = [];
  let n = 0;
  while (n < length) {
    let w = '';
    const k = 3 + Math.floor(next() * 8);
    for (let i = 0; i < k; i++) w += String.fromCharCode(97 + Math.floor(next() * 26));
    parts.push(w);
    n += k + 1;
  }
  return parts.join(' ').slice(0, length);
}

/** A recommendation of two locations whose names are `length` characters each, and different. */
export function longRecommendation(length = MB): Recommendation {
  const entity = (i: number, name: string) => ({
    '@id': `urn:location:${i}`,
    '@type': 'Location',
    integration: `urn:integration:${i ? 'globex' : 'acme'}`,
    name,
    url: 'https://cafecentral.wien/',
    telephone: '+43 1 5333763',
    address: { streetAddress: 'Herrengasse 14', postalCode: '1010', addressLocality: 'Wien', addressCountry: 'AT' },
  });
  return { '@id': 'urn:recommendation:long', score: 0.5, entities: [entity(0, longWords(length, 1)), entity(1, longWords(length, 2))] };
}

/** The comparison panel's view of it, built as the panel builds it (the matcher's explanation included). */
export const longComparison = (length = MB): ComparisonView => comparisonView(PAIR_SCORING, longRecommendation(length), { entityLabel: (e) => e['@id'], remaining: 3 });

export const QUEUE: QueueStatus = { done: 0, approved: 0, rejected: 0, skipped: 0, remaining: 4, more: false, position: 1, item: 'pending', canBack: false, canUndo: false };

export const longLocation = (length = MB): LocationView => locationView({ ...CAFE_LOCATION, name: longWords(length, 3) }, OPTIONS);
export const longEvent = (length = MB): EventView => eventView({ ...CONCERT, name: longWords(length, 4), description: longWords(length, 5) }, OPTIONS);
