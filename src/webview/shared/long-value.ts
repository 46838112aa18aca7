// Very long values (a broken or hostile record: a 1 MB name) are shown by their start, with a
// "Show all" button for the rest. Laying out a megabyte of text took the browser seconds and froze
// the panel before anything was on screen; a few hundred characters take nothing, and
// the whole value is one click (or Enter) away. Inside a link or a button, where a second control
// cannot go, the value is only cut (clip): the full value is in the record's own panel and in
// "Open as JSON".
import { el } from './dom';
import { localizer } from './l10n';
import type { SHARED_STRINGS } from './strings';

const t = localizer<typeof SHARED_STRINGS>();

/** Characters of a comparison cell shown (and compared for the marks) before "Show all". */
export const MAX_CELL_CHARS = 500;
/** Characters of a record panel's value shown before "Show all" (descriptions run longer than names). */
export const MAX_FIELD_CHARS = 2000;
/** Characters of a value inside a heading, a link or a button, which can only be cut. */
export const MAX_LABEL_CHARS = 200;

/** Where to cut `text` to at most `max` characters, never between the halves of a surrogate pair. */
export function cutAt(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/** The start of a long text with "…", or the text itself. */
export function clip(text: string, max = MAX_LABEL_CHARS): string {
  const end = cutAt(text, max);
  return end === text.length ? text : `${text.slice(0, end)}…`;
}

/** "1,234,567" (not toLocaleString: its first call loads the locale data, tens of milliseconds). */
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * What follows the shown start of a value: "…" and a button that puts `rest` in their place. The
 * button's text is its accessible name (no aria-label to disagree with it). Once the rest is
 * shown, the focus goes to the value's container (it would otherwise fall to the page).
 */
export function showAll(rest: string): HTMLElement {
  const button = el('button', 'show-all', t('showAll', count(rest.length)));
  button.type = 'button';
  const more = el('span', 'more', '… ', button);
  button.addEventListener('click', () => {
    const container = more.parentElement;
    more.replaceWith(document.createTextNode(rest));
    if (!container) return;
    if (container.tabIndex < 0 && !container.hasAttribute('tabindex')) container.tabIndex = -1;
    container.focus({ preventScroll: true });
  });
  return more;
}

/** A value as text: all of it when short, else its first `max` characters and showAll for the rest. */
export function longText(text: string, max = MAX_FIELD_CHARS): Node[] {
  const end = cutAt(text, max);
  if (end === text.length) return [document.createTextNode(text)];
  return [document.createTextNode(text.slice(0, end)), showAll(text.slice(end))];
}
