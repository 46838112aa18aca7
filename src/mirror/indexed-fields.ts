// What the mirror's search index reads of a record (name, street, locality, postcode, source ids,
// integrations; an event by its location's address), and how words are folded: shared by the index
// (search-index.ts) and the library comparison (bench/mirror-libraries.ts).
/** What one record is indexed by; events by their own name and their location's address. */
export interface IndexedFields {
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

export const FIELDS = ['name', 'address', 'locality', 'postcode', 'sourceIds', 'integrations'] as const;

/** A name match outranks a street or town match, and a source id (an exact handle) ranks high. */
export const BOOST = { name: 3, sourceIds: 2, postcode: 1.5, locality: 1.5, address: 1, integrations: 0.5 };

/** Lower case without accents, so "Café", "CAFE" and "cafe" are one term. */
export function foldTerm(term: string): string {
  return term.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

export function fieldsOf(record: unknown): IndexedFields | undefined {
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
