// `dedup-curator approve ID` and `dedup-curator reject ID`.
import { CONNECTION_OPTIONS, type ConnectionFlags, connect } from './connection';
import { UsageError } from './exit-codes';
import { type CommandIo, commandArgs } from './list-command';
import { decideIds } from './decide-ids';
import { decideGroup } from './triage-decide';
import { TRIAGE_OPTIONS } from './triage-command';

const OPTIONS = {
  ...CONNECTION_OPTIONS,
  ...TRIAGE_OPTIONS,
  group: { type: 'string' },
  ids: { type: 'string' },
  concurrency: { type: 'string' },
  'min-p': { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function decideCommand(verdict: 'approve' | 'reject', args: string[], io: CommandIo, help: string): Promise<number> {
  const parsed = commandArgs(args, OPTIONS, verdict, io, help);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  const ways = [positionals.length > 0 && 'a recommendation ID', values.group !== undefined && '--group', values.ids !== undefined && '--ids'].filter(Boolean);
  if (ways.length > 1) throw new UsageError(`give one of a recommendation ID, --group or --ids, not ${ways.join(' and ')}`, verdict);
  if (values.concurrency !== undefined && values.ids === undefined) throw new UsageError('--concurrency goes with --ids', verdict);
  if (values.group !== undefined) return decideGroup(verdict, values, io);
  for (const groupOnly of ['min-p', 'force', 'target-precision', 'target-recall'] as const) {
    if (values[groupOnly] !== undefined) throw new UsageError(`--${groupOnly} goes with --group`, verdict);
  }
  if (values.ids !== undefined) return decideIds(verdict, values, io);
  if (values.journal !== undefined) throw new UsageError('--journal goes with --group or --ids', verdict);
  if (positionals.length !== 1) {
    throw new UsageError(positionals.length ? 'give exactly one recommendation ID' : 'the recommendation ID is missing', verdict);
  }
  const [id] = positionals;
  const client = await connect(values as ConnectionFlags, io.env, verdict, (l) => io.stderr.write(l + '\n'));
  await client[verdict](id, { signal: io.signal });
  io.stdout.write(JSON.stringify({ id, decision: verdict === 'approve' ? 'approved' : 'rejected' }) + '\n');
  return 0;
}
