// Search of one kind in the mirror's database. Candidates come from the trigram index (FTS5) of the
// folded name, street, town and codes: records that share the most rare three-letter runs with the
// query's words, so a word with a typo still shares most of its runs. They are then ranked again
// here by how well each query word matches a word of the record (exact, the word being typed as a
// prefix, or a few typos away: Damerau–Levenshtein), and a record must match every query word.
import { BOOST, MAX_QUERY_LENGTH } from './indexed-fields';
import type { RecordTable } from './record-table';
import type { Statements } from './statements';
import type { Row } from './sqlite';
import { boundedDistance, maxTypos, tokens } from './typos';

/** Candidates re-ranked per query: enough for the intended record among records sharing its words. */
const CANDIDATES = 200;
/** Query words looked at (a pasted paragraph is cut). */
const MAX_WORDS = 8;
/** Queries of this many words or fewer try each word left out when all together find nothing. */
const MAX_LEFT_OUT = 5;
/** Runs asked of the trigram index per query. */
const MAX_TRIGRAMS = 48;
/** Weights of a match: a word typed whole, the word being typed, a typo away. */
const EXACT = 1;
const PREFIX = 0.7;
const TYPO = 0.55;

export interface Scored {
  rowid: number;
  score: number;
}

interface Field {
  boost: number;
  words: string[];
  /** Two neighbouring words run together ("blueowl"): a typo that took the space between them. */
  joined: string[];
}

/** The ids and scores of the best `limit` records for `query`, best first. */
export function searchTable(sql: Statements, table: RecordTable, query: string, limit: number): { row: Row; score: number }[] {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  const words = tokens(text).slice(0, MAX_WORDS);
  if (words.length === 0 || limit <= 0) return [];
  // The last word is the one being typed, unless the query ends with a space.
  const typing = !/\s$/u.test(text);
  const rowids = candidates(sql, table, words);
  const scored: { row: Row; score: number; order: number }[] = [];
  table.byRowids(rowids).forEach((row, order) => {
    const score = scoreRow(row, words, typing);
    if (score > 0) scored.push({ row, score, order });
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit);
}

function candidates(sql: Statements, table: RecordTable, words: string[]): number[] {
  const fts = `${table.kind}_fts`;
  const rank = `ORDER BY bm25(${fts}, 3, 1, 1.5, 1.5) LIMIT ${CANDIDATES}`;
  // Every word that can be looked up must be there, whole or, a typo away, by one of its halves
  // (one slip falls into one half, the other is still found as typed). A word of three letters
  // cannot be split around a typo: the records holding it come first, then those without it.
  const ids = (match: string) => sql.all(`SELECT rowid AS r FROM ${fts} WHERE ${fts} MATCH ? ${rank}`, [match]).map((r) => Number(r.r));
  const required = (withShort: boolean) =>
    words.flatMap((w) => {
      const pieces = !withShort && w.length <= 3 ? [] : piecesOf(w);
      return pieces.length ? [`(${pieces.map(quote).join(' OR ')})`] : [];
    });
  const found = new Set<number>();
  const all = required(true);
  if (all.length > 0) for (const r of ids(all.join(' AND '))) found.add(r);
  const long = required(false);
  if (found.size < CANDIDATES && long.length > 0 && long.length < all.length) {
    for (const r of ids(long.join(' AND '))) if (found.size < CANDIDATES) found.add(r);
  }
  if (found.size > 0) return [...found];
  // A word too broken for its halves (a typo in each): the records holding all the other words.
  if (long.length > 1 && long.length <= MAX_LEFT_OUT) {
    for (let i = 0; i < long.length && found.size < CANDIDATES; i++) {
      for (const r of ids(long.filter((_, j) => j !== i).join(' AND '))) if (found.size < CANDIDATES) found.add(r);
    }
    if (found.size > 0) return [...found];
  }
  // No word long enough, or a typo in each: records sharing the most three-letter runs with the query.
  const runs = new Set<string>();
  for (const w of words) for (let i = 0; i + 3 <= w.length && runs.size < MAX_TRIGRAMS; i++) runs.add(w.slice(i, i + 3));
  if (runs.size > 0) return ids([...runs].map(quote).join(' OR '));
  // Words of one or two letters (a name being typed): records with a name word that starts so.
  const w = words[0].replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql
    .all(`SELECT rowid AS r FROM ${table.kind} WHERE name LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' LIMIT ?`, [`${w}%`, `% ${w}%`, CANDIDATES])
    .map((r) => Number(r.r));
}

/** What of a word the trigram index is asked for: the word, and its halves (its first and last three letters when shorter than six). */
function piecesOf(w: string): string[] {
  if (w.length < 3) return [];
  if (w.length === 3) return [w];
  if (w.length < 6) return [w, w.slice(0, 3), w.slice(-3)];
  const h = Math.floor(w.length / 2);
  return [w, w.slice(0, h), w.slice(h)];
}

function quote(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

function fieldsOfRow(row: Row): Field[] {
  const field = (boost: number, value: unknown): Field => {
    const ws = tokens(typeof value === 'string' ? value : '');
    const joined: string[] = [];
    for (let i = 0; i + 1 < ws.length; i++) joined.push(ws[i] + ws[i + 1]);
    return { boost, words: ws, joined };
  };
  return [
    field(BOOST.name, row.name),
    field(BOOST.address, row.address),
    field(BOOST.locality, row.town),
    field(BOOST.postcode, row.postcode),
    field(BOOST.sourceIds, row.source_ids),
    field(BOOST.integrations, row.integrations),
  ];
}

/** How well a record matches every query word (0: some word matches nothing). */
function scoreRow(row: Row, words: string[], typing: boolean): number {
  const fields = fieldsOfRow(row);
  let total = 0;
  let lastAt = -1;
  let inOrder = true;
  // A word of one or two letters before the last ("smith s jazz", an apostrophe's s) adds to the
  // score where it matches but does not exclude a record: a typo there leaves nothing to forgive.
  const optional = (i: number) => words[i].length < 3 && i < words.length - 1 && words.some((w) => w.length >= 3);
  for (let i = 0; i < words.length; i++) {
    const best = bestMatch(words[i], typing && i === words.length - 1, fields);
    if (best.score === 0 && optional(i)) continue;
    if (best.score === 0) return 0;
    total += best.score;
    if (best.nameAt >= 0) {
      if (best.nameAt <= lastAt) inOrder = false;
      lastAt = best.nameAt;
    }
  }
  // Among equal matches: the name's words in the query's order, then a name with no words beyond the query's.
  const nameWords = fields[0].words.length;
  return total + (inOrder ? 0.2 : 0) + (nameWords > 0 ? 0.1 * Math.min(1, words.length / nameWords) : 0);
}

/** The best match of a query word among a record's words, and which word of the name it was (-1: not the name). */
function bestMatch(word: string, prefix: boolean, fields: Field[]): { score: number; nameAt: number } {
  // Short words get a typo too when the rest of the query pins the record down (one-letter slips
  // in "Owl" are as common as in "Coffee"); numbers never (a near postcode is another place).
  const typos = /\d/.test(word) ? 0 : Math.max(maxTypos(word), word.length === 3 ? 1 : 0);
  let best = 0;
  let nameAt = -1;
  for (const f of fields) {
    for (const [at, w] of f.words.entries()) {
      let q = 0;
      if (w === word) q = EXACT;
      else if (prefix && w.startsWith(word)) q = PREFIX;
      else if (typos > 0 && boundedDistance(word, w, typos) <= typos) q = TYPO;
      else if (prefix && typos > 0 && w.length > word.length && boundedDistance(word, w.slice(0, word.length), typos) <= typos) q = TYPO * PREFIX;
      if (q * f.boost > best) {
        best = q * f.boost;
        nameAt = f === fields[0] ? at : -1;
      }
    }
    for (const [at, w] of f.joined.entries()) {
      if (typos > 0 && TYPO * f.boost > best && boundedDistance(word, w, typos) <= typos) {
        best = TYPO * f.boost;
        nameAt = f === fields[0] ? at : -1;
      }
    }
  }
  return { score: best, nameAt };
}

