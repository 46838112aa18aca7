// One approve or reject, from the click to the service and back, free of the editor: the
// recommendation leaves the pending backlog at once, waits out its undo period, is journalled and
// sent (attemptDecision), and comes back to the backlog when it was not applied. The outcome is a
// typed value; what it means to the user (a notification, a line in a panel, the status bar) is the
// caller's, written once in the extension's decision-messages.ts.
import { isDedupError, isRetryable } from '../api/errors';
import type { Recommendation, Verdict } from '../api/model';
import { type Decider, attemptDecision } from './decide';
import type { DecisionJournal, JournalConnection, TriageGroupRef } from './journal';
import type { PendingBacklog } from './pending-backlog';

/** Why a decision was not applied: the error itself, never its message cut apart. */
export interface DecisionCause {
  /** The error's kind (conflict, not-found, network, timeout, server, journal, …). */
  kind: string;
  error: unknown;
  /** The service could not be reached: the decision surely or probably did not arrive. */
  unreachable: boolean;
  /** Worth sending again once the service answers (a 409 then says if it had been applied). */
  retryable: boolean;
}

export type DecisionOutcome =
  | { status: 'approved' | 'rejected' }
  /** Taken back within the undo period: nothing was sent, it is pending again. */
  | { status: 'undone' }
  /** Held back because the service could not be reached: nothing was sent, it is pending again. */
  | { status: 'queued-offline' }
  /** The service no longer had it pending (decided elsewhere, or made moot by a merge): it stays out. */
  | { status: 'gone'; cause: DecisionCause }
  /** Not applied: it is pending again. */
  | { status: 'failed'; cause: DecisionCause }
  /** May have been applied (the answer was lost): it is pending again until the list is read again. */
  | { status: 'unknown'; cause: DecisionCause }
  /** No active connection with a token: nothing was done. */
  | { status: 'no-connection' };

export interface DecisionRequest {
  rec: Recommendation;
  verdict: Verdict;
  /** The undo period; 0 sends at once (a retry). */
  graceMs: number;
  /** The audit draw this decision answers (triage/audit.ts). */
  audit?: number;
  /** The triage group it is decided in, taken before it leaves the backlog. */
  triage?: TriageGroupRef;
  /** Told when the decision starts waiting out its undo period: `held` resolves false if it is taken back. */
  onWaiting?: (held: Promise<boolean>, ms: number) => void;
}

export interface DecisionServiceDeps {
  client(): Promise<Decider | undefined>;
  connection(): JournalConnection | undefined;
  journal: DecisionJournal;
  backlog: PendingBacklog;
}

// Network failures that happen before a request can reach the service.
const UNREACHABLE_KINDS = new Set(['network', 'timeout']);

export class DecisionService {
  /** Decisions held back while the service cannot be reached (their undo period cut short). */
  private readonly heldBack = new Set<string>();

  constructor(private readonly deps: DecisionServiceDeps) {}

  async decide(request: DecisionRequest): Promise<DecisionOutcome> {
    const { rec, verdict } = request;
    const id = rec['@id'];
    const client = await this.deps.client();
    const connection = this.deps.connection();
    if (!client || !connection) return { status: 'no-connection' };
    const { backlog, journal } = this.deps;
    const settle = backlog.take(id);
    // The undo period starts now, before the journal's fsync, so Undo works from the first moment.
    const held = request.graceMs > 0 ? backlog.undo.wait(id, request.graceMs) : undefined;
    if (held) request.onWaiting?.(held, request.graceMs);
    const grace = held ? { ms: request.graceMs, wait: () => held } : undefined;
    const attempt = await attemptDecision(client, rec, verdict, { journal, connection, grace, audit: request.audit, triage: request.triage });
    // Not sent because the journal could not be written: nothing is waiting any more.
    backlog.undo.cancel(id);
    const wasHeldBack = this.heldBack.delete(id);
    if (attempt.status === 'cancelled') {
      settle?.(false);
      return { status: wasHeldBack ? 'queued-offline' : 'undone' };
    }
    if (attempt.status === 'ok') {
      settle?.(true);
      return { status: verdict === 'approve' ? 'approved' : 'rejected' };
    }
    const error = attempt.error ?? new Error(attempt.message ?? attempt.kind ?? 'the decision failed');
    const kind = attempt.kind ?? 'error';
    const unreachable = UNREACHABLE_KINDS.has(kind);
    const cause: DecisionCause = { kind, error, unreachable, retryable: (isDedupError(error) && isRetryable(error)) || kind === 'timeout' || attempt.status === 'unknown' };
    // It left the list at the service: it stays out of the backlog, and this is no error.
    if (attempt.status === 'failed' && (kind === 'conflict' || kind === 'not-found')) {
      settle?.(true);
      return { status: 'gone', cause };
    }
    settle?.(false);
    return { status: attempt.status, cause };
  }

  /** Undo: takes back a decision still in its undo period (nothing is sent). */
  undo(id: string): boolean {
    return this.deps.backlog.undo.cancel(id);
  }

  /**
   * The service cannot be reached: a decision still in its undo period is not sent (it would fail
   * seconds later while the curator moved on) and ends 'queued-offline', for Retry to send.
   */
  holdBack(id: string): boolean {
    if (!this.deps.backlog.undo.isWaiting(id)) return false;
    this.heldBack.add(id);
    return this.deps.backlog.undo.cancel(id);
  }
}
