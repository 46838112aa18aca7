// How the mirror's search forgives typos: words folded and split as typed, and a bounded
// Damerau–Levenshtein distance (a swap of two letters is one typo) with how many a word may have.
import { foldTerm } from './indexed-fields';

/** Spaces, punctuation, symbols and control characters split words. */
export const SPLIT = /[\p{Z}\p{P}\p{S}\p{C}]+/u;

/** The folded words of a text, in order. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const t of foldTerm(text).split(SPLIT)) if (t) out.push(t);
  return out;
}

/** How many typos a query word may have: none under four letters or with a digit, one to six letters, two from seven. */
export function maxTypos(term: string): number {
  if (term.length < 4 || /\d/.test(term)) return 0;
  return term.length < 7 ? 1 : 2;
}

/** The Damerau–Levenshtein distance of a and b, or max + 1 as soon as it is certain to exceed max. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const m = a.length;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n];
}
