// Webview front end of the comparison panel (browser bundle, dist/webview.js).
//
// Handshake (as microsoft/vscode-pull-request-github's webviews do): the page posts `ready` once its
// listener is in place, and the extension sends the data only then, so no message is lost while the
// script loads. A restored panel first redraws what vscode.getState() kept, then the extension's
// fresh data replaces it.
import type { DecisionStatus, FromWebview, PanelState, ToWebview } from './protocol';
import { el, renderComparison } from './render';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  getState(): unknown;
  setState(state: PanelState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') ?? document.body;
let state: PanelState | undefined;

function show(view: PanelState['view'], notice?: string): void {
  if (!view) return;
  state = { recommendationId: view.recommendationId, view };
  vscode.setState(state);
  root.replaceChildren(
    renderComparison(view, {
      decide: (verdict) => {
        setStatus({ state: 'working', verdict });
        vscode.postMessage({ type: 'decide', recommendationId: view.recommendationId, verdict });
      },
      openLink: (url) => vscode.postMessage({ type: 'openLink', url }),
    }),
  );
  if (notice) statusLine(notice, 'info');
}

function statusLine(text: string, tone: 'info' | 'ok' | 'error'): void {
  const status = document.getElementById('status');
  if (!status) return;
  status.className = `status ${tone}`;
  status.textContent = text;
}

function setButtons(enabled: boolean): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>('button.decide')) b.disabled = !enabled;
}

function setStatus(status: DecisionStatus): void {
  const doing = status.verdict === 'approve' ? 'Approving' : 'Rejecting';
  switch (status.state) {
    case 'working':
      setButtons(false);
      statusLine(`${doing}…`, 'info');
      return;
    case 'done':
      setButtons(false);
      statusLine(status.message, 'ok');
      return;
    case 'failed':
      setButtons(true);
      statusLine(status.message, 'error');
      return;
    case 'cancelled':
      setButtons(true);
      statusLine('', 'info');
  }
}

function receive(message: ToWebview): void {
  switch (message.type) {
    case 'show':
      show(message.view, message.notice);
      return;
    case 'decision':
      if (message.recommendationId === state?.recommendationId) setStatus(message.status);
      return;
    case 'gone':
      if (message.recommendationId !== state?.recommendationId) return;
      setButtons(false);
      statusLine(message.message, 'info');
  }
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const data = event.data as ToWebview | null;
  // Only our extension posts to this page; the check keeps stray messages from throwing.
  if (data && typeof data === 'object' && typeof data.type === 'string') receive(data);
});

const saved = vscode.getState() as PanelState | undefined;
if (saved?.view) show(saved.view);
else root.replaceChildren(el('p', 'loading', 'Loading the comparison…'));
vscode.postMessage({ type: 'ready' });
