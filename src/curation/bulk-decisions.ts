// Approve or reject many recommendations: a few requests at a time, cancellable, every attempt
// journalled. Decisions are never retried here (a lost answer may mean the decision was applied);
// the summary lists what can be retried and the caller asks the user.
import type { Verdict } from '../api/model';
import type { BulkShare, JournalConnection, TriageGroupRef } from './journal';
import { type RunLine, runEndLine, runLine } from './journal-runs';
import type { DecisionJournal } from './journal';
import { type AttemptOutcome, type Decider, type DecisionTarget, attemptDecision } from './decide';

export const DEFAULT_BULK_CONCURRENCY = 8;
export const MAX_BULK_CONCURRENCY = 16;

export interface BulkProgress {
  total: number;
  /** Attempts with an outcome so far (ok, failed or unknown). */
  finished: number;
  ok: number;
  failed: number;
  unknown: number;
}

export interface BulkOptions {
  verdict: Verdict;
  connection: JournalConnection;
  journal?: DecisionJournal;
  /** Requests at once; default 4, clamped to 1–16. */
  concurrency?: number;
  /** After it fires no new request starts. */
  signal?: AbortSignal;
  /**
   * What happens to requests in flight when the signal fires: 'finish' (default) lets them end so
   * their outcome is known; 'abort' cancels them, and their outcome is then recorded as unknown.
   */
  inFlight?: 'finish' | 'abort';
  onProgress?: (p: BulkProgress) => void;
  /** Called as each attempt ends, e.g. to take an approved item out of a tree at once. */
  onOutcome?: (target: DecisionTarget, outcome: AttemptOutcome) => void;
  /** A group decision's estimate per decision, journalled with each (journal.ts BulkShare). */
  bulk?: BulkShare;
  /** The triage group each target is decided in, journalled with it (journal.ts StartedLine.triage). */
  triageOf?: (id: string) => TriageGroupRef | undefined;
  /** The audit draw a target answers (`triage --next` asked it as one), journalled with it. */
  auditOf?: (id: string) => number | undefined;
  /** What the run decides, in the curator's words: journalled with its count (journal-runs.ts RunLine) so a run cut short is told. */
  what?: string;
}

export interface BulkFailure {
  id: string;
  message: string;
}

export interface BulkSummary {
  verdict: Verdict;
  total: number;
  done: string[];
  /** Failed attempts (the service did not apply them), grouped by error kind. */
  failed: Record<string, BulkFailure[]>;
  /** Attempts whose outcome is unknown (answer lost, cancelled in flight), grouped by error kind. */
  unknown: Record<string, BulkFailure[]>;
  /** Ids never attempted because the run was cancelled. */
  notAttempted: string[];
  cancelled: boolean;
  /**
   * Ids worth trying again: failed for a passing reason, or of unknown outcome (a repeated decision
   * that had in fact been applied is answered 409, which is harmless). Conflicts and unknown ids
   * would fail again and are left out.
   */
  retryIds: string[];
}

// Reasons a repeat cannot cure: already decided, no such recommendation, a request the service or client refuses as malformed.
const FINAL_KINDS = new Set(['conflict', 'not-found', 'request-invalid', 'bad-request']);

export async function runBulkDecisions(client: Decider, targets: readonly DecisionTarget[], opts: BulkOptions): Promise<BulkSummary> {
  const concurrency = clampConcurrency(opts.concurrency);
  const summary: BulkSummary = { verdict: opts.verdict, total: targets.length, done: [], failed: {}, unknown: {}, notAttempted: [], cancelled: false, retryIds: [] };
  const progress: BulkProgress = { total: targets.length, finished: 0, ok: 0, failed: 0, unknown: 0 };
  // Requests get their own signal, so that 'finish' can let them end after the caller's fires.
  const inner = new AbortController();
  const onAbort = () => {
    if (opts.inFlight === 'abort') inner.abort(opts.signal?.reason);
  };
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) onAbort();
  const run = await startRun(targets.length, opts);
  let next = 0;
  const worker = async () => {
    while (next < targets.length && !opts.signal?.aborted) {
      const target = targets[next++];
      const outcome = await attemptDecision(client, target, opts.verdict, { journal: opts.journal, connection: opts.connection, signal: inner.signal, bulk: opts.bulk, triage: opts.triageOf?.(target['@id']), audit: opts.auditOf?.(target['@id']), run: run?.run });
      record(summary, progress, target['@id'], outcome);
      opts.onOutcome?.(target, outcome);
      opts.onProgress?.({ ...progress });
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker));
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
    if (run) await opts.journal?.append(runEndLine(run)).catch(() => undefined);
  }
  summary.notAttempted = targets.slice(next).map((t) => t['@id']);
  summary.cancelled = summary.notAttempted.length > 0 || opts.signal?.aborted === true;
  return summary;
}

/**
 * The run's first journal line. Not written: each decision's own line would fail the same way and
 * say so (nothing is sent without its line), so the run goes on to report that.
 */
async function startRun(count: number, opts: BulkOptions): Promise<RunLine | undefined> {
  if (!opts.journal || count === 0) return undefined;
  const line = runLine(opts.connection, opts.verdict, count, opts.what ?? '');
  try {
    await opts.journal.append(line);
    return line;
  } catch {
    return undefined;
  }
}

function record(summary: BulkSummary, progress: BulkProgress, id: string, outcome: AttemptOutcome): void {
  progress.finished++;
  if (outcome.status === 'ok') {
    progress.ok++;
    summary.done.push(id);
    return;
  }
  const kind = outcome.kind ?? 'error';
  const group = outcome.status === 'failed' ? summary.failed : summary.unknown;
  (group[kind] ??= []).push({ id, message: outcome.message ?? '' });
  if (outcome.status === 'failed') progress.failed++;
  else progress.unknown++;
  if (outcome.status === 'unknown' || !FINAL_KINDS.has(kind)) summary.retryIds.push(id);
}

export function clampConcurrency(n: number | undefined): number {
  if (n === undefined || !Number.isFinite(n)) return DEFAULT_BULK_CONCURRENCY;
  return Math.min(MAX_BULK_CONCURRENCY, Math.max(1, Math.floor(n)));
}

/** Counts per group, e.g. { conflict: 2, 'not-found': 1 }. */
export function countByKind(groups: Record<string, BulkFailure[]>): Record<string, number> {
  return Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.length]));
}
