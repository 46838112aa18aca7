// The sandbox command's matching options: --auto-merge T|off, --labels FILE,
// --truth-out FILE and --print-model, and the start-up lines saying what the matcher estimated.
import { writeFile } from 'node:fs/promises';
// The sandbox's modules come through dynamic imports of its index (dist/sandbox.js in the bundles,
// see sandbox-command.ts); only types are imported statically.
import type { SandboxStoreApi } from '../sandbox/store-api';
import type { SandboxCommandIo } from './sandbox-io';
import type { StartSandboxOptions } from '../sandbox/index';
import { describeFileError } from '../records/file-error';

/** A usage error: the command prints it and exits with 2. */
export class UsageProblem extends Error {}

export const MATCHING_OPTIONS = {
  'auto-merge': { type: 'string' },
  labels: { type: 'string' },
  'truth-out': { type: 'string' },
  'print-model': { type: 'boolean' },
} as const;


export interface MatchingChoices {
  labelsFile?: string;
  truthOut?: string;
  printModel?: boolean;
}

/** --auto-merge into the store's threshold ('off': above 1, so nothing merges). */
export function autoMergeOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (value === 'off') return Number.POSITIVE_INFINITY;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new UsageProblem(`--auto-merge must be a number from 0 to 1 or "off", got "${value}"`);
  return n;
}

/** Reads --labels FILE into options.labels; on bad lines prints each with its number and returns false. */
export async function loadLabelsOption(file: string, options: StartSandboxOptions, io: SandboxCommandIo): Promise<boolean> {
  const { loadLabels } = await import('../sandbox/index');
  let result;
  try {
    result = await loadLabels(file);
  } catch (e) {
    io.stderr(`dedup-curator sandbox: cannot read --labels ${file}: ${describeFileError(e)}\n`);
    return false;
  }
  if (result.errors.length > 0) {
    io.stderr(`dedup-curator sandbox: --labels ${file} has ${result.errors.length} invalid line(s); not starting:\n`);
    for (const { line, reason } of result.errors.slice(0, 50)) io.stderr(`  ${file}:${line}: ${reason}\n`);
    if (result.errors.length > 50) io.stderr(`  ... and ${result.errors.length - 50} more\n`);
    return false;
  }
  for (const note of result.notes) io.stderr(`Warning: --labels ${file}: ${note}\n`);
  const matches = result.labels.filter((l) => l.match).length;
  io.stdout(`Loaded ${result.labels.length} labelled pairs (${matches} match, ${result.labels.length - matches} non-match) from ${file}\n`);
  options.labels = result.labels;
  return true;
}

/** The start-up lines about the matcher; with --truth-out, writes the truth file. */
export async function reportMatching(store: SandboxStoreApi, choices: MatchingChoices, say: (line: string) => void): Promise<void> {
  const { describeModel } = await import('../sandbox/index');
  const state = store.matcher();
  say(describeModel('location', state.location));
  say(describeModel('event', state.event));
  if (choices.truthOut !== undefined) {
    const rows = store.groundTruth();
    await writeFile(choices.truthOut, rows.map((r) => `${r.integration}\t${r.sourceId}\t${r.trueId}\n`).join(''), 'utf8');
    say(`Ground truth: ${rows.length} lines written to ${choices.truthOut}`);
  }
}

/** --print-model: builds the data and the model as the sandbox would, prints the model, stops. */
export async function printModel(options: StartSandboxOptions, io: SandboxCommandIo): Promise<number> {
  const { SandboxStore, describeModel, formatModel } = await import('../sandbox/index');
  let store;
  try {
    store = await SandboxStore.open({
      seed: options.seed, locations: options.locations, events: options.events, integrations: options.integrations,
      records: options.records, dataDir: options.dataDir, autoMergeThreshold: options.autoMergeThreshold, labels: options.labels,
    });
  } catch (e) {
    if (e instanceof RangeError) {
      io.stderr(`dedup-curator sandbox: ${e.message} (see 'dedup-curator sandbox --help')\n`);
      return 2;
    }
    io.stderr(`dedup-curator sandbox: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  try {
    const state = store.matcher();
    for (const kind of ['location', 'event'] as const) {
      io.stdout(describeModel(kind, state[kind]) + '\n');
      io.stdout(formatModel(kind, state[kind]) + '\n\n');
    }
    for (const warning of store.warnings) io.stderr(`Warning: ${warning}\n`);
  } finally {
    await store.close();
  }
  return 0;
}
