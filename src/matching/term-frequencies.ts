// Term-frequency adjustments for names (the idea of Splink's): agreeing on a name that few records
// carry is strong evidence, on one that many carry ("Starbucks", "Head Start", "Public Library")
// weak. For exact agreement the adjustment is log2(u / f), where f is the share of records with
// that name and u the share of random pairs that agree exactly (the sum of squared shares), so a
// name of typical frequency gets 0. For the fuzzy agreeing levels the same is done with the rarest
// word the two names share, against the typical frequency of a word shared by a random pair.
import type { NormalizedName } from './normalize';

export interface NameFrequencies {
  records: number;
  /** Records per exact name (the core words run together). */
  exact: Map<string, number>;
  /** Records per core word. */
  words: Map<string, number>;
  /** log2 of the exact-agreement rate of random pairs: Σ (count/records)². */
  exactTypicalLog2: number;
  /** log2 of the typical frequency of a word two random records share (weighted by how often it is shared). */
  wordTypicalLog2: number;
}

export function nameFrequencies(names: readonly NormalizedName[]): NameFrequencies {
  const exact = new Map<string, number>();
  const words = new Map<string, number>();
  let records = 0;
  for (const n of names) {
    if (n.core.length === 0) continue;
    records++;
    exact.set(n.joined, (exact.get(n.joined) ?? 0) + 1);
    for (const w of new Set(n.core)) words.set(w, (words.get(w) ?? 0) + 1);
  }
  let squares = 0;
  for (const c of exact.values()) squares += (c / records) ** 2;
  // A random pair shares word w with probability ∝ f(w)², so that is the weight of log2 f(w).
  let weight = 0;
  let sum = 0;
  for (const c of words.values()) {
    const f = c / records;
    weight += f * f;
    sum += f * f * Math.log2(f);
  }
  return {
    records,
    exact,
    words,
    exactTypicalLog2: records === 0 ? 0 : Math.log2(Math.max(squares, 1 / (records * records))),
    wordTypicalLog2: weight === 0 ? 0 : sum / weight,
  };
}

/** Adjustment in bits for a pair's name at this level (0 for levels that are not agreement). */
export function nameTfBits(tf: NameFrequencies, a: NormalizedName, b: NormalizedName, level: number): number {
  if (tf.records === 0 || level < 0 || level > 2) return 0;
  if (level === 0) {
    const c = Math.max(tf.exact.get(a.joined) ?? 1, 1);
    return tf.exactTypicalLog2 - Math.log2(c / tf.records);
  }
  let rarest = Infinity;
  for (const w of a.core) {
    if (!b.core.includes(w)) continue;
    rarest = Math.min(rarest, tf.words.get(w) ?? 1);
  }
  if (rarest === Infinity) return 0; // no word shared exactly (typos): nothing to say
  return tf.wordTypicalLog2 - Math.log2(rarest / tf.records);
}
