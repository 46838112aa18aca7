// The event panel's page: details (description, status, times, confirmations, prices, listings,
// categories, keywords), the embedded location as a card that opens the location's panel, and the
// common sections.
import type { EventView } from './protocol';
import { clip } from '../shared/long-value';
import { type RecordHandlers, commonSections, field, fieldList, icon, recordHeader, section, text, time } from './render';
import { el } from '../shared/dom';

export interface EventHandlers extends RecordHandlers {
  openLocation(id: string): void;
}

export function renderEvent(view: EventView, handlers: EventHandlers): HTMLElement {
  const main = el('main', 'record event');
  main.setAttribute('aria-labelledby', 'title');
  main.dataset.kind = 'event';
  const p = view.prices;
  const prices = [p.minimum, p.average, p.maximum].some((x) => x !== null)
    ? el('span', 'prices', ...text(`min ${p.minimum ?? '–'} · average ${p.average ?? '–'} · max ${p.maximum ?? '–'}`), el('span', 'muted', ' (currency not given by the service)'))
    : null;
  const categories = view.categories.length
    ? el('ul', 'categories', ...view.categories.map((c) => el('li', undefined, ...text(c.name ?? c.identifier ?? ''), c.name && c.identifier ? el('span', 'muted', ' ', ...text(c.identifier)) : null)))
    : null;
  const keywords = view.keywords.length ? el('ul', 'keywords', ...view.keywords.map((k) => el('li', undefined, ...text(k)))) : null;
  const details = fieldList(
    field('name', 'Name', view.name),
    field('status', 'Status', view.status),
    field('description', 'Description', view.description ? el('span', 'description', ...text(view.description)) : null),
    field('start', 'Starts', time(view.start)),
    field('accessStart', 'Access starts', time(view.accessStart)),
    field('accessEnd', 'Access ends', time(view.accessEnd)),
    field('dateConfirmed', 'Date confirmed', view.dateConfirmed),
    field('timeConfirmed', 'Time confirmed', view.timeConfirmed),
    field('prices', 'Prices', prices),
    field('listingCount', 'Listings', view.listingCount),
    field('categories', 'Categories', categories),
    field('keywords', 'Keywords', keywords),
  );
  main.append(recordHeader(view, handlers), section('details', 'Details', 'info', details), section('location', 'Location', 'location', locationCard(view, handlers)), ...commonSections(view, handlers));
  return main;
}

function locationCard(view: EventView, handlers: EventHandlers): HTMLElement {
  const loc = view.location;
  if (!loc) return el('p', 'muted', 'The event has no location.');
  const open = el('button', 'open-record', icon('go-to-file'), ' Open location');
  open.type = 'button';
  open.dataset.id = loc.id;
  open.title = 'Open the location in its own panel';
  open.addEventListener('click', () => handlers.openLocation(loc.id));
  const card = el('div', 'card location-card', el('p', 'name', ...text(loc.name ?? '(no name)')), loc.address ? el('p', 'address', ...text(loc.address)) : null, el('p', 'rec-id', el('code', undefined, ...text(loc.id))), open);
  card.setAttribute('role', 'group');
  card.setAttribute('aria-label', `Location: ${clip(loc.name ?? loc.id)}`);
  return card;
}
