// Records what a comparison panel or the review queue posts to its page (the page itself is real;
// this only listens), for tests that check what the page was told: the messages as they leave for
// the webview, stamps included.
import type { ComparisonView } from '../../src/extension/panels/comparison-view';
import type { ToWebview } from '../../src/webview/comparison/protocol';

/** Every message posted to `panel`'s page from now on, in order. */
export function listenToPage(panel: { view: ComparisonView }): ToWebview[] {
  const posted: ToWebview[] = [];
  const webview = panel.view.panel.webview;
  const original = webview.postMessage.bind(webview);
  webview.postMessage = (m: ToWebview) => {
    posted.push(m);
    return original(m);
  };
  return posted;
}
