// The sandbox's data directory (`--data-dir DIR`). Rather than snapshotting the whole store, it
// keeps what the store is a pure function of, and replays it on open:
//   sandbox.json       the generation options and creation time     (written once, atomically)
//   imported.json      the imported source records                  (written once, atomically)
//   decisions.ndjson   one line per approve/reject, appended and fsynced before the call returns
//   .lock              the process using the directory: pid and start time (data-dir-lock.ts)
// Atomic files are written to a temporary name, fsynced, renamed over the target, and the directory
// fsynced: a kill leaves the old file or the new one, never a mix. An append torn by a kill is a
// final line without its newline; that decision was never acknowledged (approve/reject had not
// returned), so it is cut off on open and reported in `warnings`.
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { DataDirLockError, lockDataDir } from './data-dir-lock';
import { makeDirectory } from '../records/make-directory';
import type { SourceRecord } from './source-records';
import type { EntityKind } from './store-ids';

export interface StoreInputs {
  seed: number;
  locations: number;
  events: number;
  integrations: number;
  /** When the data set was created (epoch ms): the anchor of the generated sync times. */
  createdAt: number;
  records: SourceRecord[];
}

export interface DecisionRecord {
  decision: 'approve' | 'reject';
  /** The recommendation's @id. */
  id: string;
  kind: EntityKind;
  /** The source keys it proposed, so the decision replays even if recommendations change. */
  keys: string[];
  at: number;
}

const FORMAT = 'dedup-sandbox-data/1';
const SETTINGS = 'sandbox.json';
const IMPORTED = 'imported.json';
const DECISIONS = 'decisions.ndjson';
const LOCK = '.lock';

/** The data directory cannot be used; the message says why and what to do. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

export async function writeFileAtomic(file: string, data: string): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const fh = await fs.open(tmp, 'w');
  try {
    await fh.writeFile(data, 'utf8');
    await fh.sync();
  } finally {
    await fh.close();
  }
  try {
    await fs.rename(tmp, file);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
  await syncDir(path.dirname(file));
}

async function syncDir(dir: string): Promise<void> {
  // Makes the rename itself durable. Some platforms cannot open a directory; they do not need it.
  let fh: fs.FileHandle | undefined;
  try {
    fh = await fs.open(dir, 'r');
    await fh.sync();
  } catch {
    /* not supported here (e.g. Windows) */
  } finally {
    await fh?.close();
  }
}

const digest = (records: SourceRecord[]) => createHash('sha256').update(JSON.stringify(records)).digest('hex');

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

export interface RequestedInputs {
  seed: number;
  locations: number;
  events: number;
  integrations: number;
  /** Options the caller set explicitly (the rest are defaults and yield to what the directory holds). */
  explicit: ReadonlySet<'seed' | 'locations' | 'events' | 'integrations'>;
  records?: SourceRecord[];
}

export class DataDir {
  private appendHandle: fs.FileHandle | undefined;
  private release: (() => Promise<void>) | undefined;

  private constructor(readonly dir: string) {}

  /**
   * Opens (or initialises) the directory. Refuses when another live process holds it, or when the
   * caller explicitly asks for other options or other imported records than the directory was
   * created with (a different data set would make the logged decisions meaningless).
   */
  static async open(dir: string, requested: RequestedInputs, now: () => number): Promise<{ dataDir: DataDir; inputs: StoreInputs; decisions: DecisionRecord[]; warnings: string[] }> {
    await makeDirectory(dir);
    const d = new DataDir(dir);
    await d.lock();
    try {
      const inputs = await d.loadOrInit(requested, now);
      const { decisions, warnings } = await d.readDecisions();
      d.appendHandle = await fs.open(path.join(dir, DECISIONS), 'a');
      return { dataDir: d, inputs, decisions, warnings };
    } catch (e) {
      await d.unlock();
      throw e;
    }
  }

  private async lock(): Promise<void> {
    try {
      this.release = await lockDataDir(this.dir, LOCK);
    } catch (e) {
      throw e instanceof DataDirLockError ? new DataDirError(e.message) : e;
    }
  }

  private async unlock(): Promise<void> {
    const release = this.release;
    this.release = undefined;
    await release?.();
  }

  private async loadOrInit(req: RequestedInputs, now: () => number): Promise<StoreInputs> {
    const settingsText = await readIfExists(path.join(this.dir, SETTINGS));
    if (settingsText === undefined) {
      const log = await readIfExists(path.join(this.dir, DECISIONS));
      if (log) throw new DataDirError(`data dir ${this.dir} has ${DECISIONS} but no ${SETTINGS}: it is incomplete or not a sandbox data dir; choose an empty directory`);
      const records = req.records ?? [];
      const inputs: StoreInputs = { seed: req.seed, locations: req.locations, events: req.events, integrations: req.integrations, createdAt: now(), records };
      // imported.json first: sandbox.json marks a complete initialisation.
      await writeFileAtomic(path.join(this.dir, IMPORTED), JSON.stringify(records));
      await writeFileAtomic(path.join(this.dir, SETTINGS), JSON.stringify({
        format: FORMAT, createdAt: new Date(inputs.createdAt).toISOString(), seed: inputs.seed, locations: inputs.locations,
        events: inputs.events, integrations: inputs.integrations, importedRecords: records.length, importedSha256: digest(records),
      }, null, 2) + '\n');
      return inputs;
    }
    const where = path.join(this.dir, SETTINGS);
    let s: Record<string, unknown>;
    try {
      s = JSON.parse(settingsText) as Record<string, unknown>;
    } catch (e) {
      throw new DataDirError(`${where} is not valid JSON (${(e as Error).message})`);
    }
    if (s.format !== FORMAT) throw new DataDirError(`${where}: unknown format ${JSON.stringify(s.format)}, expected "${FORMAT}"`);
    for (const k of ['seed', 'locations', 'events', 'integrations'] as const) {
      if (!Number.isSafeInteger(s[k])) throw new DataDirError(`${where}: "${k}" must be an integer`);
      if (req.explicit.has(k) && s[k] !== req[k]) {
        throw new DataDirError(`data dir ${this.dir} was created with ${k} ${String(s[k])}, but ${k} ${req[k]} was asked for; omit the option or choose another --data-dir`);
      }
    }
    const createdAt = Date.parse(String(s.createdAt));
    if (Number.isNaN(createdAt)) throw new DataDirError(`${where}: "createdAt" is not a timestamp`);
    const importedText = await readIfExists(path.join(this.dir, IMPORTED));
    if (importedText === undefined) throw new DataDirError(`data dir ${this.dir} lacks ${IMPORTED}; it was damaged, choose a new --data-dir`);
    const records = JSON.parse(importedText) as SourceRecord[];
    if (digest(records) !== s.importedSha256) throw new DataDirError(`${path.join(this.dir, IMPORTED)} does not match the checksum in ${SETTINGS}; it was modified or damaged`);
    if (req.records !== undefined && digest(req.records) !== s.importedSha256) {
      throw new DataDirError(`data dir ${this.dir} was created with other imported records (${records.length}); omit --load or choose another --data-dir`);
    }
    return { seed: s.seed as number, locations: s.locations as number, events: s.events as number, integrations: s.integrations as number, createdAt, records };
  }

  private async readDecisions(): Promise<{ decisions: DecisionRecord[]; warnings: string[] }> {
    const file = path.join(this.dir, DECISIONS);
    const text = (await readIfExists(file)) ?? '';
    const warnings: string[] = [];
    const end = text.lastIndexOf('\n') + 1;
    if (end < text.length) {
      // A torn append from a kill: never acknowledged, so cut it off before appending again.
      await fs.truncate(file, Buffer.byteLength(text.slice(0, end), 'utf8'));
      warnings.push(`${file}: discarded an incomplete last line (a decision interrupted before it was confirmed): ${JSON.stringify(text.slice(end, end + 80))}`);
    }
    const decisions: DecisionRecord[] = [];
    text.slice(0, end).split('\n').forEach((line, i) => {
      if (line.trim() === '') return;
      const problem = decisionProblem(line);
      if (typeof problem === 'string') throw new DataDirError(`${file} line ${i + 1}: ${problem}; the decision log is damaged`);
      decisions.push(problem);
    });
    return { decisions, warnings };
  }

  /** Appends one decision and waits until it is on disk. */
  async append(d: DecisionRecord): Promise<void> {
    if (!this.appendHandle) throw new DataDirError(`data dir ${this.dir} is closed`);
    await this.appendHandle.write(JSON.stringify({ ...d, at: new Date(d.at).toISOString() }) + '\n');
    await this.appendHandle.sync();
  }

  async close(): Promise<void> {
    const fh = this.appendHandle;
    this.appendHandle = undefined;
    await fh?.close();
    await this.unlock();
  }
}

function decisionProblem(line: string): DecisionRecord | string {
  let v: Record<string, unknown>;
  try {
    v = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return 'not JSON';
  }
  if (v === null || typeof v !== 'object') return 'not a JSON object';
  if (v.decision !== 'approve' && v.decision !== 'reject') return '"decision" must be "approve" or "reject"';
  if (typeof v.id !== 'string') return '"id" must be a string';
  if (v.kind !== 'location' && v.kind !== 'event') return '"kind" must be "location" or "event"';
  if (!Array.isArray(v.keys) || v.keys.length < 2 || !v.keys.every((k) => typeof k === 'string')) return '"keys" must be 2 or more strings';
  const at = typeof v.at === 'string' ? Date.parse(v.at) : NaN;
  if (Number.isNaN(at)) return '"at" must be a timestamp';
  return { decision: v.decision, id: v.id, kind: v.kind, keys: v.keys as string[], at };
}
