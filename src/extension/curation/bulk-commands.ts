// "Approve All Matching…" and "Reject All Matching…": every pending recommendation on the service
// (all pages, not just the loaded ones) that matches a minimum score, or the view's filter when one
// is set; then the confirmation, the run and the summary of bulk-run.ts.
import * as vscode from 'vscode';
import { cancellationSignal } from '../ui/cancellation';
import type { Recommendation } from '../../api/model';
import type { Verdict } from '../../api/model';
import { type RecommendationFilter, describeFilter, isFiltered, matches, parseScoreRange } from '../views/recommendation-filter';
import { runBulkWithUi, updateRetryContext } from './bulk-run';
import { retryFailed } from './retry-failed';
import type { Curation } from './context';
import { showWarning } from '../ui/notify';
import { inertText } from '../ui/inert-text';
import { Commands } from '../ids';
import { validateByParsing } from '../ui/input-check';
import { formatCount } from '../../webview/shared/format';

/** Arguments for scripts and tests (criteria as the view's filter); without them the command asks. */
export interface AllMatchingArgs extends RecommendationFilter {
  confirm?: boolean;
  signal?: AbortSignal;
  /** On a production connection: the name typed (else the command asks). */
  typedName?: string;
}

/** "score ≥ 95%", or "every pending recommendation" when nothing narrows it. */
export function describeCriteria(c: RecommendationFilter): string {
  return isFiltered(c) ? describeFilter(c) : vscode.l10n.t('every pending recommendation');
}

export function registerBulkCommands(c: Curation): vscode.Disposable[] {
  const allMatching = (verdict: Verdict) => async (args?: AllMatchingArgs) => {
    const criteria: RecommendationFilter | undefined = args ? { minScore: args.minScore, maxScore: args.maxScore, integrations: args.integrations } : await askCriteria(c, verdict);
    if (!criteria) return undefined;
    const targets = await collect(c, criteria, args?.signal);
    if (!targets) return undefined;
    return runBulkWithUi(c, { verdict, targets, description: describeCriteria(criteria), confirm: args?.confirm, signal: args?.signal, typedName: args?.typedName });
  };
  return [
    vscode.commands.registerCommand(Commands.approveAllMatching, allMatching('approve')),
    vscode.commands.registerCommand(Commands.rejectAllMatching, allMatching('reject')),
    vscode.commands.registerCommand(Commands.retryFailedDecisions, (args?: { signal?: AbortSignal }) => retryFailed(c, args)),
    // The Recommendations view's title offers Retry while there is something to send again.
    c.failed.onDidChange(() => void updateRetryContext(c)),
    c.session.onDidChange(() => void updateRetryContext(c)),
  ];
}

/** The view's filter if one is set, else a typed score range (as in "Filter by Score…"). */
async function askCriteria(c: Curation, verdict: Verdict): Promise<RecommendationFilter | undefined> {
  const filter = c.recommendations.filter;
  if (isFiltered(filter)) {
    const useFilter = vscode.l10n.t('Matching the view’s filter: {0}', describeFilter(filter));
    const typed = vscode.l10n.t('With a score range…');
    const chosen = await vscode.window.showQuickPick([useFilter, typed], { title: titleOf(verdict) });
    if (chosen === undefined) return undefined;
    if (chosen === useFilter) return { ...filter };
  }
  const text = await vscode.window.showInputBox({
    title: titleOf(verdict),
    prompt: vscode.l10n.t('Score of the pending recommendations to decide: 0.95 or 95% (at least), 0.8-0.95 (between)'),
    value: '0.95',
    validateInput: validateByParsing(parseScoreRange),
  });
  if (text === undefined) return undefined;
  const range = parseScoreRange(text);
  return 'error' in range ? undefined : range;
}

function titleOf(verdict: Verdict): string {
  return verdict === 'approve' ? vscode.l10n.t('Dedup Curator: Approve All Matching') : vscode.l10n.t('Dedup Curator: Reject All Matching');
}

/** Every pending recommendation on the service that matches, read page by page (cancellable). */
async function collect(c: Curation, criteria: RecommendationFilter, signal: AbortSignal | undefined): Promise<Recommendation[] | undefined> {
  const client = await c.session.client();
  if (!client) {
    void showWarning(vscode.l10n.t('Dedup Curator: no active connection with a token.'));
    return undefined;
  }
  const title = vscode.l10n.t('Finding pending recommendations ({0})…', describeCriteria(criteria));
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: inertText(title), cancellable: true }, async (progress, token) => {
      const cancel = cancellationSignal(token, signal);
      try {
        const found: Recommendation[] = [];
        let read = 0;
        for await (const page of client.recommendationPages({ pageSize: 200 }, { signal: cancel.signal })) {
          read += page.data.length;
          // Only the matching ones are kept, so memory follows the selection, not the whole list.
          found.push(...page.data.filter((r) => matches(r, criteria)));
          progress.report({ message: vscode.l10n.t('{0} of {1} read, {2} match', formatCount(read), page.total === undefined ? '?' : formatCount(page.total), formatCount(found.length)) });
        }
        return found;
      } finally {
        cancel.dispose();
      }
    });
  } catch (e) {
    c.errors.report(e, vscode.l10n.t('Listing pending recommendations'));
    return undefined;
  }
}
