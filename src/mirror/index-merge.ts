// Merging one kind's full-text indexes into a single b-tree each after a sync that wrote much of
// them. FTS5 writes each transaction's entries as a new b-tree (segment) and merges them only a few
// at a time (its automerge): a full sync of 1,001,343 records left 12 to 14 in each trigram index.
// A search looks every term of every phrase up in each of them and walks their doclists side by
// side, so the questions of a search (a corrected query's dozens of phrases most of all) cost about
// a third more than on one b-tree (docs/benchmarks.md, "FTS5 segments merged after a full sync").
// The merge rewrites the whole index, a few seconds at a million records: it is worth it after a
// sync that wrote a large share of it, not after each small incremental one (whose few small
// b-trees cost a search little).
import type { MirrorKind } from './record-set-types';
import type { Statements } from './statements';

/** A sync that wrote at least this share of a kind's records merges its indexes afterwards. */
export const MERGE_AFTER_SHARE = 0.25;
/**
 * Pages (FTS5's, about 4 KB) written by one merge step, each its own transaction: another process's
 * search waits for a step (a fraction of a second), never for the whole merge (seconds), and a
 * killed sync loses at most one step.
 */
const STEP_PAGES = 1000;

/** Whether a sync that wrote `written` records (added, replaced or removed) of a kind now holding `count` should merge its indexes. */
export function mergeWorthIt(written: number, count: number): boolean {
  return written > 0 && written >= MERGE_AFTER_SHARE * count;
}

/** The b-trees (segments) of one FTS5 index. */
export function segmentCount(sql: Statements, index: string): number {
  return Number(sql.get(`SELECT count(DISTINCT segid) AS n FROM ${index}_idx`)?.n ?? 0);
}

/**
 * Merges the kind's trigram index, its codes' word index and its names' word index each into one b-tree, a step at a time
 * (FTS5's 'merge' command: a negative step first puts every b-tree on one level, then steps go on
 * until one changes nothing; the same result as its 'optimize', in short transactions). Stops
 * between steps when `stop` says so: the index stays sound, only less merged.
 */
export async function mergeIndexes(sql: Statements, kind: MirrorKind, stop: () => boolean = () => false): Promise<void> {
  for (const index of [`${kind}_fts`, `${kind}_codes`, `${kind}_words`]) {
    if (segmentCount(sql, index) <= 1) continue;
    let pages = -STEP_PAGES;
    while (!stop()) {
      const before = totalChanges(sql);
      sql.run(`INSERT INTO ${index}(${index}, rank) VALUES('merge', ?)`, [pages]);
      // FTS5's own test of a finished merge: a step that wrote nothing changes fewer than two rows.
      if (totalChanges(sql) - before < 2) break;
      pages = STEP_PAGES;
      // Between steps the event loop runs: in the extension host the merge takes seconds at a
      // million records, and other commands (and a Cancel) must not wait for all of it.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
}

function totalChanges(sql: Statements): number {
  return Number(sql.get('SELECT total_changes() AS n')?.n ?? 0);
}
