// Blocking: which pairs get scored at all. Each record gets several keys; two records are compared
// when they share any key (a union of blocks), so a typo in one field still leaves the others to
// bring a true pair together. Oversized blocks (a chain's name, a platform's host) are not compared
// in full: they are sorted and only near neighbours are compared, and they are counted as capped.
import type { BlockingStats } from './types';

/** Blocks above this size are sub-blocked. 60 keeps the worst block under ~1,800 comparisons. */
export const DEFAULT_MAX_BLOCK_SIZE = 60;
/** In a capped block, each record is compared with this many following records in sort order. */
export const CAPPED_WINDOW = 8;

export interface BlockingResult {
  /** Record index pairs, flattened: [a0, b0, a1, b1, …] with a < b, each pair once. */
  pairs: Uint32Array;
  stats: BlockingStats;
}

/**
 * Pairs of records that share a blocking key.
 * @param keys blocking keys per record
 * @param sortKeys per-record text used to order an oversized block (e.g. the normalised name)
 */
export function blockPairs(keys: readonly (readonly string[])[], sortKeys: readonly string[], maxBlockSize = DEFAULT_MAX_BLOCK_SIZE): BlockingResult {
  const n = keys.length;
  const blocks = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    for (const k of keys[i]) {
      const members = blocks.get(k);
      if (members === undefined) blocks.set(k, [i]);
      else if (members[members.length - 1] !== i) members.push(i);
    }
  }
  const seen = new Set<number>();
  const out: number[] = [];
  const add = (x: number, y: number): void => {
    const [a, b] = x < y ? [x, y] : [y, x];
    const id = a * n + b;
    if (seen.has(id)) return;
    seen.add(id);
    out.push(a, b);
  };
  let blockCount = 0;
  let capped = 0;
  for (const members of blocks.values()) {
    if (members.length < 2) continue;
    blockCount++;
    if (members.length <= maxBlockSize) {
      for (let x = 0; x < members.length; x++) for (let y = x + 1; y < members.length; y++) add(members[x], members[y]);
      continue;
    }
    capped++;
    const sorted = [...members].sort((x, y) => (sortKeys[x] < sortKeys[y] ? -1 : sortKeys[x] > sortKeys[y] ? 1 : x - y));
    for (let x = 0; x < sorted.length; x++) {
      const end = Math.min(sorted.length, x + 1 + CAPPED_WINDOW);
      for (let y = x + 1; y < end; y++) add(sorted[x], sorted[y]);
    }
  }
  return {
    pairs: Uint32Array.from(out),
    stats: { records: n, comparisons: out.length / 2, blocks: blockCount, cappedBlocks: capped, possiblePairs: (n * (n - 1)) / 2 },
  };
}
