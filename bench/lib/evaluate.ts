// Pairwise quality measures against ground truth: precision, recall and F1 of the predicted
// matches, and the blocking's pairs-completeness and reduction ratio.

export interface Quality {
  records: number;
  truePairs: number;
  comparisons: number;
  possiblePairs: number;
  /** True pairs that blocking compared / all true pairs. */
  pairsCompleteness: number;
  /** 1 - compared pairs / all possible pairs. */
  reductionRatio: number;
  predicted: number;
  truePositives: number;
  precision: number;
  recall: number;
  f1: number;
}

/** All unordered pairs of record indices that share an entity id (ids: one per record, or undefined). */
export function truePairKeys(ids: readonly (string | undefined)[]): Set<number> {
  const n = ids.length;
  const byId = new Map<string, number[]>();
  ids.forEach((id, i) => {
    if (id === undefined) return;
    const list = byId.get(id);
    if (list) list.push(i);
    else byId.set(id, [i]);
  });
  const out = new Set<number>();
  for (const members of byId.values()) {
    for (let x = 0; x < members.length; x++) for (let y = x + 1; y < members.length; y++) out.add(members[x] * n + members[y]);
  }
  return out;
}

/**
 * @param pairs blocked pairs, flattened [a0, b0, …] with a < b
 * @param scores the score of each blocked pair
 */
export function evaluate(ids: readonly (string | undefined)[], pairs: Uint32Array, scores: Float64Array, threshold: number): Quality {
  const n = ids.length;
  const truth = truePairKeys(ids);
  let blockedTrue = 0;
  let predicted = 0;
  let tp = 0;
  for (let i = 0, p = 0; i < pairs.length; i += 2, p++) {
    const isTrue = truth.has(pairs[i] * n + pairs[i + 1]);
    if (isTrue) blockedTrue++;
    if (scores[p] >= threshold) {
      predicted++;
      if (isTrue) tp++;
    }
  }
  const comparisons = pairs.length / 2;
  const possiblePairs = (n * (n - 1)) / 2;
  const precision = predicted === 0 ? 1 : tp / predicted;
  const recall = truth.size === 0 ? 1 : tp / truth.size;
  return {
    records: n,
    truePairs: truth.size,
    comparisons,
    possiblePairs,
    pairsCompleteness: truth.size === 0 ? 1 : blockedTrue / truth.size,
    reductionRatio: possiblePairs === 0 ? 1 : 1 - comparisons / possiblePairs,
    predicted,
    truePositives: tp,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}

export function formatQuality(label: string, q: Quality): string {
  const f = (x: number, d = 4) => x.toFixed(d);
  return `| ${label} | ${q.records} | ${q.truePairs} | ${q.comparisons} | ${f(q.pairsCompleteness)} | ${f(q.reductionRatio, 5)} | ${f(q.precision)} | ${f(q.recall)} | **${f(q.f1)}** |`;
}

export const QUALITY_HEADER = [
  '| data | records | true pairs | compared | pairs-completeness | reduction ratio | precision | recall | F1 |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
].join('\n');

/**
 * Pairwise quality of the recommendations themselves: every pair of keys inside a candidate counts
 * as predicted (a group of 3 predicts 3 pairs), against all true pairs.
 */
export function evaluateCandidates(keys: readonly string[], ids: readonly (string | undefined)[], candidates: readonly { keys: string[] }[]): { groups: number; largest: number; precision: number; recall: number; f1: number } {
  const idOf = new Map(keys.map((k, i) => [k, ids[i]]));
  const truth = truePairKeys(ids);
  const predicted = new Set<string>();
  let largest = 0;
  for (const c of candidates) {
    largest = Math.max(largest, c.keys.length);
    for (let x = 0; x < c.keys.length; x++) {
      for (let y = x + 1; y < c.keys.length; y++) {
        const [a, b] = c.keys[x] < c.keys[y] ? [c.keys[x], c.keys[y]] : [c.keys[y], c.keys[x]];
        predicted.add(`${a}\u0000${b}`);
      }
    }
  }
  let tp = 0;
  for (const p of predicted) {
    const [a, b] = p.split('\u0000');
    const ia = idOf.get(a);
    if (ia !== undefined && ia === idOf.get(b)) tp++;
  }
  const precision = predicted.size === 0 ? 1 : tp / predicted.size;
  const recall = truth.size === 0 ? 1 : tp / truth.size;
  return { groups: candidates.length, largest, precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}
