// Whether the service re-scored the backlog between two reads: the scores of the recommendations
// read both times, compared. A service that learns from the curator's answers (the sandbox does)
// moves scores under the curator's eyes; the Triage panel says so rather than letting the charts
// and groups shift silently. Free of `vscode`.
import type { Recommendation } from '../../api/model';

export interface Rescored {
  compared: number;
  changed: number;
  lower: number;
}

/**
 * Two scores are the same when they differ by no more than a few units in the last place of a
 * double: the noise of a service's arithmetic is not a re-scoring. The tolerance is relative, not
 * absolute: a confident matcher's scores sit within 1e-8 of 1 or 0, and a refit moving
 * 0.99999996003 to 0.99999996070 re-scored that pair as surely as 0.7 to 0.71.
 */
const sameScore = (a: number, b: number) => Math.abs(a - b) <= 4 * Number.EPSILON * Math.max(Math.abs(a), Math.abs(b));

/** The scores of a read, by recommendation. */
export function scoresOf(read: readonly Recommendation[]): Map<string, number> {
  return new Map(read.map((r) => [r['@id'], r.score]));
}

/** What changed from `before` to `now`; undefined when no recommendation read both times changed score. */
export function rescoredBetween(before: ReadonlyMap<string, number>, now: readonly Recommendation[]): Rescored | undefined {
  let compared = 0;
  let changed = 0;
  let lower = 0;
  for (const r of now) {
    const was = before.get(r['@id']);
    if (was === undefined) continue;
    compared++;
    if (sameScore(was, r.score)) continue;
    changed++;
    if (r.score < was) lower++;
  }
  return changed ? { compared, changed, lower } : undefined;
}
