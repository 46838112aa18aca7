// DOM building blocks of the record panels (location, event): labelled fields, links, times,
// sources, URLs, images. Every value from a record goes in through text nodes (el() appends
// strings as text), never as HTML; the only data-bearing attributes are a link's href and an
// image's src, each set only after the http(s) check (https for images).
import { t } from './l10n';
import { clip, longText, MAX_FIELD_CHARS } from '../shared/long-value';
import { el } from '../shared/dom';
import { webLink } from '../shared/links';
import { isWebLink } from '../shared/messages';
import type { ImageView, NamedUri, RecordAction, RecordView, SourceView, TimeView, UrlView } from './protocol';
import type { RecordIcon } from './icons';


export interface RecordHandlers {
  openLink(url: string): void;
  action(action: RecordAction): void;
}

type Content = Node | string | null | undefined;

export function icon(name: RecordIcon): HTMLElement {
  const span = el('span', `codicon codicon-${name}`);
  span.setAttribute('aria-hidden', 'true');
  return span;
}

export const missing = (what = t('notGiven')) => el('span', 'muted', what);

/** A value from the record as text: a long one shows its start and a "Show all" button. */
export const text = (value: string): Node[] => longText(value, MAX_FIELD_CHARS);

/** One labelled value of a field list; data-field names it for tests and styles. */
export function field(key: string, label: string, ...value: Content[]): HTMLElement {
  const shown = value.filter((v) => v !== null && v !== undefined && v !== '').flatMap((v) => (typeof v === 'string' ? text(v) : [v]));
  const dd = el('dd', undefined, ...(shown.length ? shown : [missing()]));
  // A right-to-left value keeps its own direction (dir=auto: from its first strong character).
  // Not CSS unicode-bidi: plaintext, which makes the browser lay out a 1 MB value for seconds.
  dd.dir = 'auto';
  const row = el('div', 'field', el('dt', undefined, label), dd);
  row.dataset.field = key;
  return row;
}

export function fieldList(...rows: HTMLElement[]): HTMLDListElement {
  return el('dl', 'fields', ...rows);
}

/** A section with a heading that names it for screen readers. */
export function section(key: string, title: string, iconName: RecordIcon, ...children: Content[]): HTMLElement {
  const heading = el('h2', undefined, icon(iconName), ` ${title}`);
  heading.id = `section-${key}`;
  const s = el('section', `part ${key}`, heading, ...children);
  s.setAttribute('aria-labelledby', heading.id);
  s.dataset.section = key;
  return s;
}

/** A web address as a link opened by the extension (which checks the scheme again); anything else as text. */
export function link(url: string, handlers: RecordHandlers, label?: string): HTMLElement {
  const target = url.trim();
  if (!isWebLink(target)) return el('span', 'not-link', ...text(url), el('span', 'muted', t('notWebAddress')));
  return webLink(target, t('openUrlInBrowser', clip(target)), handlers.openLink, label ?? clip(url));
}

export function time(t: TimeView | null): Content {
  if (!t) return null;
  return el('span', 'time', el('span', 'local', ...text(t.local)), el('span', 'utc', t.utc));
}

const integrationText = (i: NamedUri | null) => (i ? i.name : t('unknownIntegration'));

function integrationLabel(i: NamedUri | null): HTMLElement {
  const span = el('span', 'integration', clip(integrationText(i)));
  if (i && i.name !== i.uri) span.title = clip(i.uri);
  return span;
}

export function sourcesTable(sources: SourceView[]): HTMLElement {
  if (!sources.length) return el('p', 'muted', t('noSources'));
  const head = el('tr', undefined, th('col', t('integration')), th('col', t('idInIntegration')));
  const body = el('tbody', undefined, ...sources.map((s) => el('tr', 'source', el('td', undefined, integrationLabel(s.integration)), el('td', 'value', ...(s.id === null ? [missing()] : text(s.id))))));
  const caption = el('caption', undefined, sources.length === 1 ? t('sourcesMergedOne') : t('sourcesMerged', sources.length));
  return el('div', 'table-wrap', el('table', 'sources', caption, el('thead', undefined, head), body));
}

function th(scope: 'col' | 'row', text: string): HTMLTableCellElement {
  const cell = el('th', undefined, text);
  cell.scope = scope;
  return cell;
}

export function urlList(urls: UrlView[], handlers: RecordHandlers): HTMLElement {
  if (!urls.length) return el('p', 'muted', t('noUrls'));
  return el('ul', 'urls', ...urls.map((u) => el('li', 'url', integrationLabel(u.integration), ': ', link(u.url, handlers))));
}

export function imageList(images: ImageView[], handlers: RecordHandlers, remoteImagesOff: boolean): HTMLElement {
  if (!images.length) return el('p', 'muted', t('noImages'));
  const list = el('ul', 'images');
  for (const img of images) {
    const facts = [img.size ?? t('sizeNotGiven'), t('imageFrom', clip(integrationText(img.integration)))];
    if (img.representative) facts.push(t('representative'));
    const item = el('li', 'image', link(img.url, handlers), el('span', 'facts', facts.join(' · ')));
    const target = img.url.trim();
    if (img.load && isWebLink(target) && new URL(target).protocol === 'https:') {
      const picture = el('img', 'preview');
      picture.alt = t('imageAlt', clip(integrationText(img.integration)));
      picture.loading = 'lazy';
      picture.referrerPolicy = 'no-referrer';
      picture.src = target;
      item.append(picture);
    }
    list.append(item);
  }
  if (!remoteImagesOff) return list;
  return el('div', undefined, el('p', 'muted', t('remoteImagesOff')), list);
}

export function integrationList(integrations: NamedUri[]): HTMLElement {
  if (!integrations.length) return el('p', 'muted', t('noIntegrations'));
  return el('ul', 'integrations', ...integrations.map((i) => el('li', undefined, el('span', 'name', ...text(i.name)), i.name !== i.uri ? el('span', 'muted', ' ', ...text(i.uri)) : null)));
}

function actionButton(action: RecordAction, text: string, iconName: RecordIcon, label: string, handlers: RecordHandlers): HTMLButtonElement {
  const b = el('button', `action ${action}`, icon(iconName), ` ${text}`);
  b.type = 'button';
  b.title = label;
  b.dataset.action = action;
  b.addEventListener('click', () => handlers.action(action));
  return b;
}

/**
 * The heading shows the start of a long name (the Name field can show all of it): laying out a
 * hostile 1 MB heading in the header's flex box takes the browser seconds.
 */
const MAX_TITLE = 300;

/** Kind, name, id, the actions, and the status line the extension's notices go to. */
export function recordHeader(view: RecordView, handlers: RecordHandlers): HTMLElement {
  const title = el('h1', view.name === null ? 'unnamed' : undefined, view.name === null ? t('noName') : clip(view.name, MAX_TITLE));
  title.id = 'title';
  title.dir = 'auto';
  const kind = el('p', 'kind', icon(view.kind === 'location' ? 'location' : 'calendar'), ` ${view.kind === 'location' ? t('kindLocation') : t('kindEvent')}`);
  const id = el('p', 'rec-id', el('span', 'label', `${t('id')} `), el('code', undefined, ...text(view.id)));
  const actions = el(
    'div',
    'actions',
    actionButton('openJson', t('openJson'), 'json', t('openJsonLabel'), handlers),
    actionButton('copyId', t('copyId'), 'copy', t('copyIdLabel'), handlers),
  );
  const status = el('p', 'status');
  status.id = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  return el('header', 'top', el('div', 'heading', kind, title, id), actions, status);
}

/** Sources, URLs, images, integrations and times: the same for both kinds, in this order. */
export function commonSections(view: RecordView, handlers: RecordHandlers): HTMLElement[] {
  return [
    section('sources', t('sources'), 'references', sourcesTable(view.sources)),
    section('urls', t('urls'), 'link', urlList(view.urls, handlers)),
    section('images', t('images'), 'file-media', imageList(view.images, handlers, view.remoteImagesOff)),
    section('integrations', t('integrations'), 'plug', integrationList(view.integrations)),
    section('times', t('times'), 'history', fieldList(field('created', t('created'), time(view.created)), field('updated', t('updated'), time(view.updated)))),
  ];
}
