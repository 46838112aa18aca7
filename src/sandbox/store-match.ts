// The matcher's view of the source records: one MatchLocation per location record, one MatchEvent
// per event record with its location's facts inlined. Keys are sourceKey(record).
import type { MatchEvent, MatchLocation } from '../matching/index';
import { sourceKey, type SourceLocationRecord, type SourceRecord } from './source-records';

function matchLocation(r: SourceLocationRecord): MatchLocation {
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

/**
 * Throws when an event refers to a location that is not there or is not a location (imported data
 * is checked by loadNdjson already; this guards records passed in directly). `generated`: how many
 * leading records came from the generator, for the message.
 */
export function matchInputs(records: readonly SourceRecord[], keyIndex: ReadonlyMap<string, number>, generated: number): { locations: MatchLocation[]; events: MatchEvent[] } {
  const locations: MatchLocation[] = [];
  const byIndex = new Map<number, MatchLocation>();
  records.forEach((r, i) => {
    if (r.kind !== 'location') return;
    const m = matchLocation(r);
    locations.push(m);
    byIndex.set(i, m);
  });
  const events: MatchEvent[] = [];
  records.forEach((r, i) => {
    if (r.kind !== 'event') return;
    let location: MatchLocation | null = null;
    if (r.location) {
      const at = keyIndex.get(sourceKey(r.location));
      const found = at === undefined ? undefined : byIndex.get(at);
      if (!found) {
        const origin = i < generated ? 'generated' : 'imported';
        throw new Error(`${origin} event ${sourceKey(r)} refers to location ${sourceKey(r.location)}, which is ${at === undefined ? 'not in the data set' : 'not a location'}`);
      }
      location = found;
    }
    events.push({ key: sourceKey(r), name: r.name, startDate: r.startDate, location, url: r.url ?? null, integration: r.integration });
  });
  return { locations, events };
}
