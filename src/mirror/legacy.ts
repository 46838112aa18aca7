// The mirror of the previous format (mirror.json beside NDJSON files): not read any more; the next
// sync rebuilds the directory's mirror in the database and removes these files.
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/** The service a previous-format mirror in `dir` was synced from, or undefined if there is none. */
export async function legacyBaseUrl(dir: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(path.join(dir, 'mirror.json'), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const meta = JSON.parse(text) as { baseUrl?: unknown };
    return typeof meta.baseUrl === 'string' ? meta.baseUrl : '';
  } catch {
    return '';
  }
}

/** Removes the previous format's files (mirror.json, its record, table, index and journal files). */
export async function removeLegacyFiles(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (name === 'mirror.json' || /^(locations|events)\.(\d+\.)?(ndjson|table\.json|index\.json|sync\.ndjson|[\w.]+\.tmp)$/.test(name) || /^(locations|events)\..*\.(ndjson|json)$/.test(name)) {
      await rm(path.join(dir, name), { force: true });
    }
  }
}
