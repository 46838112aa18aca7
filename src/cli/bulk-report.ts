// What a bulk run that did not fully succeed says on stderr: one line per cause, with how many
// decisions it took and one example (the JSON summary on stdout has the counts for scripts).
import type { BulkFailure, BulkSummary } from '../curation/bulk-decisions';

const CAUSES: Record<string, string> = {
  server: 'the service failed',
  'rate-limited': 'rate limited',
  'http-status': 'unexpected status',
  'invalid-response': 'invalid answer',
  'not-found': 'not found',
  'bad-request': 'refused as malformed',
  'request-invalid': 'refused before sending',
  'invalid-token': 'token refused',
  'auth-header': 'Authorization header refused',
  network: 'network error',
  timeout: 'no answer in time',
  cancelled: 'cancelled',
};

/** The lines to print, failures first; conflicts (made moot by an earlier merge) are not failures. */
export function bulkFailureLines(summary: BulkSummary): string[] {
  const noun = summary.verdict === 'approve' ? 'approvals' : 'rejections';
  const one = summary.verdict === 'approve' ? 'approval' : 'rejection';
  const line = (kind: string, items: BulkFailure[], what: string) => {
    const example = items[0] ? `, e.g. ${items[0].id}: ${items[0].message}` : '';
    return `dedup-curator: ${items.length} ${items.length === 1 ? one : noun} ${what}: ${CAUSES[kind] ?? kind} (${kind})${example}`;
  };
  const failed = Object.entries(summary.failed).filter(([kind]) => kind !== 'conflict');
  const unknown = Object.entries(summary.unknown);
  return [
    ...failed.map(([kind, items]) => line(kind, items, 'failed')),
    ...unknown.map(([kind, items]) => line(kind, items, 'of unknown outcome (list the recommendations to see whether they were applied)')),
  ];
}

/** What an interrupted run says last: what it decided, what was never sent (and so is still pending). */
export function bulkInterruptedLine(summary: BulkSummary): string {
  const decided = summary.verdict === 'approve' ? 'approved' : 'rejected';
  const noun = summary.verdict === 'approve' ? 'approvals' : 'rejections';
  const n = (x: number) => x.toLocaleString('en-US');
  return `dedup-curator: interrupted: ${n(summary.done.length)} ${decided}, ${n(summary.notAttempted.length)} ${noun} never sent (still pending)`;
}
