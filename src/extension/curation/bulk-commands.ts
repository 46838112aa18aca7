// "Approve All Matching…" and "Reject All Matching…": every pending recommendation on the service
// (all pages, not just the loaded ones) that matches a minimum score, or the view's filter when one
// is set; then the confirmation, the run and the summary of bulk-run.ts.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { Verdict } from '../../curation/journal';
import { runBulkWithUi } from './bulk-run';
import type { Curation } from './context';

/** Criteria of a bulk run; the Recommendations view's filter has the same shape. */
export interface MatchCriteria {
  minScore?: number;
  maxScore?: number;
  integrations?: string[];
}

/** Arguments for scripts and tests; without them the command asks. */
export interface AllMatchingArgs extends MatchCriteria {
  confirm?: boolean;
  signal?: AbortSignal;
}

export function matchesCriteria(r: Recommendation, c: MatchCriteria): boolean {
  if (c.minScore !== undefined && r.score < c.minScore) return false;
  if (c.maxScore !== undefined && r.score > c.maxScore) return false;
  if (c.integrations?.length && !r.entities.some((e) => e.integration && c.integrations!.includes(e.integration))) return false;
  return true;
}

export function describeCriteria(c: MatchCriteria): string {
  const pct = (x: number) => `${+(x * 100).toFixed(1)}%`;
  const parts: string[] = [];
  if (c.minScore !== undefined) parts.push(vscode.l10n.t('score ≥ {0}', pct(c.minScore)));
  if (c.maxScore !== undefined) parts.push(vscode.l10n.t('score ≤ {0}', pct(c.maxScore)));
  if (c.integrations?.length) parts.push(vscode.l10n.t('from {0}', c.integrations.join(', ')));
  return parts.join(', ') || vscode.l10n.t('every pending recommendation');
}

/** "0.95", "95%", "95" → 0.95; undefined when it is not a score. */
export function parseMinScore(text: string): number | undefined {
  const s = text.trim().replace(/^≥\s*/, '');
  const m = /^(\d+(?:\.\d*)?|\.\d+)\s*(%?)$/.exec(s);
  if (!m) return undefined;
  const v = Number(m[1]);
  const score = m[2] || v > 1 ? v / 100 : v;
  return score >= 0 && score <= 1 ? score : undefined;
}

export function registerBulkCommands(c: Curation): vscode.Disposable[] {
  const allMatching = (verdict: Verdict) => async (args?: AllMatchingArgs) => {
    const criteria = args ?? (await askCriteria(c, verdict));
    if (!criteria) return undefined;
    const targets = await collect(c, criteria, args?.signal);
    if (!targets) return undefined;
    return runBulkWithUi(c, { verdict, targets, description: describeCriteria(criteria), confirm: args?.confirm, signal: args?.signal });
  };
  return [
    vscode.commands.registerCommand('dedupCurator.approveAllMatching', allMatching('approve')),
    vscode.commands.registerCommand('dedupCurator.rejectAllMatching', allMatching('reject')),
  ];
}

/** The view's filter if one is set (the Recommendations view may carry one), else a typed minimum score. */
async function askCriteria(c: Curation, verdict: Verdict): Promise<MatchCriteria | undefined> {
  const filter = (c.recommendations as { filter?: MatchCriteria }).filter;
  const filtered = filter && (filter.minScore !== undefined || filter.maxScore !== undefined || !!filter.integrations?.length);
  if (filtered) {
    const useFilter = vscode.l10n.t('Matching the view’s filter: {0}', describeCriteria(filter));
    const typed = vscode.l10n.t('With a minimum score…');
    const chosen = await vscode.window.showQuickPick([useFilter, typed], { title: titleOf(verdict) });
    if (chosen === undefined) return undefined;
    if (chosen === useFilter) return { ...filter };
  }
  const text = await vscode.window.showInputBox({
    title: titleOf(verdict),
    prompt: vscode.l10n.t('Minimum score of the pending recommendations to decide, as 0.95 or 95%'),
    value: '0.95',
    validateInput: (t) => (parseMinScore(t) === undefined ? vscode.l10n.t('Type a score between 0 and 1, or a percentage such as 95%') : undefined),
  });
  if (text === undefined) return undefined;
  return { minScore: parseMinScore(text) };
}

function titleOf(verdict: Verdict): string {
  return verdict === 'approve' ? vscode.l10n.t('Dedup Curator: Approve All Matching') : vscode.l10n.t('Dedup Curator: Reject All Matching');
}

/** Every pending recommendation on the service that matches, read page by page (cancellable). */
async function collect(c: Curation, criteria: MatchCriteria, signal: AbortSignal | undefined): Promise<Recommendation[] | undefined> {
  const client = await c.session.client();
  if (!client) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Dedup Curator: no active connection with a token.'));
    return undefined;
  }
  const title = vscode.l10n.t('Finding pending recommendations ({0})…', describeCriteria(criteria));
  try {
    return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (progress, token) => {
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      const link = () => controller.abort();
      signal?.addEventListener('abort', link, { once: true });
      try {
        const found: Recommendation[] = [];
        let read = 0;
        for await (const page of client.recommendationPages({ pageSize: 200 }, { signal: controller.signal })) {
          read += page.data.length;
          // Only the matching ones are kept, so memory follows the selection, not the whole list.
          found.push(...page.data.filter((r) => matchesCriteria(r, criteria)));
          progress.report({ message: vscode.l10n.t('{0} of {1} read, {2} match', read, page.total ?? '?', found.length) });
        }
        return found;
      } finally {
        sub.dispose();
        signal?.removeEventListener('abort', link);
      }
    });
  } catch (e) {
    c.errors.report(e, vscode.l10n.t('Listing pending recommendations'));
    return undefined;
  }
}
