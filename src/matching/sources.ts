// What the data says about its sources. A source (integration) that lists each thing once makes
// every match a pair of records from two different sources; a source with duplicates of its own
// also has matches inside it. Which one holds is estimated, not assumed: EM runs over the pairs
// across sources only (where any matches are), and the model it learns then scores the pairs
// within sources, with the integration field left out. The expected matches among those, against
// the expected matches across sources, is how often a match lies inside one source: the m of the
// integration comparison, and the evidence for one-to-one assignment (one-to-one.ts).
import type { PairLevels } from './estimate';
import { logistic2, modelChanged, pairLogOdds, type MatchModel } from './model';

/** Per compared pair: 1 when both records have an integration and the two differ. */
export function crossSourceMask(integrationOf: (i: number) => string | null, pairs: Uint32Array, count: number): Uint8Array {
  const cross = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const a = integrationOf(pairs[2 * i]);
    const b = integrationOf(pairs[2 * i + 1]);
    cross[i] = a !== null && b !== null && a !== b ? 1 : 0;
  }
  return cross;
}

/** The pairs where keep[i] is 1, as a PairLevels of their own. */
export function subsetLevels(levels: PairLevels, keep: Uint8Array): PairLevels {
  const { width } = levels;
  let count = 0;
  for (let i = 0; i < levels.count; i++) count += keep[i];
  const out: PairLevels = { count, width, levels: new Int8Array(count * width), tf: new Float32Array(count), label: new Int8Array(count) };
  for (let i = 0, j = 0; i < levels.count; i++) {
    if (!keep[i]) continue;
    out.levels.set(levels.levels.subarray(i * width, (i + 1) * width), j * width);
    out.tf[j] = levels.tf[i];
    out.label[j] = levels.label[i];
    j++;
  }
  return out;
}

export interface SourceMatches {
  /** Expected matches among compared pairs within one source, and across sources. */
  within: number;
  across: number;
  /** Compared pairs within one source, and across sources. */
  withinPairs: number;
  acrossPairs: number;
}

/** Expected matches within and across sources under a model, its integration comparison left out. */
export function expectedMatchesBySource(model: MatchModel, levels: PairLevels, cross: Uint8Array, integration: number): SourceMatches {
  const { width } = levels;
  const view = new Int8Array(width);
  const out: SourceMatches = { within: 0, across: 0, withinPairs: 0, acrossPairs: 0 };
  for (let i = 0; i < levels.count; i++) {
    for (let c = 0; c < width; c++) view[c] = levels.levels[i * width + c];
    view[integration] = -1;
    const p = levels.label[i] === -1 ? logistic2(pairLogOdds(model, view, levels.tf[i])) : levels.label[i];
    if (cross[i]) {
      out.across += p;
      out.acrossPairs++;
    } else {
      out.within += p;
      out.withinPairs++;
    }
  }
  return out;
}

/**
 * Sets the integration comparison's m from the expected matches (add-one smoothed: a source with
 * no duplicate seen may still have one) and λ to all expected matches among all record pairs.
 */
export function applySourceMatches(model: MatchModel, integration: number, found: SourceMatches, records: number): void {
  const total = found.within + found.across;
  const levels = model.comparisons[integration].levels;
  levels[0].m = (found.within + 1) / (total + 2);
  levels[1].m = (found.across + 1) / (total + 2);
  model.lambda = Math.min(0.5, Math.max(total, 1) / Math.max((records * (records - 1)) / 2, 1));
  model.sources = { ...found, oneToOne: deduplicated(found) };
  modelChanged(model);
}

/**
 * The sources are taken for deduplicated when a pair of candidates within one source is less often
 * a match than a pair across sources: then a source's own look-alikes are neighbours, not copies.
 */
function deduplicated(found: SourceMatches): boolean {
  if (found.withinPairs === 0 || found.acrossPairs === 0) return found.acrossPairs > 0;
  return found.within / found.withinPairs < found.across / found.acrossPairs;
}

/** Whether a model's data calls for one-to-one assignment between sources (one-to-one.ts). */
export function assignsOneToOne(model: MatchModel): boolean {
  return model.source === 'estimated' && model.sources?.oneToOne === true;
}
