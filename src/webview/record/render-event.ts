// The event panel's page: details (description, status, times, confirmations, prices, listings,
// categories, keywords), the embedded location as a card that opens the location's panel, and the
// common sections.
import { t } from './l10n';
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
    ? el('span', 'prices', ...text(t('prices', p.minimum ?? '–', p.average ?? '–', p.maximum ?? '–')), el('span', 'muted', t('noCurrency')))
    : null;
  const categories = view.categories.length
    ? el('ul', 'categories', ...view.categories.map((c) => el('li', undefined, ...text(c.name ?? c.identifier ?? ''), c.name && c.identifier ? el('span', 'muted', ' ', ...text(c.identifier)) : null)))
    : null;
  const keywords = view.keywords.length ? el('ul', 'keywords', ...view.keywords.map((k) => el('li', undefined, ...text(k)))) : null;
  const details = fieldList(
    field('name', t('name'), view.name),
    field('status', t('status'), view.status),
    field('description', t('description'), view.description ? el('span', 'description', ...text(view.description)) : null),
    field('start', t('starts'), time(view.start)),
    field('accessStart', t('accessStarts'), time(view.accessStart)),
    field('accessEnd', t('accessEnds'), time(view.accessEnd)),
    field('dateConfirmed', t('dateConfirmed'), view.dateConfirmed),
    field('timeConfirmed', t('timeConfirmed'), view.timeConfirmed),
    field('prices', t('pricesLabel'), prices),
    field('listingCount', t('listings'), view.listingCount),
    field('categories', t('categories'), categories),
    field('keywords', t('keywords'), keywords),
  );
  main.append(recordHeader(view, handlers), section('details', t('details'), 'info', details), section('location', t('location'), 'location', locationCard(view, handlers)), ...commonSections(view, handlers));
  return main;
}

function locationCard(view: EventView, handlers: EventHandlers): HTMLElement {
  const loc = view.location;
  if (!loc) return el('p', 'muted', t('noLocation'));
  const open = el('button', 'open-record', icon('go-to-file'), ` ${t('openLocation')}`);
  open.type = 'button';
  open.dataset.id = loc.id;
  open.title = t('openLocationLabel');
  open.addEventListener('click', () => handlers.openLocation(loc.id));
  const card = el('div', 'card location-card', el('p', 'name', ...text(loc.name ?? t('noName'))), loc.address ? el('p', 'address', ...text(loc.address)) : null, el('p', 'rec-id', el('code', undefined, ...text(loc.id))), open);
  card.setAttribute('role', 'group');
  card.setAttribute('aria-label', t('locationCard', clip(loc.name ?? loc.id)));
  return card;
}
