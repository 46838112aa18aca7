// Pairwise quality of a clustering against ground truth: every pair of records inside one predicted
// cluster is a predicted match, every pair sharing a true id a true match. Used to judge the final
// unified records after curation, where pairs joined through other merges count as much as the
// recommendation that was approved.

export interface ClusterQuality {
  /** Records in the clusters. */
  records: number;
  predictedPairs: number;
  truePairs: number;
  truePositives: number;
  precision: number;
  recall: number;
  f1: number;
}

const pairsOf = (n: number): number => (n * (n - 1)) / 2;

/**
 * @param clusters the predicted clusters, each a list of record keys; together they are the universe
 *   (a record in none is not counted at all, so give singletons as one-member clusters)
 * @param trueIdOf the true id of a record key, undefined when the truth does not know it
 * @throws when a key has no true id or appears in two clusters: either would make the figures wrong
 */
export function clusterQuality(clusters: Iterable<readonly string[]>, trueIdOf: (key: string) => string | undefined): ClusterQuality {
  const seen = new Set<string>();
  const classSize = new Map<string, number>();
  let predictedPairs = 0;
  let truePositives = 0;
  for (const cluster of clusters) {
    const inCluster = new Map<string, number>();
    for (const key of cluster) {
      if (seen.has(key)) throw new Error(`record ${key} is in two clusters`);
      seen.add(key);
      const id = trueIdOf(key);
      if (id === undefined) throw new Error(`no true id for record ${key}`);
      inCluster.set(id, (inCluster.get(id) ?? 0) + 1);
      classSize.set(id, (classSize.get(id) ?? 0) + 1);
    }
    predictedPairs += pairsOf(cluster.length);
    for (const n of inCluster.values()) truePositives += pairsOf(n);
  }
  let truePairs = 0;
  for (const n of classSize.values()) truePairs += pairsOf(n);
  const precision = predictedPairs === 0 ? 1 : truePositives / predictedPairs;
  const recall = truePairs === 0 ? 1 : truePositives / truePairs;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { records: seen.size, predictedPairs, truePairs, truePositives, precision, recall, f1 };
}
