// Links in a panel page: shown as links, opened only by the extension (the `openLink` message of
// messages.ts), never by the page or by VS Code's webview host.
import { type Children, el } from './dom';

/**
 * An http(s) link that only the extension opens, with one vscode.env.openExternal call (so VS
 * Code's "open the external website?" prompt comes first, and once). The click must go no further:
 * preventDefault stops the page's own navigation, and stopPropagation keeps it from VS Code's
 * webview host, which listens for clicks on every <a href> on the window and opens the address
 * itself (pre/index.html, handleInnerClick: it does not look at defaultPrevented) — a second tab,
 * at once, before the prompt. The href stays so that the link is a link to the keyboard, to
 * screen readers and on hover. The caller has checked the scheme (isWebLink); the extension
 * checks it again.
 */
export function webLink(url: string, title: string, open: (url: string) => void, ...children: Children): HTMLAnchorElement {
  const target = url.trim();
  const a = el('a', undefined, ...children);
  a.href = target;
  a.title = title;
  a.addEventListener('click', (event) => {
    event.preventDefault();
    event.stopPropagation();
    open(target);
  });
  // A middle click is an auxclick, not a click: it must not open the address in a new tab either.
  a.addEventListener('auxclick', (event) => {
    event.preventDefault();
    event.stopPropagation();
  });
  return a;
}
