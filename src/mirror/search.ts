// Search of one kind in the mirror's database. Candidates come from the trigram index (FTS5) of the
// folded name, street, town and codes: records that share the most rare three-letter runs with the
// query's words, so a word with a typo still shares most of its runs. They are then ranked again
// here by how well each query word matches a word of the record (exact, the word being typed as a
// prefix, or a few typos away: Damerau–Levenshtein), and a record must match every query word.
import { BOOST, MAX_QUERY_LENGTH, fieldsOf } from './indexed-fields';
import type { RecordTable } from './record-table';
import type { Statements } from './statements';
import type { Row } from './sqlite';
import { boundedDistance, maxTypos, tokens } from './typos';

/** Candidates re-ranked per query: enough for the intended record among records sharing its words. */
const CANDIDATES = 600;
/** Query words looked at (a pasted paragraph is cut). */
const MAX_WORDS = 8;
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
  const runs = new Set<string>();
  for (const w of words) for (let i = 0; i + 3 <= w.length && runs.size < MAX_TRIGRAMS; i++) runs.add(w.slice(i, i + 3));
  if (runs.size > 0) {
    const match = [...runs].map((r) => `"${r.replace(/"/g, '""')}"`).join(' OR ');
    return sql
      .all(`SELECT rowid AS r FROM ${table.kind}_fts WHERE ${table.kind}_fts MATCH ? ORDER BY bm25(${table.kind}_fts, 3, 1, 1.5, 1.5) LIMIT ?`, [match, CANDIDATES])
      .map((r) => Number(r.r));
  }
  // Words of one or two letters (a name being typed): records with a name word that starts so.
  const w = words[0].replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql
    .all(`SELECT rowid AS r FROM ${table.kind} WHERE name LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' LIMIT ?`, [`${w}%`, `% ${w}%`, CANDIDATES])
    .map((r) => Number(r.r));
}

function fieldsOfRow(row: Row): Field[] {
  const f = fieldsOf({ id: row.id, name: row.name, address: { streetAddress: row.address } }) ?? { name: '', address: '' };
  const field = (boost: number, value: unknown): Field => {
    const ws = tokens(typeof value === 'string' ? value : '');
    const joined: string[] = [];
    for (let i = 0; i + 1 < ws.length; i++) joined.push(ws[i] + ws[i + 1]);
    return { boost, words: ws, joined };
  };
  const json = JSON.parse(row.json as string) as { sourceIds?: { id?: unknown }[] };
  const sources = Array.isArray(json?.sourceIds) ? json.sourceIds.map((s) => (typeof s?.id === 'string' ? s.id : '')).join(' ') : '';
  return [
    field(BOOST.name, f.name),
    field(BOOST.address, row.address),
    field(BOOST.locality, row.town),
    field(BOOST.postcode, row.postcode),
    field(BOOST.sourceIds, sources),
    field(BOOST.integrations, row.integrations),
  ];
}

/** How well a record matches every query word (0: some word matches nothing). */
function scoreRow(row: Row, words: string[], typing: boolean): number {
  const fields = fieldsOfRow(row);
  let total = 0;
  for (let i = 0; i < words.length; i++) {
    const best = bestMatch(words[i], typing && i === words.length - 1, fields);
    if (best === 0) return 0;
    total += best;
  }
  // Among equal matches, a name with no words beyond the query's first.
  const nameWords = fields[0].words.length;
  return total + (nameWords > 0 ? 0.1 * Math.min(1, words.length / nameWords) : 0);
}

function bestMatch(word: string, prefix: boolean, fields: Field[]): number {
  // Short words get a typo too when the rest of the query pins the record down (one-letter slips
  // in "Owl" are as common as in "Coffee"); numbers never (a near postcode is another place).
  const typos = /\d/.test(word) ? 0 : Math.max(maxTypos(word), word.length === 3 ? 1 : 0);
  let best = 0;
  for (const f of fields) {
    for (const w of f.words) {
      let q = 0;
      if (w === word) q = EXACT;
      else if (prefix && w.startsWith(word)) q = PREFIX;
      else if (typos > 0 && boundedDistance(word, w, typos) <= typos) q = TYPO;
      else if (prefix && typos > 0 && w.length > word.length && boundedDistance(word, w.slice(0, word.length), typos) <= typos) q = TYPO * PREFIX;
      if (q * f.boost > best) best = q * f.boost;
    }
    for (const w of f.joined) if (typos > 0 && boundedDistance(word, w, typos) <= typos && TYPO * f.boost > best) best = TYPO * f.boost;
  }
  return best;
}

