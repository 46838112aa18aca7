// A CLI bulk run stops at the first refused token, as the extension's does: every further request
// would be refused the same way, and a list of thousands would send them all. The ones never sent
// are still pending and are named as such; the command exits 3, as a single refused decision does.
import type { AttemptOutcome } from '../curation/decide';
import type { BulkSummary } from '../curation/bulk-decisions';

export class RefusedTokenStop {
  private readonly own = new AbortController();
  /** The caller's signal (Ctrl-C) or the first refusal: what the bulk run is given. */
  readonly signal: AbortSignal;
  private refusal: AttemptOutcome | undefined;

  constructor(outer: AbortSignal) {
    this.signal = AbortSignal.any([outer, this.own.signal]);
  }

  /** Each outcome of the run, as it comes. */
  note(outcome: AttemptOutcome): void {
    if (this.refusal || (outcome.kind !== 'invalid-token' && outcome.kind !== 'auth-header')) return;
    this.refusal = outcome;
    this.own.abort();
  }

  get stopped(): boolean {
    return this.refusal !== undefined;
  }

  /** What the stopped run says last. */
  line(summary: BulkSummary): string {
    const what = this.refusal?.kind === 'auth-header' ? 'found the Authorization header malformed (402)' : 'refused the access token (401)';
    const n = (x: number) => x.toLocaleString('en-US');
    const decided = summary.verdict === 'approve' ? 'approved' : 'rejected';
    return `dedup-curator: the service ${what}: stopped; ${n(summary.done.length)} ${decided}, ${n(summary.notAttempted.length)} never sent (still pending)`;
  }
}
