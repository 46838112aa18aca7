// A location as its panel shows it: address lines, coordinates with a map link, telephone, and the
// shared parts (record-panel-fields.ts). Also the short form of an event in a location's list.
import type { Address, Event, Location } from '../../api/model';
import { ADDRESS_FIELDS } from '../../webview/record/fields';
import type { AddressLine, CoordinatesView, EventItem, LocationCard, LocationView } from '../../webview/record/protocol';
import { statusText } from '../event-status';
import { type RecordViewOptions, baseView, text, timeView } from './record-panel-fields';

/** The address's parts in display order; the page names each in the user's language. */
export function addressLines(a: Address | null | undefined): AddressLine[] {
  if (!a) return [];
  return ADDRESS_FIELDS.flatMap((field) => {
    const value = text(a[field]);
    return value === null ? [] : [{ field, value }];
  });
}

/** Degrees as the spec carries them (text) or as numbers; null when not a number in range. */
function degrees(x: unknown, limit: number): number | null {
  const n = typeof x === 'number' ? x : typeof x === 'string' && x.trim() !== '' ? Number(x) : NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

export function coordinatesView(latitude: unknown, longitude: unknown): CoordinatesView | null {
  const shown = [latitude, longitude].map((x) => (typeof x === 'number' ? String(x) : text(x)));
  if (shown[0] === null && shown[1] === null) return null;
  const lat = degrees(latitude, 90);
  const lon = degrees(longitude, 180);
  // Built from the parsed numbers, never from the record's text: the address is ours.
  const mapUrl = lat !== null && lon !== null ? `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}` : null;
  return { text: `${shown[0] ?? '?'}, ${shown[1] ?? '?'}`, mapUrl };
}

export function locationView(l: Location, o: RecordViewOptions = {}): LocationView {
  return {
    kind: 'location',
    ...baseView(l, o),
    address: addressLines(l.address),
    coordinates: coordinatesView(l.latitude, l.longitude),
    telephone: text(l.telephone),
  };
}

/** One line of address for cards: street, postal code and locality, country. */
export function addressSummary(a: Address | null | undefined): string | null {
  if (!a) return null;
  const parts = [text(a.streetAddress), [text(a.postalCode), text(a.addressLocality)].filter(Boolean).join(' '), text(a.addressCountry)];
  return parts.filter((p) => p).join(', ') || null;
}

export function locationCard(l: Location): LocationCard {
  return { id: l.id, name: text(l.name), address: addressSummary(l.address) };
}

export function eventItem(e: Event, o: RecordViewOptions = {}): EventItem {
  return { id: e.id, name: text(e.name), start: timeView(e.startDate, o), status: statusText(e.eventStatus) };
}
