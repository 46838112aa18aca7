// The database file as it was when last found sound (PRAGMA quick_check at an open, or the end of a
// sync of this process): its size and modification time. An open that finds the file unchanged
// since skips the check, which reads the whole file (1.6 s at 150,000 locations: more than a
// search); any write, truncation or flipped byte since changes one of them, and the file is checked
// again. A record's own damage is still caught at every read (its checksum).
import { readFileSync, statSync, writeFileSync } from 'node:fs';

function stampFile(file: string): string {
  return `${file}.checked`;
}

function current(file: string): string | undefined {
  try {
    const st = statSync(file);
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  } catch {
    return undefined;
  }
}

/** The file is as it was when last found sound. */
export function unchangedSinceCheck(file: string): boolean {
  const now = current(file);
  try {
    return now !== undefined && readFileSync(stampFile(file), 'utf8') === now;
  } catch {
    return false;
  }
}

/** Notes the file as sound now (a failure to note it only costs the next open a check). */
export function noteChecked(file: string): void {
  const now = current(file);
  if (now === undefined) return;
  try {
    writeFileSync(stampFile(file), now);
  } catch {
    // The next open checks again.
  }
}
