// Webview front end of the record panels (browser bundle, dist/record-webview.js): one location or
// one event. Same handshake as the comparison page (main.ts): `ready` once the listener is in
// place, then the extension sends the record; a restored panel first redraws its saved state.
import { t } from './l10n';
import { type EventsAtLocation, type RecordPageMessage, type RecordPanelState, RecordPanelStateSchema, type RecordView, ToRecordPage, type ToRecordWebview } from './protocol';
import { el } from '../shared/dom';
import { statusLine } from '../shared/status-line';
import { connectPage } from '../shared/vscode-api';
import { markScrollRegions, watchScrollRegions } from '../shared/scroll-regions';
import { renderEvent } from './render-event';
import { type LocationHandlers, renderEvents, renderLocation } from './render-location';

const host = connectPage<ToRecordWebview, RecordPageMessage, RecordPanelState>({ toPage: ToRecordPage, state: RecordPanelStateSchema }, (message) => receive(message));
const root = document.getElementById('root') ?? document.body;
/** The boxes record.css clips to a height and scrolls: the title, field values, list items, the card's lines. */
const CLIPPED = 'h1, dl.fields dd, ul li, .card p';
let state: RecordPanelState | undefined;

function save(): void {
  if (state) host.save(state);
}

function handlers(view: RecordView): LocationHandlers & { openLocation(id: string): void } {
  return {
    openLink: (url) => host.post({ type: 'openLink', url }),
    action: (action) => host.post({ type: 'action', action, id: view.id }),
    openEvent: (id) => host.post({ type: 'openRecord', kind: 'event', id }),
    openLocation: (id) => host.post({ type: 'openRecord', kind: 'location', id }),
    loadMoreEvents: () => host.post({ type: 'loadMoreEvents', locationId: view.id }),
  };
}

function show(view: RecordView, events?: EventsAtLocation): void {
  // Events belong to one location: a different record starts without them.
  const same = state?.id === view.id;
  const keep = events ?? (same ? state?.events : undefined);
  state = { kind: view.kind, id: view.id, view, events: keep };
  save();
  const h = handlers(view);
  root.replaceChildren(view.kind === 'location' ? renderLocation(view, h) : renderEvent(view, h));
  if (view.kind === 'location') renderEvents(root, keep ?? { state: 'loading', items: [] }, h);
  markScrollRegions(root, CLIPPED);
  // Another record (a re-used preview panel, preview-slot.ts) starts at the top.
  if (!same) window.scrollTo(0, 0);
}

function receive(message: ToRecordWebview): void {
  switch (message.type) {
    case 'record':
      show(message.view);
      return;
    case 'events':
      if (!state?.view || state.view.kind !== 'location' || state.id !== message.locationId) return;
      state.events = message.events;
      save();
      renderEvents(root, message.events, handlers(state.view));
      return;
    case 'notice':
      statusLine(message.message, message.tone);
  }
}

const saved = host.saved;
if (saved?.view) show(saved.view, saved.events);
else root.replaceChildren(el('p', 'loading', t('loadingRecord')));
watchScrollRegions(root, CLIPPED);
host.ready();
