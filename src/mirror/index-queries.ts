// The questions a search asks of one kind's full-text indexes: the trigram index of the folded
// name, street and town (or, for whole words, its word index), and the word index of the codes
// (postcode, source ids, integrations). A query word may be found in either: a stage asks the
// trigram index (or the names' word index) for the words it routes there and the codes' word index
// for the others (the records holding all of them: both answers intersected).
import { COLUMN_WEIGHTS, averageLength, bm25Order } from './bm25';
import type { RecordTable } from './record-table';
import type { Statements } from './statements';
import type { Row } from './sqlite';

/** Candidates re-ranked per query: enough for the intended record among records sharing its words. */
export const CANDIDATES = 200;
/**
 * Matches bm25 chooses the candidates among, at most: the first in the index's order. FTS5 scores
 * every match it is given (a look-up of the record's length each), and a common word ("the") matches
 * a fifth of a million records: ranked whole, that alone took a search past 100 ms.
 */
const RANKED_AMONG = 2000;

/** One question: an FTS5 match of the trigram index (may be empty) and of the codes' word index (may be absent). */
export interface IndexMatch {
  match: string;
  /** `match` is asked of the names' word index (whole words, or their start), not the trigram index. */
  words?: boolean;
  /** The trigram index's phrases in `match` (bm25 computed here weighs them). */
  phrases: string[];
  /** Words that must be codes of the record, as an FTS5 match of the word index. */
  codes?: string;
}

export function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

export class IndexQueries {
  private readonly fts: string;
  private readonly words: string;
  private readonly codes: string;
  private average: number | undefined;

  constructor(
    private readonly sql: Statements,
    table: RecordTable,
    /** The searched columns of rowids (read once a search). */
    private readonly rows: (rowids: readonly number[]) => Row[],
  ) {
    this.fts = `${table.kind}_fts`;
    this.words = `${table.kind}_words`;
    this.codes = `${table.kind}_codes`;
  }

  /** Whether some record's codes hold `word` (as a whole word, or at its start when `prefix`). */
  hasCode(word: string, prefix: boolean): boolean {
    return this.sql.all(`SELECT rowid AS r FROM ${this.codes} WHERE ${this.codes} MATCH ? LIMIT 1`, [wordPhrase(word, prefix)]).length > 0;
  }

  /** Up to CANDIDATES + 1 matches in the index's order. */
  matches(m: IndexMatch): number[] {
    const { codes } = this;
    const fts = this.textIndex(m);
    const limit = CANDIDATES + 1;
    if (m.codes === undefined) return this.sql.all(`SELECT rowid AS r FROM ${fts} WHERE ${fts} MATCH ? LIMIT ${limit}`, [m.match]).map((r) => Number(r.r));
    if (m.match === '') return this.sql.all(`SELECT rowid AS r FROM ${codes} WHERE ${codes} MATCH ? LIMIT ${limit}`, [m.codes]).map((r) => Number(r.r));
    return this.sql.all(`SELECT rowid AS r FROM ${fts} WHERE ${fts} MATCH ? INTERSECT SELECT rowid FROM ${codes} WHERE ${codes} MATCH ? LIMIT ${limit}`, [m.match, m.codes]).map((r) => Number(r.r));
  }

  private textIndex(m: IndexMatch): string {
    return m.words ? this.words : this.fts;
  }

  /** The best CANDIDATES by FTS5's bm25 of the first RANKED_AMONG matches (all of them, when no more match). */
  private ranked(m: IndexMatch): number[] {
    const { match } = m;
    const fts = this.textIndex(m);
    const scored = `SELECT rowid AS r, bm25(${fts}, ${COLUMN_WEIGHTS.join(', ')}) AS s FROM ${fts} WHERE ${fts} MATCH ? LIMIT ${RANKED_AMONG}`;
    return this.sql.all(`SELECT r FROM (${scored}) ORDER BY s LIMIT ${CANDIDATES}`, [match]).map((r) => Number(r.r));
  }

  /**
   * The candidates of a stage whose order does not matter (scoreRow ranks them). bm25 runs every
   * phrase of the match again over the whole index (its document frequencies): for a corrected
   * query's dozens of phrases that doubled the search, so it is asked for only when more than
   * CANDIDATES match.
   */
  ids(m: IndexMatch): number[] {
    const all = this.matches(m);
    if (all.length <= CANDIDATES) return all;
    return m.codes === undefined ? this.ranked(m) : all.slice(0, CANDIDATES);
  }

  /**
   * The candidates of a stage whose order breaks scoreRow's ties: bm25's order, computed on the
   * matches here when all of them are kept (bm25.ts), by FTS5 only when it must choose among more.
   */
  ordered(m: IndexMatch): number[] {
    const all = this.matches(m);
    if (all.length > CANDIDATES && m.codes === undefined) return this.ranked(m);
    this.average ??= averageLength(this.sql, this.fts);
    return bm25Order(this.rows(all.slice(0, CANDIDATES)), m.phrases, this.average);
  }

  /** Up to CANDIDATES records whose name holds the names' word index's `match`, in the index's order. */
  namesWith(match: string): number[] {
    const words = this.words;
    return this.sql.all(`SELECT rowid AS r FROM ${words} WHERE ${words} MATCH ? LIMIT ${CANDIDATES}`, [`{name} : (${match})`]).map((r) => Number(r.r));
  }

  /** Every match of the trigram index scored: for the last resort, whose point is the records sharing the most runs. */
  rankedWhole(match: string): number[] {
    const fts = this.fts;
    return this.sql.all(`SELECT rowid AS r FROM ${fts} WHERE ${fts} MATCH ? ORDER BY bm25(${fts}, ${COLUMN_WEIGHTS.join(', ')}) LIMIT ${CANDIDATES}`, [match]).map((r) => Number(r.r));
  }
}

/** A word as a word index (the codes', the names') is asked for it: whole, or any word starting so (the word being typed). */
export function wordPhrase(word: string, prefix: boolean): string {
  return prefix ? `${quote(word)} *` : quote(word);
}
