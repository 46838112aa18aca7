// From scored links to recommendations, without chaining. Links are joined strongest first
// (union-find), but a join is refused when the group would exceed maxGroupSize, when any pair across
// the two groups is excluded (rejected before), when both groups already hold a record of the same
// integration (a source lists a place once), or — when a pair scorer is given — when any pair
// across the two groups scores below the threshold: a group is kept only while every pair in it
// would be proposed on its own, so one false link cannot join two real groups. Links left between
// different groups are proposed as pairs on their own, so nothing above the threshold is lost.
import type { Candidate, ScoredPair } from './types';

export const DEFAULT_MAX_GROUP_SIZE = 8;

export interface IndexLink {
  a: number;
  b: number;
  score: number;
}

export interface GroupingOptions {
  maxGroupSize?: number;
  exclude?: (keyA: string, keyB: string) => boolean;
  sourceOf?: (i: number) => string | null;
  /** The score of any pair of records (blocked or not): enables the coherence rule, with `threshold`. */
  pairScore?: (a: number, b: number) => number;
  /** Every pair inside a group must score at least this (with `pairScore`). */
  threshold?: number;
}

export function groupLinks(
  links: readonly IndexLink[],
  keyOf: (i: number) => string,
  maxGroupSize = DEFAULT_MAX_GROUP_SIZE,
  exclude?: (keyA: string, keyB: string) => boolean,
  sourceOf?: (i: number) => string | null,
  coherence?: { pairScore: (a: number, b: number) => number; threshold: number },
): Candidate[] {
  return groupIndexLinks(links, keyOf, { maxGroupSize, exclude, sourceOf, ...coherence });
}

/** Clusters as lists of record indices (each of 2+), and the links left between them. */
export function clusterLinks(links: readonly IndexLink[], o: GroupingOptions & { keyOf?: (i: number) => string }): { clusters: { members: number[]; pairs: IndexLink[] }[]; leftovers: IndexLink[] } {
  const maxGroupSize = o.maxGroupSize ?? DEFAULT_MAX_GROUP_SIZE;
  const sorted = [...links].sort((x, y) => y.score - x.score || x.a - y.a || x.b - y.b);
  // Pairs as one number (exact below 2^26 records): string keys cost seconds at 100,000 records.
  const pairKey = (x: number, y: number): number => (x < y ? x * 67_108_864 + y : y * 67_108_864 + x);
  const known = new Map<number, number>();
  for (const l of links) known.set(pairKey(l.a, l.b), l.score);
  const scoreOf = (x: number, y: number): number => known.get(pairKey(x, y)) ?? (o.pairScore ? o.pairScore(x, y) : 0);
  const parent = new Map<number, number>();
  const members = new Map<number, number[]>();
  const find = (i: number): number => {
    let r = i;
    while (parent.has(r)) r = parent.get(r) as number;
    let c = i;
    while (c !== r) {
      const next = parent.get(c) as number;
      parent.set(c, r);
      c = next;
    }
    return r;
  };
  const membersOf = (r: number): number[] => members.get(r) ?? [r];
  const keyOf = o.keyOf ?? String;
  const refused = (x: number[], y: number[]): boolean => {
    for (const i of x) {
      for (const j of y) {
        if (o.exclude && o.exclude(keyOf(i), keyOf(j))) return true;
        if (o.pairScore && o.threshold !== undefined && scoreOf(i, j) < o.threshold) return true;
      }
    }
    return false;
  };
  const sharesSource = (x: number[], y: number[]): boolean => {
    if (!o.sourceOf) return false;
    const sources = new Set(x.map(o.sourceOf).filter((v) => v !== null));
    return y.some((j) => {
      const v = o.sourceOf!(j);
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
    if (ma.length + mb.length > maxGroupSize || sharesSource(ma, mb) || refused(ma, mb)) {
      leftovers.push(link);
      continue;
    }
    parent.set(rb, ra);
    members.set(ra, ma.concat(mb));
    members.delete(rb);
  }
  const pairsByRoot = new Map<number, IndexLink[]>();
  for (const link of sorted) {
    const r = find(link.a);
    if (r !== find(link.b)) continue;
    const list = pairsByRoot.get(r) ?? [];
    list.push(link);
    pairsByRoot.set(r, list);
  }
  const clusters = [...members].map(([root, group]) => ({ members: group, pairs: pairsByRoot.get(root) ?? [] }));
  return { clusters, leftovers };
}

function groupIndexLinks(links: readonly IndexLink[], keyOf: (i: number) => string, o: GroupingOptions): Candidate[] {
  const { clusters, leftovers } = clusterLinks(links, { ...o, keyOf });
  const out: Candidate[] = [];
  for (const { members, pairs } of clusters) {
    const keys = members.map(keyOf).sort();
    // The weakest link inside the group: a group is never shown as more certain than its weakest pair.
    out.push({ keys, score: Math.min(...pairs.map((p) => p.score)), pairs: pairs.map((l) => toPair(l, keyOf)) });
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
