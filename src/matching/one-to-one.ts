// One-to-one assignment between deduplicated sources, soft. When each source lists a thing once, a
// record matches at most one record of each other source, so the candidates of a record compete:
// the pair (a, b) and its rivals (a with other records of b's source, b with other records of a's
// source) cannot all be matches. Treating a pair and its rivals as exclusive alternatives, with
// "none of them" as the last, the probability of (a, b) is its odds over one plus the odds of all
// of them. A pair without rivals keeps its score; a pair whose record has a far better partner
// falls to what it is worth beside that partner, still listed (a curator may know better); two
// equally good rivals share the probability.

export interface Rivals {
  /** The bits each pair lost to its rivals (0 without rivals), per pair. */
  lost: Float64Array;
  /** Per pair: the index of its strongest rival pair, or -1 (none, or a pair within one source). */
  strongest: Int32Array;
}

const MAX_BITS = 60;
const odds = (bits: number): number => Math.pow(2, Math.max(-MAX_BITS, Math.min(MAX_BITS, bits)));

/**
 * For compared pairs [a0, b0, a1, b1, …] with log-odds `bits` (in bits), the log-odds each keeps
 * under one-to-one assignment, written into `out` (which may be `bits`). Records whose sourceOf is
 * negative have no known source and no rivals. Returns what each pair lost and to whom.
 */
export function assignOneToOne(pairs: Uint32Array, bits: Float64Array, sourceOf: (record: number) => number, out: Float64Array): Rivals {
  const before = Float64Array.from(bits);
  const strongest = assignAcross(pairs, before, sourceOf, out);
  throughOtherSources(pairs, sourceOf, out);
  return { lost: before.map((b, i) => b - out[i]), strongest };
}

/**
 * Two records of one deduplicated source are one thing only where the source did list a thing
 * twice, and then both match the same record of another source: a pair within a source keeps at
 * most the weaker of its two links to their best shared partner (in log-odds, after assignment).
 */
function throughOtherSources(pairs: Uint32Array, sourceOf: (record: number) => number, bits: Float64Array): void {
  const links = new Map<number, Map<number, number>>();
  const link = (x: number, y: number, b: number): void => {
    let m = links.get(x);
    if (!m) links.set(x, (m = new Map()));
    m.set(y, b);
  };
  const count = bits.length;
  for (let i = 0; i < count; i++) {
    const a = pairs[2 * i];
    const b = pairs[2 * i + 1];
    const sa = sourceOf(a);
    if (sa < 0 || sa === sourceOf(b)) continue;
    link(a, b, bits[i]);
    link(b, a, bits[i]);
  }
  for (let i = 0; i < count; i++) {
    const a = pairs[2 * i];
    const b = pairs[2 * i + 1];
    const sa = sourceOf(a);
    if (sa < 0 || sa !== sourceOf(b)) continue;
    const la = links.get(a);
    const lb = links.get(b);
    let shared = -Infinity;
    if (la && lb) for (const [c, x] of la) {
      const y = lb.get(c);
      if (y !== undefined) shared = Math.max(shared, Math.min(x, y));
    }
    bits[i] = Math.min(bits[i], Math.max(shared, -MAX_BITS));
  }
}

/** Pairs across sources: each against its rivals. Returns each pair's strongest rival. */
function assignAcross(pairs: Uint32Array, bits: Float64Array, sourceOf: (record: number) => number, out: Float64Array): Int32Array {
  const count = bits.length;
  // Sum of odds per (record, other source): a record's candidates in one other source.
  const total = new Map<number, number>();
  const best = new Map<number, number>();
  let sources = 1;
  for (let i = 0; i < pairs.length; i++) sources = Math.max(sources, sourceOf(pairs[i]) + 1);
  const slot = (record: number, source: number): number => record * sources + source;
  const cross = (i: number): boolean => {
    const sa = sourceOf(pairs[2 * i]);
    const sb = sourceOf(pairs[2 * i + 1]);
    return sa >= 0 && sb >= 0 && sa !== sb;
  };
  // The two strongest pairs per slot: a pair's strongest rival is the best other than itself.
  const second = new Map<number, number>();
  const visit = (i: number, record: number, other: number, o: number): void => {
    const k = slot(record, other);
    total.set(k, (total.get(k) ?? 0) + o);
    const b = best.get(k);
    if (b === undefined || bits[b] < bits[i]) {
      if (b !== undefined) second.set(k, b);
      best.set(k, i);
    } else {
      const c = second.get(k);
      if (c === undefined || bits[c] < bits[i]) second.set(k, i);
    }
  };
  const rivalIn = (k: number, i: number): number | undefined => (best.get(k) === i ? second.get(k) : best.get(k));
  for (let i = 0; i < count; i++) {
    if (!cross(i)) continue;
    const a = pairs[2 * i];
    const b = pairs[2 * i + 1];
    const o = odds(bits[i]);
    visit(i, a, sourceOf(b), o);
    visit(i, b, sourceOf(a), o);
  }
  const strongest = new Int32Array(count).fill(-1);
  for (let i = 0; i < count; i++) {
    if (!cross(i)) {
      out[i] = bits[i];
      continue;
    }
    const a = pairs[2 * i];
    const b = pairs[2 * i + 1];
    const ka = slot(a, sourceOf(b));
    const kb = slot(b, sourceOf(a));
    const o = odds(bits[i]);
    const rivals = Math.max(0, (total.get(ka) ?? o) + (total.get(kb) ?? o) - 2 * o);
    // p = o / (1 + o + rivals), as log-odds: o / (1 + rivals).
    out[i] = bits[i] - Math.log2(1 + rivals);
    const candidates = [rivalIn(ka, i), rivalIn(kb, i)].filter((r): r is number => r !== undefined);
    if (candidates.length > 0) strongest[i] = candidates.reduce((x, y) => (bits[x] >= bits[y] ? x : y));
  }
  return strongest;
}
