// The location panel's page: details (address, coordinates with "Open in map", telephone), the
// common sections, and the events at this location, each opening its own panel.
import { t } from './l10n';
import type { EventsAtLocation, LocationView } from './protocol';
import { clip } from '../shared/long-value';
import { type RecordHandlers, commonSections, field, fieldList, icon, link, recordHeader, section, text } from './render';
import { el } from '../shared/dom';

export interface LocationHandlers extends RecordHandlers {
  openEvent(id: string): void;
  loadMoreEvents(): void;
}

export function renderLocation(view: LocationView, handlers: LocationHandlers): HTMLElement {
  const main = el('main', 'record location');
  main.setAttribute('aria-labelledby', 'title');
  main.dataset.kind = 'location';
  const address = view.address.length ? el('span', 'address', ...view.address.map((a) => el('span', 'line', el('span', 'muted', `${t(a.field)}: `), ...text(a.value)))) : null;
  const coordinates = view.coordinates
    ? el('span', 'coordinates', el('span', undefined, ...text(view.coordinates.text)), view.coordinates.mapUrl ? el('span', 'map', ' ', icon('globe'), ' ', link(view.coordinates.mapUrl, handlers, t('openInMap'))) : el('span', 'muted', t('noMap')))
    : null;
  const details = fieldList(field('name', t('name'), view.name), field('address', t('address'), address), field('coordinates', t('coordinates'), coordinates), field('telephone', t('telephone'), view.telephone));
  const events = section('events', t('eventsHere'), 'calendar', el('div', 'events-body'));
  main.append(recordHeader(view, handlers), section('details', t('details'), 'info', details), events, ...commonSections(view, handlers));
  return main;
}

/** Fills (or refills) the events section of a rendered location page. */
export function renderEvents(root: ParentNode, events: EventsAtLocation, handlers: LocationHandlers): void {
  const body = root.querySelector('.events-body');
  if (!body) return;
  const n = events.items.length;
  const stateText =
    events.state === 'loading'
      ? n ? t('eventsLoadingMore', n) : t('eventsLoading')
      : events.state === 'failed'
        ? t('eventsFailed', clip(events.message, 500))
        : n === 0
          ? t('eventsNone')
          : n === 1
            ? t(events.hasMore ? 'eventsOneMore' : 'eventsOne')
            : t(events.hasMore ? 'eventsManyMore' : 'eventsMany', n);
  const state = el('p', `events-state ${events.state}`, stateText);
  state.setAttribute('role', events.state === 'failed' ? 'alert' : 'status');
  const list = el('ul', 'events');
  for (const e of events.items) {
    const b = el('button', 'open-record', icon('calendar'), ' ', el('span', 'name', clip(e.name ?? t('noName'))), el('span', 'facts', clip([e.start?.local, e.status].filter(Boolean).join(' · '))));
    b.type = 'button';
    b.dataset.id = e.id;
    b.title = t('openEventLabel');
    b.addEventListener('click', () => handlers.openEvent(e.id));
    list.append(el('li', undefined, b));
    if (e.start) b.append(el('span', 'utc', e.start.utc));
  }
  const children: Node[] = [state];
  // Said when the list is the mirror's, not the service's: how fresh it is (text, never markup).
  if (events.state === 'loaded' && events.source) children.push(el('p', 'events-source', clip(events.source, 300)));
  if (n) children.push(list);
  if (events.state === 'failed' || (events.state === 'loaded' && events.hasMore)) {
    const more = el('button', 'load-more', icon(events.state === 'failed' ? 'refresh' : 'more'), ` ${events.state === 'failed' ? t('tryAgain') : t('loadMoreEvents')}`);
    more.type = 'button';
    more.addEventListener('click', () => {
      more.disabled = true;
      handlers.loadMoreEvents();
    });
    children.push(more);
  }
  body.replaceChildren(...children);
}
