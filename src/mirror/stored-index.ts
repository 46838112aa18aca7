// The search index of a kind stored beside its records (`<kind>.<gen>.index.json`), so that a restart
// loads it instead of reading and indexing every record again (seconds at 150,000 records). It is a
// cache: written after the index is built, never on the sync's path; a missing, broken or foreign
// file means building again. Changes committed after it was written are caught up at load: records
// stored in the changes file past the length it was written at are indexed again, records gone are
// removed.
import { readFile, rename, writeFile } from 'node:fs/promises';
import type { RecordSet } from './record-set';
import type { RecordStore, StoreState } from './record-store';
import { type IndexData, SearchIndex } from './search-index';

interface StoredIndex {
  /** The committed length of the changes file the index was current with. */
  changesBytes: number;
  index: IndexData;
}

export async function loadStoredIndex(store: RecordStore, state: StoreState, set: RecordSet): Promise<SearchIndex | undefined> {
  let stored: StoredIndex;
  try {
    stored = JSON.parse(await readFile(store.file(state.gen, 'index.json'), 'utf8')) as StoredIndex;
  } catch {
    return undefined;
  }
  if (typeof stored?.changesBytes !== 'number' || stored.changesBytes > state.changesBytes) return undefined;
  const index = SearchIndex.fromData(stored.index);
  if (!index) return undefined;
  const changes = store.file(state.gen, 'changes.ndjson');
  for (const id of [...index.indexedIds()]) if (!set.has(id)) index.remove(id);
  for (const id of set.changedSince(changes, stored.changesBytes)) index.put(set.get(id));
  // Every record of the set must be in it, or it was not this set's index.
  return index.size === set.size ? index : undefined;
}

/** Writes the index (to a temporary file renamed over the old one: never half an index). */
export async function saveStoredIndex(store: RecordStore, state: StoreState, index: SearchIndex): Promise<void> {
  const file = store.file(state.gen, 'index.json');
  const tmp = `${file}.${process.pid}.tmp`;
  const stored: StoredIndex = { changesBytes: state.changesBytes, index: index.toData() };
  await writeFile(tmp, JSON.stringify(stored));
  await rename(tmp, file);
}
