// The files of the mirror's database: the database and the rollback journal SQLite writes beside it.
import { rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { syncHolder } from './sync-lock';

/**
 * A statement of the WebAssembly build locks the database by creating a directory beside it
 * (`mirror.sqlite.lock`) and removes it when done; a process killed meanwhile leaves it behind, and
 * every later statement would wait for it in vain. It is removed when the sync that held the mirror
 * is gone (its process died), or when it is older than any statement of a live process can be.
 */
const STALE_LOCK_MS = 30_000;

export async function clearStaleLock(file: string): Promise<void> {
  const lock = `${file}.lock`;
  const st = await stat(lock).catch(() => undefined);
  if (!st) return;
  const holder = await syncHolder(path.dirname(file));
  if (holder === 'alive') return;
  if (holder === 'dead' || Date.now() - st.mtimeMs > STALE_LOCK_MS) await rmdir(lock).catch(() => undefined);
}

export async function removeDatabaseFiles(file: string): Promise<void> {
  for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`, `${file}.lock`, `${file}.checked`]) await rm(f, { force: true, recursive: true });
}
