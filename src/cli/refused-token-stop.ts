// A CLI bulk run stops at the first refused token, as the extension's does: every further request
// would be refused the same way, and a list of thousands would send them all. The ones never sent
// are still pending and are named as such; the command exits 3, as a single refused decision does
// (bulk-report.ts finishBulkRun).
import type { AttemptOutcome } from '../curation/decide';

export class RefusedTokenStop {
  private readonly own = new AbortController();
  /** The caller's signal (Ctrl-C) or the first refusal: what the bulk run is given. */
  readonly signal: AbortSignal;
  /** The first refusal's kind, once the run was stopped by one. */
  refusal: 'invalid-token' | 'auth-header' | undefined;

  constructor(outer: AbortSignal) {
    this.signal = AbortSignal.any([outer, this.own.signal]);
  }

  /** Each outcome of the run, as it comes. */
  note(outcome: AttemptOutcome): void {
    if (this.refusal || (outcome.kind !== 'invalid-token' && outcome.kind !== 'auth-header')) return;
    this.refusal = outcome.kind;
    this.own.abort();
  }
}
