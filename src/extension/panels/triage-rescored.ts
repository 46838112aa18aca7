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

/** Scores are compared to this precision (a service's rounding noise is not a re-scoring). */
const EPSILON = 1e-9;

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
    if (Math.abs(was - r.score) <= EPSILON) continue;
    changed++;
    if (r.score < was) lower++;
  }
  return changed ? { compared, changed, lower } : undefined;
}
