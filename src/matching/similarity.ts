// String and token similarities in [0,1]. Each is symmetric and gives 1 for equal non-empty inputs.
//
// Each compares a bounded start of its inputs: the work is quadratic in their length, and a hostile
// 100 KB name would take seconds per pair. Names, streets and towns are far shorter than the
// bounds, so real records are compared whole.

/** Characters of each string that the character measures compare (Jaro–Winkler, Levenshtein). */
export const MAX_COMPARED_CHARS = 256;
/** Words of each list that softOverlap pairs (a name or street has a handful). */
export const MAX_COMPARED_WORDS = 64;

/** The first `max` characters, never ending on the first half of a surrogate pair. */
export function head(text: string, max = MAX_COMPARED_CHARS): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * A character measure over the bounded starts of its inputs, with the answers every such measure
 * gives alike: equal strings 1 (0 when both are empty), an empty string against another 0.
 * `measure` sees only two different non-empty strings.
 */
function characterMeasure(measure: (a: string, b: string) => number): (a: string, b: string) => number {
  return (a, b) => {
    a = head(a);
    b = head(b);
    if (a === b) return a.length > 0 ? 1 : 0;
    if (a.length === 0 || b.length === 0) return 0;
    return measure(a, b);
  };
}

let scratchA = new Uint8Array(64);
let scratchB = new Uint8Array(64);

/** Jaro–Winkler similarity: tolerant of typos and rewards a shared prefix (names, street words). */
export const jaroWinkler = characterMeasure((a, b) => {
  const la = a.length;
  const lb = b.length;
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  // Reused scratch buffers: this runs millions of times and allocation dominated it.
  if (la > scratchA.length) scratchA = new Uint8Array(la * 2);
  if (lb > scratchB.length) scratchB = new Uint8Array(lb * 2);
  const matchedA = scratchA;
  const matchedB = scratchB;
  matchedA.fill(0, 0, la);
  matchedB.fill(0, 0, lb);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const from = Math.max(0, i - window);
    const to = Math.min(lb - 1, i + window);
    for (let j = from; j <= to; j++) {
      if (!matchedB[j] && a.charCodeAt(i) === b.charCodeAt(j)) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!matchedA[i]) continue;
    while (!matchedB[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  const maxPrefix = Math.min(4, la, lb);
  while (prefix < maxPrefix && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
});

/** 1 - Levenshtein distance / longer length. */
export const levenshteinRatio = characterMeasure((a, b) => {
  const la = a.length;
  const lb = b.length;
  let prev = new Uint16Array(lb + 1);
  let cur = new Uint16Array(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
    }
    [prev, cur] = [cur, prev];
  }
  return 1 - prev[lb] / Math.max(la, lb);
});

/** Tokens this similar count as the same word (a typo or a spelling variant). */
const TOKEN_MATCH = 0.88;
/** A short word one edit away ("hare"/"hsre", "high"/"igh"): probably a typo, but not certainly. */
const ONE_EDIT = 0.75;

/** True when a and b are at most one insertion, deletion, substitution or adjacent swap apart. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i++;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function hasDigit(w: string): boolean {
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

// Word pairs recur across the many comparisons of one run (the same street and venue words), so
// their similarity is remembered; the memo is emptied when it grows large.
const memo = new Map<string, number>();
const MEMO_LIMIT = 200_000;

function tokenSimilarity(x: string, y: string): number {
  if (x === y) return 1;
  // Short words are cheap to compare; very long ones (hostile data) would fill the memo with huge keys.
  if (x.length < 5 || y.length < 5 || x.length > MAX_COMPARED_CHARS || y.length > MAX_COMPARED_CHARS) return computeTokenSimilarity(x, y);
  const key = x < y ? `${x}\u0000${y}` : `${y}\u0000${x}`;
  let s = memo.get(key);
  if (s === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    s = computeTokenSimilarity(x, y);
    memo.set(key, s);
  }
  return s;
}

function computeTokenSimilarity(x: string, y: string): number {
  // Numbers must agree exactly: "5th" vs "6th" are different streets, 12 and 13 different doors.
  if (hasDigit(x) || hasDigit(y)) return 0;
  if (x.length >= 5 && y.length >= 5) {
    const s = jaroWinkler(x, y);
    if (s >= TOKEN_MATCH) return s;
  }
  return Math.min(x.length, y.length) >= 3 && withinOneEdit(x, y) ? ONE_EDIT : 0;
}

function firstDifferenceGreater(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/**
 * Soft overlap of two word lists: each word of the shorter list is paired greedily with its most
 * similar unused word of the other. Words may weigh differently (weights: one per word, default 1).
 * Returns the weighted Dice coefficient (shared / average total) and the containment (shared /
 * smaller total).
 */
export function softOverlap(
  a: readonly string[],
  b: readonly string[],
  weightsA?: readonly number[],
  weightsB?: readonly number[],
): { dice: number; containment: number } {
  if (a.length > MAX_COMPARED_WORDS) a = a.slice(0, MAX_COMPARED_WORDS);
  if (b.length > MAX_COMPARED_WORDS) b = b.slice(0, MAX_COMPARED_WORDS);
  if (a.length === 0 || b.length === 0) return { dice: 0, containment: 0 };
  // The shorter list leads; between equal lengths a fixed order keeps the greedy pairing symmetric.
  const swap = a.length > b.length || (a.length === b.length && firstDifferenceGreater(a, b));
  const short = swap ? b : a;
  const long = swap ? a : b;
  const wShort = swap ? weightsB : weightsA;
  const wLong = swap ? weightsA : weightsB;
  // Names have a handful of words: a bit mask of the used ones avoids an allocation per call.
  let used = 0;
  let shared = 0;
  for (let i = 0; i < short.length; i++) {
    const x = short[i];
    let best = 0;
    let bestJ = -1;
    for (let j = 0; j < long.length; j++) {
      if (j < 31 && used & (1 << j)) continue;
      const s = tokenSimilarity(x, long[j]);
      if (s > best) {
        best = s;
        bestJ = j;
        if (s === 1) break;
      }
    }
    if (bestJ >= 0) {
      if (bestJ < 31) used |= 1 << bestJ;
      shared += (best * ((wShort ? wShort[i] : 1) + (wLong ? wLong[bestJ] : 1))) / 2;
    }
  }
  let wa = 0;
  let wb = 0;
  for (let i = 0; i < a.length; i++) wa += weightsA ? weightsA[i] : 1;
  for (let j = 0; j < b.length; j++) wb += weightsB ? weightsB[j] : 1;
  return { dice: (2 * shared) / (wa + wb), containment: Math.min(1, shared / Math.min(wa, wb)) };
}

/**
 * Distance in metres for nearby points: the equirectangular approximation, within 0.1 % of the
 * great-circle distance up to tens of kilometres and several times cheaper; beyond that only "far"
 * matters, so falls back to the haversine form.
 */
export function nearDistanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  if (Math.abs(dLat) > 0.01 || Math.abs(dLon) > 0.01) return distanceMeters(lat1, lon1, lat2, lon2);
  const x = dLon * Math.cos(((lat1 + lat2) / 2) * rad);
  return 6371008.8 * Math.sqrt(x * x + dLat * dLat);
}

/** Great-circle distance in metres (haversine). */
export function distanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
