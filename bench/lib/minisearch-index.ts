// The mirror's first index, on MiniSearch, kept for the library comparison (bench/mirror-libraries.ts):
// the mirror now uses its own compact index (src/mirror/search-index.ts), which took a sixth of the
// memory at 150,000 records with the same behaviour (docs/mirror.md).
import MiniSearch, { type SearchResult } from 'minisearch';
import { BOOST, FIELDS, type IndexedFields, MAX_QUERY_LENGTH, fieldsOf, foldTerm } from '../../src/mirror/indexed-fields';

export class MiniSearchIndex {
  private readonly mini = new MiniSearch<IndexedFields>({
    fields: [...FIELDS],
    storeFields: [],
    processTerm: (t) => foldTerm(t) || null,
    searchOptions: {
      boost: BOOST,
      combineWith: 'AND',
      // Only the last word is still being typed; a prefix search of every word costs (a one-letter
      // word matches most of the index) and finds nothing more.
      prefix: (_term, i, terms) => i === terms.length - 1,
      // Short words must match as typed or as a prefix: "st" within one typo of everything is noise.
      // Nor are numbers fuzzy: postcode 78702 is not a typo of 78701 but the next district.
      fuzzy: (term) => (term.length >= 4 && !/\d/.test(term) ? 0.25 : false),
      maxFuzzy: 2,
    },
  });

  get size(): number {
    return this.mini.documentCount;
  }

  /** Adds or replaces the record. */
  put(record: unknown): void {
    const fields = fieldsOf(record);
    if (!fields) return;
    if (this.mini.has(fields.id)) this.mini.discard(fields.id);
    this.mini.add(fields);
  }

  remove(id: string): void {
    if (this.mini.has(id)) this.mini.discard(id);
  }

  /** Ids best first, with their scores. */
  search(query: string, limit: number): { id: string; score: number }[] {
    const q = query.slice(0, MAX_QUERY_LENGTH);
    // What matches as typed comes first; typos are forgiven only to fill the rest of the list, so a
    // near word (fuzzy) never pushes out a record that has the very words typed.
    let hits: SearchResult[] = this.mini.search(q, { fuzzy: false });
    if (hits.length < limit) {
      const exact = new Set(hits.map((h) => h.id as string));
      hits = hits.concat(this.mini.search(q).filter((h) => !exact.has(h.id as string)));
    }
    return hits.slice(0, limit).map((h) => ({ id: h.id as string, score: h.score }));
  }
}

