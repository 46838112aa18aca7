// A bulk run cut short by the window closing (a reload, a crash) leaves no line for the decisions
// it never attempted: without this, "approve these 4,901" followed by a reload came back to a list
// 9 shorter and not a word. The journal's run lines (journal-runs.ts RunLine) say what the run was asked
// to do; at the next start the curator is told, once per run, what reached the service and what did
// not. Nothing is sent again by itself: the list may have changed, so the choice stays with them.
import * as vscode from 'vscode';
import { type RunEntry, runsCutShort } from '../../curation/journal-runs';
import { formatCount } from '../../webview/shared/format';
import { Commands } from '../ids';
import { showWarning } from '../ui/notify';
import { inertText } from '../ui/inert-text';

const SEEN_KEY = 'dedupCurator.interruptedRunsReported';
const MAX_REMEMBERED = 200;

/** The run's story in one sentence. */
export function interruptedRunText(r: RunEntry): string {
  // The journal is shared by every connection: name the service the run was on.
  const service = inertText(r.connection?.label || r.connection?.baseUrl || '?');
  const args = [formatCount(r.count), inertText(r.what), service, formatCount(r.ok), formatCount(r.unknown), formatCount(r.count - r.attempted)] as const;
  return r.verdict === 'approve'
    ? vscode.l10n.t('Dedup Curator: the bulk approval of {0} ({1}) on {2} stopped when the window closed: {3} approved, {4} of unknown outcome, {5} never sent. What was not applied is still pending; decide it again if you meant to.', ...args)
    : vscode.l10n.t('Dedup Curator: the bulk rejection of {0} ({1}) on {2} stopped when the window closed: {3} rejected, {4} of unknown outcome, {5} never sent. What was not applied is still pending; decide it again if you meant to.', ...args);
}

/** Tells of the runs that began before this window and never ended; returns how many it told of. */
export async function reportInterruptedRuns(runs: readonly RunEntry[], memento: vscode.Memento, windowStartedAt: Date): Promise<number> {
  const seen = new Set(memento.get<string[]>(SEEN_KEY, []));
  const cut = runsCutShort(runs, windowStartedAt).filter((r) => !seen.has(r.run));
  if (!cut.length) return 0;
  await memento.update(SEEN_KEY, [...seen, ...cut.map((r) => r.run)].slice(-MAX_REMEMBERED));
  const history = vscode.l10n.t('Show Decision History');
  const texts = cut.map(interruptedRunText);
  const more = texts.length > 1 ? ' ' + vscode.l10n.t('({0} runs in all.)', formatCount(texts.length)) : '';
  const answer = await showWarning(texts.at(-1)! + more, history);
  if (answer === history) await vscode.commands.executeCommand(Commands.showDecisionHistory);
  return cut.length;
}
