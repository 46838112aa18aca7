// The list shown before a bulk decision, capped (31,919 rows took 12 s to list
// and half a second a key to filter, and nobody reviews 31,919 rows one by one). The riskiest come
// first — flagged, then the lowest scores — so that a capped list shows what most needs a look; the
// rest is decided only when the curator explicitly chooses "decide all", never by the list's OK.
// Free of `vscode`: the quick pick and the confirmation are src/extension/curation/bulk-review.ts.
import type { Recommendation } from '../api/model';

export const DEFAULT_BULK_PREVIEW_LIMIT = 1000;
/** Below this a preview shows too little to be worth its name; above the maximum the list is slow. */
export const MIN_BULK_PREVIEW_LIMIT = 10;
export const MAX_BULK_PREVIEW_LIMIT = 20_000;

export interface BulkPreview {
  /** What the list shows, riskiest first: flagged, then by score ascending. */
  listed: Recommendation[];
  /** The targets not listed (beyond the cap), in the same order. */
  unlisted: Recommendation[];
  /** Flagged targets among the unlisted: never decided unseen unless flagged ones were chosen as such. */
  unlistedFlagged: number;
}

/** The limit from a setting's raw value: a whole number within the bounds, else the default. */
export function previewLimit(raw: unknown): number {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return DEFAULT_BULK_PREVIEW_LIMIT;
  return Math.min(MAX_BULK_PREVIEW_LIMIT, Math.max(MIN_BULK_PREVIEW_LIMIT, Math.floor(raw)));
}

/** Riskiest first: flagged before unflagged, then the lowest score, then by id (a stable order). */
export function byRisk(isFlagged: (r: Recommendation) => boolean): (a: Recommendation, b: Recommendation) => number {
  return (a, b) => Number(isFlagged(b)) - Number(isFlagged(a)) || a.score - b.score || (a['@id'] < b['@id'] ? -1 : a['@id'] > b['@id'] ? 1 : 0);
}

export function planPreview(targets: readonly Recommendation[], limit: number, isFlagged: (r: Recommendation) => boolean): BulkPreview {
  const sorted = [...targets].sort(byRisk(isFlagged));
  const unlisted = sorted.slice(limit);
  return { listed: sorted.slice(0, limit), unlisted, unlistedFlagged: unlisted.filter(isFlagged).length };
}

/**
 * "Decide all": the listed ones the curator kept checked, and every unlisted one — except unlisted
 * flagged ones unless flagged targets start checked (a flagged group chosen as such). What the
 * curator unchecked in the list stays out.
 */
export function decideAllTargets(preview: BulkPreview, keptListed: ReadonlySet<Recommendation>, isFlagged: (r: Recommendation) => boolean, flaggedChecked: boolean): Recommendation[] {
  return [...preview.listed.filter((r) => keptListed.has(r)), ...preview.unlisted.filter((r) => flaggedChecked || !isFlagged(r))];
}
