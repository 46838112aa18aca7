// Webview front end of the comparison panel and the review queue (browser bundle, dist/webview.js).
//
// Handshake (as microsoft/vscode-pull-request-github's webviews do): the page posts `ready` once its
// listener is in place, and the extension sends its whole state then. To save that round trip the
// extension also posts the first `show` with the HTML (VS Code holds it until the page has loaded,
// see BasePanel's `early`); its answer to `ready` is then marked `replay: true`, and a replayed
// message the page has already received is dropped (what the page did since is newer). A restored
// panel first redraws what vscode.getState() kept, then the extension's fresh data replaces it.
//
// The marks `comparison: script`, `comparison: ready` and `comparison: show received` time the
// page's load for the benchmarks (test/harness/e2e-speed.mjs, docs/benchmarks.md).
//
// In the review queue the keys (queue-keys.ts) are read here and sent as `decide` / `queue`
// messages naming the recommendation on screen, so a key meant for an older item is dropped there.
import { t } from './l10n';
import { type ComparisonPageMessage, type ComparisonView, type DecisionStatus, type PanelState, PanelStateSchema, type QueueAction, type QueueStatus, ToComparisonPage, type ToWebview, type Verdict } from './protocol';
import { keyAction } from './queue-keys';
import { type HelpDialog, canSkip, helpDialog, queueBar, queueEnd, type QueueHandlers } from './queue-view';
import { el } from '../shared/dom';
import { statusLine } from '../shared/status-line';
import { connectPage } from '../shared/vscode-api';
import { renderComparison } from './render';

performance.mark('comparison: script');

const host = connectPage<ToWebview, ComparisonPageMessage, PanelState>({ toPage: ToComparisonPage, state: PanelStateSchema }, (message) => receive(message));
const root = document.getElementById('root') ?? document.body;
let state: PanelState | undefined;
/** Set in queue mode: the counts and what ← and U can do. */
let queue: QueueStatus | undefined;
let help: HelpDialog | undefined;
/** Queue mode: the item A, R or S leads to, drawn at once before the extension answers. */
let next: ComparisonView | undefined;
/**
 * Queue mode: how many moves (A, R, S, ←, U…) this page has posted since it loaded. Each is numbered;
 * the extension stamps what it posts with the latest number it has received, so that a `show` or
 * counts it posted before a move cannot replace what the page drew for that move.
 */
let moves = 0;
/**
 * The latest messages received before the extension's answer to `ready` (see the handshake above),
 * as JSON; undefined once that answer is over. Early posts are a few (show, decision, gone or hold);
 * the bound keeps a page that gets no replay (nothing went early) from collecting every message.
 */
let early: string[] | undefined = [];
const EARLY_KEPT = 8;
let replayed = false;

const queueHandlers: QueueHandlers = {
  skip: () => navigate('skip'),
  back: () => navigate('back'),
  undo: () => navigate('undo'),
  help: () => toggleHelp(),
  fullQueue: () => navigate('fullQueue'),
  tryAgain: () => navigate('tryAgain'),
  goOn: () => navigate('goOn'),
  retryFailed: () => navigate('retryFailed'),
};

/**
 * Replaces the page; the main region takes the focus so that the keys work at once — only if the
 * page has it: a page redrawn in the background (a flag after an unsure mark, the service's reasons
 * arriving) must not take the focus from where the user is (a quick pick closes when it loses it).
 */
function render(main: HTMLElement): void {
  help = queue ? helpDialog() : undefined;
  root.replaceChildren(main, ...(help ? [help.element] : []));
  if (document.hasFocus()) main.focus({ preventScroll: true });
}

// The page gets the focus later (its tab chosen): the main region takes it, as on a draw.
window.addEventListener('focus', () => {
  if (document.activeElement === document.body) document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
});

function show(view: PanelState['view'], notice?: string, q?: QueueStatus, connection?: string, upcoming?: ComparisonView): void {
  if (!view) return;
  // Another recommendation (a re-used preview panel, the queue's next item): the page starts over
  // at the top. Drawing it replaces every element, so the old one's "Approving…", its Undo and its
  // disabled buttons go with them.
  const another = state?.recommendationId !== view.recommendationId;
  queue = q;
  next = q ? upcoming : undefined;
  state = q ? { recommendationId: view.recommendationId, view, queue: true, ...groupOf(q) } : { recommendationId: view.recommendationId, view };
  if (connection) state.connection = connection;
  host.save(state);
  render(
    renderComparison(
      view,
      {
        decide: (verdict) => decide(verdict),
        unsure: () => unsure(),
        clearUnsure: () => host.post({ type: 'clearUnsure', recommendationId: view.recommendationId }),
        openLink: (url) => host.post({ type: 'openLink', url }),
      },
      q ? queueBar(q, queueHandlers) : undefined,
    ),
  );
  if (another) window.scrollTo(0, 0);
  if (notice) statusLine(notice, 'info');
  // For the benchmarks (docs/benchmarks.md): when each recommendation was first on screen.
  performance.mark(`shown ${view.recommendationId}`);
}

/**
 * Queue mode, A, R or S on an item that can move on: draw the next item now, from the copy the
 * extension sent ahead, with the counts as they will be; the extension's own `show` of it follows
 * and replaces it, and the decision's outcome comes as a notice.
 */
function showAhead(kind: 'decide' | 'skip'): void {
  if (!queue || !next || !state?.view) return;
  const counted = kind === 'decide' ? { done: queue.done + 1 } : queue.item === 'pending' ? { skipped: queue.skipped + 1 } : {};
  const ahead: QueueStatus = { ...queue, ...counted, remaining: Math.max(0, queue.remaining - (queue.item === 'pending' || queue.item === 'skipped' ? 1 : 0)), position: queue.position + 1, item: 'pending', canBack: true };
  show(next, kind === 'decide' ? t('sendingPrevious') : undefined, ahead, state.connection);
}

function showEnd(q: QueueStatus, message: string, heading?: string): void {
  queue = q;
  state = { recommendationId: '', queue: true, ...groupOf(q) };
  host.save(state);
  render(queueEnd(q, message, queueHandlers, heading));
}

/** A group's queue saves its group: a reload brings back the queue on that group, not on the whole list. */
function groupOf(q: QueueStatus): Pick<PanelState, 'group'> {
  return q.group?.key ? { group: { key: q.group.key, words: q.group.words } } : {};
}

function decide(verdict: Verdict): void {
  if (!state?.view || !decisionOpen()) return;
  // Paused while the service cannot be reached: the item stays, nothing is sent.
  if (queue?.offline?.paused) return statusLine(t('pausedOffline'), 'error');
  host.post({ type: 'decide', recommendationId: state.view.recommendationId, verdict, ...move(queue !== undefined && next !== undefined) });
  if (queue && next) showAhead('decide');
  else setStatus({ state: 'working', verdict });
}

function unsure(): void {
  if (!state?.view || !decisionOpen()) return;
  host.post({ type: 'unsure', recommendationId: state.view.recommendationId });
}

/** Whether Approve and Reject can be used now (not while working, after the outcome, or when decided elsewhere). */
const decisionOpen = () => [...document.querySelectorAll<HTMLButtonElement>('button.decide')].some((b) => !b.disabled);

function navigate(action: QueueAction): void {
  if (!queue) return;
  if (action === 'back' && !queue.canBack) return statusLine(t('firstItem'), 'info');
  if (action === 'undo' && !queue.canUndo) return statusLine(t('nothingToUndo'), 'info');
  if (action === 'skip' && !canSkip(queue)) return statusLine(t('nothingToSkip'), 'info');
  const message: ComparisonPageMessage = { type: 'queue', action, ...move(action === 'skip' && next !== undefined) };
  if (state?.recommendationId) message.recommendationId = state.recommendationId;
  host.post(message);
  if (action === 'skip' && next) showAhead('skip');
}

/** Queue mode: the number of the move being posted, and the item drawn ahead for it if one is. */
function move(drawsAhead: boolean): { seq?: number; ahead?: string } {
  if (!queue) return {};
  moves += 1;
  return drawsAhead && next ? { seq: moves, ahead: next.recommendationId } : { seq: moves };
}

/**
 * Posted by the extension before it had received the page's latest move (unstamped: before any), so
 * the page is already past it.
 */
const beforeLatestMove = (message: { seq?: number }) => (message.seq ?? 0) < moves;

function toggleHelp(): void {
  if (help?.isOpen) help.close();
  else help?.open();
}

function setButtons(enabled: boolean): void {
  for (const b of document.querySelectorAll<HTMLButtonElement>('button.decide')) b.disabled = !enabled;
}

function setStatus(status: DecisionStatus): void {
    switch (status.state) {
    case 'working':
      setButtons(false);
      statusLine(status.verdict === 'approve' ? t('approving') : t('rejecting'), 'info');
      // Outside the queue (which has U): Undo while the decision waits out its undo period.
      if (!queue && state?.view) {
        const id = state.view.recommendationId;
        const undo = el('button', 'nav undo', t('undo'));
        undo.type = 'button';
        undo.addEventListener('click', () => host.post({ type: 'undo', recommendationId: id }));
        document.getElementById('status')?.append(' ', undo);
      }
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

/** New counts for the item on screen: the bar is replaced, the focus stays where it was. */
function updateQueue(q: QueueStatus): void {
  const bar = document.querySelector('.queue-bar');
  if (!queue || !bar) return;
  queue = q;
  const focusedLabel = document.activeElement?.closest('.queue-bar') ? document.activeElement.getAttribute('aria-label') : null;
  const fresh = queueBar(q, queueHandlers);
  bar.replaceWith(fresh);
  if (focusedLabel) fresh.querySelector<HTMLElement>(`[aria-label="${focusedLabel}"]`)?.focus();
}

/**
 * Whether this message is the extension's replay (its answer to `ready`) of one it already posted
 * early and the page received: handling it again would redraw an older state over what the page did
 * since (a decision, the queue's next item drawn ahead) and redo the work.
 */
function isReplayReceived(message: ToWebview & { replay?: unknown }): boolean {
  if (message.type === 'show') performance.mark('comparison: show received');
  if (message.replay !== true) {
    if (replayed) early = undefined;
    else if (early) early = [...early.slice(1 - EARLY_KEPT), JSON.stringify(message)];
    return false;
  }
  replayed = true;
  const { replay: _, ...original } = message;
  return early?.includes(JSON.stringify(original)) ?? false;
}

function receive(message: ToWebview): void {
  if (isReplayReceived(message)) return;
  switch (message.type) {
    case 'show':
      if (beforeLatestMove(message)) return;
      show(message.view, message.notice, message.queue, message.connection, message.next);
      return;
    case 'notice':
      statusLine(message.message, message.tone);
      return;
    case 'decision':
      if (message.recommendationId === state?.recommendationId) setStatus(message.status);
      return;
    case 'gone':
    case 'hold':
      if (message.recommendationId !== state?.recommendationId) return;
      setButtons(false);
      statusLine(message.message, 'info');
      return;
    case 'pending':
      if (message.recommendationId !== state?.recommendationId) return;
      setButtons(true);
      statusLine(message.message, 'info');
      return;
    case 'queueStatus':
      if (!beforeLatestMove(message)) updateQueue(message.queue);
      return;
    case 'queueEnd':
      if (!beforeLatestMove(message)) showEnd(message.queue, message.message, message.heading);
  }
}

document.addEventListener('keydown', (event) => {
  if (!queue) return;
  const action = keyAction(event);
  if (!action) return;
  // While the help is open it is modal: only ? and Escape act, and they close it.
  if (help?.isOpen) {
    if (action === 'help' || action === 'close') help.close();
    event.preventDefault();
    return;
  }
  switch (action) {
    case 'approve':
    case 'reject':
      decide(action);
      break;
    case 'unsure':
      unsure();
      break;
    case 'skip':
    case 'back':
    case 'undo':
      navigate(action);
      break;
    case 'help':
      help?.open();
      break;
    case 'close':
      return;
  }
  event.preventDefault();
});

const saved = host.saved;
if (saved?.view) {
  // The copy saved before a reload (or before the panel was hidden) may be stale: the buttons stay
  // off until the extension has checked the recommendation and sent it again (or said why not).
  show(saved.view, undefined, undefined, saved.connection);
  setButtons(false);
  statusLine(t('checking'), 'info');
} else root.replaceChildren(el('p', 'loading', saved?.queue ? t('loadingQueue') : t('loadingComparison')));
// A restored queue keeps its mode (the serializer reads `queue` from the saved state).
if (saved?.queue) {
  state = saved;
  host.save(saved);
}
performance.mark('comparison: ready');
host.ready();
