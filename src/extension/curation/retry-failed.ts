// Retry Failed Decisions (the command palette, a bulk summary's Retry Failed, the review queue's
// bar): the single decisions that did not reach the service, then the last bulk run's retryable ones.
import * as vscode from 'vscode';
import type { BulkSummary } from '../../curation/bulk-decisions';
import { decideRecommendation } from './decide-one';
import { showInfo, showWarning } from '../ui/notify';
import { runBulkWithUi, setRetry } from './bulk-run';
import type { Curation } from './context';
import { formatCount } from '../../webview/shared/format';

/**
 * "Retry Failed" (the summary's button, or the command palette): sends the last run's retryable
 * decisions again, without the confirmation (the user confirmed the run and chose to retry it).
 */
export async function retryFailed(c: Curation, opts: { signal?: AbortSignal } = {}): Promise<BulkSummary | undefined> {
  const run = c.retry;
  // Single decisions that did not reach the service (the review queue's, the tree's) first.
  if (c.failed.of(c.session.baseUrl).length) {
    await retrySingles(c);
    if (!run) return undefined;
  }
  if (!run) {
    void showInfo(vscode.l10n.t('No failed decision to retry: every decision reached the service.'));
    return undefined;
  }
  await setRetry(c, undefined);
  return runBulkWithUi(c, { verdict: run.verdict, targets: run.targets, description: vscode.l10n.t('retry of {0}', run.description), confirm: false, signal: opts.signal, bulk: run.bulk });
}

/**
 * The single decisions that did not reach the active service, sent again one by one through the
 * single path (journal, tree, no undo period: the curator decided them already). Stops at the first
 * that cannot reach the service either: the rest stay listed.
 */
export async function retrySingles(c: Curation): Promise<{ sent: number; failed: number }> {
  const all = c.failed.of(c.session.baseUrl);
  let sent = 0;
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sending {0} failed decisions again', formatCount(all.length)) }, async (progress) => {
    for (const f of all) {
      const outcome = await decideRecommendation({ session: c.session, list: c.recommendations, errors: c.errors, log: c.log, curation: c }, f.verdict, f.rec, { notifyUndo: false, quietOffline: true, undo: false });
      progress.report({ increment: 100 / all.length });
      if (outcome.status === 'approved' || outcome.status === 'rejected' || outcome.status === 'gone') sent++;
      if (c.health.unreachable) break;
    }
  });
  const left = c.failed.of(c.session.baseUrl);
  const text = left.length
    ? vscode.l10n.t('Dedup Curator: {0} failed decisions sent again, {1} still not sent ({2}).', formatCount(sent), formatCount(left.length), left[0].reason)
    : vscode.l10n.t('Dedup Curator: {0} failed decisions sent again; none is left.', formatCount(sent));
  void (left.length ? showWarning(text) : showInfo(text));
  return { sent, failed: left.length };
}
