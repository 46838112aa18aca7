// The full-text entries and words of a kind written in a fresh file without them (fresh-file.ts),
// filled from its rows once its sync is complete: a few large transactions of rows in rowid order,
// not a few entries in each of the listing's batches, so each index is written in large sorted
// runs. Resumable: the last rowid filled is stored with each transaction, and the rows do not
// change until the fill ends (the kind's sync is over; the next one fills first).
import { CancelledError } from '../api/errors';
import { unindexedKey } from './fresh-file';
import type { RecordTable } from './record-table';
import { inTransaction } from './sqlite';
import type { Statements } from './statements';
import { readMeta, writeMeta } from './sync-state';

/**
 * Rows filled in one transaction. FTS5 keeps a transaction's entries in memory (up to its
 * `hashsize`) and writes them as one b-tree at the commit: large transactions, few b-trees to merge.
 */
export const FILL_ROWS = 100_000;
/** FTS5's memory for a transaction's entries while filling (its default is 1 MB: a b-tree a megabyte). */
const FILL_HASH_BYTES = 64 * 2 ** 20;
/** FTS5's defaults, put back when the fill ends (its settings are stored in the index). */
const DEFAULT_SETTINGS = { automerge: 4, hashsize: 2 ** 20 };

export interface FillOptions {
  signal?: AbortSignal;
  /** Rows a transaction (tests: FILL_ROWS). */
  rows?: number;
  /** Told after each transaction, with the last rowid filled. */
  onStep?: (lastRowid: number) => void;
}

/** Fills the entries of `table`'s rows when it has none yet; stops between transactions when the signal aborts. */
export async function fillIndexes(sql: Statements, table: RecordTable, opts: FillOptions = {}): Promise<void> {
  if (table.indexed) return;
  const key = unindexedKey(table.kind);
  for (;;) {
    if (opts.signal?.aborted) throw new CancelledError('the sync was cancelled');
    const last = fillStep(sql, table, key, opts.rows ?? FILL_ROWS);
    if (last === undefined) return;
    opts.onStep?.(last);
    // The extension host's other work (and a Cancel) runs between transactions.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** One transaction of the fill: the last rowid it filled, undefined when every row has its entries (the table is marked so). */
function fillStep(sql: Statements, table: RecordTable, key: string, rows: number): number | undefined {
  try {
    const last = inTransaction(sql.db, () => {
      // While filling, no merge of the b-trees written (one a transaction; merged once at the
      // sync's end, index-merge.ts) and the whole transaction's entries held before they are written.
      setIndexSettings(sql, table, { automerge: 0, hashsize: FILL_HASH_BYTES });
      const filled = table.fillIndexes(Number(readMeta(sql, key) ?? '0'), rows);
      table.vocabulary.flush();
      if (filled === undefined) {
        setIndexSettings(sql, table, DEFAULT_SETTINGS);
        sql.run('DELETE FROM meta WHERE key = ?', [key]);
      } else writeMeta(sql, key, String(filled));
      return filled;
    });
    if (last === undefined) table.indexed = true;
    return last;
  } catch (e) {
    table.vocabulary.forget();
    throw e;
  }
}

function setIndexSettings(sql: Statements, table: RecordTable, settings: typeof DEFAULT_SETTINGS): void {
  for (const index of ['fts', 'words', 'codes'].map((i) => `${table.kind}_${i}`)) {
    for (const [name, value] of Object.entries(settings)) sql.run(`INSERT INTO ${index}(${index}, rank) VALUES(?, ?)`, [name, value]);
  }
}
