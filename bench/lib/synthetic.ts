// Turns generated source records into the matcher's inputs, with each record's true entity.
import { sourceKey, type SourceEventRecord, type SourceLocationRecord, type SourceRecord } from '../../src/sandbox/source-records';
import type { MatchEvent, MatchLocation } from '../../src/matching';

export function toMatchLocation(r: SourceLocationRecord): MatchLocation {
  return {
    key: sourceKey(r),
    name: r.name,
    address: r.address ?? null,
    telephone: r.telephone ?? null,
    url: r.url ?? null,
    latitude: r.latitude ?? null,
    longitude: r.longitude ?? null,
    integration: r.integration,
  };
}

export function toMatchEvent(r: SourceEventRecord, locations: Map<string, MatchLocation>): MatchEvent {
  return {
    key: sourceKey(r),
    name: r.name,
    startDate: r.startDate,
    location: r.location ? (locations.get(sourceKey(r.location)) ?? null) : null,
    url: r.url ?? null,
    integration: r.integration,
  };
}

export function splitRecords(records: readonly SourceRecord[]): { locations: MatchLocation[]; events: MatchEvent[] } {
  const locations: MatchLocation[] = [];
  for (const r of records) if (r.kind === 'location') locations.push(toMatchLocation(r));
  const byKey = new Map(locations.map((l) => [l.key, l]));
  const events: MatchEvent[] = [];
  for (const r of records) if (r.kind === 'event') events.push(toMatchEvent(r, byKey));
  return { locations, events };
}
