// One decision attempt, journalled: the 'started' line is fsynced before the request is sent, the
// outcome line after the answer. Shared by the single approve/reject path and bulk runs, so both
// leave the same record.
import type { DedupClient } from '../api/client';
import { isDedupError } from '../api/errors';
import type { Recommendation, Verdict } from '../api/model';
import { type BulkShare, type DecisionJournal, type JournalConnection, type OutcomeStatus, startedLine, type TriageGroupRef } from './journal';

export type Decider = Pick<DedupClient, 'approve' | 'reject'>;

/** What a recommendation needs to be decided and journalled (a full Recommendation fits): the ID; the score and entities only go to the journal, and a list of bare IDs has none. */
export type DecisionTarget = Pick<Recommendation, '@id'> & { score?: number; entities?: Recommendation['entities'] };

export interface AttemptOutcome {
  status: OutcomeStatus;
  /** Error kind when not ok: conflict, not-found, network, timeout, cancelled, journal, … */
  kind?: string;
  message?: string;
  /** The error itself, for the caller's own reporting (never written to the journal as is). */
  error?: unknown;
}

// Network failures that happen before a request can reach the service: the decision was surely not applied.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Failed means the service did not apply the decision; unknown means it may have (the answer was
 * lost, the call was cancelled in flight, or the answer was not what the interface promises).
 */
export function classify(e: unknown): AttemptOutcome {
  if (!isDedupError(e)) return { status: 'unknown', kind: 'error', message: e instanceof Error ? e.message : String(e) };
  const base = { kind: e.kind, message: e.message };
  switch (e.kind) {
    case 'cancelled':
    case 'timeout':
    case 'invalid-response':
      return { status: 'unknown', ...base };
    case 'server':
      // A gateway's 502 or 504 may come after the service behind it applied the decision.
      return { status: e.status === 502 || e.status === 504 ? 'unknown' : 'failed', ...base };
    case 'network': {
      const code = (e as { code?: string }).code;
      return { status: code && NOT_SENT_CODES.has(code) ? 'failed' : 'unknown', ...base };
    }
    default:
      return { status: 'failed', ...base };
  }
}

export interface AttemptOptions {
  journal?: DecisionJournal;
  connection: JournalConnection;
  signal?: AbortSignal;
  /**
   * An undo period: the decision is journalled at once, then waits `ms`; `wait` resolves true to
   * send, false when undone (journalled as cancelled, nothing sent).
   */
  grace?: { ms: number; wait: () => Promise<boolean> };
  /** A group decision's estimate, journalled with the decision (the next triage's bulk tally). */
  bulk?: BulkShare;
  /** The decision answers audit draw number N (triage/audit.ts): journalled, so triage counts it after a reload. */
  audit?: number;
  /** The bulk run it is part of (journal-runs.ts RunLine). */
  run?: string;
  /** The triage group it was decided in (journal.ts StartedLine.triage): its label counts for that group. */
  triage?: TriageGroupRef;
}

/**
 * Journals, sends and journals again. If the started line cannot be written the request is not
 * sent (status 'failed', kind 'journal'): no decision is ever made without a record of it.
 */
export async function attemptDecision(client: Decider, target: DecisionTarget, verdict: Verdict, opts: AttemptOptions): Promise<AttemptOutcome> {
  const started = startedLine(opts.connection, target, verdict);
  if (opts.grace) started.graceUntil = new Date(Date.now() + opts.grace.ms).toISOString();
  if (opts.bulk) started.bulk = opts.bulk;
  if (opts.audit !== undefined) started.audit = opts.audit;
  if (opts.triage) started.triage = opts.triage;
  if (opts.run) started.run = opts.run;
  if (opts.journal) {
    try {
      await opts.journal.append(started);
    } catch (e) {
      return { status: 'failed', kind: 'journal', message: `the decision journal could not be written, so nothing was sent: ${(e as Error).message}` };
    }
  }
  if (opts.grace) {
    const send = await opts.grace.wait();
    const at = new Date().toISOString();
    if (!send) {
      const undone: AttemptOutcome = { status: 'cancelled', kind: 'undo', message: 'undone within the undo period; nothing was sent' };
      await opts.journal?.append({ type: 'outcome', attempt: started.attempt, at, outcome: 'cancelled', kind: undone.kind, message: undone.message }).catch(() => undefined);
      return undone;
    }
    try {
      await opts.journal?.append({ type: 'sending', attempt: started.attempt, at });
    } catch (e) {
      return { status: 'failed', kind: 'journal', message: `the decision journal could not be written, so nothing was sent: ${(e as Error).message}` };
    }
  }
  let outcome: AttemptOutcome;
  try {
    await client[verdict](target['@id'], { signal: opts.signal });
    outcome = { status: 'ok' };
  } catch (e) {
    outcome = { ...classify(e), error: e };
  }
  if (opts.journal) {
    // A lost outcome line reads back as "unknown", which is still true; the caller learns the outcome anyway.
    await opts.journal
      .append({ type: 'outcome', attempt: started.attempt, at: new Date().toISOString(), outcome: outcome.status, kind: outcome.kind, message: outcome.message })
      .catch(() => undefined);
  }
  return outcome;
}
