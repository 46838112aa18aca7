// One sync of a mirror directory at a time across processes (the CLI and the extension, two
// terminals): a lock file holding the syncing process's id, taken over when that process is gone
// (killed mid-sync: the sync it left resumes).
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { MirrorError } from './mirror-error';
import { describeFileError } from '../records/file-error';
import { makeDirectory } from '../records/make-directory';

/** Lock files this process holds (two Mirror objects of one directory in one process). */
const held = new Set<string>();

export class SyncLock {
  private constructor(private readonly file: string) {}

  static async take(dir: string): Promise<SyncLock> {
    try {
      await makeDirectory(dir);
    } catch (e) {
      throw new MirrorError(`cannot create the mirror directory ${dir}: ${describeFileError(e)}`);
    }
    const file = path.join(dir, 'sync.lock');
    if (held.has(file)) throw new MirrorError(`another sync of the mirror in ${dir} is running; wait for it to end`);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fh = await open(file, 'wx');
        held.add(file);
        await fh.write(String(process.pid));
        await fh.close();
        return new SyncLock(file);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new MirrorError(`cannot lock the mirror in ${dir} for a sync: ${describeFileError(e)}`);
      }
      if (held.has(file)) throw new MirrorError(`another sync of the mirror in ${dir} is running; wait for it to end`);
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new MirrorError(`another process (${pid}) is syncing the mirror in ${dir}; wait for it to end`);
      }
      await rm(file, { force: true });
    }
    throw new MirrorError(`cannot lock the mirror in ${dir} for a sync: another process keeps taking it`);
  }

  async release(): Promise<void> {
    held.delete(this.file);
    await rm(this.file, { force: true });
  }
}

/** Whether a process syncs the mirror in `dir` now: 'none' without a lock file, 'dead' when its process is gone (killed). */
export async function syncHolder(dir: string): Promise<'none' | 'alive' | 'dead'> {
  const file = path.join(dir, 'sync.lock');
  if (held.has(file)) return 'alive';
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return 'none';
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? 'alive' : 'dead';
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
