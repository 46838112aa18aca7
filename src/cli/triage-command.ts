// `dedup-curator triage`: the pending backlog in pattern groups with the estimates learnt from the
// curator's decisions (the extension's decision journal, or the CLI's own with --journal), and which
// groups are safe to decide in bulk. `approve|reject --group KEY` decides one of them (triage-decide.ts).
import { type JournalContents, journalOfConnection, readJournal } from '../curation/journal';
import { runsCutShort } from '../curation/journal-runs';
import { labelsFromContents, type labelsFromJournal } from '../triage/journal-labels';
import { type BulkSoFar, bulkRejectionsFromJournal, bulkTallyFromJournal } from '../triage/journal-tally';
import { auditSpentFromJournal } from '../triage/audit';
import { FeatureCache, triage, type TriageGroup, type TriageResult } from '../triage/triage';
import { CONNECTION_OPTIONS, type ConnectionFlags, connect } from './connection';
import { csvCell } from '../records/csv';
import { UsageError } from './exit-codes';
import { type CommandIo, commandArgs } from './list-command';
import type { DedupClient } from '../api/client';
import type { RepeatInfo } from '../api/listing-guard';
import type { Recommendation } from '../api/model';
import { describeFileError } from '../records/file-error';
import { writeQuestions } from './triage-questions';

export const TRIAGE_OPTIONS = {
  ...CONNECTION_OPTIONS,
  journal: { type: 'string' },
  'target-precision': { type: 'string' },
  'target-recall': { type: 'string' },
} as const;

const OPTIONS = { ...TRIAGE_OPTIONS, format: { type: 'string' }, next: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;

export interface TriageInput {
  client: DedupClient;
  pending: Recommendation[];
  result: TriageResult;
}

/** Lists every pending recommendation and triages it with the journal's decisions. */
export async function loadTriage(values: ConnectionFlags & { journal?: string; 'target-precision'?: string; 'target-recall'?: string }, io: CommandIo, command: string): Promise<TriageInput> {
  const target = (flag: 'target-precision' | 'target-recall') => {
    const v = values[flag] === undefined ? undefined : Number(values[flag]);
    if (v !== undefined && !(v > 0.5 && v < 1)) throw new UsageError(`--${flag} must be a number between 0.5 and 1, got "${values[flag]}"`, command);
    return v;
  };
  const targetPrecision = target('target-precision');
  const targetRecall = target('target-recall');
  const cache = new FeatureCache();
  let labels: ReturnType<typeof labelsFromJournal> = [];
  let bulkSoFar: BulkSoFar | undefined;
  let bulkRejected: string[][] | undefined;
  let auditSpent: number | undefined;
  let all: JournalContents | undefined;
  if (values.journal !== undefined) {
    try {
      all = await readJournal(values.journal);
    } catch (e) {
      throw new UsageError(`cannot read the journal ${values.journal}: ${describeFileError(e)}`, command);
    }
  }
  const client = await connect(values, io.env, command, (l) => io.stderr.write(l + '\n'));
  if (all) {
    // Only this service's lines: ids are each service's own (journalOfConnection).
    const journal = journalOfConnection(all, client.baseUrl);
    const other = all.entries.length - journal.entries.length;
    if (other > 0) io.stderr.write(`${other} decision(s) of the journal were made on other services than ${client.baseUrl}: not used\n`);
    // A bulk run cut short (a killed `approve --group`, a closed window) left its unsent decisions no line: say so.
    for (const r of runsCutShort(all.runs)) {
      io.stderr.write(`the journal's bulk ${r.verdict} of ${r.count} (${r.what}) on ${r.connection?.baseUrl ?? '?'} stopped before its end at ${r.at}: ${r.attempted} attempted, ${r.count - r.attempted} never sent\n`);
    }
    labels = labelsFromContents(journal, cache);
    // The journal's group decisions: later sets are admitted against everything decided in bulk.
    bulkSoFar = bulkTallyFromJournal(journal.entries);
    bulkRejected = bulkRejectionsFromJournal(journal.entries);
    // Audit answers an earlier certificate rested on are spent (triage/audit.ts).
    auditSpent = auditSpentFromJournal(journal.entries);
  }
  const pending: Recommendation[] = [];
  let repeated = 0;
  const onRepeats = (r: RepeatInfo) => (repeated += r.repeated);
  for await (const r of client.allRecommendations({ pageSize: 200 }, { signal: io.signal, onRepeats })) pending.push(r);
  if (repeated > 0) io.stderr.write(`dedup-curator: skipped ${repeated} recommendation(s) already listed on an earlier page (the list changed while it was read, or the service repeated them)\n`);
  return { client, pending, result: triage(pending, labels, { targetPrecision, targetRecall, bulkSoFar, bulkRejected, auditSpent }, cache) };
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
/** The table is read by people: counts grouped as the extension writes them (JSON and CSV keep plain numbers). */
const count = (n: number) => n.toLocaleString('en-US');

function row(g: TriageGroup): Record<string, string | number> {
  return {
    group: g.key,
    size: g.size,
    scores: `${g.scoreMin.toFixed(2)}–${g.scoreMax.toFixed(2)}`,
    approved: g.labels.approve,
    rejected: g.labels.reject,
    unsure: g.labels.unsure,
    estimate: Number(g.p.toFixed(4)),
    low: Number(g.low.toFixed(4)),
    high: Number(g.high.toFixed(4)),
    safe: g.safe ?? '',
    flags: g.flags.join(' '),
    pattern: g.words,
  };
}

export async function triageCommand(args: string[], io: CommandIo, help: string): Promise<number> {
  const parsed = commandArgs(args, OPTIONS, 'triage', io, help, true);
  if (!parsed) return 0;
  const { values } = parsed;
  const format = values.format ?? 'table';
  if (!['table', 'json', 'csv'].includes(format)) throw new UsageError(`--format must be table, json or csv, got "${format}"`, 'triage');
  const next = values.next === undefined ? undefined : Number(values.next);
  if (next !== undefined) {
    if (!Number.isInteger(next) || next < 1) throw new UsageError(`--next must be a whole number of recommendations, at least 1, got "${values.next}"`, 'triage');
    if (values.format !== undefined) throw new UsageError('--next writes NDJSON, one recommendation a line: leave out --format', 'triage');
  }
  const { pending, result } = await loadTriage(values as ConnectionFlags, io, 'triage');
  if (next !== undefined) return askNext(result, pending, next, values.journal, io);
  const rows = result.groups.map(row);
  if (format === 'json') {
    const { matchesLow, maxLost, lostHigh } = result.sets.reject;
    const recallBudget = { matchesLow: Math.floor(matchesLow), maxLost: Number(maxLost.toFixed(2)), lostHigh: Number(lostHigh.toFixed(2)) };
    io.stdout.write(JSON.stringify({ pending: pending.length, labels: result.model.labels, targetPrecision: result.options.targetPrecision, targetRecall: result.options.targetRecall, recallBudget, groups: rows }, null, 2) + '\n');
  } else if (format === 'csv') {
    const header = Object.keys(row(result.groups[0] ?? emptyGroup()));
    io.stdout.write(header.join(',') + '\r\n');
    for (const r of rows) io.stdout.write(header.map((k) => csvCell(r[k])).join(',') + '\r\n');
  } else {
    const r = result.sets.reject;
    io.stdout.write(`${count(pending.length)} pending in ${count(result.groups.length)} groups; ${count(result.model.labels)} decisions learnt from; target precision ${result.options.targetPrecision}, target recall ${result.options.targetRecall}\n`);
    // Before any decision there is no estimate of the true matches, so no recall budget to speak of.
    io.stdout.write(
      result.model.labels
        ? `bulk rejections may lose up to ${r.maxLost.toFixed(1)} of at least ${count(Math.floor(r.matchesLow))} true matches; with the groups safe to reject: ${r.lostHigh.toFixed(1)} at most\n`
        : "no group is decided in bulk before your decisions estimate it: answer some first ('dedup-curator triage --next 20 --journal FILE')\n",
    );
    io.stdout.write('  size  scores     decided (✓/✗/?)  estimate [90% interval]    safe     pattern\n');
    // Before any decision every group has the same flat prior (50 %, 0.6–99.4 %): not an estimate.
    const estimate = (g: TriageGroup) => (result.model.labels ? `${pct(g.p).padStart(6)} [${pct(g.low)}–${pct(g.high)}]` : '     — (no decisions yet)');
    for (const g of result.groups) {
      const decided = `${g.labels.approve}/${g.labels.reject}/${g.labels.unsure}`;
      io.stdout.write(
        `${count(g.size).padStart(6)}  ${g.scoreMin.toFixed(2)}–${g.scoreMax.toFixed(2)}  ${decided.padEnd(16)} ${estimate(g)}`.padEnd(62) +
          ` ${(g.safe ?? '-').padEnd(8)} ${g.words}${g.flags.length ? ` ⚑ ${g.flags.join(', ')}` : ''}\n         --group '${g.key}'\n`,
      );
    }
  }
  return 0;
}

function askNext(result: TriageResult, pending: Recommendation[], count: number, journal: string | undefined, io: CommandIo): number {
  if (journal === undefined) io.stderr.write("dedup-curator: without --journal the answers to these teach the next triage nothing: give the same --journal to triage and to 'approve|reject --ids'\n");
  const asked = writeQuestions(result, pending, count, io);
  if (asked === 0) {
    const safe = result.groups.filter((g) => g.safe !== null).length;
    io.stderr.write(
      pending.length === 0
        ? 'dedup-curator: nothing pending: nothing to ask\n'
        : `dedup-curator: nothing to ask: ${safe} group(s) are safe to decide in bulk and the rest are marked unsure; run 'dedup-curator triage' for them\n`,
    );
  }
  return 0;
}

function emptyGroup(): TriageGroup {
  return { key: '', pattern: '', flags: [], words: '', kind: 'location', size: 0, scoreMin: 0, scoreMax: 0, labels: { approve: 0, reject: 0, unsure: 0 }, p: 0, low: 0, high: 0, safe: null, decidable: [] };
}
