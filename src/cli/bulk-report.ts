// What a bulk run that did not fully succeed says on stderr: one line per cause, with how many
// decisions it took and one example (the JSON summary on stdout has the counts for scripts), and
// why it stopped early if it did.
import type { BulkFailure, BulkSummary } from '../curation/bulk-decisions';
import { EXIT } from './exit-codes';
import type { CommandIo } from './list-command';
import type { RefusedTokenStop } from './refused-token-stop';

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

/**
 * The end of a CLI bulk run (`--group`, `--ids`): its failures on stderr, then why it stopped early
 * if it did, with what it decided and what was never sent (and so is still pending); the exit code.
 */
export function finishBulkRun(summary: BulkSummary, io: Pick<CommandIo, 'stderr' | 'signal'>, stop: RefusedTokenStop): number {
  for (const line of bulkFailureLines(summary)) io.stderr.write(line + '\n');
  const n = (x: number) => x.toLocaleString('en-US');
  const decided = summary.verdict === 'approve' ? 'approved' : 'rejected';
  const sent = `${n(summary.done.length)} ${decided}, ${n(summary.notAttempted.length)}`;
  if (stop.refusal) {
    const what = stop.refusal === 'auth-header' ? 'found the Authorization header malformed (402)' : 'refused the access token (401)';
    io.stderr.write(`dedup-curator: the service ${what}: stopped; ${sent} never sent (still pending)\n`);
    return EXIT.auth;
  }
  if (io.signal.aborted) {
    io.stderr.write(`dedup-curator: interrupted: ${sent} ${summary.verdict === 'approve' ? 'approvals' : 'rejections'} never sent (still pending)\n`);
    return EXIT.interrupted;
  }
  const failed = Object.entries(summary.failed).filter(([kind]) => kind !== 'conflict').flatMap(([, items]) => items).length;
  const unknown = Object.values(summary.unknown).flat().length;
  return failed + unknown > 0 ? EXIT.http : EXIT.ok;
}
