// A bulk run's lines in the decision journal (journal.ts): one before its first decision, with how
// many it was asked to decide, and one with `ended` when it stops, whatever stopped it. A run without
// its end was cut short by the window or the process closing: the decisions it never attempted left
// no line of their own, and this is what says they were not sent.
import { randomUUID } from 'node:crypto';
import type { Verdict } from '../api/model';
import type { JournalConnection } from './journal-connection';

/** A bulk run's line (a group decision, the selected rows, Retry Failed). */
export interface RunLine {
  type: 'run';
  run: string;
  at: string;
  connection: JournalConnection;
  verdict: Verdict;
  /** Decisions the run was asked to make. */
  count: number;
  /** What the curator chose, in words ("group Locations: name equal, …", "the 12 selected"). */
  what: string;
  /** The end line: the run stopped (finished, cancelled or stopped by an error) with the window open. */
  ended?: true;
  /**
   * The process that runs it. The journal is shared by every window: a run without its end may be
   * going on in another window's extension host, which is then still alive.
   */
  pid?: number;
}

/** A run as read back: its first line, whether its end was written, and its attempts' outcomes. */
export interface RunEntry extends Omit<RunLine, 'type' | 'ended'> {
  ended: boolean;
  attempted: number;
  ok: number;
  unknown: number;
}

export function runLine(connection: JournalConnection, verdict: Verdict, count: number, what: string): RunLine {
  return { type: 'run', run: randomUUID(), at: new Date().toISOString(), connection, verdict, count, what, pid: process.pid };
}

export function runEndLine(start: RunLine): RunLine {
  return { ...start, at: new Date().toISOString(), ended: true };
}

export function isRunLine(l: unknown): l is RunLine {
  return (l as RunLine | null)?.type === 'run' && typeof (l as RunLine).run === 'string';
}

/** The runs of a journal as its lines are read, then what their attempts came to. */
export class RunTally {
  private readonly runs = new Map<string, RunEntry>();

  add(r: RunLine): void {
    const known = this.runs.get(r.run);
    if (known) known.ended ||= r.ended === true;
    else this.runs.set(r.run, { run: r.run, at: r.at, connection: r.connection, verdict: r.verdict, count: Number(r.count) || 0, what: String(r.what ?? ''), pid: typeof r.pid === 'number' ? r.pid : undefined, ended: r.ended === true, attempted: 0, ok: 0, unknown: 0 });
  }

  /** The runs, oldest first, with the outcomes of the attempts that name them. */
  entries(attempts: readonly { run?: string; outcome: string }[]): RunEntry[] {
    for (const e of attempts) {
      const run = e.run === undefined ? undefined : this.runs.get(e.run);
      if (!run) continue;
      run.attempted++;
      if (e.outcome === 'ok') run.ok++;
      else if (e.outcome === 'unknown') run.unknown++;
    }
    return [...this.runs.values()];
  }
}

/**
 * The run's process is alive and is not this one: the journal is shared by every window, and another
 * window's run is going on. A reload or a crash ends the extension host's (or the CLI's) process, so
 * a run cut short by one names a process that is gone.
 */
function goingOnElsewhere(r: RunEntry): boolean {
  if (r.pid === undefined || r.pid === process.pid) return false;
  try {
    process.kill(r.pid, 0);
    return true;
  } catch (e) {
    // EPERM: a process of that number exists (another user's): not ours to call dead.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The runs that never ended and whose process is gone; with `notAfter`, only those begun at or before
 * it (a window's start: the runs of the window itself are not yet cut short).
 */
export function runsCutShort(runs: readonly RunEntry[], notAfter?: Date): RunEntry[] {
  const begunInTime = (r: RunEntry) => notAfter === undefined || !(Date.parse(r.at) > notAfter.getTime());
  return runs.filter((r) => !r.ended && begunInTime(r) && !goingOnElsewhere(r));
}
