// The decision journal: an append-only NDJSON file with one line when a decision is about to be sent
// ('started') and one when its outcome is known ('outcome'). The started line is on disk (fsynced)
// before the request leaves, so if the editor is killed mid-run the journal still names every
// attempt; one without an outcome line reads back as "outcome unknown" — the truth, since the
// service may or may not have applied it. Lines are never rewritten, so a crash can at worst tear
// the last line, which the reader skips.
//
// Never holds the token: a connection is recorded by its base URL (without any user:password part)
// and its label only.
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Recommendation, RecommendationEntity, Verdict } from '../api/model';
import { makeDirectory } from '../records/make-directory';
import { type JournalConnection, journalConnection } from './journal-connection';
import { isRunLine, RunTally, type RunEntry, type RunLine } from './journal-runs';

export { type JournalConnection, journalConnection } from './journal-connection';

export interface StartedLine {
  type: 'started';
  attempt: string;
  at: string;
  connection: JournalConnection;
  id: string;
  verdict: Verdict;
  score?: number;
  entities: JournalEntity[];
  /**
   * Set when the decision waits an undo period before it is sent: the time it would be sent. A
   * 'sending' line follows when the wait is over; without one (and without an outcome) the window
   * closed during the wait and nothing was sent.
   */
  graceUntil?: string;
  /** Set when the decision was part of a group decision triage called safe: see BulkShare. */
  bulk?: BulkShare;
  /**
   * Set when the decision answered a random audit draw (triage/audit.ts): the draw's number. The
   * label then counts for the audit's certificate as well as for its group.
   */
  audit?: number;
  /**
   * The triage group the recommendation was in when it was decided: its flags and whether
   * it led its chain. The label counts for that group — a chain member's answer for the chain's
   * group, not for the plain group of its pattern — as a triage run's own labels do.
   */
  triage?: TriageGroupRef;
  /** The bulk run it was part of (a RunLine's id). */
  run?: string;
}

/** Which triage group a decision was taken in: the flags it carried (triage/flags.ts) and whether it led its chain. */
export interface TriageGroupRef {
  flags: string[];
  lead?: boolean;
}

/**
 * A group decision's estimate, per decision: the group's expected wrong decisions, their variance
 * and its worst-case items (a group no one had seen) divided by its size, as triage estimated them
 * when the group was decided. Summed over a journal's group decisions that reached the service they
 * give the bulk tally (triage/journal-tally.ts): the target precision holds for everything decided in
 * bulk together, so the next triage must know what earlier ones spent.
 */
export interface BulkShare {
  /** The group's key (pattern and flags). */
  group: string;
  expectedWrong: number;
  variance: number;
  unseen: number;
  /** The group was certified by the audit sample: the audit answers (draw numbers below this) the certificate rested on, now spent. */
  audit?: number;
}

/**
 * An entity as it was when the decision was taken: its id and name, and the fields triage compares
 * (so the decision can teach it later, when the recommendation has left the list). Optional: older
 * journals hold only id and name.
 */
export interface JournalEntity {
  id: string;
  name?: string;
  fields?: Partial<Pick<RecommendationEntity, '@type' | 'integration' | 'sourceId' | 'url' | 'telephone' | 'address'>> & { startDate?: unknown; latitude?: unknown; longitude?: unknown };
}

function entityFields(e: RecommendationEntity): JournalEntity['fields'] {
  const out: NonNullable<JournalEntity['fields']> = {};
  for (const k of ['@type', 'integration', 'sourceId', 'url', 'telephone', 'address', 'startDate', 'latitude', 'longitude'] as const) {
    const v = (e as Record<string, unknown>)[k];
    if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** The undo period of a started line is over: the request is about to leave. */
export interface SendingLine {
  type: 'sending';
  attempt: string;
  at: string;
}

/**
 * 'unknown': the request may or may not have reached the service (timeout, cancelled in flight,
 * connection lost). 'cancelled': undone within the undo period, never sent.
 */
export type OutcomeStatus = 'ok' | 'failed' | 'unknown' | 'cancelled';

export interface OutcomeLine {
  type: 'outcome';
  attempt: string;
  at: string;
  outcome: OutcomeStatus;
  /** The error's kind (conflict, not-found, network, …) when not ok. */
  kind?: string;
  message?: string;
}

/**
 * "Unsure": the curator looked and could not tell. Kept in the journal, never sent to the
 * service: the recommendation stays pending, marked, and out of bulk and group decisions, until a
 * later decision about it reaches the service (or a 'cleared' line takes the mark back).
 */
export interface UnsureLine {
  type: 'unsure';
  at: string;
  connection: JournalConnection;
  id: string;
  /** The curator's note, if they gave one. */
  note?: string;
  /** True: the mark is taken back (the recommendation is plain pending again). */
  cleared?: boolean;
  score?: number;
  entities: JournalEntity[];
}

export type UnsureEntry = Omit<UnsureLine, 'type'>;

/** One attempt as read back: its started line joined with its outcome, if one was written. */
export interface DecisionEntry extends Omit<StartedLine, 'type'> {
  outcome: OutcomeStatus;
  /** False when no outcome line was written (the run was interrupted): then outcome is 'unknown'. */
  outcomeRecorded: boolean;
  finishedAt?: string;
  kind?: string;
  message?: string;
  /** When the undo period ended and the request left (decisions with graceUntil only). */
  sendingAt?: string;
}

/** A decision that waited an undo period and was never sent: the window closed during the wait. */
export function notSent(e: DecisionEntry): boolean {
  return e.graceUntil !== undefined && e.sendingAt === undefined && !e.outcomeRecorded;
}

export interface JournalContents {
  /** Oldest first. */
  entries: DecisionEntry[];
  /** Lines that were not valid JSON (a torn last line after a crash) or not journal lines. */
  skippedLines: number;
  /** The unsure marks (and their clearings), oldest first. */
  unsure: UnsureEntry[];
  /** Bulk runs, oldest first. */
  runs: RunEntry[];
}

/**
 * The journal's lines about one service: its decisions and unsure marks (lines of older journals
 * name no connection: they count everywhere). Ids are each service's own, and what a curator decided
 * on one backlog is neither a label, a spent error budget nor a rejected rival on another (two
 * sandboxes started with one seed even share ids).
 */
export function journalOfConnection(contents: JournalContents, baseUrl: string | undefined): JournalContents {
  if (baseUrl === undefined) return contents;
  const here = journalConnection(baseUrl, '').baseUrl;
  const ours = (c: JournalConnection | undefined) => c === undefined || c.baseUrl === here;
  return { ...contents, entries: contents.entries.filter((e) => ours(e.connection)), unsure: contents.unsure.filter((u) => ours(u.connection)) };
}

export function startedLine(connection: JournalConnection, rec: Pick<Recommendation, '@id'> & { score?: number; entities?: Recommendation['entities'] }, verdict: Verdict): StartedLine {
  return {
    type: 'started',
    attempt: randomUUID(),
    at: new Date().toISOString(),
    connection,
    id: rec['@id'],
    verdict,
    score: typeof rec.score === 'number' ? rec.score : undefined,
    entities: (rec.entities ?? []).map((e) => ({ id: e['@id'], name: e.name ?? undefined, fields: entityFields(e) })),
  };
}

export function unsureLine(connection: JournalConnection, rec: Pick<Recommendation, '@id' | 'score'> & { entities?: Recommendation['entities'] }, note: string | undefined, cleared = false): UnsureLine {
  const { type: _t, attempt: _a, verdict: _v, ...rest } = startedLine(connection, rec, 'approve');
  const line: UnsureLine = { type: 'unsure', ...rest };
  if (note?.trim()) line.note = note.trim();
  if (cleared) line.cleared = true;
  return line;
}

/**
 * The line that takes an unsure mark back (Clear Unsure Mark): an `unsure` line with `cleared`, so
 * journals written before it read the same. It copies the mark's own id, score and entities: the
 * recommendation need not be loaded (or pending) to clear its mark, and the line stays readable
 * on its own in the history. Never sent to the service.
 */
export function clearedUnsureLine(connection: JournalConnection, mark: { id: string; score?: number; entities?: JournalEntity[] }): UnsureLine {
  const line: UnsureLine = { type: 'unsure', at: new Date().toISOString(), connection, id: mark.id, cleared: true, entities: mark.entities ?? [] };
  if (typeof mark.score === 'number') line.score = mark.score;
  return line;
}

interface Pending {
  text: string;
  resolve: () => void;
  reject: (e: Error) => void;
}

export class DecisionJournal {
  private handle: Promise<FileHandle> | undefined;
  private queue: Pending[] = [];
  private draining: Promise<void> | undefined;
  private closed = false;
  private readonly listeners = new Set<() => void>();

  constructor(readonly path: string) {}

  /** Calls `listener` after each batch of lines is on disk (e.g. to refresh a history view); returns the unsubscribe. */
  onDidAppend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Appends lines and resolves once they are fsynced. Lines queued while a write is under way go
   * out together with one fsync (group commit), so a bulk run at concurrency 8 does not wait for
   * eight fsyncs in a row.
   */
  append(...lines: (StartedLine | SendingLine | OutcomeLine | UnsureLine | RunLine)[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the decision journal is closed'));
    const text = lines.map((l) => JSON.stringify(l) + '\n').join('');
    return new Promise((resolve, reject) => {
      this.queue.push({ text, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.draining) return;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      // An append that came in between the loop's end and this callback still gets written.
      if (this.queue.length) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue;
      this.queue = [];
      try {
        const fh = await this.open();
        await fh.appendFile(batch.map((p) => p.text).join(''), 'utf8');
        await fh.datasync();
        for (const p of batch) p.resolve();
        for (const l of this.listeners) {
          try {
            l();
          } catch {
            // A listener's failure is not the journal's: the lines are on disk.
          }
        }
      } catch (e) {
        // Forget the handle so the next append tries again (the folder may have been removed).
        const h = this.handle;
        this.handle = undefined;
        void h?.then((fh) => fh.close()).catch(() => undefined);
        for (const p of batch) p.reject(e instanceof Error ? e : new Error(String(e)));
      }
    }
  }

  private open(): Promise<FileHandle> {
    this.handle ??= (async () => {
      await makeDirectory(dirname(this.path));
      const fh = await open(this.path, 'a+');
      // A kill mid-write can leave a last line without its newline; start on a fresh line so the
      // next entry is not glued to the torn one.
      const { size } = await fh.stat();
      if (size > 0) {
        const { buffer } = await fh.read(Buffer.alloc(1), 0, 1, size - 1);
        if (buffer[0] !== 0x0a) await fh.appendFile('\n');
      }
      return fh;
    })();
    return this.handle;
  }

  /** Reads the whole journal back; a missing file is an empty journal. */
  read(): Promise<JournalContents> {
    return readJournal(this.path);
  }

  async close(): Promise<void> {
    this.closed = true;
    while (this.draining) await this.draining;
    const h = this.handle;
    this.handle = undefined;
    if (h) await (await h.catch(() => undefined))?.close();
  }
}

export async function readJournal(path: string): Promise<JournalContents> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], skippedLines: 0, unsure: [], runs: [] };
    throw e;
  }
  return parseJournal(text);
}

export function parseJournal(text: string): JournalContents {
  const entries: DecisionEntry[] = [];
  const byAttempt = new Map<string, DecisionEntry>();
  const unsure: UnsureEntry[] = [];
  const runs = new RunTally();
  let skippedLines = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      skippedLines++;
      continue;
    }
    const l = value as { type?: unknown; attempt?: unknown; id?: unknown } | null;
    if (l?.type === 'started' && typeof l.attempt === 'string' && typeof l.id === 'string') {
      const { type: _type, ...rest } = l as StartedLine;
      const entry: DecisionEntry = { ...rest, entities: rest.entities ?? [], outcome: 'unknown', outcomeRecorded: false };
      entries.push(entry);
      byAttempt.set(entry.attempt, entry);
    } else if (l?.type === 'unsure' && typeof l.id === 'string') {
      const { type: _type, ...rest } = l as UnsureLine;
      unsure.push({ ...rest, entities: Array.isArray(rest.entities) ? rest.entities : [], note: typeof rest.note === 'string' ? rest.note : undefined });
    } else if (l?.type === 'sending' && typeof l.attempt === 'string' && byAttempt.has(l.attempt)) {
      byAttempt.get(l.attempt)!.sendingAt = (l as SendingLine).at;
    } else if (l?.type === 'outcome' && typeof l.attempt === 'string' && byAttempt.has(l.attempt)) {
      const o = l as OutcomeLine;
      const entry = byAttempt.get(o.attempt)!;
      const outcome = o.outcome === 'ok' || o.outcome === 'failed' || o.outcome === 'cancelled' ? o.outcome : 'unknown';
      Object.assign(entry, { outcome, outcomeRecorded: true, finishedAt: o.at, kind: o.kind, message: o.message });
    } else if (isRunLine(l)) {
      runs.add(l);
    } else {
      skippedLines++;
    }
  }
  return { entries, skippedLines, unsure, runs: runs.entries(entries) };
}
