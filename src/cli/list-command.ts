// `dedup-curator recommendations|locations|events`: one page, or every page with --all, written as
// the records arrive.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { Readable, Writable } from 'node:stream';
import { InvalidResponseError, isDedupError } from '../api/errors';
import type { RepeatInfo } from '../api/listing-guard';
import type { ResumeInfo } from '../api/paging';
import { formatMs } from '../api/transport';
import type { LocationParams, PageParams } from '../api/request-params';
import type { ListKind } from '../records/list-kind';
import { type ListQuery, listPages } from '../records/list-pages';
import { OUTPUT_FORMATS, type OutputFormat } from '../records/output-format';
import { RecordWriter } from '../records/record-writer';
import { CONNECTION_OPTIONS, type ConnectionFlags, connect } from './connection';
import { UsageError } from './exit-codes';
import { momentOfFlag } from './moment-flag';

export interface CommandIo {
  /** Read by `approve|reject --ids -` only. */
  stdin?: Readable;
  stdout: Writable;
  stderr: Writable;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
}

const LIST_OPTIONS = {
  ...CONNECTION_OPTIONS,
  format: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  all: { type: 'boolean' },
  concurrency: { type: 'string' },
  'updated-since': { type: 'string' },
  'start-after': { type: 'string' },
  'start-before': { type: 'string' },
  location: { type: 'string' },
  'only-external-updates': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const ALLOWED: Record<ListKind, string[]> = {
  recommendations: ['concurrency'],
  locations: ['updated-since', 'only-external-updates'],
  events: ['updated-since', 'only-external-updates', 'start-after', 'start-before', 'location'],
};
const PER_KIND = new Set(Object.values(ALLOWED).flat());

export function parseCommandArgs<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O, command: string) {
  try {
    return parseArgs<{ args: string[]; options: O; strict: true; allowPositionals: true }>({ args, options, strict: true, allowPositionals: true });
  } catch (e) {
    // parseArgs' messages name the option; drop its advice about '--' which does not apply here.
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''), command);
  }
}

/**
 * A command's arguments parsed, or undefined once its help was printed (`--help`); with
 * `noPositionals`, an argument that is not an option is refused.
 */
export function commandArgs<O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O, command: string, io: CommandIo, help: string, noPositionals = false) {
  const parsed = parseCommandArgs(args, options, command);
  if ((parsed.values as { help?: unknown }).help) {
    io.stdout.write(help + '\n');
    return undefined;
  }
  if (noPositionals && parsed.positionals.length) throw new UsageError(`unexpected argument "${parsed.positionals[0]}"`, command);
  return parsed;
}

export function integerFlag(value: string | undefined, flag: string, command: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} must be an integer ≥ 0, got "${value}"`, command);
  return Number(value);
}

export async function listCommand(kind: ListKind, args: string[], io: CommandIo, help: string): Promise<number> {
  const parsed = commandArgs(args, LIST_OPTIONS, kind, io, help, true);
  if (!parsed) return 0;
  const { values } = parsed;
  for (const flag of PER_KIND) {
    if (values[flag as keyof typeof values] !== undefined && !ALLOWED[kind].includes(flag)) {
      throw new UsageError(`--${flag} does not apply to ${kind}`, kind);
    }
  }
  const format = (values.format ?? 'ndjson') as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}, got "${values.format}"`, kind);
  if (kind !== 'recommendations' && values['updated-since'] === undefined) {
    throw new UsageError("--updated-since is required, e.g. --updated-since 2024-01-01, --updated-since 7d, or --updated-since all for every record", kind);
  }
  for (const flag of ['updated-since', 'start-after', 'start-before'] as const) {
    const text = values[flag];
    if (typeof text !== 'string') continue;
    const moment = momentOfFlag(text);
    if ('error' in moment) throw new UsageError(`--${flag}: ${moment.error}`, kind);
    values[flag] = moment.timestamp;
  }
  const paging: PageParams = {
    page: integerFlag(values.page, '--page', kind),
    pageSize: integerFlag(values['page-size'], '--page-size', kind),
  };
  const concurrency = integerFlag(values.concurrency, '--concurrency', kind);
  if (concurrency === 0) throw new UsageError('--concurrency must be at least 1', kind);

  const warn = (l: string) => io.stderr.write(l + '\n');
  const client = await connect(values as ConnectionFlags, io.env, kind, warn);
  const onResume = (r: ResumeInfo) =>
    warn(`dedup-curator: page ${r.page} still failed after its retries (${r.error.message}); resuming from page ${r.page} in ${formatMs(r.delayMs)}`);
  let repeated = 0;
  const onRepeats = (r: RepeatInfo) => (repeated += r.repeated);
  const pages = listPages(client, queryOf(kind, values, paging), { all: values.all === true, concurrency, signal: io.signal, onResume, onRepeats });
  const writer = new RecordWriter(io.stdout, format, kind);
  await writer.begin();
  let next: number | undefined;
  try {
    for await (const page of pages) {
      await writer.records(page.data);
      next = page.page + 1;
    }
  } catch (e) {
    sayRepeats(repeated, warn);
    // What was written stays valid up to the last whole page; say where to pick up (not after an
    // endless listing: going on would not end it either).
    const endless = e instanceof InvalidResponseError && e.member === 'has_next_page';
    if (values.all === true && next !== undefined && !io.signal.aborted && isDedupError(e) && !endless) {
      warn(`dedup-curator: the listing stopped after page ${next - 1}; pages up to it were written. To continue: the same command with --page ${next}`);
    }
    throw e;
  }
  await writer.end();
  sayRepeats(repeated, warn);
  return 0;
}

function sayRepeats(repeated: number, warn: (line: string) => void): void {
  if (repeated === 0) return;
  warn(
    `dedup-curator: skipped ${repeated} record${repeated === 1 ? '' : 's'} already listed on an earlier page ` +
      '(the list changed while it was read, or the service repeated them); each record was written once',
  );
}

/** The list and its filters, from the command's flags (checked above to apply to the list). */
function queryOf(kind: ListKind, values: Record<string, string | boolean | undefined>, paging: PageParams): ListQuery {
  if (kind === 'recommendations') return { kind, params: paging };
  const loc: LocationParams = {
    ...paging,
    updatedSince: values['updated-since'] as string,
    onlyExternalUpdates: values['only-external-updates'] === true ? true : undefined,
  };
  if (kind === 'locations') return { kind, params: loc };
  return {
    kind,
    params: {
      ...loc,
      startAfter: values['start-after'] as string | undefined,
      startBefore: values['start-before'] as string | undefined,
      location: values.location as string | undefined,
    },
  };
}
