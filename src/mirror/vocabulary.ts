// The words of one kind's searched text (name, street, town), for correcting a query word that is
// in no record: a symmetric-delete index (the approach of SymSpell). Each word is stored under
// itself and under every string one letter shorter; a query word and its own one-letter deletions
// looked up there give every word within one insertion, deletion, substitution or swap of it, by
// index look-ups rather than a scan of the vocabulary. The trigram index cannot do this for a short
// word: "srar" shares no three-letter run with "star".
import { SPLIT, boundedDistance } from './typos';
import type { MirrorKind } from './record-set-types';
import type { Statements } from './statements';

/** Words of this length or longer are not corrected or stored (a pasted id, a URL). */
const MAX_WORD = 32;
/** Rows written by one statement (two values each). */
const ROWS_PER_STATEMENT = 400;
/** Corrections of one query word asked of the full-text index at most (closest first). */
const MAX_CORRECTIONS = 24;

/** A word worth correcting to: three letters or more (the trigram index finds nothing shorter), no digit (numbers are exact). */
export function correctable(word: string): boolean {
  return word.length >= 3 && word.length < MAX_WORD && !/\d/.test(word);
}

/** The distinct strings one letter shorter than `word`. */
export function deletions(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

export class Vocabulary {
  /** Words stored, or waiting in `pending` to be (by this process): each is written once. */
  private known = new Set<string>();
  /** Words noted since the last flush. */
  private pending: string[] = [];
  private readonly table: string;

  constructor(
    private readonly sql: Statements,
    kind: MirrorKind,
  ) {
    this.table = `${kind}_vocab`;
  }

  /** Notes the words of a record's searched texts, already folded (written by the next flush). */
  note(folded: readonly string[]): void {
    for (const text of folded) {
      for (const word of text.split(SPLIT)) {
        if (this.known.has(word) || !correctable(word)) continue;
        this.known.add(word);
        this.pending.push(word);
      }
    }
  }

  /**
   * Writes the words noted (inside the page's transaction: a page's words are stored with it), a
   * few hundred rows a statement: a statement per row was most of a sync's time spent on them.
   */
  flush(): void {
    const rows: string[] = [];
    for (const word of this.pending) rows.push(word, word, ...deletions(word).flatMap((d) => [d, word]));
    this.pending = [];
    for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT * 2) {
      const chunk = rows.slice(i, i + ROWS_PER_STATEMENT * 2);
      this.sql.db.run(`INSERT OR IGNORE INTO ${this.table} (del, word) VALUES ${new Array(chunk.length / 2).fill('(?, ?)').join(', ')}`, chunk);
    }
  }

  /** After a page's transaction was rolled back: the words it noted are not stored, so none is taken as known. */
  forget(): void {
    this.known = new Set();
    this.pending = [];
  }

  /**
   * Whether `word` is stored, and the stored words within `max` typos of it (Damerau–Levenshtein;
   * those one typo away all come through the index, two only some: the trigram halves find the
   * rest), closest first.
   */
  lookup(word: string, max: number): { known: boolean; near: string[] } {
    if (!correctable(word)) return { known: false, near: [] };
    if (this.pending.length > 0) this.flush();
    const keys = [word, ...deletions(word)];
    // One statement per number of keys (at most MAX_WORD): prepared once, kept.
    const rows = this.sql.all(`SELECT DISTINCT word FROM ${this.table} WHERE del IN (${keys.map(() => '?').join(',')})`, keys) as { word: string }[];
    let known = false;
    const near: { w: string; d: number }[] = [];
    for (const { word: w } of rows) {
      if (w === word) known = true;
      else if (max > 0) {
        const d = boundedDistance(word, w, max);
        if (d <= max) near.push({ w, d });
      }
    }
    near.sort((a, b) => a.d - b.d || (a.w < b.w ? -1 : 1));
    return { known, near: near.slice(0, MAX_CORRECTIONS).map((n) => n.w) };
  }
}
