// From scored links to recommendations. Links are joined strongest first (union-find), but a join
// is refused when the group would exceed maxGroupSize, when any pair across the two groups is
// excluded (rejected before), or when both groups already hold a record of the same integration
// (a source lists a place once, so two of its records in one group means two places were chained
// together). Links left between different groups are proposed as pairs on their own, so nothing
// above the threshold is lost: a reviewer still sees it.
import type { Candidate, ScoredPair } from './types';

export const DEFAULT_MAX_GROUP_SIZE = 8;

export interface IndexLink {
  a: number;
  b: number;
  score: number;
}

export function groupLinks(
  links: readonly IndexLink[],
  keyOf: (i: number) => string,
  maxGroupSize = DEFAULT_MAX_GROUP_SIZE,
  exclude?: (keyA: string, keyB: string) => boolean,
  sourceOf?: (i: number) => string | null,
): Candidate[] {
  const sorted = [...links].sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
  const parent = new Map<number, number>();
  const members = new Map<number, number[]>();
  const weakest = new Map<number, number>();
  const find = (i: number): number => {
    let r = i;
    while (parent.has(r)) r = parent.get(r) as number;
    // Path compression keeps later finds short.
    let c = i;
    while (c !== r) {
      const next = parent.get(c) as number;
      parent.set(c, r);
      c = next;
    }
    return r;
  };
  const membersOf = (r: number): number[] => members.get(r) ?? [r];
  const crossExcluded = (x: number[], y: number[]): boolean => {
    if (!exclude) return false;
    for (const i of x) for (const j of y) if (exclude(keyOf(i), keyOf(j))) return true;
    return false;
  };
  const sharesSource = (x: number[], y: number[]): boolean => {
    if (!sourceOf) return false;
    const sources = new Set(x.map(sourceOf).filter((v) => v !== null));
    return y.some((j) => {
      const v = sourceOf(j);
      return v !== null && sources.has(v);
    });
  };
  const leftovers: IndexLink[] = [];
  for (const link of sorted) {
    const ra = find(link.a);
    const rb = find(link.b);
    if (ra === rb) continue;
    const ma = membersOf(ra);
    const mb = membersOf(rb);
    if (ma.length + mb.length > maxGroupSize || crossExcluded(ma, mb) || sharesSource(ma, mb)) {
      leftovers.push(link);
      continue;
    }
    parent.set(rb, ra);
    members.set(ra, ma.concat(mb));
    members.delete(rb);
    weakest.set(ra, Math.min(link.score, weakest.get(ra) ?? 1, weakest.get(rb) ?? 1));
    weakest.delete(rb);
  }
  const pairsByRoot = new Map<number, ScoredPair[]>();
  for (const link of sorted) {
    const r = find(link.a);
    if (r !== find(link.b)) continue;
    const list = pairsByRoot.get(r) ?? [];
    list.push(toPair(link, keyOf));
    pairsByRoot.set(r, list);
  }
  const out: Candidate[] = [];
  for (const [root, group] of members) {
    const keys = group.map(keyOf).sort();
    out.push({ keys, score: weakest.get(root) ?? 0, pairs: pairsByRoot.get(root) ?? [] });
  }
  for (const link of leftovers) {
    const p = toPair(link, keyOf);
    out.push({ keys: [p.a, p.b], score: link.score, pairs: [p] });
  }
  return out.sort((x, y) => y.score - x.score || (x.keys[0] < y.keys[0] ? -1 : 1));
}

function toPair(link: IndexLink, keyOf: (i: number) => string): ScoredPair {
  const ka = keyOf(link.a);
  const kb = keyOf(link.b);
  return ka <= kb ? { a: ka, b: kb, score: link.score } : { a: kb, b: ka, score: link.score };
}
