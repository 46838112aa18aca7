// Source records: what one integration says about one place or event, before deduplication. This
// is the sandbox's input (the generator's output and the `--load FILE.ndjson` line format) and the
// matcher's unit of comparison.
import type { Address } from '../api/model';

export interface SourceRef {
  integration: string;
  sourceId: string;
}

export interface SourceLocationRecord extends SourceRef {
  kind: 'location';
  name: string;
  address?: Address;
  telephone?: string;
  url?: string;
  latitude?: number;
  longitude?: number;
  images?: { contentUrl: string; width?: number; height?: number; representativeOfPage?: boolean }[];
}

/** An event's times, prices and status, as a source gives them and as the merged event keeps them. */
export interface EventDetails {
  accessStart?: string;
  accessEnd?: string;
  dateConfirmed?: boolean;
  timeConfirmed?: boolean;
  minimumPrice?: number;
  maximumPrice?: number;
  averagePrice?: number;
  listingCount?: number;
  eventStatus?: string;
}

export interface SourceEventRecord extends SourceRef, EventDetails {
  kind: 'event';
  name: string;
  description?: string;
  /** Wire timestamp (24 or 27 characters). */
  startDate: string;
  categories?: { identifier: string; name: string }[];
  keywords?: string[];
  url?: string;
  images?: { contentUrl: string; width?: number; height?: number; representativeOfPage?: boolean }[];
  /** The location record this event takes place at. */
  location?: SourceRef;
}

export type SourceRecord = SourceLocationRecord | SourceEventRecord;

/** Stable key of a source record: unique across integrations. */
export function sourceKey(ref: SourceRef): string {
  return `${ref.integration}#${ref.sourceId}`;
}
