// Approve and reject: from a tree item's inline action or context menu, or from the command
// palette with a quick pick of pending recommendations. The item leaves the tree at once; a failed
// decision puts it back and says why. Every attempt goes to the decision journal first. With
// several items selected, the command runs as a bulk decision (confirmation, progress, summary).
import * as vscode from 'vscode';
import type { Recommendation, Verdict } from '../../api/model';
import { attemptDecision } from '../../curation/decide';
import { isDedupError, isRetryable } from '../../api/errors';
import { runBulkWithUi } from '../curation/bulk-run';
import { type Curation, currentConnection } from '../curation/context';
import type { Session } from '../connection/session';
import type { ErrorReporter } from '../error-reporter';
import type { ListNode } from '../views/paged-list';
import type { RecommendationsList } from '../views/recommendations-list';
import { integrationName, percent, recommendationLabel } from '../views/labels';
import { inertText } from '../ui/inert-text';
import { showCountdown, showInfo, showWarning } from '../ui/notify';
import { Commands } from '../ids';
import { Settings } from '../settings';


/** What one decision needs: the tree's commands and the comparison panel decide through the same path. */
export interface DecisionContext {
  session: Session;
  list: RecommendationsList;
  errors: ErrorReporter;
  log: vscode.LogOutputChannel;
  curation: Curation;
}

/**
 * How a single decision ended, for callers that show it (the comparison panel, the queue). 'gone':
 * the service no longer had it pending (409 already decided, 404 unknown: decided elsewhere, or
 * made moot when an earlier approval merged its entities) — nothing to fix, so no error notification.
 */
export type SingleDecision =
  | { status: 'ok' }
  | { status: 'cancelled' }
  /** Undone within the undo period: nothing was sent, the recommendation is pending again. */
  | { status: 'undone'; message: string }
  | { status: 'gone'; message: string }
  | { status: 'failed' | 'unknown' | 'no-connection'; message: string };

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
      return runBulkWithUi(curation, { verdict, targets: many, description: vscode.l10n.t('the {0} selected', many.length), confirm: opts?.confirm });
    }
    const rec = node ? recommendationOf(node) : await pick(list, verdict);
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

/**
 * One recommendation, approved or rejected: the reject confirmation (setting), the journal, out of
 * the tree at once and back on failure, the error said once.
 */
export async function decideRecommendation(
  ctx: DecisionContext,
  verdict: Verdict,
  rec: Recommendation,
  /**
   * quietOffline: a failure to reach the service is said by the caller (the queue's bar, the status
   * bar), not in a notification; undo: false sends at once (a retry).
   */
  opts: { notifyUndo?: boolean; audit?: number; quietOffline?: boolean; undo?: boolean } = {},
): Promise<SingleDecision> {
  const { session, list, errors, log, curation } = ctx;
  const client = await session.client();
  const connection = currentConnection(session);
  if (!client || !connection) {
    const message = vscode.l10n.t('No active connection with a token.');
    void showWarning(vscode.l10n.t('Dedup Curator: {0}', message));
    return { status: 'no-connection', message };
  }
  if (verdict === 'reject' && Settings.confirmReject()) {
    const reject = vscode.l10n.t('Reject');
    const ok = await showWarning(vscode.l10n.t('Reject "{0}"?', names(rec)), { modal: true }, reject);
    if (ok !== reject) return { status: 'cancelled' };
  }
  // The group it is decided in, taken before it leaves the list (its answer counts for that group).
  const triage = curation.triage.groupRef(list, rec);
  const putBack = curation.backlog.take(rec['@id']);
  const graceMs = opts.undo === false ? 0 : Settings.undoMs();
  // The undo period starts now, before the journal's fsync, so Undo works from the first moment.
  const held = graceMs > 0 ? curation.undo.wait(rec['@id'], graceMs) : undefined;
  const grace = held ? { ms: graceMs, wait: () => held } : undefined;
  if (held && opts.notifyUndo !== false) void offerUndo(curation, verdict, rec, graceMs, held);
  const outcome = await attemptDecision(client, rec, verdict, { journal: curation.journal, connection, grace, audit: opts.audit, triage });
  // Not sent because the journal could not be written: nothing is waiting any more.
  curation.undo.cancel(rec['@id']);
  if (outcome.status === 'cancelled') {
    putBack?.();
    log.info(`${verdict} ${rec['@id']}: undone within the undo period, nothing sent`);
    return { status: 'undone', message: vscode.l10n.t('Undone: nothing was sent; "{0}" is pending again.', names(rec)) };
  }
  if (outcome.status === 'ok') {
    curation.failed.remove(rec['@id']);
    curation.health.markReachable();
    if (!putBack) curation.backlog.decidedUnloaded(rec['@id']);
    log.info(`${verdict === 'approve' ? 'approved' : 'rejected'} ${rec['@id']} (score ${rec.score})`);
    return { status: 'ok' };
  }
  if (outcome.status === 'failed' && (outcome.kind === 'conflict' || outcome.kind === 'not-found')) {
    // It left the list at the service: it stays out of the tree, and this is no error to report.
    log.info(`${verdict} ${rec['@id']}: no longer pending (${outcome.kind}: ${outcome.message ?? ''})`);
    curation.failed.remove(rec['@id']);
    return { status: 'gone', message: vscode.l10n.t('No longer pending: decided elsewhere, or made moot when an earlier approval merged its entities.') };
  }
  putBack?.();
  const doing = verdict === 'approve' ? vscode.l10n.t('Approving "{0}"', names(rec)) : vscode.l10n.t('Rejecting "{0}"', names(rec));
  const error = outcome.error ?? new Error(outcome.message ?? outcome.kind ?? '');
  // Not reached (refused, reset, timed out): said in the status bar and the queue until it answers.
  const unreachable = outcome.kind === 'network' || outcome.kind === 'timeout';
  const message = opts.quietOffline && unreachable ? errors.explain(error, doing) : errors.report(error, doing);
  if (unreachable) curation.health.markUnreachable(message);
  // Worth sending again once the service answers (Retry Failed Decisions): a 409 then says if it was applied.
  if ((isDedupError(error) && isRetryable(error)) || outcome.kind === 'timeout' || outcome.status === 'unknown') curation.failed.add({ rec, verdict, reason: message, baseUrl: session.baseUrl ?? connection.baseUrl });
  // With an unknown outcome (answer lost) the service may have applied it: reload rather than guess
  // (not while it cannot be reached: the reload would fail, and say so, too).
  if (outcome.status === 'unknown' && !curation.health.unreachable) void list.refresh();
  return { status: outcome.status, message };
}

/**
 * The offer to undo while the decision waits (the tree and the comparison panel): a notification
 * whose Cancel undoes it, counting down, gone when the period ends — a plain message with an Undo
 * button stayed after the period and then could only answer "Too late" (the walk of issue 13).
 */
function offerUndo(curation: Curation, verdict: Verdict, rec: Recommendation, ms: number, held: Promise<boolean>): Thenable<void> {
  const title = verdict === 'approve' ? vscode.l10n.t('Approving "{0}"', names(rec)) : vscode.l10n.t('Rejecting "{0}"', names(rec));
  return showCountdown(title, ms, held, (s) => vscode.l10n.t('sent in {0} s; Cancel undoes it.', s), () => {
    // Cancel pressed in the very last moment may meet a decision already on its way.
    if (!curation.undo.cancel(rec['@id'])) vscode.window.setStatusBarMessage(vscode.l10n.t('Too late to undo: the decision was already sent.'), GONE_STATUS_MS);
  });
}

function uniqueRecords(nodes: readonly ListNode<Recommendation>[]): Recommendation[] {
  const byId = new Map<string, Recommendation>();
  for (const n of nodes) {
    const r = recommendationOf(n);
    if (r) byId.set(r['@id'], r);
  }
  return [...byId.values()];
}

/** The recommendation of a tree row: invoked on an entity row, a command is about its recommendation. */
export function recommendationOf(node: ListNode<Recommendation>): Recommendation | undefined {
  return node.kind === 'record' ? node.record : node.kind === 'child' ? node.parent : undefined;
}

const names = (r: Recommendation) => recommendationLabel(r);

async function pick(list: RecommendationsList, verdict: Verdict): Promise<Recommendation | undefined> {
  const pending = list.loaded();
  if (!pending.length) {
    void showInfo(vscode.l10n.t('No pending recommendations are loaded.'));
    return undefined;
  }
  const chosen = await vscode.window.showQuickPick(
    pending.map((r) => ({
      // Record data: a quick pick renders $(icon) syntax.
      label: inertText(names(r)),
      description: percent(r.score),
      detail: inertText([...new Set(r.entities.map((e) => integrationName(e.integration)))].join(', ')),
      rec: r,
    })),
    {
      title: verdict === 'approve' ? vscode.l10n.t('Dedup Curator: Approve a Recommendation') : vscode.l10n.t('Dedup Curator: Reject a Recommendation'),
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  return chosen?.rec;
}
