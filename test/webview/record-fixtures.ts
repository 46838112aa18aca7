// Records as the service sends them (the client's models), turned into panel views by the
// extension's own builders with a fixed locale and time zone; and hostile versions where every
// string is an attack on the renderer and every URL is javascript:, data: or command:.
import type { Event, Location } from '../../src/api/model';
import { eventView } from '../../src/extension/panels/event-view';
import { locationView } from '../../src/extension/panels/location-view';
import type { RecordViewOptions } from '../../src/extension/panels/record-panel-fields';
import type { EventView, LocationView } from '../../src/webview/record/protocol';
import { PAYLOADS } from './fixtures';

export const OPTIONS: RecordViewOptions = { locale: 'en-GB', timeZone: 'Europe/Vienna', nameOf: (u) => u.split(/[/:#]/).filter(Boolean).pop() ?? u };

export const CAFE_LOCATION: Location = {
  id: 'urn:location:cafe-central',
  name: 'Café Central',
  createdAt: '2024-01-15T09:30:00.000Z',
  updatedAt: '2024-06-01T22:15:30.000Z',
  latitude: '48.2104',
  longitude: '16.3655',
  telephone: '+43 1 5333763',
  address: { streetAddress: 'Herrengasse 14', postalCode: '1010', addressLocality: 'Wien', addressRegion: 'Wien', addressCountry: 'AT' },
  sourceIds: [
    { integration: 'urn:integration:acme', id: 'acme-1' },
    { integration: 'urn:integration:globex', id: 'globex-9' },
  ],
  urls: [
    { integration: 'urn:integration:acme', url: 'https://cafecentral.wien/' },
    { integration: 'urn:integration:globex', url: 'http://central.example/menu' },
  ],
  integrations: ['urn:integration:acme', 'urn:integration:globex'],
  images: [
    { contentUrl: 'https://127.0.0.1:1/cafe.jpg', width: 640, height: 480, representativeOfPage: true, integration: 'urn:integration:acme' },
    { contentUrl: 'http://127.0.0.1:1/plain.jpg', integration: 'urn:integration:globex' },
  ],
};

export const CONCERT: Event = {
  id: 'urn:event:quartet',
  name: 'String Quartet Evening',
  description: 'Haydn and Schubert in the arcade hall.',
  createdAt: '2024-05-01T08:00:00.000Z',
  updatedAt: '2024-05-02T08:00:00.000Z',
  startDate: '2024-07-04T17:30:00.000Z',
  accessStart: '2024-07-04T17:00:00.000Z',
  accessEnd: '2024-07-04T20:00:00.000Z',
  dateConfirmed: true,
  timeConfirmed: false,
  minimumPrice: 12,
  averagePrice: 18.5,
  maximumPrice: 30,
  listingCount: 3,
  eventStatus: 'https://schema.org/EventScheduled',
  categories: [{ identifier: 'urn:category:music', name: 'Music' }],
  keywords: ['chamber', 'classical'],
  sourceIds: [{ integration: 'urn:integration:tix', id: 'tix-77' }],
  urls: [{ integration: 'urn:integration:tix', url: 'https://tix.example/quartet' }],
  integrations: ['urn:integration:tix'],
  images: [{ contentUrl: 'https://127.0.0.1:1/quartet.png', width: 1200, height: 800, integration: 'urn:integration:tix' }],
  location: CAFE_LOCATION,
};

export const locationFixture = (o: RecordViewOptions = {}): LocationView => locationView(CAFE_LOCATION, { ...OPTIONS, ...o });
export const eventFixture = (o: RecordViewOptions = {}): EventView => eventView(CONCERT, { ...OPTIONS, ...o });

const RTL = 'مقهى سنترال \u202Eevil.exe\u202C שלום';
const EMOJI = '☕️ Café 👩🏽‍🍳 🇦🇹';
export const HOSTILE_URLS = ['javascript:window.__rec.pwned++', 'data:text/html,<script>parent.__rec.pwned++</script>', ' JaVaScRiPt:window.__rec.pwned++', 'command:workbench.action.quit', 'vbscript:msgbox(1)', 'file:///etc/passwd'];

let n = 0;
const bad = () => `${PAYLOADS[n++ % PAYLOADS.length]} ${n % 2 ? RTL : EMOJI}`;

function hostileLocation(): Location {
  return {
    id: `urn:location:${bad()}`,
    name: bad(),
    createdAt: bad(),
    updatedAt: '2024-06-01T22:15:30.000Z',
    latitude: bad(),
    longitude: '16.3655',
    telephone: bad(),
    address: { streetAddress: bad(), postalCode: bad(), addressLocality: bad(), addressRegion: bad(), addressCountry: bad() },
    sourceIds: [{ integration: bad(), id: bad() }],
    urls: HOSTILE_URLS.map((url) => ({ integration: bad(), url })),
    integrations: [bad(), bad()],
    // With remote images allowed, these must still never load: none is https.
    images: HOSTILE_URLS.map((contentUrl) => ({ contentUrl, width: 10, height: 10, integration: bad() })),
  };
}

export function hostileLocationView(o: RecordViewOptions = {}): LocationView {
  return locationView(hostileLocation(), { ...OPTIONS, ...o });
}

export function hostileEventView(o: RecordViewOptions = {}): EventView {
  const loc = hostileLocation();
  const e: Event = {
    id: `urn:event:${bad()}`,
    name: bad(),
    description: bad(),
    startDate: bad(),
    accessStart: bad(),
    accessEnd: '2024-07-04T20:00:00.000Z',
    eventStatus: bad(),
    categories: [{ identifier: bad(), name: bad() }],
    keywords: [bad(), bad()],
    sourceIds: [{ integration: bad(), id: bad() }],
    urls: HOSTILE_URLS.map((url) => ({ integration: bad(), url })),
    images: HOSTILE_URLS.map((contentUrl) => ({ contentUrl, integration: bad() })),
    integrations: [bad()],
    location: loc,
  };
  return eventView(e, { ...OPTIONS, ...o });
}

/** Words enough to overflow a clipped box of the record panels at a narrow width (under 2,000 characters: no "Show all"). */
const longWords = (what: string, n: number) => Array.from({ length: n }, (_, i) => `${what}${i}`).join(' ');

/** A location whose address overflows its box (the panel clips long values and scrolls them). */
export function longLocationFixture(o: RecordViewOptions = {}): LocationView {
  const address = { ...CAFE_LOCATION.address, streetAddress: longWords('Herrengasse', 100), addressLocality: longWords('Wien', 150) };
  return locationView({ ...CAFE_LOCATION, address }, { ...OPTIONS, ...o });
}

/** An event whose title, categories and location address overflow their boxes. */
export function longEventFixture(o: RecordViewOptions = {}): EventView {
  const location = { ...CAFE_LOCATION, address: { ...CAFE_LOCATION.address, streetAddress: longWords('Herrengasse', 100) } };
  const categories = Array.from({ length: 60 }, (_, i) => ({ identifier: `urn:category:${i}`, name: longWords(`Music${i}-`, 4) }));
  return eventView({ ...CONCERT, name: longWords('Quartet', 150), categories, location }, { ...OPTIONS, ...o });
}
