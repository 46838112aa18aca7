// The review queue's parts of the page: the bar with the counts and the navigation buttons (every
// key has a button too), the help overlay (a modal dialog: focus moves in, Tab stays in, Escape
// closes and focus returns), and the screen at the end of the queue. DOM APIs only, text only.
import type { QueueStatus } from './protocol';
import { KEY_HELP } from './queue-keys';
import { el } from '../shared/dom';

export interface QueueHandlers {
  skip(): void;
  back(): void;
  undo(): void;
  help(): void;
}

const ITEM_TEXT = { pending: 'pending', skipped: 'skipped, still pending', approved: 'approved', rejected: 'rejected', gone: 'decided elsewhere' } as const;

/** "3 done · 1 skipped · 42 remaining" (each figure in its own element for tests and styling). */
function counts(q: QueueStatus): HTMLElement {
  const count = (key: string, text: string) => {
    const span = el('span', 'count', text);
    span.dataset.count = key;
    return span;
  };
  return el(
    'p',
    'counts',
    count('done', `${q.done} done`),
    ' · ',
    count('skipped', `${q.skipped} skipped`),
    ' · ',
    count('remaining', `${q.remaining}${q.more ? '+' : ''} remaining`),
  );
}

function navButton(text: string, label: string, shortcut: string, onClick: () => void, enabled = true): HTMLButtonElement {
  const b = el('button', 'nav', text);
  b.type = 'button';
  b.setAttribute('aria-label', label);
  b.setAttribute('aria-keyshortcuts', shortcut);
  b.disabled = !enabled;
  b.addEventListener('click', onClick);
  return b;
}

export function queueBar(q: QueueStatus, handlers: QueueHandlers): HTMLElement {
  const bar = el('div', 'queue-bar');
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', 'Review queue');
  const where = q.item ? `Item ${q.position} · ${ITEM_TEXT[q.item]}` : 'End of the queue';
  const item = el('p', 'queue-item', where);
  if (q.item) item.dataset.item = q.item;
  const nav = el(
    'div',
    'queue-nav',
    navButton('← Back', 'Back to the previous item', 'ArrowLeft', handlers.back, q.canBack),
    navButton('Skip →', 'Skip this recommendation for now', 'S ArrowRight', handlers.skip),
    navButton('Undo', 'Undo the last decision not sent yet, or the last skip', 'U', handlers.undo, q.canUndo),
    navButton('? Keys', 'Show the keyboard keys', 'Shift+?', handlers.help),
  );
  bar.append(el('div', 'queue-head', el('strong', 'queue-title', 'Review queue'), counts(q), item), nav);
  return bar;
}

export interface HelpDialog {
  element: HTMLElement;
  readonly isOpen: boolean;
  open(): void;
  close(): void;
}

export function helpDialog(): HelpDialog {
  const title = el('h2', undefined, 'Review queue keys');
  title.id = 'help-title';
  const list = el('dl', 'keys');
  for (const [keys, what] of KEY_HELP) {
    const dt = el('dt');
    keys.forEach((k, i) => dt.append(...(i ? [' or '] : []), el('kbd', undefined, k)));
    list.append(dt, el('dd', undefined, what));
  }
  const close = el('button', 'nav', 'Close');
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
export function queueEnd(q: QueueStatus, message: string, handlers: QueueHandlers): HTMLElement {
  const main = el('main', 'comparison queue-end');
  main.tabIndex = -1;
  main.setAttribute('aria-labelledby', 'title');
  const title = el('h1', undefined, 'Review queue finished');
  title.id = 'title';
  const status = el('p', 'status', message);
  status.id = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  main.append(el('header', 'top', queueBar(q, handlers), el('div', 'heading', title), status));
  return main;
}
