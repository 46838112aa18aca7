// Turning merged fields into the wire models of the interface (src/api/model.ts). Members without
// a value are left out rather than sent as null: the spec does not say which members are nullable.
import type { Event, Location, RecommendationEntity } from '../api/model';
import type { MergedEvent, MergedLocation } from './merge';
import type { SourceRecord } from './source-records';
import { EVENT_ENTITY_TYPE, LOCATION_ENTITY_TYPE, sourceEntityId } from './store-ids';

export interface Stamps {
  id: string;
  createdAt: number;
  updatedAt: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function locationWire(s: Stamps, m: MergedLocation): Location {
  const w: Location = { id: s.id, updatedAt: iso(s.updatedAt), createdAt: iso(s.createdAt), sourceIds: m.sourceIds, urls: m.urls, name: m.name };
  // The spec carries coordinates as text.
  if (m.latitude !== undefined && m.longitude !== undefined) {
    w.latitude = String(m.latitude);
    w.longitude = String(m.longitude);
  }
  if (m.telephone !== undefined) w.telephone = m.telephone;
  w.integrations = m.integrations;
  if (m.address) w.address = m.address;
  w.images = m.images;
  return w;
}

export function eventWire(s: Stamps, m: MergedEvent, location: Location | undefined): Event {
  const w: Event = {
    id: s.id,
    updatedAt: iso(s.updatedAt),
    createdAt: iso(s.createdAt),
    integrations: m.integrations,
    name: m.name,
    description: m.description,
    startDate: m.startDate,
  };
  if (m.accessStart !== undefined) w.accessStart = m.accessStart;
  if (m.accessEnd !== undefined) w.accessEnd = m.accessEnd;
  if (m.dateConfirmed !== undefined) w.dateConfirmed = m.dateConfirmed;
  if (m.timeConfirmed !== undefined) w.timeConfirmed = m.timeConfirmed;
  if (m.maximumPrice !== undefined) w.maximumPrice = m.maximumPrice;
  if (m.minimumPrice !== undefined) w.minimumPrice = m.minimumPrice;
  if (m.averagePrice !== undefined) w.averagePrice = m.averagePrice;
  if (m.listingCount !== undefined) w.listingCount = m.listingCount;
  if (m.eventStatus !== undefined) w.eventStatus = m.eventStatus;
  w.categories = m.categories;
  w.keywords = m.keywords;
  w.sourceIds = m.sourceIds;
  w.urls = m.urls;
  w.images = m.images;
  // Imported events may have no location; generated ones always have one.
  if (location) w.location = location;
  return w;
}

/**
 * A source record as a recommendation entity. `identifier` is the id of the unified record the
 * entity currently belongs to, so a client can open the merged record behind each entity.
 * Events show their location's address (and no telephone of their own) and their startDate.
 */
export function entityWire(record: SourceRecord, unifiedId: string, eventLocation?: SourceRecord): RecommendationEntity {
  const w: RecommendationEntity = {
    '@id': sourceEntityId(record.kind, record),
    '@type': record.kind === 'location' ? LOCATION_ENTITY_TYPE : EVENT_ENTITY_TYPE,
    integration: record.integration,
    sourceId: record.sourceId,
    identifier: unifiedId,
    name: record.name,
  };
  if (record.url) w.url = record.url;
  if (record.kind === 'location') {
    if (record.telephone) w.telephone = record.telephone;
    if (record.address) w.address = record.address;
  } else {
    // Not in the spec's entity table, but schema.org's Event has it and curators need it to judge.
    w.startDate = record.startDate;
    if (eventLocation?.kind === 'location' && eventLocation.address) w.address = eventLocation.address;
  }
  return w;
}
