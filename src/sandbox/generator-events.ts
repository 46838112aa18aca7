// Real events at the real places (ground truth), and each integration's listing of them: titles
// reworded, times shifted (doors vs show, a time-zone slip, date only), fees on prices, lagging
// statuses, each integration's own category taxonomy.
import type { SourceEventRecord, SourceRef } from './source-records';
import type { Rng } from './generator-prng';
import { sourceIdFor, type IntegrationProfile } from './generator-integrations';
import { slug, typo } from './generator-noise';
import type { Place } from './generator-places';
import { ADJECTIVES, EVENT_KINDS, FIRST_NAMES, PLAYS, PLURAL_NOUNS, SERIES, SKILLS, SURNAMES, type EventKind } from './generator-words';

export interface RealEvent {
  index: number;
  place: Place;
  kind: EventKind;
  title: string;
  start: number;
  durationMin: number;
  doorsMin: number;
  status: string;
  /** undefined: free entry. */
  price?: { min: number; max: number };
  keywords: string[];
  description: string;
}

/** A fixed anchor keeps the data identical for a seed whatever day it is generated on. */
export const EVENT_ANCHOR = Date.UTC(2026, 0, 5);
const DAY = 86_400_000;
const MINUTE = 60_000;

function act(rng: Rng): string {
  return rng.chance(0.5) ? `The ${rng.pick(ADJECTIVES)} ${rng.pick(PLURAL_NOUNS)}` : `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`;
}

function title(rng: Rng, kind: EventKind): string {
  switch (kind.id) {
    case 'music': {
      const headliner = act(rng);
      const r = rng.int(4);
      if (r === 0) return `${headliner} feat. ${act(rng)}`;
      if (r === 1) return `${headliner}: ${rng.pick(ADJECTIVES)} ${rng.pick(PLURAL_NOUNS)} Tour`;
      return r === 2 ? `${headliner} Live` : headliner;
    }
    case 'comedy': return rng.chance(0.5) ? `Comedy Night with ${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}` : `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}: Stand-Up`;
    case 'theater': return rng.pick(PLAYS);
    case 'talk': return `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)} on ${rng.pick(['Cities', 'Memory', 'Rivers', 'Maps', 'Birds', 'Jazz', 'Bread'])}`;
    case 'workshop': return `Intro to ${rng.pick(SKILLS)} Workshop`;
    case 'market': return `${rng.pick(['Spring', 'Summer', 'Autumn', 'Winter', 'Holiday'])} Makers Market`;
    default: return rng.pick(SERIES);
  }
}

const HOURS: Record<string, number[]> = { market: [9, 10, 11], workshop: [10, 14, 18], talk: [18, 19] };

function statusOf(rng: Rng): string {
  const u = rng.float();
  if (u < 0.9) return 'EventScheduled';
  if (u < 0.94) return 'EventCancelled';
  if (u < 0.97) return 'EventPostponed';
  return u < 0.99 ? 'EventRescheduled' : 'EventMovedOnline';
}

function makeEvent(rng: Rng, index: number, place: Place, kind: EventKind, name: string, start: number): RealEvent {
  const free = kind.id === 'market' || kind.id === 'social' ? rng.chance(0.7) : rng.chance(0.1);
  const min = 5 * rng.range(1, 12);
  return {
    index, place, kind, title: name, start,
    durationMin: 60 * rng.range(1, 4),
    doorsMin: rng.pick([0, 30, 60]),
    status: statusOf(rng),
    price: free ? undefined : { min, max: min + 5 * rng.range(0, 20) },
    keywords: [...new Set([rng.pick(kind.keywords), rng.pick(kind.keywords)])],
    description: `${name} at ${place.name}, ${place.city.name}.`,
  };
}

/**
 * The true events. About 3% come as early and late shows of one act on one night (different
 * events, 2.5 hours apart, titles that differ only by "(Early Show)"/"(Late Show)", which some
 * integrations drop). Some come as weekly series (same title, same venue, different dates),
 * which are distinct events that a careless matcher would merge. Busy venues host more events.
 */
export function generateEvents(rng: Rng, count: number, places: Place[]): RealEvent[] {
  const events: RealEvent[] = [];
  while (events.length < count && places.length > 0) {
    // Squaring skews venue choice: a few places host many events, most host few.
    const place = places[Math.floor(places.length * rng.float() ** 2)];
    const day = rng.int(365);
    if (rng.chance(0.12)) {
      const name = rng.pick(SERIES);
      const kind = EVENT_KINDS.find((k) => k.id === 'social') as EventKind;
      const hour = rng.range(18, 21);
      const weeks = Math.min(rng.range(2, 6), count - events.length);
      for (let w = 0; w < weeks; w++) events.push(makeEvent(rng, events.length, place, kind, name, EVENT_ANCHOR + (day + 7 * w) * DAY + hour * 3_600_000));
      continue;
    }
    const kind = rng.pick(EVENT_KINDS);
    const hour = rng.pick(HOURS[kind.id] ?? [19, 20, 20, 21]);
    const start = EVENT_ANCHOR + day * DAY + hour * 3_600_000 + rng.pick([0, 0, 30]) * MINUTE;
    const name = title(rng, kind);
    if ((kind.id === 'comedy' || kind.id === 'music') && count - events.length >= 2 && rng.chance(0.1)) {
      events.push(makeEvent(rng, events.length, place, kind, `${name} (Early Show)`, start - 3_600_000));
      events.push(makeEvent(rng, events.length, place, kind, `${name} (Late Show)`, start + 90 * MINUTE));
      continue;
    }
    events.push(makeEvent(rng, events.length, place, kind, name, start));
  }
  return events;
}

function noisyTitle(rng: Rng, e: RealEvent, p: IntegrationProfile): string {
  let out = e.title;
  if (out.endsWith(' Show)') && rng.chance(0.2)) out = out.slice(0, out.lastIndexOf(' ('));
  if (out.includes(': ') && rng.chance(0.3)) out = out.slice(0, out.indexOf(': '));
  if (out.includes(' feat. ')) out = out.replace(' feat. ', rng.pick([' feat. ', ' ft. ', ' with ', ' & ']));
  if (out.endsWith(' Live') && rng.chance(0.3)) out = out.slice(0, -5);
  else if (e.kind.id === 'music' && rng.chance(0.1)) out += ' - Live';
  if (out.startsWith('The ') && rng.chance(p.name.dropThe / 2)) out = out.slice(4);
  if (rng.chance(0.08)) out += ` at ${e.place.name}`;
  if (rng.chance(p.name.typo)) out = typo(rng, out);
  if (rng.chance(p.name.upper)) out = out.toUpperCase();
  return out;
}

function category(e: RealEvent, p: IntegrationProfile): { identifier: string; name: string } {
  const i = EVENT_KINDS.indexOf(e.kind);
  const identifier = p.categoryStyle === 0 ? e.kind.id : p.categoryStyle === 1 ? `c${100 + i}` : `/${e.kind.id}/general`;
  return { identifier, name: e.kind.names[p.categoryStyle] };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** One integration's listing of one event, at that integration's listing of the venue. */
export function listEvent(rng: Rng, e: RealEvent, p: IntegrationProfile, n: number, location: SourceRef): SourceEventRecord {
  const sourceId = sourceIdFor(p, 'event', n, () => slug(e.title));
  let start = e.start;
  let timeConfirmed = true;
  if (rng.chance(p.timeNoise)) {
    const r = rng.int(3);
    if (r === 0) start -= e.doorsMin * MINUTE || 30 * MINUTE; // lists the doors time as the start
    else if (r === 1) start += rng.pick([-1, 1]) * 3_600_000; // time-zone slip
    else { start = start - (start % DAY); timeConfirmed = false; } // date only
  }
  const record: SourceEventRecord = {
    kind: 'event',
    integration: p.uri,
    sourceId,
    name: noisyTitle(rng, e, p),
    startDate: new Date(start).toISOString(),
    accessStart: new Date(start - e.doorsMin * MINUTE).toISOString(),
    accessEnd: new Date(start + e.durationMin * MINUTE).toISOString(),
    dateConfirmed: e.status !== 'EventPostponed',
    timeConfirmed,
    listingCount: rng.range(1, 150),
    // Integrations lag: some still show a cancelled event as scheduled.
    eventStatus: e.status !== 'EventScheduled' && rng.chance(0.3) ? 'EventScheduled' : e.status,
    categories: [category(e, p)],
    keywords: e.keywords.map((k) => (p.categoryStyle === 1 ? k.toUpperCase() : k)),
    url: `https://${p.slug}.example/events/${encodeURIComponent(sourceId)}`,
    location,
  };
  if (rng.chance(0.7)) record.description = rng.chance(0.8) ? e.description : '';
  if (e.price === undefined) {
    record.minimumPrice = 0; record.maximumPrice = 0; record.averagePrice = 0;
  } else if (rng.chance(0.9)) {
    record.minimumPrice = round2(e.price.min * p.fee);
    record.maximumPrice = round2(e.price.max * p.fee);
    record.averagePrice = round2(((e.price.min + e.price.max) / 2) * p.fee);
  }
  if (rng.chance(p.imageRate)) {
    record.images = [{ contentUrl: `https://img.${p.slug}.example/events/${encodeURIComponent(sourceId)}.jpg`, width: 1600, height: 900, representativeOfPage: true }];
  }
  return record;
}

/**
 * Every integration's listings of the events. An integration lists an event only at a place it
 * lists; every event is listed at least once (by one of the integrations listing its venue).
 * eventIndex[i] is the real event behind records[i].
 */
export function listEvents(rng: Rng, events: RealEvent[], profiles: IntegrationProfile[], listings: (SourceRef | undefined)[][]): { records: SourceEventRecord[]; eventIndex: number[] } {
  const chosen: boolean[][] = events.map((e) => {
    const venue = listings[e.place.index];
    const flags = profiles.map((p, k) => venue[k] !== undefined && rng.chance(p.eventCoverage));
    if (!flags.includes(true)) {
      const eligible = profiles.map((_, k) => k).filter((k) => venue[k] !== undefined);
      flags[rng.pick(eligible)] = true;
    }
    return flags;
  });
  const records: SourceEventRecord[] = [];
  const eventIndex: number[] = [];
  profiles.forEach((p, k) => {
    let n = 0;
    for (const e of events) {
      if (!chosen[e.index][k]) continue;
      records.push(listEvent(rng, e, p, n++, listings[e.place.index][k] as SourceRef));
      eventIndex.push(e.index);
    }
  });
  return { records, eventIndex };
}
