// `dedup-curator mirror sync|search`: a local, searchable copy of the service's locations and
// events in a directory (src/mirror), kept up to date by `sync` and searched offline by `search`.
import { stat } from 'node:fs/promises';
import { formatMs } from '../api/transport';
import type { ResumeInfo } from '../api/paging';
import { DEFAULT_SEARCH_LIMIT, MAX_QUERY_LENGTH, Mirror, MirrorError, type MirrorKind, type SyncProgress } from '../mirror';
import { CONNECTION_OPTIONS, type ConnectionFlags, connect } from './connection';
import { UsageError } from './exit-codes';
import { type CommandIo, commandArgs, integerFlag } from './list-command';
import { OUTPUT_FORMATS, type OutputFormat } from '../records/output-format';
import { RecordWriter } from '../records/record-writer';

const SYNC_OPTIONS = { ...CONNECTION_OPTIONS, dir: { type: 'string' }, 'page-size': { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const;
const SEARCH_OPTIONS = {
  dir: { type: 'string' },
  kind: { type: 'string' },
  limit: { type: 'string' },
  format: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
const KINDS: readonly MirrorKind[] = ['locations', 'events'];
/** Progress lines at most this often: a page a few ms apart would flood a terminal. */
const PROGRESS_EVERY_MS = 1000;

export async function mirrorCommand(args: string[], io: CommandIo, help: Record<'mirror' | 'mirrorSync' | 'mirrorSearch', string>): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
      io.stderr.write(help.mirror + '\n');
      return 2;
    case '--help':
    case '-h':
    case 'help':
      io.stdout.write(help.mirror + '\n');
      return 0;
    case 'sync':
      return await syncCommand(rest, io, help.mirrorSync);
    case 'search':
      return await searchCommand(rest, io, help.mirrorSearch);
    default:
      throw new UsageError(`unknown mirror command "${sub}": use sync or search`, 'mirror');
  }
}

function requireDir(dir: string | undefined, command: string): string {
  if (dir === undefined || dir.trim() === '') throw new UsageError('--dir DIR is required: the directory that holds the mirror', command);
  return dir;
}

async function openMirror(dir: string, command: string): Promise<Mirror> {
  try {
    return await Mirror.open(dir);
  } catch (e) {
    if (e instanceof MirrorError) throw new UsageError(e.message, command);
    throw e;
  }
}

async function syncCommand(args: string[], io: CommandIo, help: string): Promise<number> {
  const command = 'mirror sync';
  const parsed = commandArgs(args, SYNC_OPTIONS, command, io, help, true);
  if (!parsed) return 0;
  const { values } = parsed;
  const dir = requireDir(values.dir, command);
  const pageSize = integerFlag(values['page-size'], '--page-size', command);
  if (pageSize !== undefined && (pageSize < 1 || pageSize > 500)) throw new UsageError(`--page-size must be from 1 to 500, got ${pageSize}`, command);
  const warn = (l: string) => io.stderr.write(l + '\n');
  const client = await connect(values as ConnectionFlags, io.env, command, warn);
  const mirror = await openMirror(dir, command);
  // Said once: this sync starts over (a full listing) instead of going on from the copy.
  if (mirror.damage) warn(`dedup-curator: ${rebuildingNow(mirror.damage)}`);
  // Throttled per kind: both kinds sync at once, and one kind's lines must not hide the other's.
  const lastLine = new Map<string, number>();
  const onProgress = (p: SyncProgress) => {
    const now = performance.now();
    if (now - (lastLine.get(p.kind) ?? -Infinity) < PROGRESS_EVERY_MS) return;
    lastLine.set(p.kind, now);
    warn(`dedup-curator: ${p.kind}: ${p.pages} pages, ${p.received} records received, ${p.mirrored} mirrored`);
  };
  const onResume = (r: ResumeInfo) => warn(`dedup-curator: page ${r.page} still failed after its retries (${r.error.message}); asking again in ${formatMs(r.delayMs)}`);
  try {
    const report = await mirror.sync(client, { signal: io.signal, onProgress, onResume, pageSize });
    for (const k of report.kinds) {
      io.stdout.write(JSON.stringify({ ...k, syncedAt: mirror.state(k.kind)?.syncedAt }) + '\n');
      if (!k.confirmed) warn(`dedup-curator: ${k.kind} kept changing while they were listed (${k.passes} passes); the next sync lists them again`);
    }
  } catch (e) {
    if (e instanceof MirrorError) throw new UsageError(e.message, command);
    if (!io.signal.aborted) warn(`dedup-curator: the sync stopped; ${dir} keeps every page written so far, and the next sync resumes after the last of them`);
    throw e;
  } finally {
    mirror.close();
  }
  return 0;
}

async function searchCommand(args: string[], io: CommandIo, help: string): Promise<number> {
  const command = 'mirror search';
  const parsed = commandArgs(args, SEARCH_OPTIONS, command, io, help);
  if (!parsed) return 0;
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError('QUERY is missing (give "" to list records without searching)', command);
  if (positionals.length > 1) throw new UsageError(`one QUERY only: quote a query of several words, e.g. "blue owl austin" (got ${positionals.length} arguments)`, command);
  const query = positionals[0];
  if (query.length > MAX_QUERY_LENGTH) throw new UsageError(`QUERY is ${query.length} characters long; at most ${MAX_QUERY_LENGTH}`, command);
  const dir = requireDir(values.dir, command);
  const kind = (values.kind ?? 'locations') as MirrorKind;
  if (!KINDS.includes(kind)) throw new UsageError(`--kind must be locations or events, got "${values.kind}"`, command);
  const format = (values.format ?? 'ndjson') as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) throw new UsageError(`--format must be one of ${OUTPUT_FORMATS.join(', ')}, got "${values.format}"`, command);
  const limit = integerFlag(values.limit, '--limit', command) ?? DEFAULT_SEARCH_LIMIT;
  if (limit === 0) throw new UsageError('--limit must be at least 1', command);
  if (!(await isDirectory(dir))) throw new UsageError(`there is no mirror in ${dir}: run 'dedup-curator mirror sync --dir ${dir}' first`, command);
  const mirror = await openMirror(dir, command);
  try {
    // A damaged mirror is not served: it says so, and what mends it.
    if (mirror.damage) throw new UsageError(`${mirror.damage}: run 'dedup-curator mirror sync --dir ${dir}'`, command);
    if (!mirror.state(kind)) throw new UsageError(`the mirror in ${dir} has no ${kind} yet: run 'dedup-curator mirror sync --dir ${dir}' first`, command);
    let records: unknown[];
    try {
      records = mirror.search(kind, query, limit).map((h) => h.record);
    } catch (e) {
      if (e instanceof MirrorError) throw new UsageError(`${e.message}: run 'dedup-curator mirror sync --dir ${dir}'`, command);
      throw e;
    }
    const writer = new RecordWriter(io.stdout, format, kind);
    await writer.begin();
    await writer.records(records);
    await writer.end();
    return 0;
  } finally {
    mirror.close();
  }
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

/** What a sync says of the damage it repairs: the mirror's own words promise "the next sync", and this is it. */
function rebuildingNow(damage: string): string {
  const now = damage.replace(/the next sync rebuilds (it|the mirror)/, 'this sync rebuilds $1 now');
  return now === damage ? `${damage}; this sync rebuilds it now` : now;
}
