import assert from 'node:assert/strict';
import { clusterQuality } from '../../src/matching';

describe('matching/cluster-quality', () => {
  const truth = new Map([
    ['a', '1'],
    ['b', '1'],
    ['c', '1'],
    ['d', '2'],
    ['e', '3'],
  ]);
  const idOf = (k: string) => truth.get(k);

  it('counts the pairs joined inside a cluster, not only the ones named by a merge', () => {
    // {a,b,c} is three true pairs, whichever two merges built it.
    const q = clusterQuality([['a', 'b', 'c'], ['d'], ['e']], idOf);
    assert.deepEqual([q.records, q.predictedPairs, q.truePairs, q.truePositives], [5, 3, 3, 3]);
    assert.equal(q.precision, 1);
    assert.equal(q.recall, 1);
    assert.equal(q.f1, 1);
  });

  it('a wrong merge costs precision in every pair it adds, a missed one recall', () => {
    // {a,b,d}: pairs ab (true), ad, bd (false); c alone misses ac and bc.
    const q = clusterQuality([['a', 'b', 'd'], ['c'], ['e']], idOf);
    assert.equal(q.predictedPairs, 3);
    assert.equal(q.truePositives, 1);
    assert.equal(q.precision, 1 / 3);
    assert.equal(q.recall, 1 / 3);
    assert.ok(Math.abs(q.f1 - 1 / 3) < 1e-12);
  });

  it('all singletons: precision 1 by convention, recall 0', () => {
    const q = clusterQuality([...truth.keys()].map((k) => [k]), idOf);
    assert.equal(q.precision, 1);
    assert.equal(q.recall, 0);
    assert.equal(q.f1, 0);
  });

  it('refuses a record without truth or in two clusters, rather than a wrong figure', () => {
    assert.throws(() => clusterQuality([['a', 'x']], idOf), /no true id for record x/);
    assert.throws(() => clusterQuality([['a', 'b'], ['b']], idOf), /record b is in two clusters/);
  });
});
