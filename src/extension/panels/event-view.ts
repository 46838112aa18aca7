// An event as its panel shows it: description, status, times, confirmations, prices, listings,
// categories, keywords, the shared parts, and its embedded location as a card.
import type { Event } from '../../api/model';
import type { EventView } from '../../webview/record/protocol';
import { statusText } from '../event-status';
import { locationCard } from './location-view';
import { type RecordViewOptions, baseView, numberText, text, timeView } from './record-panel-fields';

const yesNo = (x: boolean | null | undefined): string | null => (x === true ? 'yes' : x === false ? 'no' : null);

export function eventView(e: Event, o: RecordViewOptions = {}): EventView {
  return {
    kind: 'event',
    ...baseView(e, o),
    description: text(e.description),
    status: statusText(e.eventStatus),
    start: timeView(e.startDate, o),
    accessStart: timeView(e.accessStart, o),
    accessEnd: timeView(e.accessEnd, o),
    dateConfirmed: yesNo(e.dateConfirmed),
    timeConfirmed: yesNo(e.timeConfirmed),
    // The spec names no currency: the numbers are shown as they are.
    prices: { minimum: numberText(e.minimumPrice, o), average: numberText(e.averagePrice, o), maximum: numberText(e.maximumPrice, o) },
    listingCount: numberText(e.listingCount, o),
    categories: (e.categories ?? []).flatMap((c) => (text(c.name) || text(c.identifier) ? [{ name: text(c.name), identifier: text(c.identifier) }] : [])),
    keywords: (e.keywords ?? []).flatMap((k) => text(k) ?? []),
    location: e.location ? locationCard(e.location) : null,
  };
}
