// Term-frequency adjustments for names (Splink's): agreeing exactly on a name that few records
// carry is strong evidence, on one that many carry ("Starbucks", "Head Start", "Public Library")
// weak. The adjustment is log2(u / f), where f is the share of records with that name and u the
// share of random pairs that agree exactly (the sum of squared shares), so a name of typical
// frequency gets 0. Only exact agreement is adjusted: a rare word two names share says little when
// the neighbourhood lends it to its places ("Yew Tee" / "Yew Tee Residences"), and the fuzzy
// levels' own m and u already say what such agreement is worth on the data.
import type { NormalizedName } from './normalize';

export interface NameFrequencies {
  records: number;
  /** Records per exact name (the core words run together). */
  exact: Map<string, number>;
  /** log2 of the exact-agreement rate of random pairs: Σ (count/records)². */
  exactTypicalLog2: number;
}

export function nameFrequencies(names: readonly NormalizedName[]): NameFrequencies {
  const exact = new Map<string, number>();
  let records = 0;
  for (const n of names) {
    if (n.core.length === 0) continue;
    records++;
    exact.set(n.joined, (exact.get(n.joined) ?? 0) + 1);
  }
  let squares = 0;
  for (const c of exact.values()) squares += (c / records) ** 2;
  return {
    records,
    exact,
    exactTypicalLog2: records === 0 ? 0 : Math.log2(Math.max(squares, 1 / (records * records))),
  };
}

/** Adjustment in bits for a pair's name at this level (0 for any level but exact agreement). */
export function nameTfBits(tf: NameFrequencies, a: NormalizedName, _b: NormalizedName, level: number): number {
  if (tf.records === 0 || level !== 0) return 0;
  const c = Math.max(tf.exact.get(a.joined) ?? 1, 1);
  return tf.exactTypicalLog2 - Math.log2(c / tf.records);
}
