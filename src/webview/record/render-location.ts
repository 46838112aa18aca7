// The location panel's page: details (address, coordinates with "Open in map", telephone), the
// common sections, and the events at this location, each opening its own panel.
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
  const address = view.address.length ? el('span', 'address', ...view.address.map((a) => el('span', 'line', el('span', 'muted', `${a.label}: `), ...text(a.value)))) : null;
  const coordinates = view.coordinates
    ? el('span', 'coordinates', el('span', undefined, ...text(view.coordinates.text)), view.coordinates.mapUrl ? el('span', 'map', ' ', icon('globe'), ' ', link(view.coordinates.mapUrl, handlers, 'Open in map')) : el('span', 'muted', ' (not a valid point: no map)'))
    : null;
  const details = fieldList(field('name', 'Name', view.name), field('address', 'Address', address), field('coordinates', 'Coordinates', coordinates), field('telephone', 'Telephone', view.telephone));
  const events = section('events', 'Events at this location', 'calendar', el('div', 'events-body'));
  main.append(recordHeader(view, handlers), section('details', 'Details', 'info', details), events, ...commonSections(view, handlers));
  return main;
}

/** Fills (or refills) the events section of a rendered location page. */
export function renderEvents(root: ParentNode, events: EventsAtLocation, handlers: LocationHandlers): void {
  const body = root.querySelector('.events-body');
  if (!body) return;
  const n = events.items.length;
  const stateText =
    events.state === 'loading'
      ? n ? `${n} events loaded; loading more…` : 'Loading the events…'
      : events.state === 'failed'
        ? `Could not load the events: ${clip(events.message, 500)}`
        : n === 0
          ? 'No events at this location.'
          : `${n} event${n === 1 ? '' : 's'}${events.hasMore ? ' loaded; more are available' : ''}.`;
  const state = el('p', `events-state ${events.state}`, stateText);
  state.setAttribute('role', events.state === 'failed' ? 'alert' : 'status');
  const list = el('ul', 'events');
  for (const e of events.items) {
    const b = el('button', 'open-record', icon('calendar'), ' ', el('span', 'name', clip(e.name ?? '(no name)')), el('span', 'facts', clip([e.start?.local, e.status].filter(Boolean).join(' · '))));
    b.type = 'button';
    b.dataset.id = e.id;
    b.title = 'Open this event in its own panel';
    b.addEventListener('click', () => handlers.openEvent(e.id));
    list.append(el('li', undefined, b));
    if (e.start) b.append(el('span', 'utc', e.start.utc));
  }
  const children: Node[] = [state];
  if (n) children.push(list);
  if (events.state === 'failed' || (events.state === 'loaded' && events.hasMore)) {
    const more = el('button', 'load-more', icon(events.state === 'failed' ? 'refresh' : 'more'), events.state === 'failed' ? ' Try again' : ' Load more events');
    more.type = 'button';
    more.addEventListener('click', () => {
      more.disabled = true;
      handlers.loadMoreEvents();
    });
    children.push(more);
  }
  body.replaceChildren(...children);
}
