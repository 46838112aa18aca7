// Search of one kind in the mirror's database. Candidates come from the trigram index (FTS5) of the
// folded name, street and town, its word index (whole words) and the word index of the codes
// (index-queries.ts): the names holding every query word whole, records holding every query word
// as typed, then with a word that no record holds replaced by the stored words a typo away
// (vocabulary.ts), so a typo that broke every three-letter run of a short word is still found. They are then ranked again here by how well each query word matches a word of the record (exact, the word being typed as a
// prefix, or a few typos away: Damerau–Levenshtein), and a record must match every query word.
import { CANDIDATES, type IndexMatch, IndexQueries, wordPhrase, quote } from './index-queries';
import { BOOST, MAX_QUERY_LENGTH, foldTerm } from './indexed-fields';
import type { RecordTable } from './record-table';
import type { Statements } from './statements';
import type { Row } from './sqlite';
import { boundedDistance, maxTypos, tokens } from './typos';

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
/** Tie-breaks among equal matches: the name's words in the query's order; a name with no words beyond the query's. */
const IN_ORDER = 0.2;
const SHORT_NAME = 0.1;
/** Per accented query word the name spells so: a tie-break ("Café" typed finds "Café" before "Cafe"), below any match's weight. */
const SPELLED = 0.01;

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
  const accented = accentedWords(text);
  // The searched columns of the candidates, read once (ordering a stage's few matches reads them too).
  const rowOf = new Map<number, Row>();
  const rows = (rowids: readonly number[]): Row[] => {
    for (const row of table.searchedByRowids(rowids.filter((r) => !rowOf.has(r)))) rowOf.set(Number(row.r), row);
    return rowids.map((r) => rowOf.get(r)).filter((row): row is Row => row !== undefined);
  };
  const scoreOf = new Map<number, number>();
  const score = (rowids: readonly number[]) => {
    for (const row of rows(rowids.filter((r) => !scoreOf.has(r)))) {
      const s = scoreRow(row, words, typing);
      scoreOf.set(Number(row.r), s > 0 ? s + SPELLED * spelledAsTyped(row.name, accented) : 0);
    }
  };
  // The records holding every word as typed are enough when `limit` of them outscore any record
  // that does not: the correcting stages (most of a search's time) could then change nothing.
  const beyond = bestWithoutAWord(words, accented.length);
  const enough = (rowids: readonly number[], slack = 0) => {
    score(rowids);
    return rowids.filter((r) => (scoreOf.get(r) ?? 0) > beyond + slack).length >= limit;
  };
  const rowids = candidates(sql, table, words, typing, enough, rows);
  score(rowids);
  const scored: { rowid: number; score: number; order: number }[] = [];
  rowids.forEach((rowid, order) => {
    const s = scoreOf.get(rowid) ?? 0;
    if (s > 0) scored.push({ rowid, score: s, order });
  });
  // Among equal scores (the same words matched alike: "Goose & Heron" and "Goose Heron &"), the
  // name closest to the query as typed, its punctuation and word order included; then the index's order.
  const typed = foldTerm(text).trim();
  const distance = new Map<number, number>();
  const away = (rowid: number) => {
    let d = distance.get(rowid);
    if (d === undefined) {
      const name = foldTerm(String(rows([rowid])[0]?.name ?? ''));
      distance.set(rowid, (d = boundedDistance(typed, name, Math.max(typed.length, name.length))));
    }
    return d;
  };
  scored.sort((a, b) => b.score - a.score || away(a.rowid) - away(b.rowid) || a.order - b.order);
  const best = scored.slice(0, limit);
  return table.recordsByRowids(best.map((s) => s.rowid)).map((row) => ({ row, score: scoreOf.get(Number(row.r)) ?? 0 }));
}

/**
 * The best score (scoreRow, plus the accent tie-break) of a record that lacks some query word of
 * three letters or more as typed: every word matched whole in the name, but that one only a typo
 * away, and every bonus.
 */
function bestWithoutAWord(words: string[], accented: number): number {
  const top = Math.max(...Object.values(BOOST));
  return words.length * EXACT * top - (EXACT - TYPO) * top + IN_ORDER + SHORT_NAME + SPELLED * accented;
}

/** The query's words that carry an accent, lower case with their accents. */
function accentedWords(text: string): string[] {
  const words = text.normalize('NFC').toLowerCase().split(/[\p{Z}\p{P}\p{S}\p{C}]+/u);
  return words.filter((w) => w && foldTerm(w) !== w);
}

/** How many of the accented query words the name holds spelled as typed. */
function spelledAsTyped(name: unknown, accented: string[]): number {
  if (accented.length === 0 || typeof name !== 'string') return 0;
  const own = new Set(name.normalize('NFC').toLowerCase().split(/[\p{Z}\p{P}\p{S}\p{C}]+/u));
  return accented.filter((w) => own.has(w)).length;
}

/** What the trigram index is asked for one query word, from the most to the least literal. */
interface Lookup {
  word: string;
  /** A word of some record's name, street or town. */
  known: boolean;
  /** Stored words a typo away (vocabulary.ts). */
  near: string[];
  /** Its halves, for a word long enough to hold two typos (one half is likely still as typed). */
  halves: string[];
}

type Tier = (l: Lookup) => string[];
/** As typed; then unknown words corrected (a word some record holds is taken as meant); then every word. */
const TIERS: Tier[] = [
  (l) => [l.word],
  (l) => (l.known ? [l.word] : [l.word, ...l.near, ...l.halves]),
  (l) => [l.word, ...l.near, ...l.halves],
];

function lookupOf(w: string, table: RecordTable): Lookup {
  const { known, near } = table.vocabulary.lookup(w, allowedTypos(w));
  const h = Math.floor(w.length / 2);
  return { word: w, known, near, halves: allowedTypos(w) > 1 ? [w.slice(0, h), w.slice(h)] : [] };
}

/** Query words found among some record's codes tried as codes at most (each doubles the questions). */
const MAX_CODE_WORDS = 3;
/**
 * How much more a record holding a query word only among its codes (a whole word there) may score
 * than one holding it a typo away in the name: the best code field's weight against a typo's.
 */
const CODE_SLACK = Math.max(0, EXACT * Math.max(BOOST.sourceIds, BOOST.postcode, BOOST.integrations) - TYPO * Math.max(...Object.values(BOOST)));
/**
 * How much more a record lacking a query word whole in its name (the word being typed: at a name
 * word's start) may score than one holding it a typo away in the name: the word whole in the best
 * other field (a source id), against a typo's weight in the name.
 */
const NAME_SLACK = Math.max(0, EXACT * Math.max(BOOST.sourceIds, BOOST.postcode, BOOST.locality, BOOST.address, BOOST.integrations) - TYPO * BOOST.name);

/**
 * The ways a query's words may be split between the two indexes: a word some record holds as a
 * code, and none in its name, street or town, goes to either; every other word to the trigram
 * index. A word of names held in codes too (a source id made of the name and town, "the-blue-owl-
 * austin") is asked of the trigram index only: asked both ways, each such word doubled the
 * questions of every stage (a search's p95 at 150,000 records tripled), for records whose own name
 * or town almost always holds it anyway.
 */
function routes(words: string[], queries: IndexQueries, table: RecordTable, prefixed: (w: string) => boolean): Set<string>[] {
  const codeWords = words.filter((w) => !table.vocabulary.lookup(w, 0).known && queries.hasCode(w, prefixed(w))).slice(0, MAX_CODE_WORDS);
  const out: Set<string>[] = [];
  for (let mask = 0; mask < 1 << codeWords.length; mask++) out.push(new Set(codeWords.filter((_, i) => mask & (1 << i))));
  return out;
}

/**
 * Candidates for `words`, from the most literal stage on; `enough` ends the search after the words
 * as typed (with `slack`: before the codes are asked, when the records found outscore any the codes could add).
 */
function candidates(sql: Statements, table: RecordTable, words: string[], typing: boolean, enough: (rowids: readonly number[], slack?: number) => boolean, rows: (rowids: readonly number[]) => Row[]): number[] {
  const queries = new IndexQueries(sql, table, rows);
  const found = new Set<number>();
  const asked = new Set<string>();
  const add = (m: IndexMatch, ordered = false) => {
    const key = `${m.words ? 'words' : 'fts'}\0${m.match}\0${m.codes ?? ''}`;
    if (asked.has(key) || (m.match === '' && m.codes === undefined) || found.size >= CANDIDATES) return;
    asked.add(key);
    for (const r of ordered ? queries.ordered(m) : queries.ids(m)) if (found.size < CANDIDATES) found.add(r);
  };
  const last = words[words.length - 1];
  // A code being typed is found by its start only when it holds a digit (a postcode, an id): the
  // start of a word matches many codes (a slug's words, an integration's name) at the cost of
  // merging all of them.
  const prefixed = (w: string) => typing && w === last && /\d/.test(w);
  const searchable = words.filter((w) => w.length >= 3);
  // Every word in the trigram index first; the codes only when that leaves room (routes below).
  let ways: Set<string>[] = [new Set()];
  // Every word must be there (as the tier offers it, or as a code). A word of three letters, in
  // which one typo leaves no three-letter run, is asked for first, then left out.
  const all = (tier: Tier, list: Lookup[], ordered = false) => {
    for (const codes of ways) {
      const groups = list.filter((l) => !codes.has(l.word)).map((l) => withoutImplied(tier(l)));
      add({ match: groups.map((g) => `(${g.map(quote).join(' OR ')})`).join(' AND '), phrases: groups.flat(), ...codesOf(list, codes) }, ordered);
    }
  };
  const codesOf = (list: Lookup[], codes: Set<string>) => {
    const coded = list.filter((l) => codes.has(l.word)).map((l) => wordPhrase(l.word, prefixed(l.word)));
    return coded.length > 0 ? { codes: coded.join(' AND ') } : {};
  };
  // Every word with its corrections, as whole words of the names' word index: one doclist a
  // correction there, where the trigram index reads three or more (and counts each of them over
  // the whole index for bm25). The word being typed and its corrections are asked by their start.
  const allWords = (list: Lookup[]) => {
    for (const codes of ways) {
      const groups = list.filter((l) => !codes.has(l.word)).map((l) => [l.word, ...l.near].map((w) => wordPhrase(w, typing && l.word === last)));
      add({ match: groups.map((g) => `(${g.join(' OR ')})`).join(' AND '), words: true, phrases: [], ...codesOf(list, codes) });
    }
  };
  // The names holding every word whole (the one being typed by its start), from the names' word
  // index: each word there scores the name's weight, more than any record lacking one can reach
  // (NAME_SLACK). When enough of them outscore that, the trigram index's answer (bm25 over up to
  // 2,000 matches, which counts each phrase's trigrams over the whole index: most of a common
  // name's search) could change no hit. More than 200 are chosen by bm25 too, on the word index
  // (a word's one doclist): the index's order would leave out shorter names, which score more.
  if (searchable.length > 0) {
    const named = queries.ids({ match: `{name} : (${searchable.map((w) => wordPhrase(w, typing && w === last)).join(' AND ')})`, words: true, phrases: [] });
    if (named.length > 0 && enough(named, NAME_SLACK)) return named;
  }
  const asTyped = searchable.map((word) => ({ word, known: true, near: [], halves: [] }));
  if (searchable.length > 0) all(TIERS[0], asTyped, true);
  if (found.size >= CANDIDATES || (found.size > 0 && enough([...found], CODE_SLACK))) return [...found];
  ways = routes(searchable, queries, table, prefixed);
  if (ways.length > 1) all(TIERS[0], asTyped, true);
  if (found.size >= CANDIDATES || (found.size > 0 && enough([...found]))) return [...found];
  // The vocabulary is asked only when the words as typed leave room.
  const lookups = searchable.map((w) => lookupOf(w, table));
  const long = lookups.filter((l) => l.word.length > 3);
  if (lookups.length > 0) {
    if (found.size < CANDIDATES) all(TIERS[1], lookups, true);
    if (found.size < CANDIDATES) allWords(lookups);
    if (found.size < CANDIDATES && long.length > 0 && long.length < lookups.length) all(TIERS[1], long);
    if (found.size > 0) return [...found];
  }
  // A word beyond correction: the records holding all the other words.
  if (long.length > 1 && long.length <= MAX_LEFT_OUT) {
    for (let i = 0; i < long.length; i++) all(TIERS[2], long.filter((_, j) => j !== i));
    if (found.size > 0) return [...found];
  }
  return lastResort(sql, table, queries, words, typing);
}

/**
 * No word long enough, or a typo in each: records sharing the most three-letter runs with the
 * query. For words of one or two letters (a name being typed): records whose name holds every
 * two-letter word (the one being typed whole, then by its start), from the names' word index; with words of
 * one letter only, records with a name word that starts as the first (a scan of the names, which
 * stops at once for a common letter: a one-letter start in the word index merges the doclists of
 * every word starting so).
 */
function lastResort(sql: Statements, table: RecordTable, queries: IndexQueries, words: string[], typing: boolean): number[] {
  const runs = new Set<string>();
  for (const w of words) for (let i = 0; i + 3 <= w.length && runs.size < MAX_TRIGRAMS; i++) runs.add(w.slice(i, i + 3));
  if (runs.size > 0) return queries.rankedWhole([...runs].map(quote).join(' OR '));
  // Names holding every such word whole first (they outrank those that only start so), then the
  // word being typed by its start.
  const pairs = (prefix: boolean) => [...new Set(words.flatMap((w, i) => (w.length === 2 ? [wordPhrase(w, prefix && i === words.length - 1)] : [])))];
  if (pairs(false).length > 0) {
    const found = new Set(queries.namesWith(pairs(false).join(' AND ')));
    if (typing && words[words.length - 1].length === 2 && found.size < CANDIDATES) for (const r of queries.namesWith(pairs(true).join(' AND '))) if (found.size < CANDIDATES) found.add(r);
    return [...found];
  }
  const w = words[0].replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql
    .all(`SELECT rowid AS r FROM ${table.kind} WHERE name LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' LIMIT ?`, [`${w}%`, `% ${w}%`, CANDIDATES])
    .map((r) => Number(r.r));
}

/** Typos a query word may have: as maxTypos, and one in a three-letter word (the rest of the query pins the record down); none with a digit. */
function allowedTypos(word: string): number {
  return /\d/.test(word) ? 0 : Math.max(maxTypos(word), word.length === 3 ? 1 : 0);
}

/**
 * The alternatives of one query word less those that another implies: the trigram index finds a
 * phrase anywhere in a column, so a record holding "ggoose" or "theater" holds "goose" or the half
 * "ater" too. The same records match, with fewer phrases for FTS5 to read (and for bm25 to count
 * over the whole index): a word's corrections and halves often share most of them.
 */
export function withoutImplied(alternatives: readonly string[]): string[] {
  const kept: string[] = [];
  for (const a of [...new Set(alternatives)].sort((x, y) => x.length - y.length)) {
    if (!kept.some((k) => k.length >= 3 && a.includes(k))) kept.push(a);
  }
  return kept;
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
  return total + (inOrder ? IN_ORDER : 0) + (nameWords > 0 ? SHORT_NAME * Math.min(1, words.length / nameWords) : 0);
}

/** The best match of a query word among a record's words, and which word of the name it was (-1: not the name). */
function bestMatch(word: string, prefix: boolean, fields: Field[]): { score: number; nameAt: number } {
  // Short words get a typo too when the rest of the query pins the record down (one-letter slips
  // in "Owl" are as common as in "Coffee"); numbers never (a near postcode is another place).
  const typos = allowedTypos(word);
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

