// A pair's score with the explanation the comparison panel shows — per field the two values, the
// level, the similarity behind it and the bits it added under the model that produced the score —
// for locations and events alike (their comparisons and similarities differ, not the arithmetic).
import type { FieldExplanation, PairScore } from './types';
import type { NormalizedName } from './normalize';
import { type Comparison, levelsOf, MISSING } from './levels';
import { logistic2, pairLogOdds, priorBits, tfAdjustment, type MatchModel } from './model';

export type Similarity<P> = (a: P, b: P) => number | null;

export function explainPair<P extends { name: NormalizedName }>(comparisons: readonly Comparison<P>[], similarities: readonly Similarity<P>[], a: P, b: P, model: MatchModel): PairScore {
  const levels = levelsOf(comparisons, a, b);
  const weights: number[] = [];
  const where = { strongest: -1, discounted: [] as number[] };
  const logOdds = pairLogOdds(model, levels, tfAdjustment(model, a.name, b.name, levels[0]), weights, where);
  const fields = comparisons.map((c, i): FieldExplanation => {
    const level = levels[i];
    const out: FieldExplanation = { field: c.field, similarity: level === MISSING ? null : similarities[i](a, b), weight: weights[i], level: level === MISSING ? 'missing' : c.levels[level] };
    const va = c.show(a, b);
    const vb = c.show(b, a);
    if (va) out.a = va;
    if (vb) out.b = vb;
    if (where.strongest >= 0 && where.discounted.includes(i)) out.countedWith = comparisons[where.strongest].field;
    return out;
  });
  return { score: logistic2(logOdds), logOdds, prior: priorBits(model), fields };
}
