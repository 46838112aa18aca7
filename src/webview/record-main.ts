// Webview front end of the record panels (browser bundle, dist/record-webview.js): one location or
// one event. Same handshake as the comparison page (main.ts): `ready` once the listener is in
// place, then the extension sends the record; a restored panel first redraws its saved state.
import type { EventsAtLocation, FromRecordWebview, RecordPanelState, RecordView, ToRecordWebview } from './record-protocol';
import { clip } from './long-value';
import { el } from './record-render';
import { renderEvent } from './record-render-event';
import { type LocationHandlers, renderEvents, renderLocation } from './record-render-location';

interface VsCodeApi {
  postMessage(message: FromRecordWebview): void;
  getState(): unknown;
  setState(state: RecordPanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') ?? document.body;
let state: RecordPanelState | undefined;

function save(): void {
  if (state) vscode.setState(state);
}

function handlers(view: RecordView): LocationHandlers & { openLocation(id: string): void } {
  return {
    openLink: (url) => vscode.postMessage({ type: 'openLink', url }),
    action: (action) => vscode.postMessage({ type: 'action', action, id: view.id }),
    openEvent: (id) => vscode.postMessage({ type: 'openRecord', kind: 'event', id }),
    openLocation: (id) => vscode.postMessage({ type: 'openRecord', kind: 'location', id }),
    loadMoreEvents: () => vscode.postMessage({ type: 'loadMoreEvents', locationId: view.id }),
  };
}

function show(view: RecordView, events?: EventsAtLocation): void {
  // Events belong to one location: a different record starts without them.
  const keep = events ?? (state?.id === view.id ? state.events : undefined);
  state = { kind: view.kind, id: view.id, view, events: keep };
  save();
  const h = handlers(view);
  root.replaceChildren(view.kind === 'location' ? renderLocation(view, h) : renderEvent(view, h));
  if (view.kind === 'location') renderEvents(root, keep ?? { state: 'loading', items: [] }, h);
}

function notice(message: string, tone: 'info' | 'error'): void {
  const status = document.getElementById('status');
  if (!status) return;
  status.className = `status ${tone}`;
  // Messages can quote record data: a long one is cut.
  status.textContent = clip(message, 500);
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
      notice(message.message, message.tone);
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as ToRecordWebview | null;
  // Only our extension posts to this page; the check keeps stray messages from throwing.
  if (data && typeof data === 'object' && typeof data.type === 'string') receive(data);
});

const saved = vscode.getState() as RecordPanelState | undefined;
if (saved?.view) show(saved.view, saved.events);
else root.replaceChildren(el('p', 'loading', 'Loading the record…'));
vscode.postMessage({ type: 'ready' });
