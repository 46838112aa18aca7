// The status line of every page (#status, a polite live region each page's header holds): the
// extension's notices and the page's own lines go there.
import { el } from './dom';
import { clip } from './long-value';
import type { Tone } from './messages';

export function statusLine(text: string, tone: Tone): void {
  const status = document.getElementById('status');
  if (!status) return;
  status.className = `status ${tone}`;
  // Messages can quote record data (a name in "Approved …"): a long one is cut.
  status.textContent = clip(text, 500);
}

/** The #status live region itself (polite), optionally with a first line; a page's header holds one. */
export function statusElement(text?: string): HTMLParagraphElement {
  const status = el('p', 'status', text);
  status.id = 'status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  return status;
}
