// What the words of two names say given the backlog they come from. Two fields the pattern's
// comparisons cannot see, learned from the backlog's own names rather than from a word list:
// - `name-words`: how much of the names' information their shared words carry, each word weighted
//   by its rarity among the backlog's entities (inverse document frequency). Sharing "Royal" is
//   strong evidence; sharing "Cafe" or "Pharmacy", which hundreds of entities carry, is not.
// - `namesakes`: how many of the backlog's entities hold every word the two names share. Only the
//   pair itself: nobody else is called that. Many: a chain's name, or a generic one, listed at
//   other places too — the same name says little about the same place.
// Both are levels in the vocabulary of the pattern's fields (equal, close, differs, missing), so
// the pooled model learns a weight for each from the curator's answers, and the flagged groups'
// partition (flagged-partition.ts) can split on them where the answers disagree.
import type { Agreement } from './features';

/** The extra fields of a location's agreements, after PATTERN_FIELDS.location. */
export const NAME_WORD_FIELDS = ['name-words', 'namesakes'] as const;

/** The distinct words of a name: its runs of letters and digits, lower-cased. */
export function nameWords(name: unknown): string[] {
  if (typeof name !== 'string') return [];
  return [...new Set(name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/**
 * Word document frequencies over every entity the backlog has shown, each entity counted once
 * however many recommendations hold it. It only grows: an entity decided away still tells how
 * common its words are, so an item's levels do not drift as the backlog drains.
 */
export class NameWordStats {
  private readonly seen = new Set<string>();
  /** Word → the entities (by their index in `seen` order) whose name holds it. */
  private readonly holders = new Map<string, Set<number>>();
  /** Bumped whenever an entity is added: levels computed before are stale. */
  version = 0;
  /** Levels by the two names' words, for this version: a backlog repeats names (a chain's outlets, re-scored items). */
  private readonly levelsKept = new Map<string, [Agreement, Agreement]>();
  private readonly holdersKept = new Map<string, number>();
  private keptVersion = 0;

  observe(entityId: string, words: readonly string[]): void {
    if (this.seen.has(entityId)) return;
    const index = this.seen.size;
    this.seen.add(entityId);
    for (const w of words) {
      let h = this.holders.get(w);
      if (!h) this.holders.set(w, (h = new Set()));
      h.add(index);
    }
    this.version++;
  }

  /** ln(N / df): a word no entity was seen with counts as held by one. */
  private idf(word: string): number {
    return Math.log(Math.max(1, this.seen.size) / Math.max(1, this.holders.get(word)?.size ?? 0));
  }

  /** The share of the two names' word weight their shared words carry (an IDF-weighted Jaccard), in [0, 1]. */
  overlap(a: readonly string[], b: readonly string[]): number {
    const inB = new Set(b);
    let shared = 0;
    let union = 0;
    for (const w of new Set([...a, ...b])) {
      const x = this.idf(w);
      union += x;
      if (inB.has(w) && a.includes(w)) shared += x;
    }
    // Every word in every entity (idf 0): the names are as alike as their word sets.
    if (union === 0) return a.length === b.length && a.every((w) => inB.has(w)) ? 1 : 0;
    return shared / union;
  }

  /** How many entities hold every word in `words` (0 for no words). */
  holdersOfAll(words: readonly string[]): number {
    if (!words.length) return 0;
    if (words.length === 1) return this.holders.get(words[0])?.size ?? 0;
    const sets = words.map((w) => this.holders.get(w) ?? new Set<number>()).sort((x, y) => x.size - y.size);
    let n = 0;
    for (const id of sets[0]) if (sets.every((s) => s.has(id))) n++;
    return n;
  }

  /** The two fields' levels for two names' words (NAME_WORD_FIELDS' order). */
  levels(a: readonly string[], b: readonly string[]): [Agreement, Agreement] {
    if (!a.length || !b.length) return ['missing', 'missing'];
    if (this.keptVersion !== this.version) {
      this.levelsKept.clear();
      this.holdersKept.clear();
      this.keptVersion = this.version;
    }
    const key = `${a.join(' ')}\u0000${b.join(' ')}`;
    let kept = this.levelsKept.get(key);
    if (!kept) this.levelsKept.set(key, (kept = this.levelsOf(a, b)));
    return kept;
  }

  private levelsOf(a: readonly string[], b: readonly string[]): [Agreement, Agreement] {
    const inB = new Set(b);
    const shared = a.filter((w) => inB.has(w));
    const sameWords = shared.length === a.length && shared.length === b.length;
    // Close: the shared words carry more of the names' information than the words they do not share.
    const o = this.overlap(a, b);
    const words: Agreement = sameWords ? 'equal' : o >= 0.5 ? 'close' : 'differs';
    if (!shared.length) return [words, 'missing'];
    // Equal: only the two entities themselves; close: at most one more listing per entity.
    const sharedKey = shared.sort().join(' ');
    let n = this.holdersKept.get(sharedKey);
    if (n === undefined) this.holdersKept.set(sharedKey, (n = this.holdersOfAll(shared)));
    return [words, n <= 2 ? 'equal' : n <= 4 ? 'close' : 'differs'];
  }
}

const RANK: Record<Agreement, number> = { equal: 0, close: 1, differs: 2, missing: -1 };

/** The weaker of two levels; missing only when both are (as features.ts weakest). */
const weaker = (a: Agreement, b: Agreement): Agreement => (RANK[b] > RANK[a] ? b : a);

/** The fields' levels for a recommendation's entities: each field at its weakest pair, as the pattern's fields are. */
export function nameWordLevels(stats: NameWordStats, names: readonly (readonly string[])[]): Agreement[] {
  const out: Agreement[] = ['missing', 'missing'];
  for (let i = 0; i < names.length; i++) {
    for (let j = i + 1; j < names.length; j++) {
      const l = stats.levels(names[i], names[j]);
      out[0] = weaker(out[0], l[0]);
      out[1] = weaker(out[1], l[1]);
    }
  }
  return out;
}
