// Prints the misclassified pairs of a benchmark run (with --errors), to see what the matcher misses.
import type { PairScore } from '../../src/matching';

const LIMIT = 15;

export function showErrors<P extends { key: string }>(
  label: string,
  ids: readonly (string | undefined)[],
  prepared: readonly P[],
  pairs: Uint32Array,
  scores: Float64Array,
  threshold: number,
  score: (a: P, b: P) => PairScore,
  truth: Set<number>,
): void {
  const n = ids.length;
  const describe = (a: number, b: number): string => {
    const s = score(prepared[a], prepared[b]);
    const fields = s.fields.map((f) => `  ${f.field}: ${f.a ?? '∅'} | ${f.b ?? '∅'}  sim=${f.similarity?.toFixed(2) ?? 'null'} w=${f.weight.toFixed(2)}`);
    return `${prepared[a].key} ~ ${prepared[b].key}  score=${s.score.toFixed(3)}\n${fields.join('\n')}`;
  };
  const fp: string[] = [];
  const fn: string[] = [];
  const blocked = new Set<number>();
  for (let i = 0, p = 0; i < pairs.length; i += 2, p++) {
    const id = pairs[i] * n + pairs[i + 1];
    blocked.add(id);
    const isTrue = truth.has(id);
    if (scores[p] >= threshold && !isTrue && fp.length < LIMIT) fp.push(describe(pairs[i], pairs[i + 1]));
    if (scores[p] < threshold && isTrue && fn.length < LIMIT) fn.push(describe(pairs[i], pairs[i + 1]));
  }
  const missed: string[] = [];
  for (const id of truth) {
    if (blocked.has(id) || missed.length >= LIMIT) continue;
    missed.push(describe(Math.floor(id / n), id % n));
  }
  console.log(`\n=== ${label}: false positives (first ${LIMIT}) ===\n${fp.join('\n')}`);
  console.log(`=== ${label}: false negatives among blocked ===\n${fn.join('\n')}`);
  console.log(`=== ${label}: true pairs lost by blocking ===\n${missed.join('\n')}`);
}
