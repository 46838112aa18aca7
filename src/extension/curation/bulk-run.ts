// A bulk decision in the editor: the list of what will be decided and a confirmation (bulk-review.ts), then the run in a cancellable
// notification, items leaving the tree as they are decided, and a summary with "Retry Failed". The
// run itself is src/curation/bulk-decisions.ts, which journals every attempt.
import * as vscode from 'vscode';
import { cancellationSignal } from '../ui/cancellation';
import type { Recommendation } from '../../api/model';
import { type BulkSummary, countByKind, runBulkDecisions } from '../../curation/bulk-decisions';
import type { BulkShare, TriageGroupRef } from '../../curation/journal';
import { type MootSplit, splitMoot } from '../../curation/bulk-moot';
import type { Verdict } from '../../api/model';
import { showError, showInfo, showWarning } from '../ui/notify';
import { reviewBulk } from './bulk-review';
import { productionGuard } from '../commands/production-command';
import { type Curation, type RetryableRun, currentConnection } from './context';
import { inertText } from '../ui/inert-text';
import { Commands, ContextKeys } from '../ids';
import { setContext } from '../context-keys';
import { Settings } from '../settings';
import { formatCount } from '../../webview/shared/format';

export interface BulkRequest {
  verdict: Verdict;
  targets: readonly Recommendation[];
  /** What was chosen, for the confirmation ("score ≥ 95%", "the 3 selected"). */
  description: string;
  /** False skips the modal confirmation (tests; a retry the user asked for). Default true. */
  confirm?: boolean;
  /** Cancels the run like the notification's Cancel button (tests). */
  signal?: AbortSignal;
  /** A group decision's estimated precision and interval, said in the confirmation. */
  estimate?: string;
  /** Flagged targets start checked in the list (a flagged group chosen as such). */
  includeFlagged?: boolean;
  /** On a production connection: the name typed (tests, scripts); without it the command asks. */
  typedName?: string;
  /** A group decision's estimate per decision (journal.ts BulkShare): the next triage's bulk tally. */
  bulk?: BulkShare;
  /**
   * The triage group of each target when the caller triaged them (a group decision: the whole
   * backlog's groups); without it, or where it says nothing, the triage of the tree's loaded list.
   */
  groupOf?: (id: string) => TriageGroupRef | undefined;
}

export async function runBulkWithUi(c: Curation, req: BulkRequest): Promise<BulkSummary | undefined> {
  if (!req.targets.length) {
    void showInfo(vscode.l10n.t('No pending recommendation matches {0}.', req.description));
    return undefined;
  }
  const client = await c.session.client();
  const connection = currentConnection(c.session);
  if (!client || !connection) {
    void showWarning(vscode.l10n.t('Dedup Curator: no active connection with a token.'));
    return undefined;
  }
  const targets = await confirmedTargets(c, req, connection.label);
  if (!targets) return undefined;
  const approve = req.verdict === 'approve';
  const n = targets.length;
  // The pending count the curator saw before the run, to say afterwards how many others left the list.
  const pendingBefore = c.recommendations.knownTotal;
  const title = approve ? vscode.l10n.t('Approving {0} recommendations', formatCount(n)) : vscode.l10n.t('Rejecting {0} recommendations', formatCount(n));
  // The triage group of each, taken once before the run (each decision changes the list): journalled
  // with its decision, so an answer counts for the group it was taken in (journal.ts StartedLine.triage).
  const given = new Map(targets.map((t) => [t['@id'], req.groupOf?.(t['@id'])]));
  const found = c.triage.groupRefs(c.recommendations, targets.filter((t) => !given.get(t['@id'])));
  const groups = new Map(targets.map((t) => [t['@id'], given.get(t['@id']) ?? found.get(t['@id'])]));
  let stoppedByAuth = false;
  const summary = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: inertText(title), cancellable: true }, async (progress, token) => {
    const cancel = cancellationSignal(token, req.signal);
    try {
      return await runBulkDecisions(client, targets, {
        verdict: req.verdict,
        what: req.description,
        connection,
        journal: c.journal,
        bulk: req.bulk,
        triageOf: (id) => groups.get(id),
        concurrency: Settings.bulkConcurrency(),
        signal: cancel.signal,
        onOutcome: (target, outcome) => {
          if (outcome.status === 'ok') c.backlog.take(target['@id'])?.(true);
          // With the token refused every further request would fail the same way: stop, and offer
          // "Update Token…" once (the ErrorReporter folds repeats).
          if (outcome.kind === 'invalid-token' || outcome.kind === 'auth-header') {
            stoppedByAuth = true;
            cancel.abort();
            c.errors.report(outcome.error, title);
          }
        },
        onProgress: (p) =>
          progress.report({
            increment: 100 / n,
            message: vscode.l10n.t('{0} of {1} done, {2} failed, {3} unknown', formatCount(p.ok), formatCount(n), formatCount(p.failed), formatCount(p.unknown)),
          }),
      });
    } finally {
      cancel.dispose();
    }
  });
  const outcome = { ...splitMoot(summary, targets), summary, pendingBefore, pendingAfter: undefined as number | undefined };
  c.log.info(`bulk ${req.verdict} of ${n} (${req.description}): ${describeCounts(outcome)}`);
  // A decision may have made others moot (merged entities): reload for the service's own list and
  // total, which also tells how many other recommendations left the list with this run.
  await c.recommendations.refresh();
  outcome.pendingAfter = c.recommendations.knownTotal;
  // After a refused token the ones never sent are as worth retrying as the refused ones (once the
  // token is updated); after a user's Cancel they are not: the user chose to stop.
  const again = new Set([...summary.retryIds, ...(stoppedByAuth ? summary.notAttempted : [])]);
  await setRetry(c, again.size ? { verdict: req.verdict, description: req.description, targets: targets.filter((t) => again.has(t['@id'])), bulk: req.bulk } : undefined);
  void showSummary(c, req, outcome);
  return summary;
}

/**
 * The targets the curator confirmed: without the unsure ones, as kept in the review (unless
 * `req.confirm` is false), and past the production guard; undefined when the run stops here.
 */
async function confirmedTargets(c: Curation, req: BulkRequest, where: string): Promise<Recommendation[] | undefined> {
  const approve = req.verdict === 'approve';
  // Unsure ones are never decided in bulk: they wait for the curator, one by one.
  let targets = req.targets.filter((t) => !c.triage.isUnsure(t['@id']));
  const unsureLeft = req.targets.length - targets.length;
  if (!targets.length) {
    void showInfo(vscode.l10n.t('Nothing to decide: the {0} recommendations of {1} are marked unsure (decide them one by one).', formatCount(unsureLeft), req.description));
    return undefined;
  }
  if (req.confirm !== false) {
    // The flags come from the triage core (dist/triage.js, loaded with the journal): without them
    // the review could not leave flagged ones unchecked, so a core that cannot load stops here.
    await c.triage.loaded;
    if (!c.triage.hasCore) {
      void showError(c.triage.coreProblem ?? vscode.l10n.t('Dedup Curator: triage is still loading; try again in a moment.'));
      return undefined;
    }
    const kept = await reviewBulk(req.verdict, targets, req.description, where, { flags: c.triage.flagsAmong(targets), flaggedChecked: req.includeFlagged, unsureLeft, estimate: req.estimate });
    if (!kept) return undefined;
    targets = kept;
  }
  // On production the curator types the connection's name, also for a retry: each run is its own risk.
  if (!(await productionGuard(c.session, approve ? vscode.l10n.t('Approve {0} recommendations', formatCount(targets.length)) : vscode.l10n.t('Reject {0} recommendations', formatCount(targets.length)), req.typedName))) {
    return undefined;
  }
  return targets;
}

export async function setRetry(c: Curation, run: RetryableRun | undefined): Promise<void> {
  c.retry = run;
  await updateRetryContext(c);
}

/** Whether Retry Failed Decisions has anything to send: the last bulk run's, or single decisions of the active connection. */
export async function updateRetryContext(c: Curation): Promise<void> {
  await setContext(ContextKeys.canRetryFailed, c.retry !== undefined || c.failed.of(c.session.baseUrl).length > 0);
}

/** A run's summary with its moot outcomes split off, and the pending count before and after it. */
interface RunOutcome extends MootSplit {
  summary: BulkSummary;
  pendingBefore: number | undefined;
  pendingAfter: number | undefined;
}

function describeCounts(o: RunOutcome): string {
  const s = o.summary;
  const groups = (g: Record<string, number>) =>
    Object.entries(g)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  const failed = Object.values(o.failed).flat().length;
  const unknown = Object.values(s.unknown).flat().length;
  const parts = [vscode.l10n.t('{0} done', formatCount(s.done.length))];
  if (o.moot.length) {
    parts.push(
      s.verdict === 'approve'
        ? vscode.l10n.t('{0} made moot by an earlier approval in this run', formatCount(o.moot.length))
        : vscode.l10n.t('{0} made moot by an earlier rejection in this run', formatCount(o.moot.length)),
    );
  }
  if (failed) parts.push(vscode.l10n.t('{0} failed ({1})', formatCount(failed), groups(countByKind(o.failed))));
  if (unknown) parts.push(vscode.l10n.t('{0} with unknown outcome ({1})', formatCount(unknown), groups(countByKind(s.unknown))));
  if (s.notAttempted.length) parts.push(vscode.l10n.t('{0} not attempted (cancelled)', formatCount(s.notAttempted.length)));
  return parts.join(', ');
}

/**
 * "The pending count fell by 114: 17 other recommendations left the list too": approvals merge
 * entities, and the service drops every recommendation among them, including ones not in the run.
 */
function describeOthers(o: RunOutcome): string | undefined {
  if (o.pendingBefore === undefined || o.pendingAfter === undefined) return undefined;
  const fell = o.pendingBefore - o.pendingAfter;
  const others = fell - o.summary.done.length - o.moot.length;
  if (others <= 0) return undefined;
  return vscode.l10n.t(
    'The pending count fell by {0}: {1} other recommendations left the list too (made moot by these decisions, or decided elsewhere).',
    formatCount(fell),
    formatCount(others),
  );
}

async function showSummary(c: Curation, req: BulkRequest, o: RunOutcome): Promise<void> {
  const retry = vscode.l10n.t('Retry Failed');
  const history = vscode.l10n.t('Show Decision History');
  const actions = c.retry ? [retry, history] : [history];
  const counts =
    req.verdict === 'approve'
      ? vscode.l10n.t('Dedup Curator: bulk approve: {0}.', describeCounts(o))
      : vscode.l10n.t('Dedup Curator: bulk reject: {0}.', describeCounts(o));
  const text = [counts, describeOthers(o)].filter(Boolean).join(' ');
  // Moot outcomes are what the run was for: only real failures make the summary a warning.
  const clean = o.summary.done.length + o.moot.length === o.summary.total;
  const answer = await (clean ? showInfo(text, ...actions) : showWarning(text, ...actions));
  if (answer === history) await vscode.commands.executeCommand(Commands.showDecisionHistory);
  if (answer === retry) await vscode.commands.executeCommand(Commands.retryFailedDecisions);
}

