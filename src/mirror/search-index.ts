// The mirror's full-text index, made for 150,000 records: a term → postings map of small integers
// (document number × field) and a sorted vocabulary, instead of MiniSearch's per-term maps (which
// took about 1.5 KB per record: 220 MB at 150,000). Same behaviour as before (docs/mirror.md,
// Search): fields boosted (name ×3, source ids ×2, postcode and locality ×1.5, street ×1,
// integration ×0.5), every word must match, accents and case folded, the last word a prefix, words
// of four letters or more forgiven a typo (two from seven letters), numbers never fuzzy, matches as
// typed before fuzzy ones. Ranked by a BM25-like score: rarer terms and shorter fields weigh more.
import { BOOST, FIELDS, type IndexedFields, MAX_QUERY_LENGTH, fieldsOf, foldTerm } from './indexed-fields';

const BOOSTS = FIELDS.map((f) => BOOST[f]);
const FIELD_COUNT = FIELDS.length;
/** A term found as a prefix of a longer one, or a typo away, weighs less than one typed whole (MiniSearch's weights). */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/** A word this many records have is a word, not a typo: the fuzzy pass does not look for near terms of it. */
const COMMON_WORD = 5;
/** The tokenizer of MiniSearch (which the index replaced): spaces and punctuation split words. */
const SPLIT = /[\n\r\p{Z}\p{P}]+/u;
/** Prefixes longer than this many vocabulary terms are cut (a one-letter word): the rarest ones are kept. */
const MAX_EXPANSION = 4000;

type Candidate = { term: string; weight: number };

const INDEX_DATA_VERSION = 1;
/** A SearchIndex as plain data (toData / fromData). */
export interface IndexData {
  version: number;
  ids: (string | null)[];
  lengths: number[];
  totalLength: number[];
  terms: string[];
  counts: number[];
  postings: number[];
}

export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const t of text.split(SPLIT)) {
    const f = foldTerm(t);
    if (f) out.push(f);
  }
  return out;
}

/** How many typos a query word may have: none under four letters or with a digit, one to six letters, two from seven. */
export function maxTypos(term: string): number {
  if (term.length < 4 || /\d/.test(term)) return 0;
  return term.length < 7 ? 1 : 2;
}

export class SearchIndex {
  /** Document number → record id; undefined once removed (a tombstone: its postings are skipped). */
  private readonly ids: (string | undefined)[] = [];
  private readonly docOf = new Map<string, number>();
  /** Words per field per document (capped at 255), for the length normalisation. */
  private lengths = new Uint8Array(1024 * FIELD_COUNT);
  private readonly totalLength = new Float64Array(FIELD_COUNT);
  /** term → document number × FIELD_COUNT + field, ascending. */
  private readonly postings = new Map<string, number[]>();
  /** The vocabulary sorted (prefixes, typos); rebuilt when terms were added since. */
  private sorted: string[] | undefined;
  private byLength: string[][] | undefined;
  private scores = new Float64Array(0);
  /** Records removed so far, and per term how many had been when its postings were last cleaned (live()). */
  private removals = 0;
  private readonly cleaned = new Map<string, number>();
  private hits = new Uint8Array(0);

  get size(): number {
    return this.docOf.size;
  }

  /** Everything the index holds, as plain data (stored beside the records: loading it is faster than building it). */
  toData(): IndexData {
    const terms: string[] = [];
    const counts: number[] = [];
    const flat: number[] = [];
    for (const term of this.postings.keys()) {
      const list = this.live(term);
      if (!list.length) continue;
      terms.push(term);
      counts.push(list.length);
      for (const p of list) flat.push(p);
    }
    return { version: INDEX_DATA_VERSION, ids: this.ids.map((id) => id ?? null), lengths: Array.from(this.lengths.subarray(0, this.ids.length * FIELD_COUNT)), totalLength: Array.from(this.totalLength), terms, counts, postings: flat };
  }

  /** The index saved by toData, or undefined if the data is not one (a stored index is a cache: rebuilt then). */
  static fromData(d: IndexData): SearchIndex | undefined {
    if (d?.version !== INDEX_DATA_VERSION || !Array.isArray(d.ids) || !Array.isArray(d.terms) || !Array.isArray(d.counts) || !Array.isArray(d.postings) || d.terms.length !== d.counts.length) return undefined;
    if (!Array.isArray(d.lengths) || d.lengths.length !== d.ids.length * FIELD_COUNT || d.totalLength?.length !== FIELD_COUNT) return undefined;
    const index = new SearchIndex();
    d.ids.forEach((id, doc) => {
      index.ids.push(id ?? undefined);
      if (typeof id === 'string') index.docOf.set(id, doc);
      else index.removals++;
    });
    index.lengths = new Uint8Array(Math.max(1024, d.lengths.length) * 2);
    index.lengths.set(d.lengths);
    index.totalLength.set(d.totalLength);
    let at = 0;
    for (let i = 0; i < d.terms.length; i++) {
      const list = d.postings.slice(at, at + d.counts[i]);
      at += d.counts[i];
      if (list.some((p) => !(p >= 0 && p < d.ids.length * FIELD_COUNT))) return undefined;
      index.postings.set(d.terms[i], list);
    }
    return at === d.postings.length ? index : undefined;
  }

  /** Ids of the records indexed. */
  indexedIds(): IterableIterator<string> {
    return this.docOf.keys();
  }

  /** Adds or replaces the record. */
  put(record: unknown): void {
    const fields = fieldsOf(record);
    if (!fields) return;
    this.remove(fields.id);
    const doc = this.ids.length;
    this.ids.push(fields.id);
    this.docOf.set(fields.id, doc);
    if ((doc + 1) * FIELD_COUNT > this.lengths.length) {
      const grown = new Uint8Array(this.lengths.length * 2);
      grown.set(this.lengths);
      this.lengths = grown;
    }
    FIELDS.forEach((field, f) => {
      const terms = tokens(fields[field as keyof IndexedFields]);
      this.lengths[doc * FIELD_COUNT + f] = Math.min(255, terms.length);
      this.totalLength[f] += terms.length;
      for (const term of new Set(terms)) {
        let list = this.postings.get(term);
        if (!list) {
          this.postings.set(term, (list = []));
          this.sorted = undefined;
        }
        list.push(doc * FIELD_COUNT + f);
      }
    });
  }

  remove(id: string): void {
    const doc = this.docOf.get(id);
    if (doc === undefined) return;
    this.docOf.delete(id);
    this.ids[doc] = undefined;
    this.removals++;
    for (let f = 0; f < FIELD_COUNT; f++) this.totalLength[f] -= this.lengths[doc * FIELD_COUNT + f];
  }

  /** Ids best first, with their scores. */
  search(query: string, limit: number): { id: string; score: number }[] {
    const words = tokens(query.slice(0, MAX_QUERY_LENGTH));
    if (!words.length || limit <= 0) return [];
    // What matches as typed comes first; typos are forgiven only to fill the rest of the list, so a
    // near word never pushes out a record that has the very words typed.
    const exact = this.rank(words, false, limit);
    if (exact.length >= limit || !words.some((w) => maxTypos(w) > 0)) return exact;
    const seen = new Set(exact.map((h) => h.id));
    return exact.concat(this.rank(words, true, limit).filter((h) => !seen.has(h.id))).slice(0, limit);
  }

  private rank(words: string[], fuzzy: boolean, limit: number): { id: string; score: number }[] {
    const n = this.ids.length;
    if (this.scores.length < n) {
      this.scores = new Float64Array(n);
      this.hits = new Uint8Array(n);
    }
    const scores = this.scores;
    const hits = this.hits;
    const alive = Math.max(1, this.docOf.size);
    const avg = Array.from(this.totalLength, (t) => Math.max(1, t / alive));
    // Each word's candidate terms; the word with the fewest postings is scored first, and later
    // words only add to documents every earlier word matched (AND).
    const perWord = words.map((w, i) => this.candidates(w, i === words.length - 1, fuzzy));
    const cost = perWord.map((cs) => cs.reduce((s, c) => s + this.live(c.term).length, 0));
    const order = perWord.map((_, i) => i).sort((a, b) => cost[a] - cost[b]);
    let touched: number[] = [];
    for (const [step, w] of order.entries()) {
      const next: number[] = [];
      for (const { term, weight } of perWord[w]) {
        const list = this.live(term);
        const idf = Math.log(1 + (alive - list.length + 0.5) / (list.length + 0.5));
        for (const p of list) {
          const doc = (p / FIELD_COUNT) | 0;
          if (this.ids[doc] === undefined || hits[doc] !== step) continue;
          const f = p - doc * FIELD_COUNT;
          // BM25 with MiniSearch's parameters (k 1.2, b 0.7, d 0.5), a term counted once per field.
          const norm = 0.5 + 2.2 / (1 + 1.2 * (0.3 + (0.7 * this.lengths[p]) / avg[f]));
          scores[doc] += BOOSTS[f] * weight * idf * norm;
          if (step === 0) touched.push(doc);
          next.push(doc);
        }
      }
      for (const doc of next) hits[doc] = step + 1;
      if (step === 0) touched = [...new Set(touched)];
      else if (!next.length) break;
    }
    const out: { id: string; score: number; doc: number }[] = [];
    for (const doc of touched) {
      if (hits[doc] === words.length) out.push({ id: this.ids[doc] as string, score: scores[doc], doc });
      scores[doc] = 0;
      hits[doc] = 0;
    }
    // Equal scores (duplicates with one name, the service's raw material) keep mirror order.
    out.sort((a, b) => b.score - a.score || a.doc - b.doc);
    return out.slice(0, limit).map(({ id, score }) => ({ id, score }));
  }

  /**
   * A term's postings without those of removed records. remove() only marks a record removed (it
   * does not know its terms); a term's list is cleaned the first time a search reads it after a
   * removal, so a removed record neither counts in a term's rarity nor costs a later search.
   */
  private live(term: string): number[] {
    const list = this.postings.get(term) as number[];
    if (this.removals === 0 || this.cleaned.get(term) === this.removals) return list;
    let w = 0;
    for (const p of list) if (this.ids[(p / FIELD_COUNT) | 0] !== undefined) list[w++] = p;
    list.length = w;
    this.cleaned.set(term, this.removals);
    return list;
  }

  /** The vocabulary's terms a query word stands for: itself, longer terms (the last word), near ones (fuzzy). */
  private candidates(word: string, last: boolean, fuzzy: boolean): Candidate[] {
    const out = new Map<string, number>();
    if (this.postings.has(word)) out.set(word, 1);
    if (last) {
      const sorted = this.vocabulary();
      let lo = lowerBound(sorted, word);
      const longer: string[] = [];
      for (; lo < sorted.length && sorted[lo].startsWith(word); lo++) if (sorted[lo] !== word) longer.push(sorted[lo]);
      // A one-letter word starts thousands of terms: the rarest say the most (and cost the least).
      if (longer.length > MAX_EXPANSION) longer.sort((a, b) => (this.postings.get(a)?.length ?? 0) - (this.postings.get(b)?.length ?? 0)).length = MAX_EXPANSION;
      for (const t of longer) out.set(t, (PREFIX_WEIGHT * word.length) / (word.length + 0.3 * (t.length - word.length)));
    }
    // A word many records have is no typo: only the others look for near terms (most of a fuzzy pass's cost).
    const typos = fuzzy && (this.postings.get(word)?.length ?? 0) < COMMON_WORD ? maxTypos(word) : 0;
    if (typos > 0) {
      const byLength = this.lengthBuckets();
      for (let len = word.length - typos; len <= word.length + typos; len++) {
        for (const t of byLength[len] ?? []) {
          if (out.has(t)) continue;
          const d = boundedDistance(word, t, typos);
          if (d <= typos) out.set(t, (FUZZY_WEIGHT * word.length) / (word.length + d));
        }
      }
    }
    return [...out].map(([term, weight]) => ({ term, weight }));
  }

  /** Sorts the vocabulary now rather than at the first search (which would then wait for it). */
  warm(): void {
    this.lengthBuckets();
  }

  private vocabulary(): string[] {
    if (!this.sorted) {
      this.sorted = [...this.postings.keys()].sort();
      this.byLength = undefined;
    }
    return this.sorted;
  }

  /** Terms without digits by length: the only ones a typo can reach (numbers are never fuzzy). */
  private lengthBuckets(): string[][] {
    const sorted = this.vocabulary();
    if (!this.byLength) {
      const buckets: string[][] = [];
      for (const t of sorted) if (t.length >= 3 && !/\d/.test(t)) (buckets[t.length] ??= []).push(t);
      this.byLength = buckets;
    }
    return this.byLength;
  }
}

function lowerBound(sorted: string[], x: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Levenshtein distance with transpositions counted as one edit, or max + 1 once it must exceed max. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}
