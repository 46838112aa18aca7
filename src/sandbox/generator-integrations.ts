// Integrations: the third-party sources the sandbox pretends to have synced. Each has a house style
// (how it formats phones, abbreviates streets, rounds coordinates, names categories) and a coverage
// (the share of places and events it lists), which is where realistic disagreement comes from.
import type { Rng } from './generator-prng';
import type { NameNoise, PhoneStyle } from './generator-noise';

export interface IntegrationProfile {
  uri: string;
  slug: string;
  /** Share of places this integration lists. */
  coverage: number;
  /** Share of the events at its listed places that it also lists. */
  eventCoverage: number;
  phoneStyle: PhoneStyle;
  /** Share of listings that carry a telephone / the venue's website / coordinates / a postal code. */
  phoneRate: number;
  urlRate: number;
  coordRate: number;
  postalRate: number;
  abbreviate: number;
  /** Decimal places kept on coordinates, and the typical geocoding error in metres. */
  coordDecimals: number;
  jitterM: number;
  countryAsName: boolean;
  name: NameNoise;
  categoryStyle: 0 | 1 | 2;
  idStyle: 'numeric' | 'prefixed' | 'hex' | 'slug';
  imageRate: number;
  /** Chance an event listing's time is off (doors time, time-zone slip, date only). */
  timeNoise: number;
  /** Fee factor on ticket prices. */
  fee: number;
}

const NAMES = ['citylistings', 'venuefinder', 'ticketbay', 'localguide', 'eventhub', 'gigradar', 'mapdirectory', 'whatson'];
const PHONE_STYLES: PhoneStyle[] = ['national', 'e164', 'dashes', 'international', 'dots', 'digits'];
const ID_STYLES: IntegrationProfile['idStyle'][] = ['numeric', 'hex', 'prefixed', 'slug'];

export function integrationProfiles(count: number, rng: Rng): IntegrationProfile[] {
  const out: IntegrationProfile[] = [];
  for (let i = 0; i < count; i++) {
    const base = NAMES[i % NAMES.length];
    const slug = i < NAMES.length ? base : `${base}-${Math.floor(i / NAMES.length) + 1}`;
    // The first integrations are the big directories; later ones are smaller and messier.
    const big = i < 2;
    out.push({
      uri: `urn:integration:${slug}`,
      slug,
      coverage: big ? 0.85 - 0.1 * i : 0.45 + 0.25 * rng.float(),
      eventCoverage: 0.5 + 0.3 * rng.float(),
      phoneStyle: PHONE_STYLES[i % PHONE_STYLES.length],
      phoneRate: 0.55 + 0.4 * rng.float(),
      urlRate: 0.4 + 0.5 * rng.float(),
      coordRate: big ? 0.98 : 0.85 + 0.13 * rng.float(),
      postalRate: 0.8 + 0.2 * rng.float(),
      abbreviate: i % 2 === 0 ? 0.15 : 0.85,
      coordDecimals: 4 + (i % 3),
      jitterM: 10 + 50 * rng.float(),
      countryAsName: i % 3 === 2,
      name: {
        typo: big ? 0.03 : 0.06 + 0.06 * rng.float(),
        dropThe: 0.2 + 0.5 * rng.float(),
        ampersand: 0.3,
        reorder: i % 4 === 3 ? 0.3 : 0.02,
        dropToken: 0.04,
        citySuffix: i % 4 === 2 ? 0.25 : 0.02,
        upper: i % 5 === 4 ? 0.5 : 0.01,
        stripAccents: i % 2 === 1 ? 0.9 : 0.1,
      },
      categoryStyle: (i % 3) as 0 | 1 | 2,
      idStyle: ID_STYLES[i % ID_STYLES.length],
      imageRate: 0.2 + 0.5 * rng.float(),
      timeNoise: big ? 0.15 : 0.3 + 0.2 * rng.float(),
      fee: 1 + (i % 4) * 0.05,
    });
  }
  return out;
}

/** The integration's own identifier for its n-th record, in its house style (label: lazily, it is costly). */
export function sourceIdFor(p: IntegrationProfile, kind: 'location' | 'event', n: number, label: () => string): string {
  const prefix = kind === 'location' ? 'v' : 'e';
  switch (p.idStyle) {
    case 'numeric': return String((kind === 'location' ? 100000 : 500000) + n);
    case 'prefixed': return `${prefix}_${n.toString(36).padStart(6, '0')}`;
    case 'hex': return `${prefix}${((n * 2654435761) >>> 0).toString(16).padStart(8, '0')}${n.toString(16)}`;
    default: return `${label().slice(0, 40)}-${n.toString(36)}`;
  }
}
