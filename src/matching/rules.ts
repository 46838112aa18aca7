// Deterministic rules over comparison levels, declared by the comparisons' field names and level
// labels (as Splink declares comparison levels), resolved once to positions in a pair's levels.
// A typo in a field or label fails at start-up, not silently on every pair.
import { MISSING, type Comparison } from './levels';

/** A test of one pair's levels, written at levels[at …]. */
export type LevelRule = (levels: ArrayLike<number>, at: number) => boolean;

/** The position of a comparison by field name. */
export function fieldIndex(comparisons: readonly Comparison<never>[], field: string): number {
  const i = comparisons.findIndex((c) => c.field === field);
  if (i < 0) throw new Error(`no comparison named ${field} (have ${comparisons.map((c) => c.field).join(', ')})`);
  return i;
}

/** The index of a level of a field by its label. */
export function levelIndex(comparisons: readonly Comparison<never>[], field: string, label: string): number {
  const c = comparisons[fieldIndex(comparisons, field)];
  const l = c.levels.indexOf(label);
  if (l < 0) throw new Error(`comparison ${field} has no level "${label}" (has ${c.levels.join(', ')})`);
  return l;
}

/** The field agrees at the level labelled `label` or a stronger one (a missing value does not agree). */
export function atLeast(comparisons: readonly Comparison<never>[], field: string, label: string): LevelRule {
  const c = fieldIndex(comparisons, field);
  const max = levelIndex(comparisons, field, label);
  return (levels, at) => {
    const l = levels[at + c];
    return l !== MISSING && l <= max;
  };
}

export const allOf = (...rules: LevelRule[]): LevelRule => (levels, at) => rules.every((r) => r(levels, at));
export const anyOf = (...rules: LevelRule[]): LevelRule => (levels, at) => rules.some((r) => r(levels, at));
