// `dedup-curator approve|reject --ids FILE|-`: a list of recommendations decided through the same
// bulk path as a group (a few requests at once, one attempt each, every attempt journalled when
// --journal is given), with one line a recommendation on stdout as its answer comes, so a pipeline
// knows which were applied. Ctrl-C sends no new request, lets those in flight end, and names the
// ones never sent.
import { type BulkSummary, runBulkDecisions } from '../curation/bulk-decisions';
import type { AttemptOutcome, DecisionTarget } from '../curation/decide';
import { DecisionJournal, journalConnection } from '../curation/journal';
import { finishBulkRun } from './bulk-report';
import { type ConnectionFlags, connect } from './connection';
import { EXIT, UsageError } from './exit-codes';
import { IdListError, readIdList } from './ids-input';
import { RefusedTokenStop } from './refused-token-stop';
import type { CommandIo } from './list-command';

export interface IdsDecisionFlags extends ConnectionFlags {
  ids?: string;
  journal?: string;
  concurrency?: string;
}

export async function decideIds(verdict: 'approve' | 'reject', values: IdsDecisionFlags, io: CommandIo): Promise<number> {
  const concurrency = concurrencyOf(values.concurrency, verdict);
  const source = values.ids!;
  const list = await readIdList(source, io.stdin, { keepEntities: values.journal !== undefined }).catch((e: unknown) => {
    throw e instanceof IdListError ? new UsageError(e.message, verdict) : e;
  });
  if (list.repeated > 0) io.stderr.write(`dedup-curator: ${list.repeated} repeated ID(s) in ${source === '-' ? 'standard input' : source}: each decided once\n`);
  if (list.targets.length === 0) {
    io.stderr.write(`dedup-curator: no recommendation IDs in ${source === '-' ? 'standard input' : source}: nothing decided\n`);
    return EXIT.ok;
  }
  const client = await connect(values, io.env, verdict, (l) => io.stderr.write(l + '\n'));
  const journal = values.journal ? new DecisionJournal(values.journal) : undefined;
  const stop = new RefusedTokenStop(io.signal);
  try {
    const summary = await runBulkDecisions(client, list.targets, {
      verdict,
      what: `the ${list.targets.length} of ${source === '-' ? 'standard input' : source}`,
      connection: journalConnection(client.baseUrl, 'dedup-curator CLI'),
      journal,
      concurrency,
      // Answers to `triage --next` questions: journalled with their group and audit draw, as the queue's are.
      triageOf: (id) => list.asked.get(id)?.triage,
      auditOf: (id) => list.asked.get(id)?.audit,
      signal: stop.signal,
      onOutcome: (target, outcome) => {
        stop.note(outcome);
        io.stdout.write(JSON.stringify(outcomeRecord(verdict, target, outcome)) + '\n');
      },
    });
    return report(summary, io, stop);
  } finally {
    await journal?.close();
  }
}

/** The stdout line of one recommendation: `decision` is approved|rejected, moot, failed or unknown. */
function outcomeRecord(verdict: 'approve' | 'reject', target: DecisionTarget, outcome: AttemptOutcome): Record<string, string> {
  const id = target['@id'];
  if (outcome.status === 'ok') return { id, decision: verdict === 'approve' ? 'approved' : 'rejected' };
  // Already decided, or merged away by an approval earlier in the list: nothing left to do.
  if (outcome.status === 'failed' && outcome.kind === 'conflict') return { id, decision: 'moot', message: outcome.message ?? '' };
  return { id, decision: outcome.status, error: outcome.kind ?? 'error', message: outcome.message ?? '' };
}

function report(summary: BulkSummary, io: CommandIo, stop: RefusedTokenStop): number {
  for (const id of summary.notAttempted) io.stdout.write(JSON.stringify({ id, decision: 'not-sent' }) + '\n');
  return finishBulkRun(summary, io, stop);
}

function concurrencyOf(text: string | undefined, verdict: 'approve' | 'reject'): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 16) throw new UsageError(`--concurrency must be a whole number from 1 to 16, got "${text}"`, verdict);
  return n;
}
