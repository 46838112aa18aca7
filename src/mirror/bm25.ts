// FTS5's bm25 order, computed here for the few candidates a search keeps whole. Asking FTS5 for
// bm25 makes it count each phrase over the whole index first (its inverse document frequency): most
// of a search's time when a phrase is common, and wasted when every match is kept anyway (bm25 then
// only orders records the re-ranking scores alike). Here the same formula on the candidates' own
// columns (FTS5's column weights, k1 and b, its trigram counts and the index's average length), with
// every phrase weighted alike: the one difference, and none for a query of one phrase.
import { indexedText, searchedOfRow } from './record-batch';
import type { Row } from './sqlite';
import type { Statements } from './statements';

/** FTS5's bm25 constants (fts5_aux.c). */
const K1 = 1.2;
const B = 0.75;

/** Weights of the trigram index's columns (name, address, town), as the search asks FTS5's bm25. */
export const COLUMN_WEIGHTS = [3, 1, 1.5] as const;

/** How many times `phrase` occurs in `text`, overlapping (each is a run of trigrams to FTS5). */
function occurrences(text: string, phrase: string): number {
  let n = 0;
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) n++;
  return n;
}

/** Trigrams the tokenizer makes of a column: one per position with three characters from it. */
function trigrams(text: string): number {
  return Math.max(0, [...text].length - 2);
}

/** The rowids of `rows` best first by bm25 over `phrases` (all weighted alike); equal ones by rowid. */
export function bm25Order(rows: readonly Row[], phrases: readonly string[], averageLength: number): number[] {
  const scored = rows.map((row) => {
    // The index's columns of the row, folded as they were indexed.
    const columns = indexedText(searchedOfRow(row));
    const length = columns.reduce((sum, c) => sum + trigrams(c), 0);
    const norm = K1 * (1 - B + (B * length) / (averageLength > 0 ? averageLength : length || 1));
    let score = 0;
    for (const phrase of phrases) {
      let freq = 0;
      for (let c = 0; c < columns.length; c++) freq += COLUMN_WEIGHTS[c] * occurrences(columns[c], phrase);
      if (freq > 0) score += (freq * (K1 + 1)) / (freq + norm);
    }
    return { rowid: Number(row.r), score };
  });
  scored.sort((a, b) => b.score - a.score || a.rowid - b.rowid);
  return scored.map((s) => s.rowid);
}

/**
 * The index's average length of a record in trigrams, from FTS5's averages record (rowid 1 of its
 * data table: a varint count of rows, then a varint total per column); 0 if it cannot be read.
 */
export function averageLength(sql: Statements, fts: string): number {
  const block = sql.get(`SELECT block FROM ${fts}_data WHERE id = 1`)?.block;
  if (!(block instanceof Uint8Array)) return 0;
  let at = 0;
  const varint = (): number => {
    let v = 0;
    for (let i = 0; i < 9 && at < block.length; i++) {
      const byte = block[at++];
      if (i === 8) return v * 256 + byte;
      v = v * 128 + (byte & 0x7f);
      if (byte < 0x80) return v;
    }
    return v;
  };
  const rows = varint();
  let total = 0;
  while (at < block.length) total += varint();
  return rows > 0 ? total / rows : 0;
}
