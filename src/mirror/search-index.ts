// The full-text index of one kind in a mirror, on MiniSearch (chosen over FlexSearch in
// docs/mirror.md: smaller bundle, built-in typo tolerance and ranking). Searched fields: name,
// street address, locality, postcode, source ids and integrations; a query matches when every one
// of its words does, each word as typed, as a prefix, or within a typo or two, accents ignored.
import MiniSearch, { type SearchResult } from 'minisearch';

/** What one record is indexed by; events by their own name and their location's address. */
interface IndexedFields {
  id: string;
  name: string;
  address: string;
  locality: string;
  postcode: string;
  sourceIds: string;
  integrations: string;
}

/** Longest query text searched: a pasted page of text would only make fuzzy matching slow. */
export const MAX_QUERY_LENGTH = 200;

const FIELDS = ['name', 'address', 'locality', 'postcode', 'sourceIds', 'integrations'] as const;

/** A name match outranks a street or town match, and a source id (an exact handle) ranks high. */
const BOOST = { name: 3, sourceIds: 2, postcode: 1.5, locality: 1.5, address: 1, integrations: 0.5 };

/** Lower case without accents, so "Café", "CAFE" and "cafe" are one term. */
export function foldTerm(term: string): string {
  return term.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

export class SearchIndex {
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

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

function fieldsOf(record: unknown): IndexedFields | undefined {
  const r = record as Record<string, unknown> | null;
  if (!r || typeof r.id !== 'string') return undefined;
  // An event is found by where it is: its embedded location's address.
  const at = (r.location && typeof r.location === 'object' ? r.location : r) as Record<string, unknown>;
  const address = (at.address && typeof at.address === 'object' ? at.address : {}) as Record<string, unknown>;
  const sources = Array.isArray(r.sourceIds) ? (r.sourceIds as { id?: unknown }[]) : [];
  const integrations = Array.isArray(r.integrations) ? (r.integrations as unknown[]) : [];
  return {
    id: r.id,
    name: text(r.name),
    address: text(address.streetAddress),
    locality: [text(address.addressLocality), text(address.addressRegion)].join(' '),
    postcode: text(address.postalCode),
    sourceIds: sources.map((s) => text(s?.id)).join(' '),
    integrations: integrations.map(integrationWords).join(' '),
  };
}

/** `urn:integration:citylistings` is searched as "citylistings": the scheme words match everything. */
function integrationWords(uri: unknown): string {
  const t = text(uri);
  const last = t.split(/[:/#]/).filter(Boolean).pop() ?? '';
  return last === t ? t : `${last}`;
}
