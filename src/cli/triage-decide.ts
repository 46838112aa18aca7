// `dedup-curator approve|reject --group KEY [--min-p P]`: a pattern group from `triage`, decided
// through the same bulk path as the extension's (journal, concurrency, one attempt each). A group
// is decided only when triage calls it safe for that verdict at the target precision, unless
// --force says the curator decides it knowingly. Unsure items are never part of a group.
import { runBulkDecisions } from '../curation/bulk-decisions';
import { finishBulkRun } from './bulk-report';
import { RefusedTokenStop } from './refused-token-stop';
import { DecisionJournal, journalConnection } from '../curation/journal';
import type { ConnectionFlags } from './connection';
import { UsageError } from './exit-codes';
import type { CommandIo } from './list-command';
import { loadTriage } from './triage-command';
import { groupRefOf } from '../triage/journal-labels';

export interface GroupDecisionFlags extends ConnectionFlags {
  group?: string;
  'min-p'?: string;
  journal?: string;
  'target-precision'?: string;
  'target-recall'?: string;
  force?: boolean;
}

export async function decideGroup(verdict: 'approve' | 'reject', values: GroupDecisionFlags, io: CommandIo): Promise<number> {
  const key = values.group!.trim();
  const minP = values['min-p'] === undefined ? undefined : Number(values['min-p']);
  if (minP !== undefined && !(minP >= 0 && minP <= 1)) throw new UsageError(`--min-p must be a probability from 0 to 1, got "${values['min-p']}"`, verdict);
  const { client, pending, result } = await loadTriage(values, io, verdict);
  const group = result.groups.find((g) => g.key === key);
  if (!group) throw new UsageError(`no pending group "${key}": run 'dedup-curator triage' for the groups`, verdict);
  if (group.safe !== verdict && !values.force) {
    throw new UsageError(
      `triage does not call group "${key}" safe to ${verdict} (estimate ${(group.p * 100).toFixed(1)} %, interval ${(group.low * 100).toFixed(1)}–${(group.high * 100).toFixed(1)} %, ${group.labels.approve + group.labels.reject} decisions); decide more of it one by one, or add --force`,
      verdict,
    );
  }
  const byId = new Map(pending.map((r) => [r['@id'], r]));
  const targets = group.decidable
    .filter((id) => {
      const p = result.items.get(id)?.p ?? 0;
      return minP === undefined || (verdict === 'approve' ? p >= minP : 1 - p >= minP);
    })
    .map((id) => byId.get(id)!);
  const journal = values.journal ? new DecisionJournal(values.journal) : undefined;
  const stop = new RefusedTokenStop(io.signal);
  try {
    const summary = await runBulkDecisions(client, targets, {
      verdict,
      what: `group ${key}`,
      connection: journalConnection(client.baseUrl, 'dedup-curator CLI'),
      journal,
      // A group triage called safe: its share of the estimate goes with each decision (the next
      // triage's bulk tally). A forced one is the curator's own answer, learnt from as such.
      bulk: group.safe === verdict ? result.bulkShare(key, verdict) : undefined,
      // The group it was decided in goes with each decision: a forced one teaches that group.
      triageOf: (id) => groupRefOf(result.items.get(id)),
      concurrency: 8,
      signal: stop.signal,
      onOutcome: (_target, outcome) => stop.note(outcome),
    });
    const failed = Object.values(summary.failed).flat().length;
    const unknown = Object.values(summary.unknown).flat().length;
    io.stdout.write(
      JSON.stringify({
        group: key,
        verdict,
        candidates: targets.length,
        done: summary.done.length,
        // Conflicts after approvals in the same run: made moot by an earlier merge, not failures.
        moot: summary.failed.conflict?.length ?? 0,
        failed: failed - (summary.failed.conflict?.length ?? 0),
        unknown,
        // Ctrl-C: the rest were never sent and are still pending.
        notSent: summary.notAttempted.length,
        estimate: { p: group.p, low: group.low, high: group.high },
      }) + '\n',
    );
    return finishBulkRun(summary, io, stop);
  } finally {
    await journal?.close();
  }
}
