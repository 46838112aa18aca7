// What the curation commands (single and bulk decisions, the decision history, export) share: the
// session, the Recommendations tree, and the one decision journal of this installation, kept in
// the extension's global storage so that every window and workspace appends to the same history.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { UndoWindow } from '../../curation/grace';
import type { PendingBacklog } from '../../curation/pending-backlog';
import { DecisionService } from '../../curation/decision-service';
import { type BulkShare, DecisionJournal, type JournalConnection, journalConnection } from '../../curation/journal';
import type { Session } from '../connection/session';
import type { ErrorReporter } from '../error-reporter';
import type { RecommendationsList } from '../views/recommendations-list';
import { showError } from '../ui/notify';
import { TriageState } from '../triage/triage-state';
import { ServiceHealth } from '../connection/service-health';
import { FailedDecisions } from './failed-decisions';

export interface Curation {
  session: Session;
  recommendations: RecommendationsList;
  /** The pending recommendations, held once: the tree draws them, decisions take them out and put them back. */
  backlog: PendingBacklog;
  journal: DecisionJournal;
  errors: ErrorReporter;
  log: vscode.LogOutputChannel;
  /** What "Retry Failed" would send again: set at the end of each bulk run that left some. */
  retry?: RetryableRun;
  /** Single decisions waiting out their undo period (setting undoSeconds). */
  undo: UndoWindow;
  /** Unsure marks, flags and the informative order, read from the journal. */
  triage: TriageState;
  /** Single decisions that did not reach the service, for Retry Failed Decisions and the queue's list. */
  failed: FailedDecisions;
  /** Whether the active service answers (a decision that could not reach it says it does not). */
  health: ServiceHealth;
  /** Approve and reject, with typed outcomes (the commands and panels word them). */
  decisions: DecisionService;
}

/** The recommendations of the last bulk run worth sending again, with that run's verdict. */
export interface RetryableRun {
  verdict: 'approve' | 'reject';
  description: string;
  targets: Recommendation[];
  /** A group decision's estimate per decision: a retry is journalled with it too. */
  bulk?: BulkShare;
}

export const JOURNAL_FILE = 'decision-journal.ndjson';

export function createCuration(
  context: vscode.ExtensionContext,
  session: Session,
  recommendations: RecommendationsList,
  errors: ErrorReporter,
  log: vscode.LogOutputChannel,
): Curation {
  // The extension host sees its global storage as a local folder (also on a remote server); the
  // journal writes it with node:fs so that every line can be fsynced. The folder is created on the
  // first append.
  const journal = new DecisionJournal(vscode.Uri.joinPath(context.globalStorageUri, JOURNAL_FILE).fsPath);
  const triage = new TriageState(journal, log, () => session.baseUrl);
  // Disposed before the journal closes (subscriptions are disposed in reverse order).
  const failed = new FailedDecisions();
  const health = new ServiceHealth(session, log);
  context.subscriptions.push({ dispose: () => void journal.close() }, triage, recommendations.useTriage(triage), failed, health);
  const backlog = recommendations.backlog;
  const decisions = new DecisionService({ client: () => session.client(), connection: () => currentConnection(session), journal, backlog });
  return { session, recommendations, backlog, journal, errors, log, undo: backlog.undo, triage, failed, health, decisions };
}

/** The active connection as the journal records it (base URL and label, never the token). */
export function currentConnection(session: Session): JournalConnection | undefined {
  const s = session.state;
  return s.kind === 'ready' ? journalConnection(s.baseUrl, s.label) : undefined;
}

/** The path of a file URI chosen in a dialog; undefined (after saying why) for any other scheme. */
export function localPath(uri: vscode.Uri): string | undefined {
  if (uri.scheme === 'file') return uri.fsPath;
  void showError(vscode.l10n.t('Dedup Curator can only write files on the machine it runs on; {0} is not one.', uri.toString()));
  return undefined;
}

/**
 * A file-system error names the `.partial` file and an errno; say which file could not be written.
 * Service errors (which have a `kind`) are passed through unchanged.
 */
export function fileError(e: unknown, file: string): unknown {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (typeof code !== 'string' || (e !== null && typeof e === 'object' && 'kind' in e)) return e;
  return new Error(vscode.l10n.t('could not write {0} ({1})', file, code));
}
