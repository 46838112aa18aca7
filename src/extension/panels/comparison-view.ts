// Turns a recommendation into what the comparison panel shows: one row per interface field, one
// value per entity, and the matcher's explanation of each entity against the first. Computed here,
// in the extension, from the recommendation's own entities, so it works with any service (not only
// the sandbox) and the webview never runs the matcher. Free of `vscode`: unit-tested under mocha.
import type { Recommendation, RecommendationEntity } from '../../api/model';
import { entityAsEvent, entityAsLocation, entityKind, coordinate } from '../../matching/entity';
import { distanceMeters, scoreEventPair, scoreLocationPair, type PairScore } from '../../matching/index';
import { FIELD_KEYS, type ComparisonView, type Evidence, type FieldKey, type PairExplanation } from '../../webview/comparison/protocol';


const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() !== '' ? x : null);

const VALUE: Record<FieldKey, (e: RecommendationEntity) => string | null> = {
  name: (e) => text(e.name),
  street: (e) => text(e.address?.streetAddress),
  postalCode: (e) => text(e.address?.postalCode),
  locality: (e) => text(e.address?.addressLocality),
  region: (e) => text(e.address?.addressRegion),
  country: (e) => text(e.address?.addressCountry),
  telephone: (e) => text(e.telephone),
  url: (e) => text(e.url),
  integration: (e) => text(e.integration),
  sourceId: (e) => text(e.sourceId),
  identifier: (e) => text(e.identifier),
  type: (e) => text(e['@type']),
};

/**
 * Which matcher fields speak for which row. The location matcher's "town" compares locality and
 * country together; its "distance" has no row (entities carry no coordinates in the interface, so
 * it is usually missing and says so in the sum). The event matcher's location speaks for the
 * address rows; its start time appears only in the sum (the interface's entity has no start).
 */
const LOCATION_ROWS: Partial<Record<FieldKey, string[]>> = {
  name: ['name'],
  street: ['address'],
  postalCode: ['postcode'],
  locality: ['town'],
  country: ['town'],
  telephone: ['phone'],
  url: ['url'],
  integration: ['integration'],
};
// An event entity carries its location's address; the event matcher scores that location as a whole.
const EVENT_ROWS: Partial<Record<FieldKey, string[]>> = { name: ['name'], street: ['location'], postalCode: ['location'], locality: ['location'], country: ['location'], url: ['url'] };

/** The matcher's normalised values can be as long as the data; the sum shows only their start. */
const MAX_SHOWN = 200;
const clip = (s: string | undefined) => (s === undefined || s.length <= MAX_SHOWN ? s : `${s.slice(0, MAX_SHOWN)}…`);

export { entityKind } from '../../matching/entity';

function addressText(e: RecommendationEntity): string | undefined {
  const a = e.address;
  const parts = [a?.streetAddress, a?.postalCode, a?.addressLocality, a?.addressCountry].filter((x): x is string => typeof x === 'string' && x.trim() !== '');
  return parts.length ? parts.join(', ') : undefined;
}

/** Metres between two entities, when both carry coordinates. */
function metersBetween(a: RecommendationEntity, b: RecommendationEntity): number | undefined {
  const [lat1, lon1, lat2, lon2] = [a.latitude, a.longitude, b.latitude, b.longitude].map(coordinate);
  if (lat1 === null || lon1 === null || lat2 === null || lon2 === null) return undefined;
  return distanceMeters(lat1, lon1, lat2, lon2);
}

function explain(score: PairScore, against: number, meters: number | undefined): PairExplanation {
  return {
    ...(meters === undefined ? {} : { meters }),
    against,
    score: score.score,
    logOdds: score.logOdds,
    prior: score.prior,
    evidence: score.fields.map((f): Evidence => {
      const out: Evidence = { field: f.field, similarity: f.similarity, weight: f.weight };
      if (f.a !== undefined) out.a = clip(f.a);
      if (f.b !== undefined) out.b = clip(f.b);
      return out;
    }),
  };
}

export interface ViewOptions {
  /** Column heading for an entity (the panel passes the trees' labels). */
  entityLabel?: (e: RecommendationEntity, index: number) => string;
  remaining?: number;
}

export function comparisonView(r: Recommendation, o: ViewOptions = {}): ComparisonView {
  const kind = entityKind(r);
  const rows = kind === 'event' ? EVENT_ROWS : LOCATION_ROWS;
  // Keys are positional: two entities may share an @id in a malformed answer.
  const key = (i: number) => `${i}:${r.entities[i]['@id']}`;
  const explanations = r.entities.slice(1).map((e, k) => {
    const first = r.entities[0];
    const pair = kind === 'event' ? scoreEventPair(entityAsEvent(first, key(0)), entityAsEvent(e, key(k + 1))) : scoreLocationPair(entityAsLocation(first, key(0)), entityAsLocation(e, key(k + 1)));
    const explained = explain(pair, k + 1, metersBetween(first, e));
    // The event matcher names a location by its key when it has no name (entities carry only the
    // address): show the addresses it compared instead of internal keys.
    const where = explained.evidence.find((x) => x.field === 'location');
    if (where) {
      where.a = clip(addressText(first)) ?? '—';
      where.b = clip(addressText(e)) ?? '—';
    }
    return explained;
  });
  const view: ComparisonView = {
    recommendationId: r['@id'],
    score: r.score,
    kind,
    entities: r.entities.map((e, i) => ({ id: e['@id'], label: o.entityLabel?.(e, i) ?? e['@id'] })),
    rows: FIELD_KEYS.map((k) => ({ key: k, values: r.entities.map(VALUE[k]), matcherFields: rows[k] ?? [] })),
    explanations,
  };
  if (o.remaining !== undefined) view.remaining = o.remaining;
  return view;
}
