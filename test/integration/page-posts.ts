// Records what a comparison panel or the review queue posts to its page (the page itself is real;
// this only listens), for tests that check what the page was told.
import type { ComparisonView } from '../../src/extension/panels/comparison-view';
import type { ToWebview } from '../../src/webview/comparison/protocol';

/** Every message posted to `panel`'s page from now on, in order. */
export function listenToPage(panel: { view: ComparisonView }): ToWebview[] {
  const posted: ToWebview[] = [];
  const target = panel.view as unknown as { post(m: ToWebview): void };
  const original = target.post.bind(panel.view);
  target.post = (m) => {
    posted.push(m);
    original(m);
  };
  return posted;
}
