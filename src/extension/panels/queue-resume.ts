// Where a review queue restored after a window reload starts: at the item it
// showed, by id, once the Recommendations view has it — under a whole-list sort the view has only its
// first page when the serializer runs, and the rest comes with the load the sort starts, so the item
// is waited for rather than replaced by the first one loaded; else at the view's first, saying why.
import * as vscode from 'vscode';
import type { RecommendationsList } from '../views/recommendations-list';
import { Settings } from '../settings';
import { formatCount } from '../../webview/shared/format';

export interface ResumePoint {
  /** The id to start at (undefined: the view's first). */
  startId: string | undefined;
  /** What the page says with the first item shown. */
  notice: string;
}

/**
 * Waits until `id` is in the view (its load in progress, then further pages, up to the whole-list
 * limit) and says where the restored queue starts. A page that fails stops the search.
 */
export async function resumePoint(list: RecommendationsList, id: string): Promise<ResumePoint> {
  const inView = () => list.shown().some((r) => r['@id'] === id);
  const back: ResumePoint = { startId: id, notice: vscode.l10n.t('Back at the item shown before the reload.') };
  for (;;) {
    if (inView()) return back;
    // A sort's whole-list load starts once the first page is in: let it run (it brings the item).
    await list.wholeLoad;
    await list.loading;
    if (inView()) return back;
    if (!list.hasMore || list.loaded().length >= Settings.wholeListLimit()) break;
    const before = list.loaded().length;
    await list.loadMore();
    if (list.loaded().length === before) break;
  }
  if (list.find(id)) {
    return { startId: undefined, notice: vscode.l10n.t('The item shown before the reload is still pending but the view’s filter leaves it out: the queue starts at the view’s first.') };
  }
  if (list.hasMore) {
    return {
      startId: undefined,
      notice: vscode.l10n.t('The item shown before the reload is not among the {0} recommendations loaded: the queue starts at the view’s first.', formatCount(list.loaded().length)),
    };
  }
  return { startId: undefined, notice: vscode.l10n.t('The item shown before the reload is no longer pending (decided meanwhile): the queue starts at the view’s first.') };
}
