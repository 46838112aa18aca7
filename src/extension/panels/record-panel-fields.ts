// The parts of a record view that locations and events share: times (local and UTC), sources,
// URLs, images, integrations. Free of `vscode` (the panel passes the trees' integration naming and
// the setting), so the views are unit-tested under mocha with a fixed time zone and locale.
import type { Image, SourceId, UrlEntry } from '../../api/model';
import { isWebLink } from '../../webview/shared/messages';
import type { ImageView, NamedUri, RecordViewBase, SourceView, TimeView, UrlView } from '../../webview/record/protocol';

export interface RecordViewOptions {
  /** A URI's short name (the trees' integrationName); default: the URI itself. */
  nameOf?: (uri: string) => string;
  /** Whether the setting dedupCurator.panels.loadRemoteImages is on. */
  loadRemoteImages?: boolean;
  /** For tests: fixed locale and time zone; default the editor's. */
  locale?: string;
  timeZone?: string;
}

export const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() !== '' ? x : null);

export function named(uri: string | null | undefined, o: RecordViewOptions): NamedUri | null {
  const u = text(uri);
  return u === null ? null : { uri: u, name: o.nameOf?.(u) ?? u };
}

/** The service's timestamp in local time (with its zone) and in UTC; a text that is no instant stays as it is. */
export function timeView(raw: string | null | undefined, o: RecordViewOptions): TimeView | null {
  const t = text(raw);
  if (t === null) return null;
  const d = new Date(t);
  if (Number.isNaN(d.getTime())) return { raw: t, local: t, utc: 'not a valid timestamp' };
  const local = new Intl.DateTimeFormat(o.locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
    timeZone: o.timeZone,
  }).format(d);
  return { raw: t, local, utc: d.toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC') };
}

export function numberText(x: number | null | undefined, o: RecordViewOptions): string | null {
  return typeof x === 'number' && Number.isFinite(x) ? x.toLocaleString(o.locale ?? 'en-US', { maximumFractionDigits: 6 }) : null;
}

export function sourcesView(ids: SourceId[] | null | undefined, o: RecordViewOptions): SourceView[] {
  return (ids ?? []).map((s) => ({ integration: named(s.integration, o), id: text(s.id) }));
}

/** Every URL entry that has a URL; whether it becomes a link is the page's check (http/https only). */
export function urlsView(urls: UrlEntry[] | null | undefined, o: RecordViewOptions): UrlView[] {
  return (urls ?? []).flatMap((u) => {
    const url = text(u.url);
    return url === null ? [] : [{ integration: named(u.integration, o), url }];
  });
}

function sizeText(img: Image): string | null {
  const w = typeof img.width === 'number' && img.width > 0 ? img.width : null;
  const h = typeof img.height === 'number' && img.height > 0 ? img.height : null;
  if (w !== null && h !== null) return `${w} × ${h} px`;
  if (w !== null) return `${w} px wide`;
  if (h !== null) return `${h} px high`;
  return null;
}

/** Loaded by the page only when the setting allows and the address is https (the CSP allows no other). */
export function imagesView(images: Image[] | null | undefined, o: RecordViewOptions): ImageView[] {
  return (images ?? []).flatMap((img) => {
    const url = text(img.contentUrl);
    if (url === null) return [];
    const https = isWebLink(url) && new URL(url.trim()).protocol === 'https:';
    return [{ url, integration: named(img.integration, o), size: sizeText(img), representative: img.representativeOfPage === true, load: !!o.loadRemoteImages && https }];
  });
}

interface BaseRecord {
  id: string;
  name?: string | null;
  sourceIds?: SourceId[] | null;
  urls?: UrlEntry[] | null;
  images?: Image[] | null;
  integrations?: string[] | null;
  createdAt?: string | null;
  updatedAt?: string | null;
}

export function baseView(r: BaseRecord, o: RecordViewOptions): RecordViewBase {
  const images = imagesView(r.images, o);
  return {
    id: r.id,
    name: text(r.name),
    sources: sourcesView(r.sourceIds, o),
    urls: urlsView(r.urls, o),
    images,
    integrations: (r.integrations ?? []).flatMap((u) => named(u, o) ?? []),
    created: timeView(r.createdAt, o),
    updated: timeView(r.updatedAt, o),
    remoteImagesOff: images.length > 0 && !o.loadRemoteImages,
  };
}
