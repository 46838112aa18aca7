// One approve or reject as the extension makes it, around the core's DecisionService: the reject
// confirmation (setting), the offer to undo, and what the outcome changes here — the list of
// failed decisions, the service's health, the log, an error said once. The tree's commands, the
// comparison panel, the review queue and Retry Failed Decisions all decide through it.
import * as vscode from 'vscode';
import type { Recommendation, Verdict } from '../../api/model';
import type { DecisionCause } from '../../curation/decision-service';
import type { Curation } from './context';
import type { Session } from '../connection/session';
import type { ErrorReporter } from '../error-reporter';
import type { RecommendationsList } from '../views/recommendations-list';
import { showCountdown, showWarning } from '../ui/notify';
import { Settings } from '../settings';
import { type SingleDecision, doingText, doneText, goneText, noConnectionText, undoneText } from './decision-messages';
import { recommendationLabel } from '../views/labels';
import { formatCount } from '../../webview/shared/format';

/** What one decision needs: the tree's commands and the panels decide through the same path. */
export interface DecisionContext {
  session: Session;
  list: RecommendationsList;
  errors: ErrorReporter;
  log: vscode.LogOutputChannel;
  curation: Curation;
}

export interface DecideOptions {
  /** false: no undo notification (the queue shows its own countdown). */
  notifyUndo?: boolean;
  audit?: number;
  /** A failure to reach the service is said by the caller (the queue's bar, the status bar), not in a notification. */
  quietOffline?: boolean;
  /** false sends at once (a retry). */
  undo?: boolean;
}

/** How long the brief "too late to undo" stays in the status bar. */
const STATUS_MS = 6000;

/** One recommendation, approved or rejected, with its outcome worded once. */
export async function decideRecommendation(ctx: DecisionContext, verdict: Verdict, rec: Recommendation, opts: DecideOptions = {}): Promise<SingleDecision> {
  const { list, curation } = ctx;
  if (verdict === 'reject' && Settings.confirmReject()) {
    const reject = vscode.l10n.t('Reject');
    const ok = await showWarning(vscode.l10n.t('Reject "{0}"?', recommendationLabel(rec)), { modal: true }, reject);
    if (ok !== reject) return { status: 'cancelled', message: '' };
  }
  const outcome = await curation.decisions.decide({
    rec,
    verdict,
    graceMs: opts.undo === false ? 0 : Settings.undoMs(),
    audit: opts.audit,
    // The group it is decided in, taken before it leaves the list (its answer counts for that group).
    triage: curation.triage.groupRef(list, rec),
    onWaiting: (held, ms) => {
      if (opts.notifyUndo !== false) void offerUndo(curation, verdict, rec, ms, held);
    },
  });
  const id = rec['@id'];
  switch (outcome.status) {
    case 'no-connection': {
      const message = noConnectionText();
      void showWarning(vscode.l10n.t('Dedup Curator: {0}', message));
      return { ...outcome, message };
    }
    case 'undone':
      ctx.log.info(`${verdict} ${id}: undone within the undo period, nothing sent`);
      return { ...outcome, message: undoneText(rec) };
    case 'queued-offline': {
      const reason = curation.health.unreachable?.message ?? vscode.l10n.t('The service could not be reached.');
      ctx.log.info(`${verdict} ${id}: held back, the service cannot be reached; nothing sent`);
      curation.failed.add({ rec, verdict, reason, baseUrl: ctx.session.baseUrl ?? '' });
      return { ...outcome, message: reason };
    }
    case 'approved':
    case 'rejected':
      curation.failed.remove(id);
      curation.health.markReachable();
      ctx.log.info(`${outcome.status} ${id} (score ${rec.score})`);
      return { ...outcome, message: doneText(verdict, rec) };
    case 'gone':
      ctx.log.info(`${verdict} ${id}: no longer pending (${outcome.cause.kind}: ${errorText(outcome.cause)})`);
      curation.failed.remove(id);
      return { ...outcome, message: goneText() };
    default:
      return { ...outcome, message: notApplied(ctx, verdict, rec, outcome.status, outcome.cause, opts.quietOffline === true) };
  }
}

/** A decision that was not applied (or may have been): said once, listed for Retry when a retry may cure it. */
function notApplied(ctx: DecisionContext, verdict: Verdict, rec: Recommendation, status: 'failed' | 'unknown', cause: DecisionCause, quietOffline: boolean): string {
  const { curation, errors } = ctx;
  const doing = doingText(verdict, rec);
  // Not reached (refused, reset, timed out): said in the status bar and the queue until it answers.
  const message = quietOffline && cause.unreachable ? errors.explain(cause.error, doing) : errors.report(cause.error, doing);
  if (cause.unreachable) curation.health.markUnreachable(message);
  if (cause.retryable) curation.failed.add({ rec, verdict, reason: message, baseUrl: ctx.session.baseUrl ?? '' });
  // With an unknown outcome (answer lost) the service may have applied it: reload rather than guess
  // (not while it cannot be reached: the reload would fail, and say so, too).
  if (status === 'unknown' && !curation.health.unreachable) void ctx.list.refresh();
  return message;
}

function errorText(cause: DecisionCause): string {
  return cause.error instanceof Error ? cause.error.message : String(cause.error);
}

/**
 * The offer to undo while the decision waits (the tree and the comparison panel): a notification
 * whose Cancel undoes it, counting down, gone when the period ends — a plain message with an Undo
 * button would stay after the period and then could only answer "Too late".
 */
function offerUndo(curation: Curation, verdict: Verdict, rec: Recommendation, ms: number, held: Promise<boolean>): Thenable<void> {
  return showCountdown(doingText(verdict, rec), ms, held, (s) => vscode.l10n.t('sent in {0} s; Cancel undoes it.', formatCount(s)), () => {
    // Cancel pressed in the very last moment may meet a decision already on its way.
    if (!curation.decisions.undo(rec['@id'])) vscode.window.setStatusBarMessage(vscode.l10n.t('Too late to undo: the decision was already sent.'), STATUS_MS);
  });
}
