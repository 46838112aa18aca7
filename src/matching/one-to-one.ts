// One-to-one assignment between deduplicated sources, soft. When each source lists a thing once, a
// record matches at most one record of each other source, so the candidates of a record compete:
// the pair (a, b) and its rivals (a with other records of b's source, b with other records of a's
// source) cannot all be matches. Treating a pair and its rivals as exclusive alternatives, with
// "none of them" as the last, the probability of (a, b) is its odds over one plus the odds of all
// of them. A pair without rivals keeps its score; a pair whose record has a far better partner
// falls to what it is worth beside that partner, still listed (a curator may know better); two
// equally good rivals share the probability.
//
// A source that is deduplicated on the whole still lists some things twice (a station's entrances,
// a place entered by two users), and then a record of the other source has two true partners that
// do not compete. How likely two records of one source are one thing is itself what assignment
// says of them (they keep the weaker of their links to a shared partner), so a rival counts only
// as far as its record and the pair's are different things, and assignment is repeated from the
// strict one (no record listed twice) until the pairs within sources settle.

export interface Rivals {
  /** The bits each pair lost to its rivals (0 without rivals), per pair. */
  lost: Float64Array;
  /** Per pair: the index of its strongest rival pair, or -1 (none, or a pair within one source). */
  strongest: Int32Array;
  /** Rounds of assignment until the pairs within sources settled. */
  rounds: number;
}

const MAX_BITS = 60;
/** Assignment has settled when no pair within a source moves by more than this in probability. */
const SETTLED = 0.01;
/** A bound on the rounds, far above what the sets measured need (under 20), for a pathological input. */
const MAX_ROUNDS = 100;
const odds = (bits: number): number => Math.pow(2, Math.max(-MAX_BITS, Math.min(MAX_BITS, bits)));
const probability = (bits: number): number => 1 / (1 + 1 / odds(bits));

/**
 * Which pairs compete: each pair across sources in two slots (its records' candidates in the
 * other's source), and the triangles where two records of one source share a partner.
 */
interface Structure {
  cross: Uint8Array;
  /** Per pair across sources, the slot of its first and of its second record (-1 otherwise). */
  slotA: Int32Array;
  slotB: Int32Array;
  slots: number;
  /** Per triangle: the pair within a source (b, c), and the pairs (a, b) and (a, c) across. */
  within: Int32Array;
  left: Int32Array;
  right: Int32Array;
}

/**
 * For compared pairs [a0, b0, a1, b1, …] with log-odds `bits` (in bits), the log-odds each keeps
 * under one-to-one assignment, written into `out` (which may be `bits`). Records whose sourceOf is
 * negative have no known source and no rivals. Returns what each pair lost and to whom.
 */
export function assignOneToOne(pairs: Uint32Array, bits: Float64Array, sourceOf: (record: number) => number, out: Float64Array): Rivals {
  const before = Float64Array.from(bits);
  const structure = structureOf(pairs, sourceOf);
  // Start strict: no two records of one source are one thing.
  const twins = new Float64Array(before.length);
  let rounds = 0;
  while (rounds < MAX_ROUNDS) {
    rounds++;
    assignAcross(structure, before, twins, out);
    throughOtherSources(structure, before, out);
    let change = 0;
    for (let t = 0; t < structure.within.length; t++) {
      const k = structure.within[t];
      const p = probability(out[k]);
      change = Math.max(change, Math.abs(p - twins[k]));
      twins[k] = p;
    }
    if (change < SETTLED) break;
  }
  return { lost: before.map((b, i) => b - out[i]), strongest: strongestRivals(structure, before), rounds };
}

function structureOf(pairs: Uint32Array, sourceOf: (record: number) => number): Structure {
  const count = pairs.length / 2;
  let sources = 1;
  for (let i = 0; i < pairs.length; i++) sources = Math.max(sources, sourceOf(pairs[i]) + 1);
  const cross = new Uint8Array(count);
  const slotA = new Int32Array(count).fill(-1);
  const slotB = new Int32Array(count).fill(-1);
  const slotIds = new Map<number, number>();
  const slotOf = (record: number, other: number): number => {
    const key = record * sources + other;
    let id = slotIds.get(key);
    if (id === undefined) slotIds.set(key, (id = slotIds.size));
    return id;
  };
  // A record's partners across sources, each with the index of their pair.
  const links = new Map<number, Map<number, number>>();
  const link = (x: number, y: number, i: number): void => {
    let m = links.get(x);
    if (!m) links.set(x, (m = new Map()));
    m.set(y, i);
  };
  for (let i = 0; i < count; i++) {
    const a = pairs[2 * i];
    const b = pairs[2 * i + 1];
    const sa = sourceOf(a);
    const sb = sourceOf(b);
    if (sa < 0 || sb < 0 || sa === sb) continue;
    cross[i] = 1;
    slotA[i] = slotOf(a, sb);
    slotB[i] = slotOf(b, sa);
    link(a, b, i);
    link(b, a, i);
  }
  const within: number[] = [];
  const left: number[] = [];
  const right: number[] = [];
  for (let k = 0; k < count; k++) {
    const b = pairs[2 * k];
    const c = pairs[2 * k + 1];
    const sb = sourceOf(b);
    if (sb < 0 || sb !== sourceOf(c)) continue;
    const lb = links.get(b);
    const lc = links.get(c);
    // A pair within a source with no shared partner is still listed, with no triangle of its own.
    within.push(k);
    left.push(-1);
    right.push(-1);
    if (!lb || !lc) continue;
    for (const [a, x] of lb) {
      const y = lc.get(a);
      if (y === undefined) continue;
      within.push(k);
      left.push(x);
      right.push(y);
    }
  }
  return { cross, slotA, slotB, slots: slotIds.size, within: Int32Array.from(within), left: Int32Array.from(left), right: Int32Array.from(right) };
}

/**
 * Pairs across sources: each against its rivals, a rival counting as far as its record and the
 * pair's are different things of their source (`twins`: per pair within a source, the probability
 * that its two records are one thing).
 */
function assignAcross(s: Structure, bits: Float64Array, twins: Float64Array, out: Float64Array): void {
  const count = bits.length;
  const total = new Float64Array(s.slots);
  const o = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    if (!s.cross[i]) continue;
    o[i] = odds(bits[i]);
    total[s.slotA[i]] += o[i];
    total[s.slotB[i]] += o[i];
  }
  const rivals = new Float64Array(count);
  for (let i = 0; i < count; i++) if (s.cross[i]) rivals[i] = total[s.slotA[i]] + total[s.slotB[i]] - 2 * o[i];
  // (a, b) and (a, c) are no rivals as far as b and c are one thing.
  for (let t = 0; t < s.within.length; t++) {
    const x = s.left[t];
    if (x < 0) continue;
    const y = s.right[t];
    const q = twins[s.within[t]];
    rivals[x] -= o[y] * q;
    rivals[y] -= o[x] * q;
  }
  for (let i = 0; i < count; i++) {
    // p = o / (1 + o + rivals), as log-odds: o / (1 + rivals).
    out[i] = s.cross[i] ? bits[i] - Math.log2(1 + Math.max(0, rivals[i])) : bits[i];
  }
}

/**
 * Two records of one deduplicated source are one thing only where the source did list a thing
 * twice, and then both match the same record of another source: a pair within a source keeps at
 * most the weaker of its two links to their best shared partner (in log-odds, after assignment).
 */
function throughOtherSources(s: Structure, before: Float64Array, out: Float64Array): void {
  for (let t = 0; t < s.within.length; t++) {
    const k = s.within[t];
    const x = s.left[t];
    // A pair's first entry has no triangle: no shared partner yet.
    if (x < 0) out[k] = Math.min(before[k], -MAX_BITS);
    else out[k] = Math.max(out[k], Math.min(before[k], out[x], out[s.right[t]]));
  }
}

/** Per pair across sources, its strongest rival by its own score (the best other pair of either slot). */
function strongestRivals(s: Structure, bits: Float64Array): Int32Array {
  const best = new Int32Array(s.slots).fill(-1);
  const second = new Int32Array(s.slots).fill(-1);
  const visit = (slot: number, i: number): void => {
    const b = best[slot];
    if (b < 0 || bits[b] < bits[i]) {
      second[slot] = b;
      best[slot] = i;
    } else if (second[slot] < 0 || bits[second[slot]] < bits[i]) second[slot] = i;
  };
  for (let i = 0; i < bits.length; i++) {
    if (!s.cross[i]) continue;
    visit(s.slotA[i], i);
    visit(s.slotB[i], i);
  }
  const strongest = new Int32Array(bits.length).fill(-1);
  for (let i = 0; i < bits.length; i++) {
    if (!s.cross[i]) continue;
    const rivals = [s.slotA[i], s.slotB[i]].map((slot) => (best[slot] === i ? second[slot] : best[slot])).filter((r) => r >= 0);
    if (rivals.length > 0) strongest[i] = rivals.reduce((x, y) => (bits[x] >= bits[y] ? x : y));
  }
  return strongest;
}
