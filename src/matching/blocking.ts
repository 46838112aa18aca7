// Blocking: which pairs get scored at all. Each record gets several keys; two records are compared
// when they share any key (a union of blocks), so a typo in one field still leaves the others to
// bring a true pair together. Oversized blocks (a chain's name, a platform's host) are not compared
// in full: they are sorted and only near neighbours are compared, and they are counted as capped.
import type { BlockingStats } from './types';
import { BlockTable, hashKey2 } from './block-table';

/**
 * A key starting with this joins its record to the block as a partner only: it is compared with the
 * block's other members but not with the block's other partner-only members (blockPairs).
 */
export const PARTNER_ONLY = '~';

/** Blocks above this size are sub-blocked. 60 keeps the worst block under ~1,800 comparisons. */
export const DEFAULT_MAX_BLOCK_SIZE = 60;
/** In a capped block, each record is compared with this many following records in sort order. */
export const CAPPED_WINDOW = 8;

export interface BlockingResult {
  /** Record index pairs, flattened: [a0, b0, a1, b1, …] with a < b, each pair once, in ascending order. */
  pairs: Uint32Array;
  stats: BlockingStats;
}

/**
 * Pairs of records that share a blocking key.
 * @param keys blocking keys per record, as an array or computed on demand (keys of record i)
 * @param sortKeys per-record text used to order an oversized block (e.g. the normalised name)
 */
export function blockPairs(
  keys: readonly (readonly string[])[] | { count: number; of: (i: number) => readonly string[] },
  sortKeys: readonly string[],
  maxBlockSize = DEFAULT_MAX_BLOCK_SIZE,
): BlockingResult {
  // Computing keys on demand keeps only the block map in memory, not every record's key list.
  const n = Array.isArray(keys) ? keys.length : (keys as { count: number }).count;
  // Pair ids are a * n + b in a double: exact while n² stays below 2^53.
  if (n > 90_000_000) throw new RangeError(`blockPairs: at most 90,000,000 records at once, got ${n}`);
  const keysOf = Array.isArray(keys) ? (i: number) => keys[i] : (keys as { of: (i: number) => readonly string[] }).of;
  const table = new BlockTable(n * 8);
  const h = new Uint32Array(2);
  // A partner-only member is stored as -(i + 1).
  for (let i = 0; i < n; i++) {
    for (const key of keysOf(i)) {
      const partner = key.startsWith(PARTNER_ONLY);
      hashKey2(partner ? key.slice(PARTNER_ONLY.length) : key, h);
      table.add(h[0], h[1], partner ? -(i + 1) : i);
    }
  }
  // Pair ids (a * n + b) with repeats, sorted and de-duplicated at the end: a typed array sort is
  // far cheaper than a Set of millions of large numbers.
  let ids = new Float64Array(1 << 16);
  let count = 0;
  const add = (x: number, y: number): void => {
    if (count === ids.length) {
      const bigger = new Float64Array(ids.length * 2);
      bigger.set(ids);
      ids = bigger;
    }
    ids[count++] = x < y ? x * n + y : y * n + x;
  };
  let blockCount = 0;
  let capped = 0;
  const pair = (x: number, y: number): void => {
    if (x >= 0 || y >= 0) add(x < 0 ? -x - 1 : x, y < 0 ? -y - 1 : y);
  };
  const index = (x: number): number => (x < 0 ? -x - 1 : x);
  table.forEachBlock((members) => {
    if (members.every((m) => m < 0)) return;
    blockCount++;
    if (members.length <= maxBlockSize) {
      for (let x = 0; x < members.length; x++) for (let y = x + 1; y < members.length; y++) pair(members[x], members[y]);
      return;
    }
    capped++;
    const byName = members.sort((x, y) => {
      const a = sortKeys[index(x)];
      const b = sortKeys[index(y)];
      return a < b ? -1 : a > b ? 1 : index(x) - index(y);
    });
    for (let x = 0; x < byName.length; x++) {
      const end = Math.min(byName.length, x + 1 + CAPPED_WINDOW);
      for (let y = x + 1; y < end; y++) pair(byName[x], byName[y]);
    }
  });
  const sorted = ids.subarray(0, count).sort();
  let distinct = 0;
  for (let i = 0; i < count; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  const pairs = new Uint32Array(distinct * 2);
  for (let i = 0, p = 0; i < count; i++) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    const a = Math.floor(sorted[i] / n);
    pairs[p++] = a;
    pairs[p++] = sorted[i] - a * n;
  }
  return {
    pairs,
    stats: { records: n, comparisons: distinct, blocks: blockCount, cappedBlocks: capped, possiblePairs: (n * (n - 1)) / 2 },
  };
}
