// The protocol of the record pages (one location or one event) towards the page, written once as
// valibot schemas (see ../shared/messages.ts): the page (dist/record-webview.js) parses what the
// extension (src/extension/panels/record-panel*.ts) posts and its saved state. What the page posts
// is in from-page.ts (the extension parses it), the record kinds and address parts in fields.ts.
//
// The views are plain, already-formatted data made in the extension (location-view.ts,
// event-view.ts): the page only lays them out as text. No DOM and no vscode here.
import * as v from 'valibot';
import { ADDRESS_FIELDS, RECORD_KINDS } from './fields';

export type { RecordKind } from './fields';
export type { FromRecordWebview, RecordAction, RecordPageMessage } from './from-page';

const RecordKindSchema = v.picklist(RECORD_KINDS);

const text = v.string();
const maybeText = v.nullable(v.string());

/** An instant shown both ways: the user's local time and UTC. `raw` is the service's text. */
const TimeViewSchema = v.object({ raw: text, local: text, utc: text });
export type TimeView = v.InferOutput<typeof TimeViewSchema>;

/** A URI and its last segment, for reading (`urn:integration:acme` → `acme`). */
const NamedUriSchema = v.object({ uri: text, name: text });
export type NamedUri = v.InferOutput<typeof NamedUriSchema>;

const SourceViewSchema = v.object({ integration: v.nullable(NamedUriSchema), id: maybeText });
export type SourceView = v.InferOutput<typeof SourceViewSchema>;

const UrlViewSchema = v.object({ integration: v.nullable(NamedUriSchema), url: text });
export type UrlView = v.InferOutput<typeof UrlViewSchema>;

const ImageViewSchema = v.object({
  url: text,
  integration: v.nullable(NamedUriSchema),
  /** "640 × 480 px", when the record says. */
  size: maybeText,
  representative: v.boolean(),
  /** Whether the page shows the picture itself: the setting allows remote images and the URL is https. */
  load: v.boolean(),
});
export type ImageView = v.InferOutput<typeof ImageViewSchema>;

/** mapUrl: an OpenStreetMap address for the point, when both coordinates are valid numbers. */
const CoordinatesViewSchema = v.object({ text, mapUrl: maybeText });
export type CoordinatesView = v.InferOutput<typeof CoordinatesViewSchema>;

/** What both kinds of record have. */
const RecordViewBaseSchema = v.object({
  id: text,
  name: maybeText,
  sources: v.array(SourceViewSchema),
  urls: v.array(UrlViewSchema),
  images: v.array(ImageViewSchema),
  integrations: v.array(NamedUriSchema),
  created: v.nullable(TimeViewSchema),
  updated: v.nullable(TimeViewSchema),
  /** Images are in the record but not loaded (the setting is off): the page says how to turn it on. */
  remoteImagesOff: v.boolean(),
});
export type RecordViewBase = v.InferOutput<typeof RecordViewBaseSchema>;

/** One part of the address; the page names it (its strings). */
const AddressLineSchema = v.object({ field: v.picklist(ADDRESS_FIELDS), value: text });
export type AddressLine = v.InferOutput<typeof AddressLineSchema>;

const LocationViewSchema = v.object({
  kind: v.literal('location'),
  ...RecordViewBaseSchema.entries,
  address: v.array(AddressLineSchema),
  coordinates: v.nullable(CoordinatesViewSchema),
  telephone: maybeText,
});
export type LocationView = v.InferOutput<typeof LocationViewSchema>;

const CategoryViewSchema = v.object({ name: maybeText, identifier: maybeText });
export type CategoryView = v.InferOutput<typeof CategoryViewSchema>;

/** The embedded location of an event, as a card that opens the location's panel. */
const LocationCardSchema = v.object({ id: text, name: maybeText, address: maybeText });
export type LocationCard = v.InferOutput<typeof LocationCardSchema>;

const EventViewSchema = v.object({
  kind: v.literal('event'),
  ...RecordViewBaseSchema.entries,
  description: maybeText,
  status: maybeText,
  start: v.nullable(TimeViewSchema),
  accessStart: v.nullable(TimeViewSchema),
  accessEnd: v.nullable(TimeViewSchema),
  /** "yes", "no", or null when the record does not say. */
  dateConfirmed: maybeText,
  timeConfirmed: maybeText,
  prices: v.object({ minimum: maybeText, average: maybeText, maximum: maybeText }),
  listingCount: maybeText,
  categories: v.array(CategoryViewSchema),
  keywords: v.array(text),
  location: v.nullable(LocationCardSchema),
});
export type EventView = v.InferOutput<typeof EventViewSchema>;

const RecordViewSchema = v.union([LocationViewSchema, EventViewSchema]);
export type RecordView = v.InferOutput<typeof RecordViewSchema>;

/** One event in a location panel's list. */
const EventItemSchema = v.object({ id: text, name: maybeText, start: v.nullable(TimeViewSchema), status: maybeText });
export type EventItem = v.InferOutput<typeof EventItemSchema>;

/** The events at a location, as far as they are loaded. */
const EventsAtLocationSchema = v.union([
  v.object({ state: v.literal('loading'), items: v.array(EventItemSchema) }),
  /** `source`: where the list came from when not the service ("from the local mirror, synced 3 min ago"). */
  v.object({ state: v.literal('loaded'), items: v.array(EventItemSchema), hasMore: v.boolean(), source: v.optional(text) }),
  v.object({ state: v.literal('failed'), items: v.array(EventItemSchema), message: text }),
]);
export type EventsAtLocation = v.InferOutput<typeof EventsAtLocationSchema>;

/** Extension → record page. */
export const ToRecordPage = v.union([
  v.object({ type: v.literal('record'), view: RecordViewSchema }),
  v.object({ type: v.literal('events'), locationId: text, events: EventsAtLocationSchema }),
  /** A line for the status area: an action's outcome, or why the record is not live (after a reload). */
  v.object({ type: v.literal('notice'), message: text, tone: v.picklist(['info', 'error']) }),
]);
export type ToRecordWebview = v.InferOutput<typeof ToRecordPage>;

/** What the record page keeps with vscode.setState, and what the serializer restores from. */
export const RecordPanelStateSchema = v.object({
  kind: RecordKindSchema,
  id: text,
  view: v.optional(RecordViewSchema),
  events: v.optional(EventsAtLocationSchema),
});
export type RecordPanelState = v.InferOutput<typeof RecordPanelStateSchema>;
