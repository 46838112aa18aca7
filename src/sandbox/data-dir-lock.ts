// The lock of a sandbox data directory: a `.lock` file naming the process that holds it, by pid
// AND that process's start time (and the boot it belongs to). A pid alone is not enough: after a
// kill -9 the lock stays, and once the pid is reused by another process (after a reboot, or in a
// container where the sandbox is always pid 1) a pid-only check would refuse to start forever.
// A lock whose pid is not running, or runs a process started at another time, is stale and taken
// over, and so is one whose process is a zombie (killed, not yet reaped by its parent: it holds
// nothing). Start times and states come from /proc (Linux); elsewhere only the pid is compared.
// The bare pid older versions wrote has no start time: there the lock file's own time stands in for
// it, since its writer was running when it wrote the file; a process that started after that is
// another one that got the pid.
import { readFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

export interface LockOwner {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/PID/stat, field 22); undefined off Linux. */
  startTicks?: string;
  /** /proc/sys/kernel/random/boot_id: start ticks of different boots are not comparable. */
  bootId?: string;
}

/** Directories this process holds: a second open in the same process is refused by path, not by pid. */
const heldHere = new Set<string>();

export class DataDirLockError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirLockError';
  }
}

export function currentOwner(): LockOwner {
  return { pid: process.pid, startTicks: processStartTicks(process.pid), bootId: bootId() };
}

/** Takes the lock of `dir` (its `.lock` file), taking over a stale one; throws DataDirLockError when it is really in use. */
export async function lockDataDir(dir: string, lockName = '.lock'): Promise<() => Promise<void>> {
  const key = path.resolve(dir);
  if (heldHere.has(key)) throw new DataDirLockError(`data dir ${dir} is already open in this process; close the other store first`);
  const file = path.join(dir, lockName);
  const me = currentOwner();
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(file, JSON.stringify(me) + '\n', { flag: 'wx' });
      heldHere.add(key);
      return async () => {
        heldHere.delete(key);
        // Only our own lock is removed: never one a later process took over.
        const owner = parseOwner(await fs.readFile(file, 'utf8').catch(() => ''));
        if (owner && sameProcess(owner, me)) await fs.rm(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const text = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) continue; // removed meanwhile: try again
    const owner = parseOwner(text);
    const writtenAtMs = (await fs.stat(file).catch(() => undefined))?.mtimeMs;
    if (owner && isRunning(owner, writtenAtMs)) {
      throw new DataDirLockError(
        `data dir ${dir} is in use by process ${owner.pid}, which is still running; stop it, or choose another --data-dir. ` +
          `(If that process is not a sandbox, delete ${file}.)`,
      );
    }
    // Stale (its process is gone, or the pid now belongs to another process) or unreadable: take it over.
    await fs.rm(file, { force: true });
  }
  throw new DataDirLockError(`could not lock data dir ${dir}: another process keeps taking ${file}`);
}

/**
 * Whether the process the lock names is still the one running under its pid. `writtenAtMs` (the lock
 * file's mtime) decides for a lock without a start time (the old bare-pid form).
 */
export function isRunning(owner: LockOwner, writtenAtMs?: number): boolean {
  if (owner.startTicks === undefined && writtenAtMs !== undefined && startedAfter(owner.pid, writtenAtMs)) return false;
  if (owner.pid === process.pid) return owner.startTicks === undefined || owner.startTicks === processStartTicks(process.pid);
  if (!isAlive(owner.pid)) return false;
  const now = processStartTicks(owner.pid);
  if (owner.startTicks === undefined || now === undefined) return true; // nothing better to compare than the pid
  if (owner.bootId !== undefined && owner.bootId !== bootId()) return false;
  return now === owner.startTicks;
}

function sameProcess(a: LockOwner, b: LockOwner): boolean {
  return a.pid === b.pid && a.startTicks === b.startTicks;
}

/** A lock file: our JSON, or the bare pid older versions wrote. */
export function parseOwner(text: string): LockOwner | undefined {
  const t = text.trim();
  if (/^\d+$/.test(t)) return { pid: Number(t) };
  try {
    const v = JSON.parse(t) as Partial<LockOwner>;
    if (!Number.isInteger(v.pid) || (v.pid as number) <= 0) return undefined;
    return {
      pid: v.pid as number,
      startTicks: typeof v.startTicks === 'string' ? v.startTicks : undefined,
      bootId: typeof v.bootId === 'string' ? v.bootId : undefined,
    };
  } catch {
    return undefined;
  }
}

export function processStartTicks(pid: number): string | undefined {
  return statFields(pid)?.[19]; // field 22 overall
}

/** Fields 3 onwards of /proc/PID/stat (state first), or undefined off Linux or when it is gone. */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from its end.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/**
 * A zombie (state Z) has exited and holds no files; only its parent has not reaped it yet (a killed
 * sandbox whose parent, a shell or a supervisor, does not wait). Its pid still answers kill(0).
 */
function isZombie(pid: number): boolean {
  const state = statFields(pid)?.[0];
  return state === 'Z' || state === 'X';
}

/**
 * Slack for comparing a process's start with a file's mtime: the boot time in /proc/stat is in whole
 * seconds, and the mtime's clock is the wall clock, which may have been stepped a little since boot.
 */
const START_SLACK_MS = 2000;

/** Whether the process now under `pid` started after `atMs` (so it did not write a file stamped then). */
function startedAfter(pid: number, atMs: number): boolean {
  const started = processStartMs(pid);
  return started !== undefined && started > atMs + START_SLACK_MS;
}

/** When a process started, in ms since the epoch (boot time + start ticks); undefined off Linux or when it is gone. */
export function processStartMs(pid: number): number | undefined {
  const ticks = processStartTicks(pid);
  const boot = bootTimeSeconds();
  if (ticks === undefined || boot === undefined) return undefined;
  // USER_HZ, in which /proc reports ticks, is 100 on every Linux architecture Node runs on.
  return boot * 1000 + (Number(ticks) / 100) * 1000;
}

function bootTimeSeconds(): number | undefined {
  try {
    const m = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return m ? Number(m[1]) : undefined;
  } catch {
    return undefined;
  }
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  if (isZombie(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

