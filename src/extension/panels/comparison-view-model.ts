// Turns a recommendation into what the comparison panel shows: one row per interface field, one
// value per entity, and the matcher's explanation of each entity against the first. Computed here,
// in the extension, from the recommendation's own entities, so it works with any service (not only
// the sandbox) and the webview never runs the matcher. Free of `vscode`: unit-tested under mocha.
import type { Recommendation, RecommendationEntity } from '../../api/model';
import { entityAsEvent, entityAsLocation, entityKind, coordinate } from '../../matching/entity';
import type { PairScore } from '../../matching/types';
import type { ServiceExplanation } from '../../api/explanation';
import type { PairScoring } from '../../triage/pair-scoring';
import { FIELD_KEYS, type FieldKey } from '../../webview/comparison/fields';
import type { ComparisonRow, ComparisonView, Evidence, PairExplanation } from '../../webview/comparison/protocol';
import { timeView } from './record-panel-fields';


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
 * Venue row and its start for the Starts row (eventRows; not in the interface's entity, but services
 * send them).
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
// The address is shown in one Venue row (eventRows), so an event has no rows of its own for it.
const EVENT_ROWS: Partial<Record<FieldKey, string[]>> = { name: ['name'], url: ['url'] };
const ADDRESS_KEYS: readonly FieldKey[] = ['street', 'postalCode', 'locality', 'region', 'country'];

/** The matcher's normalised values can be as long as the data; the sum shows only their start. */
const MAX_SHOWN = 200;
const clip = (s: string | undefined) => (s === undefined || s.length <= MAX_SHOWN ? s : `${s.slice(0, MAX_SHOWN)}…`);

export { entityKind } from '../../matching/entity';

function addressText(e: RecommendationEntity, withRegion = false): string | undefined {
  const a = e.address;
  const parts = [a?.streetAddress, a?.postalCode, a?.addressLocality, withRegion ? a?.addressRegion : undefined, a?.addressCountry].filter((x): x is string => typeof x === 'string' && x.trim() !== '');
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * "Star Studio, Herrengasse 14, 1010, Wien, AT": the venue's name when the entity sends its location
 * as an object with one (schema.org's Event does; the interface's entity does not), then the address.
 */
function venueText(e: RecommendationEntity): string | null {
  const location = (e as { location?: unknown }).location;
  const name = typeof location === 'object' && location !== null ? text((location as { name?: unknown }).name) : null;
  const parts = [name, addressText(e, true)].filter((x): x is string => typeof x === 'string');
  return parts.length ? parts.join(', ') : null;
}

/**
 * An event's rows: name, then its start and venue when any entity carries them, then the interface's
 * fields other than the address (which the venue row holds).
 */
function eventRows(r: Recommendation, o: ViewOptions): ComparisonRow[] {
  const fieldRow = (k: FieldKey): ComparisonRow => ({ key: k, values: r.entities.map(VALUE[k]), matcherFields: EVENT_ROWS[k] ?? [] });
  const times = r.entities.map((e) => timeView(text(e.startDate), o));
  const venues = r.entities.map(venueText);
  const rows: ComparisonRow[] = [fieldRow('name')];
  if (times.some((t) => t !== null)) rows.push({ key: 'start', values: times.map((t) => t?.local ?? null), notes: times.map((t) => t?.utc ?? null), matcherFields: ['start'] });
  if (venues.some((v) => v !== null)) rows.push({ key: 'venue', values: venues, matcherFields: ['location'] });
  for (const k of FIELD_KEYS) if (k !== 'name' && !ADDRESS_KEYS.includes(k)) rows.push(fieldRow(k));
  return rows;
}

/** Metres between two entities, when both carry coordinates. */
function metersBetween({ distanceMeters }: PairScoring, a: RecommendationEntity, b: RecommendationEntity): number | undefined {
  const [lat1, lon1, lat2, lon2] = [a.latitude, a.longitude, b.latitude, b.longitude].map(coordinate);
  if (lat1 === null || lon1 === null || lat2 === null || lon2 === null) return undefined;
  return distanceMeters(lat1, lon1, lat2, lon2);
}

function explain(score: PairScore, against: number, meters: number | undefined): PairExplanation {
  return {
    ...(meters === undefined ? {} : { meters }),
    ...(score.answers === undefined ? {} : { answers: score.answers }),
    ...(score.rivals === undefined ? {} : { rivals: score.rivals.bits }),
    against,
    score: score.score,
    logOdds: score.logOdds,
    prior: score.prior,
    evidence: score.fields.map((f): Evidence => {
      const out: Evidence = { field: f.field, similarity: f.similarity, weight: f.weight };
      if (f.a !== undefined) out.a = clip(f.a);
      if (f.b !== undefined) out.b = clip(f.b);
      if (f.level !== undefined && f.level !== 'missing') out.level = clip(f.level);
      if (f.countedWith !== undefined) out.countedWith = clip(f.countedWith);
      return out;
    }),
  };
}

export interface ViewOptions {
  /** Column heading for an entity (the panel passes the trees' labels). */
  entityLabel?: (e: RecommendationEntity, index: number) => string;
  remaining?: number;
  /**
   * The service's own explanation of the score (the sandbox's /sandbox/explain), used instead of
   * this editor's hand-set estimate when it explains every pair.
   */
  service?: ServiceExplanation;
  /** For tests: the locale and time zone an event's start is shown in; default the editor's. */
  locale?: string;
  timeZone?: string;
}

/**
 * `scoring` is the matcher's pair scores: the panel passes the lazily loaded core's
 * (TriageState.pairScoring), so the matcher stays out of dist/extension.js; tests pass PAIR_SCORING.
 */
export function comparisonView(scoring: PairScoring, r: Recommendation, o: ViewOptions = {}): ComparisonView {
  const { scoreEventPair, scoreLocationPair } = scoring;
  const kind = entityKind(r);
  // Keys are positional: two entities may share an @id in a malformed answer.
  const key = (i: number) => `${i}:${r.entities[i]['@id']}`;
  const service = o.service && o.service.kind === kind && o.service.pairs.length === r.entities.length - 1 ? o.service : undefined;
  const explanations = r.entities.slice(1).map((e, k) => {
    const first = r.entities[0];
    const pair = service
      ? service.pairs[k]
      : kind === 'event'
        ? scoreEventPair(entityAsEvent(first, key(0)), entityAsEvent(e, key(k + 1)))
        : scoreLocationPair(entityAsLocation(first, key(0)), entityAsLocation(e, key(k + 1)));
    const explained = explain(pair, k + 1, metersBetween(scoring, first, e));
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
    rows: kind === 'event' ? eventRows(r, o) : FIELD_KEYS.map((k) => ({ key: k, values: r.entities.map(VALUE[k]), matcherFields: LOCATION_ROWS[k] ?? [] })),
    explanations,
    weights: service ? { source: 'service', model: service.model, labels: service.labels } : { source: 'editor' },
  };
  // The row's word is triage's, for the field it speaks for alone (locality and country share
  // "town"), so a group named "name equal … phone equal" never shows "differs" for them here.
  const agreements = scoring.fieldAgreements(r);
  for (const row of view.rows) {
    const agreement = row.matcherFields.length === 1 ? agreements[row.matcherFields[0]] : undefined;
    if (agreement) row.agreement = agreement;
  }
  if (o.remaining !== undefined) view.remaining = o.remaining;
  return view;
}
