// The review queue's parts of the page: the bar with the counts and the navigation buttons (every
// key has a button too), the help overlay (a modal dialog: focus moves in, Tab stays in, Escape
// closes and focus returns), and the screen at the end of the queue. DOM APIs only, text only.
import { t } from './l10n';
import type { QueueStatus } from './protocol';
import { KEY_HELP } from './queue-keys';
import { el } from '../shared/dom';
import { formatCount } from '../shared/format';

export interface QueueHandlers {
  skip(): void;
  back(): void;
  undo(): void;
  help(): void;
  /** Leave a group's queue for the whole queue. */
  fullQueue(): void;
  /** The service cannot be reached: ask it now, unpause, send the failed decisions again. */
  tryAgain(): void;
  goOn(): void;
  retryFailed(): void;
}

const ITEM_TEXT = { pending: 'itemPending', skipped: 'itemSkipped', approved: 'itemApproved', rejected: 'itemRejected', gone: 'itemGone' } as const;

/** "3 done · 1 skipped · 2,842 remaining" (each figure in its own element for tests and styling). */
function counts(q: QueueStatus): HTMLElement {
  const count = (key: string, text: string) => {
    const span = el('span', 'count', text);
    span.dataset.count = key;
    return span;
  };
  return el(
    'p',
    'counts',
    count('done', t('countDone', formatCount(q.done))),
    ' · ',
    count('skipped', t('countSkipped', formatCount(q.skipped))),
    ' · ',
    count('remaining', t('countRemaining', `${formatCount(q.remaining)}${q.more ? '+' : ''}`)),
  );
}

function navButton(text: string, label: string, shortcut: string, onClick: () => void, enabled = true): HTMLButtonElement {
  const b = el('button', 'nav', text);
  b.type = 'button';
  b.setAttribute('aria-label', label);
  if (shortcut) b.setAttribute('aria-keyshortcuts', shortcut);
  b.disabled = !enabled;
  b.addEventListener('click', onClick);
  return b;
}

/** Whether Skip (S, →) has anything to act on: an item on screen, or a failed page to load again. */
export const canSkip = (q: QueueStatus): boolean => q.item !== undefined || q.retry === true;

export function queueBar(q: QueueStatus, handlers: QueueHandlers): HTMLElement {
  const bar = el('div', 'queue-bar');
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', t('reviewQueue'));
  const where = q.item ? t('itemAt', q.position, t(ITEM_TEXT[q.item])) : t('endOfQueue');
  const item = el('p', 'queue-item', where);
  if (q.item) item.dataset.item = q.item;
  const nav = el(
    'div',
    'queue-nav',
    navButton(t('back'), t('backLabel'), 'ArrowLeft', handlers.back, q.canBack),
    // At the end Skip has nothing to act on, unless a page failed to load (then it tries again).
    navButton(t('skip'), t('skipLabel'), 'S ArrowRight', handlers.skip, canSkip(q)),
    navButton(t('undo'), t('undoLabel'), 'U', handlers.undo, q.canUndo),
    navButton(t('keys'), t('keysLabel'), 'Shift+?', handlers.help),
  );
  // The queue follows the Recommendations view's sort and filter: said, so a short queue is no surprise.
  const scope = q.scope ? el('p', 'queue-scope', t('queueScope', q.scope)) : null;
  // A group's queue (Review samples in the Triage panel) says which group, and offers the way back.
  let group: HTMLElement | null = null;
  if (q.group) {
    group = el('p', 'queue-group', t('reviewingGroup', q.group.words, formatCount(q.remaining)));
    nav.append(navButton(t('fullQueue'), t('fullQueueLabel'), '', handlers.fullQueue));
  }
  bar.append(el('div', 'queue-head', el('strong', 'queue-title', t('reviewQueue')), counts(q), item, group ?? scope), nav);
  const offline = offlineBox(q, handlers);
  if (offline) bar.append(offline);
  return bar;
}

/**
 * The service cannot be reached, or decisions did not reach it: said in the bar (an alert, read out
 * once when it appears), with what the curator can do, and every decision not sent, by name.
 */
function offlineBox(q: QueueStatus, handlers: QueueHandlers): HTMLElement | null {
  const failed = q.failed ?? [];
  if (!q.offline && !failed.length) return null;
  const box = el('div', 'queue-offline');
  box.setAttribute('role', 'alert');
  const actions = el('div', 'queue-nav');
  if (q.offline) {
    box.append(el('p', 'offline-line', el('strong', undefined, `⚠ ${t('offlineTitle')}: `), q.offline.message, ' ', q.offline.paused ? t('offlinePaused') : t('offlineGoingOn')));
    actions.append(navButton(t('tryAgain'), t('tryAgainLabel'), '', handlers.tryAgain));
    if (q.offline.paused) actions.append(navButton(t('goOn'), t('goOnLabel'), '', handlers.goOn));
  }
  if (failed.length) {
    const list = el('ul', 'failed-list');
    for (const f of failed) list.append(el('li', undefined, t(f.verdict === 'approve' ? 'failedApprove' : 'failedReject', f.names), el('span', 'failed-reason', ` — ${f.reason}`)));
    if (q.failedMore) list.append(el('li', undefined, t('failedMore', q.failedMore)));
    const count = failed.length + (q.failedMore ?? 0);
    box.append(el('p', 'failed-title', t('failedTitle', count)), list);
    actions.append(navButton(t('retryFailed'), t('retryFailedLabel'), '', handlers.retryFailed, !q.offline?.paused));
  }
  box.append(actions);
  return box;
}

export interface HelpDialog {
  element: HTMLElement;
  readonly isOpen: boolean;
  open(): void;
  close(): void;
}

export function helpDialog(): HelpDialog {
  const title = el('h2', undefined, t('keysTitle'));
  title.id = 'help-title';
  const list = el('dl', 'keys');
  for (const [keys, what] of KEY_HELP) {
    const dt = el('dt');
    keys.forEach((k, i) => dt.append(...(i ? [t('keyOr')] : []), el('kbd', undefined, k)));
    list.append(dt, el('dd', undefined, t(what)));
  }
  const close = el('button', 'nav', t('close'));
  close.type = 'button';
  close.setAttribute('aria-keyshortcuts', 'Escape');
  const box = el('div', 'help-box', title, list, close);
  const element = el('div', 'help', box);
  element.setAttribute('role', 'dialog');
  element.setAttribute('aria-modal', 'true');
  element.setAttribute('aria-labelledby', 'help-title');
  element.hidden = true;
  let returnTo: HTMLElement | null = null;
  const dialog: HelpDialog = {
    element,
    get isOpen() {
      return !element.hidden;
    },
    open() {
      returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.hidden = false;
      // Modal: the page behind can be neither clicked nor reached by Tab or a screen reader.
      document.querySelector('main')?.setAttribute('inert', '');
      close.focus();
    },
    close() {
      element.hidden = true;
      document.querySelector('main')?.removeAttribute('inert');
      (returnTo && document.contains(returnTo) ? returnTo : document.querySelector<HTMLElement>('main'))?.focus();
    },
  };
  close.addEventListener('click', () => dialog.close());
  // The only control inside: Tab and Shift+Tab stay on it while the dialog is open.
  element.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') {
      event.preventDefault();
      close.focus();
    }
  });
  return dialog;
}

/** The page once nothing is left to review. */
export function queueEnd(q: QueueStatus, message: string, handlers: QueueHandlers, heading?: string): HTMLElement {
  const main = el('main', 'comparison queue-end');
  main.tabIndex = -1;
  main.setAttribute('aria-labelledby', 'title');
  const title = el('h1', undefined, heading ?? t('queueFinished'));
  title.id = 'title';
  const status = el('p', 'status', message);
  status.id = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  main.append(el('header', 'top', queueBar(q, handlers), el('div', 'heading', title), status));
  return main;
}
