// Identifiers and source timestamps of the sandbox's records. Everything here is a pure function
// of the inputs, so the same seed and imports give the same ids and times on every start.
import { createHash } from 'node:crypto';
import { sourceKey, type SourceRef } from './source-records';

/** The sandbox's core ontology namespace; recommendations are `${ONTOLOGY_BASE}/DeduplicationRecommendation`. */
export const ONTOLOGY_BASE = 'https://dedup-sandbox.example/ontology';
export const RECOMMENDATION_TYPE = `${ONTOLOGY_BASE}/DeduplicationRecommendation`;
export const LOCATION_ENTITY_TYPE = 'https://schema.org/PostalAddress';
export const EVENT_ENTITY_TYPE = 'https://schema.org/Event';

export type EntityKind = 'location' | 'event';

/** Unified record: `urn:dedup-sandbox:location:<n>` / `urn:dedup-sandbox:event:<n>`, n from 1. */
export function unifiedId(kind: EntityKind, n: number): string {
  return `urn:dedup-sandbox:${kind}:${n}`;
}

/** A source entity as shown in a recommendation: its integration and source id, percent-encoded. */
export function sourceEntityId(kind: EntityKind, ref: SourceRef): string {
  return `urn:dedup-sandbox:${kind}-source:${encodeURIComponent(sourceKey(ref))}`;
}

/**
 * A recommendation's id depends only on what it proposes (its kind and the set of source keys),
 * so it is the same after a restart and a decision logged against it can be replayed.
 */
export function recommendationId(kind: EntityKind, keys: readonly string[]): string {
  const digest = createHash('sha256').update(kind).update('\0').update([...keys].sort().join('\0')).digest('hex');
  return `urn:dedup-sandbox:recommendation:${digest.slice(0, 20)}`;
}

/** FNV-1a, 32 bits: a cheap stable hash for spreading sync times. */
function fnv1a(text: string, salt: number): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export const SYNC_WINDOW_MS = 30 * 86_400_000;

/**
 * When the sandbox pretends a generated source record was first and last synced: spread over the 30
 * days before the data set was created (`base`), so `updated_since` selects a realistic slice. About
 * half the records were re-synced after they first arrived, so createdAt and updatedAt differ.
 * Imported records were synced at `base` itself (the import).
 */
export function syncTimes(key: string, base: number, generated: boolean): { first: number; last: number } {
  if (!generated) return { first: base, last: base };
  const first = base - (fnv1a(key, 1) % SYNC_WINDOW_MS);
  const h = fnv1a(key, 2);
  const last = h & 1 ? first + (h % (base - first + 1)) : first;
  return { first, last };
}
