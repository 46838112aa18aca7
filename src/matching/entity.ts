// A recommendation's entities as the matcher's records. The interface's entity carries name,
// address, telephone, url and integration; a service may send more (coordinates, an event's start:
// the objects are loose), and whatever is there is used. Shared by the comparison panel's estimate
// and triage, so both see the same fields the same way, against any service.
import type { Recommendation, RecommendationEntity } from '../api/model';
import type { MatchEvent, MatchLocation } from './types';

const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() !== '' ? x : null);

/** Coordinates are not in the interface's entity, but a service may send them. */
export function coordinate(x: unknown): number | null {
  const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** Events when every entity says it is one (`@type` ending in Event); locations otherwise. */
export function entityKind(r: Pick<Recommendation, 'entities'>): 'location' | 'event' {
  return r.entities.length > 0 && r.entities.every((e) => /Event$/i.test(e['@type'] ?? '')) ? 'event' : 'location';
}

export function entityAsLocation(e: RecommendationEntity, key: string): MatchLocation {
  return {
    key,
    name: e.name,
    address: e.address,
    telephone: e.telephone,
    url: e.url,
    integration: e.integration,
    latitude: coordinate(e.latitude),
    longitude: coordinate(e.longitude),
  };
}

export function entityAsEvent(e: RecommendationEntity, key: string): MatchEvent {
  return {
    key,
    name: e.name,
    // Not in the interface's entity table; the sandbox and schema.org events send it.
    startDate: text(e.startDate),
    url: e.url,
    integration: e.integration,
    // An event entity carries its location's address.
    location: e.address ? { key: `${key}@location`, address: e.address } : null,
  };
}
