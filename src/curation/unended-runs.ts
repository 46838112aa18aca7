// Bulk runs a journal holds without their end line (journal.ts RunLine): cut short by the window or
// the process closing, unless their process is still alive — the journal is shared by every window,
// and another window's run is going on. A reload or a crash ends the extension host's (or the CLI's)
// process, so a run cut short by one names a process that is gone.
import type { RunEntry } from './journal';

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

/** The runs begun before `before` that never ended and whose process is gone. */
export function runsCutShort(runs: readonly RunEntry[], before: Date): RunEntry[] {
  return runs.filter((r) => !r.ended && Date.parse(r.at) < before.getTime() && !goingOnElsewhere(r));
}
