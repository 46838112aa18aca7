// The messages of the record panels (one location or one event), shared by the extension
// (src/extension/panels/record-panel*.ts) and their browser bundle (dist/record-webview.js).
//
// The views are plain, already-formatted data made in the extension (location-view.ts,
// event-view.ts): the page only lays them out as text. `ready` and `openLink` have the same shape
// and the same checks as the comparison panel's (protocol.ts), so BasePanel handles both alike.
// Like protocol.ts, no DOM and no vscode here: both bundles include this file.
import { parseWebviewMessage } from './protocol';

export type RecordKind = 'location' | 'event';

/** An instant shown both ways: the user's local time and UTC. `raw` is the service's text. */
export interface TimeView {
  raw: string;
  local: string;
  utc: string;
}

export interface NamedUri {
  uri: string;
  /** The URI's last segment, for reading (`urn:integration:acme` → `acme`). */
  name: string;
}

export interface SourceView {
  integration: NamedUri | null;
  id: string | null;
}

export interface UrlView {
  integration: NamedUri | null;
  url: string;
}

export interface ImageView {
  url: string;
  integration: NamedUri | null;
  /** "640 × 480 px", when the record says. */
  size: string | null;
  representative: boolean;
  /** Whether the page shows the picture itself: the setting allows remote images and the URL is https. */
  load: boolean;
}

export interface CoordinatesView {
  text: string;
  /** An OpenStreetMap address for the point, when both coordinates are valid numbers. */
  mapUrl: string | null;
}

/** What both kinds of record have. */
export interface RecordViewBase {
  id: string;
  name: string | null;
  sources: SourceView[];
  urls: UrlView[];
  images: ImageView[];
  integrations: NamedUri[];
  created: TimeView | null;
  updated: TimeView | null;
  /** Images are in the record but not loaded (the setting is off): the page says how to turn it on. */
  remoteImagesOff: boolean;
}

export interface AddressLine {
  label: string;
  value: string;
}

export interface LocationView extends RecordViewBase {
  kind: 'location';
  address: AddressLine[];
  coordinates: CoordinatesView | null;
  telephone: string | null;
}

export interface CategoryView {
  name: string | null;
  identifier: string | null;
}

/** The embedded location of an event, as a card that opens the location's panel. */
export interface LocationCard {
  id: string;
  name: string | null;
  address: string | null;
}

export interface EventView extends RecordViewBase {
  kind: 'event';
  description: string | null;
  status: string | null;
  start: TimeView | null;
  accessStart: TimeView | null;
  accessEnd: TimeView | null;
  /** "yes", "no", or null when the record does not say. */
  dateConfirmed: string | null;
  timeConfirmed: string | null;
  prices: { minimum: string | null; average: string | null; maximum: string | null };
  listingCount: string | null;
  categories: CategoryView[];
  keywords: string[];
  location: LocationCard | null;
}

export type RecordView = LocationView | EventView;

/** One event in a location panel's list. */
export interface EventItem {
  id: string;
  name: string | null;
  start: TimeView | null;
  status: string | null;
}

/** The events at a location, as far as they are loaded. */
export type EventsAtLocation =
  | { state: 'loading'; items: EventItem[] }
  | { state: 'loaded'; items: EventItem[]; hasMore: boolean }
  | { state: 'failed'; items: EventItem[]; message: string };

/** Extension → record page. */
export type ToRecordWebview =
  | { type: 'record'; view: RecordView }
  | { type: 'events'; locationId: string; events: EventsAtLocation }
  /** A line for the status area: an action's outcome, or why the record is not live (after a reload). */
  | { type: 'notice'; message: string; tone: 'info' | 'error' };

export type RecordAction = 'openJson' | 'copyId';

/** Record page → extension. The ids say which record the page shows; the panel drops stale ones. */
export type FromRecordWebview =
  | { type: 'ready' }
  | { type: 'openLink'; url: string }
  | { type: 'action'; action: RecordAction; id: string }
  /** Open the panel of a related record: an event in a location's list, an event's location. */
  | { type: 'openRecord'; kind: RecordKind; id: string }
  | { type: 'loadMoreEvents'; locationId: string };

/** What the record page keeps with vscode.setState, and what the serializer restores from. */
export interface RecordPanelState {
  kind: RecordKind;
  id: string;
  view?: RecordView;
  events?: EventsAtLocation;
}

const MAX_ID = 4096;
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isId = (x: unknown): x is string => typeof x === 'string' && x.length > 0 && x.length <= MAX_ID;
const isKind = (x: unknown): x is RecordKind => x === 'location' || x === 'event';

/** The message if the record panel understands it, else undefined (the caller logs and drops it). */
export function parseRecordMessage(raw: unknown): FromRecordWebview | undefined {
  if (!isObject(raw)) return undefined;
  switch (raw.type) {
    case 'ready':
    case 'openLink': {
      // The comparison protocol's checks (http/https only, length bounds), not a second copy of them.
      const m = parseWebviewMessage(raw);
      return m?.type === 'ready' || m?.type === 'openLink' ? m : undefined;
    }
    case 'action':
      if (raw.action !== 'openJson' && raw.action !== 'copyId') return undefined;
      return isId(raw.id) ? { type: 'action', action: raw.action, id: raw.id } : undefined;
    case 'openRecord':
      return isKind(raw.kind) && isId(raw.id) ? { type: 'openRecord', kind: raw.kind, id: raw.id } : undefined;
    case 'loadMoreEvents':
      return isId(raw.locationId) ? { type: 'loadMoreEvents', locationId: raw.locationId } : undefined;
    default:
      return undefined;
  }
}

/** Kind and id of a saved record panel state (the serializer's input), if it has them. */
export function recordStateKey(state: unknown): { kind: RecordKind; id: string } | undefined {
  return isObject(state) && isKind(state.kind) && isId(state.id) ? { kind: state.kind, id: state.id } : undefined;
}
