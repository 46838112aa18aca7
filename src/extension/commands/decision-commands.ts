// Approve and reject: from a tree item's inline action or context menu, or from the command
// palette with a quick pick of pending recommendations. The item leaves the tree at once; a failed
// decision puts it back and says why. Every attempt goes to the decision journal first. With
// several items selected, the command runs as a bulk decision (confirmation, progress, summary).
import * as vscode from 'vscode';
import type { Recommendation, Verdict } from '../../api/model';
import { runBulkWithUi } from '../curation/bulk-run';
import type { Curation } from '../curation/context';
import { decideRecommendation } from '../curation/decide-one';
import type { Session } from '../connection/session';
import type { ErrorReporter } from '../error-reporter';
import type { ListNode } from '../views/paged-list';
import { recommendationOf } from '../views/recommendation-node';
import type { RecommendationsList } from '../views/recommendations-list';
import { recommendationLabel } from '../views/labels';
import { inertText } from '../ui/inert-text';
import { Commands } from '../ids';
import { pickPending } from '../curation/pick-pending';
import { formatCount } from '../../webview/shared/format';


/** How long the tree's brief "no longer pending" stays in the status bar. */
const GONE_STATUS_MS = 6000;

/** Extra argument for tests and scripts: `{ confirm: false }` skips the bulk confirmation. */
interface DecideOptions {
  confirm?: boolean;
}

export function registerDecisionCommands(
  session: Session,
  list: RecommendationsList,
  errors: ErrorReporter,
  log: vscode.LogOutputChannel,
  curation: Curation,
): vscode.Disposable[] {
  const decide = async (verdict: Verdict, node?: ListNode<Recommendation>, selected?: readonly ListNode<Recommendation>[], opts?: DecideOptions) => {
    // VS Code passes (clicked node, all selected nodes) when several items are selected.
    const many = uniqueRecords([...(selected ?? []), ...(node ? [node] : [])]);
    if (many.length > 1) {
      return runBulkWithUi(curation, { verdict, targets: many, description: vscode.l10n.t('the {0} selected', formatCount(many.length)), confirm: opts?.confirm });
    }
    const rec = node ? recommendationOf(node) : await pickPending(session, list, verdict === 'approve' ? vscode.l10n.t('Dedup Curator: Approve a Recommendation') : vscode.l10n.t('Dedup Curator: Reject a Recommendation'));
    if (!rec) return;
    const outcome = await decideRecommendation({ session, list, errors, log, curation }, verdict, rec);
    // The row is gone from the tree already; a line in the status bar says why, without a notification.
    if (outcome.status === 'gone') vscode.window.setStatusBarMessage(inertText(`$(info) ${names(rec)}: ${outcome.message}`), GONE_STATUS_MS);
  };
  /**
   * Ctrl+Alt+A / R in the Recommendations view. The keybinding passes `{ $treeViewId, $focusedTreeItem }`
   * (package.json), which the extension host turns into the row that has the keyboard focus — the
   * same context VS Code gives a view's title actions — so a row reached with the arrow keys is
   * decided without selecting it (Enter would also open its comparison). A focused row inside a
   * multi-selection decides the whole selection; without a focused row (older VS Code passes the
   * object through unchanged) the selection decides, and with none either the command asks.
   */
  const decideFocused = (verdict: Verdict, focusedArg?: unknown) => {
    const focused = isListNode(focusedArg) ? focusedArg : undefined;
    const selection = list.view?.selection ?? [];
    if (focused && !(selection.length > 1 && selection.includes(focused))) {
      if (!recommendationOf(focused)) return void vscode.window.setStatusBarMessage(vscode.l10n.t('Move the focus to a recommendation to approve or reject it.'), GONE_STATUS_MS);
      return decide(verdict, focused);
    }
    return decide(verdict, selection[0], selection.length > 1 ? selection : undefined);
  };
  type Args = [node?: ListNode<Recommendation>, selected?: ListNode<Recommendation>[], opts?: DecideOptions];
  return [
    vscode.commands.registerCommand(Commands.approve, (...args: Args) => decide('approve', ...args)),
    vscode.commands.registerCommand(Commands.reject, (...args: Args) => decide('reject', ...args)),
    // The latest single decision still in its undo period is cancelled (nothing is sent).
    vscode.commands.registerCommand(Commands.undoDecision, () => {
      const id = curation.undo.latest();
      if (id !== undefined && curation.undo.cancel(id)) return id;
      vscode.window.setStatusBarMessage(vscode.l10n.t('No decision is waiting to be sent: nothing to undo.'), GONE_STATUS_MS);
      return undefined;
    }),
    vscode.commands.registerCommand(Commands.approveSelected, (focused?: unknown) => decideFocused('approve', focused)),
    vscode.commands.registerCommand(Commands.rejectSelected, (focused?: unknown) => decideFocused('reject', focused)),
  ];
}

function isListNode(x: unknown): x is ListNode<Recommendation> {
  return typeof x === 'object' && x !== null && 'kind' in x && ((x as { kind: unknown }).kind === 'record' || (x as { kind: unknown }).kind === 'child' || (x as { kind: unknown }).kind === 'more');
}

function uniqueRecords(nodes: readonly ListNode<Recommendation>[]): Recommendation[] {
  const byId = new Map<string, Recommendation>();
  for (const n of nodes) {
    const r = recommendationOf(n);
    if (r) byId.set(r['@id'], r);
  }
  return [...byId.values()];
}

const names = (r: Recommendation) => recommendationLabel(r);
