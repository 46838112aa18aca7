// Real places (the ground truth) and how each integration lists them (the noisy source records).
import type { SourceLocationRecord, SourceRef } from './source-records';
import type { Rng } from './generator-prng';
import type { IntegrationProfile } from './generator-integrations';
import { sourceIdFor } from './generator-integrations';
import { formatPhone, noisyName, noisyStreet, noisyUrl, slug, type StreetParts } from './generator-noise';
import { ADJECTIVES, CHAINS, CITIES, DIRECTIONS, NOUNS, STREETS, SURNAMES, VENUE_TYPES, type City } from './generator-words';

export interface Place {
  index: number;
  name: string;
  city: City;
  street: StreetParts;
  postalCode: string;
  lat: number;
  lon: number;
  phone: { countryCode: string; area: string; local: string };
  /** Host name of the venue's own website, when it has one. */
  host?: string;
  /** The name before a rebrand; stale directories still list it. */
  formerName?: string;
  /** Another entrance on a cross street, which some directories give as the address. */
  altStreet?: StreetParts;
}

/** Suffixes of a sibling venue in the same building ("Copper Kettle" and "Copper Kettle Bar"). */
const SIBLING_SUFFIXES = ['Bar', 'Upstairs', 'Lounge', 'Annex', 'Kitchen', 'Studio', 'Rooftop', 'Back Room'];

const KM_PER_DEGREE = 111.32;

function venueName(rng: Rng): string {
  switch (rng.int(5)) {
    case 0: return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} ${rng.pick(VENUE_TYPES)}`;
    case 1: return `The ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
    case 2: return `${rng.pick(SURNAMES)}'s ${rng.pick(VENUE_TYPES)}`;
    case 3: return `${rng.pick(NOUNS)} & ${rng.pick(NOUNS)}`;
    default: return `${rng.pick(NOUNS)} ${rng.pick(VENUE_TYPES)}`;
  }
}

function randomStreet(rng: Rng): StreetParts {
  const [base, type] = rng.pick(STREETS);
  return {
    number: String(rng.chance(0.7) ? rng.range(1, 999) : rng.range(1000, 4999)),
    direction: rng.chance(0.12) ? rng.pick(DIRECTIONS) : undefined,
    base,
    type,
    unit: rng.chance(0.12) ? String(rng.range(1, 30) * 10) : undefined,
  };
}

/**
 * The true places. About 6% are chain branches; about 3% share a building with another place, and
 * about 1.5% are a sibling of another place (its name plus "Bar", "Upstairs"…, same building): all
 * different places that look alike. About 4% were renamed and 4% have a second entrance address:
 * the same place that looks different.
 */
export function generatePlaces(rng: Rng, count: number): Place[] {
  const places: Place[] = [];
  for (let i = 0; i < count; i++) {
    const u = rng.float();
    const previous = places.length > 0 && u < 0.05 ? places[rng.int(places.length)] : undefined;
    const sibling = previous !== undefined && u < 0.015;
    const city = previous ? previous.city : rng.pick(CITIES);
    const chain = !sibling && rng.chance(0.06) ? rng.pick(CHAINS) : undefined;
    const name = sibling ? `${previous.name} ${rng.pick(SIBLING_SUFFIXES)}` : chain ?? venueName(rng);
    let lat: number, lon: number;
    if (previous) {
      lat = previous.lat + rng.normal() * 0.00005;
      lon = previous.lon + rng.normal() * 0.00005;
    } else {
      const r = city.radiusKm * Math.sqrt(rng.float());
      const angle = 2 * Math.PI * rng.float();
      lat = city.lat + (r * Math.sin(angle)) / KM_PER_DEGREE;
      lon = city.lon + (r * Math.cos(angle)) / (KM_PER_DEGREE * Math.cos((city.lat * Math.PI) / 180));
    }
    const street = previous ? { ...previous.street, unit: String(rng.range(1, 30) * 10) } : randomStreet(rng);
    places.push({
      index: i,
      name,
      city,
      street,
      postalCode: previous ? previous.postalCode : city.postalCode(rng),
      lat,
      lon,
      phone: city.phone(rng),
      // Chain branches share the chain's website, one more thing that must not merge them.
      host: rng.chance(0.7) ? `${slug(chain ?? `${name}-${city.name}`)}.example` : undefined,
    });
    const place = places[places.length - 1];
    if (!chain && rng.chance(0.04)) place.formerName = venueName(rng);
    if (rng.chance(0.04)) place.altStreet = { ...randomStreet(rng), unit: undefined };
  }
  return places;
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** One integration's listing of one place. */
export function listPlace(rng: Rng, place: Place, p: IntegrationProfile, n: number): SourceLocationRecord {
  const sourceId = sourceIdFor(p, 'location', n, () => slug(`${place.name}-${place.city.name}`));
  const city = place.city;
  const record: SourceLocationRecord = {
    kind: 'location',
    integration: p.uri,
    sourceId,
    // Stale directories keep a renamed venue's old name; some give the side entrance as the address.
    name: noisyName(rng, place.formerName && rng.chance(0.35) ? place.formerName : place.name, city.name, p.name),
    address: {
      streetAddress: noisyStreet(rng, place.altStreet && rng.chance(0.35) ? place.altStreet : place.street, p.abbreviate, p.name.typo / 2),
      ...(rng.chance(p.postalRate) ? { postalCode: place.postalCode } : {}),
      ...(rng.chance(0.95) ? { addressRegion: city.region } : {}),
      addressLocality: city.name,
      addressCountry: p.countryAsName ? city.countryVariants[0] : city.country,
    },
  };
  if (rng.chance(p.phoneRate)) record.telephone = formatPhone(rng, p.phoneStyle, place.phone);
  if (place.host && rng.chance(p.urlRate)) record.url = noisyUrl(rng, place.host);
  if (rng.chance(p.coordRate)) {
    // Geocoders disagree by tens of metres; now and then one snaps to a street centroid far off.
    const metres = rng.chance(0.05) ? 200 + 300 * rng.float() : p.jitterM;
    const dLat = (rng.normal() * metres) / 1000 / KM_PER_DEGREE;
    const dLon = (rng.normal() * metres) / 1000 / (KM_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180));
    record.latitude = round(place.lat + dLat, p.coordDecimals);
    record.longitude = round(place.lon + dLon, p.coordDecimals);
  }
  if (rng.chance(p.imageRate)) {
    record.images = [{ contentUrl: `https://img.${p.slug}.example/venues/${encodeURIComponent(sourceId)}/cover.jpg`, width: 1200, height: 800, representativeOfPage: true }];
  }
  return record;
}

/**
 * Every integration's listings of the places. Not every integration lists every place, but every
 * place is listed at least once. Returns the records, integration by integration (as they would be
 * synced), and for each place the listing each integration has of it (for events to refer to).
 */
export function listPlaces(rng: Rng, places: Place[], profiles: IntegrationProfile[]): { records: SourceLocationRecord[]; listings: (SourceRef | undefined)[][] } {
  const listedBy: boolean[][] = places.map(() => {
    const flags = profiles.map((p) => rng.chance(p.coverage));
    if (!flags.includes(true)) flags[rng.int(profiles.length)] = true;
    return flags;
  });
  const records: SourceLocationRecord[] = [];
  const listings: (SourceRef | undefined)[][] = places.map(() => new Array<SourceRef | undefined>(profiles.length));
  profiles.forEach((p, k) => {
    let n = 0;
    for (const place of places) {
      if (!listedBy[place.index][k]) continue;
      const record = listPlace(rng, place, p, n++);
      records.push(record);
      listings[place.index][k] = { integration: record.integration, sourceId: record.sourceId };
    }
  });
  return { records, listings };
}
