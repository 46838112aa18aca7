// The files of the mirror's database: the database and the rollback journal SQLite writes beside it.
import { rm } from 'node:fs/promises';

export async function removeDatabaseFiles(file: string): Promise<void> {
  for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) await rm(f, { force: true });
}
