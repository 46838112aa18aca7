import assert from 'node:assert/strict';
import {
  BlockTable,
  blockPairs,
  blockLocations,
  hashKey2,
  PARTNER_ONLY,
  findEventCandidates,
  findLocationCandidates,
  groupLinks,
  type MatchLocation,
} from '../../src/matching';

function place(key: string, name: string, street: string, lat: number, lon: number, phone?: string): MatchLocation {
  return { key, name, address: { streetAddress: street }, latitude: lat, longitude: lon, telephone: phone ?? null };
}

describe('matching/blocking', () => {
  it('compares records sharing any key, each pair once', () => {
    const r = blockPairs([['x', 'y'], ['x', 'y'], ['y'], ['z']], ['a', 'b', 'c', 'd']);
    assert.deepEqual([...r.pairs], [0, 1, 0, 2, 1, 2]);
    assert.equal(r.stats.comparisons, 3);
    assert.equal(r.stats.blocks, 2);
    assert.equal(r.stats.possiblePairs, 6);
    assert.equal(r.stats.cappedBlocks, 0);
  });

  it('sub-blocks an oversized block and counts it', () => {
    const n = 30;
    const r = blockPairs(Array.from({ length: n }, () => ['big']), Array.from({ length: n }, (_, i) => String(i).padStart(3, '0')), 10);
    assert.equal(r.stats.cappedBlocks, 1);
    assert.ok(r.stats.comparisons < (n * (n - 1)) / 2);
    // Sort-order neighbours are still compared.
    const pairs = new Set<string>();
    for (let i = 0; i < r.pairs.length; i += 2) pairs.add(`${r.pairs[i]}-${r.pairs[i + 1]}`);
    assert.ok(pairs.has('0-1') && pairs.has('28-29'));
  });
});

describe('matching/blocking: partner-only keys', () => {
  const set = (pairs: Uint32Array): string[] => {
    const out: string[] = [];
    for (let i = 0; i < pairs.length; i += 2) out.push(`${pairs[i]}-${pairs[i + 1]}`);
    return out;
  };

  it('compares a partner-only member with the others, never two partner-only members', () => {
    const p = PARTNER_ONLY;
    const r = blockPairs([[`${p}k`], [`${p}k`], ['k'], [`${p}k`]], ['a', 'b', 'c', 'd']);
    assert.deepEqual(set(r.pairs), ['0-2', '1-2', '2-3']);
    // A block of partners only is no block at all.
    const none = blockPairs([[`${p}k`], [`${p}k`]], ['a', 'b']);
    assert.equal(none.stats.comparisons, 0);
    assert.equal(none.stats.blocks, 0);
  });

  it('keeps the rule in a capped block', () => {
    const p = PARTNER_ONLY;
    const n = 30;
    // Every record but #15 is partner-only: only #15's name neighbours are compared, with it.
    const keys = Array.from({ length: n }, (_, i) => [i === 15 ? 'big' : `${p}big`]);
    const r = blockPairs(keys, Array.from({ length: n }, (_, i) => String(i).padStart(3, '0')), 10);
    assert.equal(r.stats.cappedBlocks, 1);
    const pairs = set(r.pairs);
    assert.ok(pairs.length > 0);
    for (const pair of pairs) assert.ok(pair.split('-').includes('15'), pair);
  });

  it('brings a place known only by its town to its partner with a street, but not two placed namesakes', () => {
    const town = (key: string, name: string, street: string | null): MatchLocation => ({ key, name, address: { streetAddress: street, addressLocality: 'Los Angeles' } });
    const records = [
      town('fodors#1', "Art's Deli", '12224 Ventura Blvd.'),
      town('zagat#1', "Art's Delicatessen", null),
      town('fodors#2', "Art's Table", '8 Main St.'),
    ];
    const pairs = set(blockLocations(records).pairs);
    // The street-less record meets both records sharing a name word in its town...
    assert.ok(pairs.includes('0-1') && pairs.includes('1-2'), pairs.join(' '));
    // ...while the two with streets (different ones) are not compared for sharing "art's".
    assert.ok(!pairs.includes('0-2'), pairs.join(' '));
  });
});

describe('matching/block-table', () => {
  it('keeps every key apart through many rehashes', () => {
    const table = new BlockTable(1);
    const h = new Uint32Array(2);
    // 20,000 keys, each shared by records k and k + 1 (and record k twice, which counts once).
    for (let k = 0; k < 20_000; k++) {
      hashKey2(`key-${k}`, h);
      table.add(h[0], h[1], k);
      table.add(h[0], h[1], k);
      table.add(h[0], h[1], k + 1);
    }
    const blocks: number[][] = [];
    table.forEachBlock((m) => blocks.push(m));
    assert.equal(blocks.length, 20_000);
    const sorted = blocks.sort((x, y) => x[0] - y[0]);
    sorted.forEach((m, k) => assert.deepEqual(m, [k, k + 1]));
  });
});

describe('matching/candidates', () => {
  const records: MatchLocation[] = [
    place('fodors#1', 'Cafe Bizou', '14016 Ventura Blvd.', 34.1478, -118.4393, '818-788-3536'),
    place('zagat#1', 'Bizou Cafe', '14016 Ventura Boulevard', 34.1479, -118.4392, '(818) 788 3536'),
    place('yelp#1', 'Café Bizou', '14016 Ventura Bl', 34.1478, -118.4394),
    place('fodors#2', 'Sushi Nozawa', '11288 Ventura Blvd.', 34.1405, -118.3855, '818-508-7017'),
    place('zagat#2', 'Campanile', '624 S. La Brea Ave.', 34.0635, -118.3442),
  ];

  it('groups the records several sources agree on, and leaves the rest alone', () => {
    const { candidates, stats } = findLocationCandidates(records);
    assert.equal(candidates.length, 1);
    assert.deepEqual(candidates[0].keys, ['fodors#1', 'yelp#1', 'zagat#1']);
    assert.equal(candidates[0].pairs.length, 3);
    assert.equal(candidates[0].score, Math.min(...candidates[0].pairs.map((p) => p.score)));
    assert.equal(stats.records, 5);
    assert.equal(stats.possiblePairs, 10);
    assert.ok(stats.comparisons < 10);
  });

  it('never proposes an excluded pair, nor groups across it', () => {
    const exclude = (a: string, b: string): boolean => [a, b].sort().join() === 'fodors#1,zagat#1';
    const { candidates } = findLocationCandidates(records, { exclude });
    for (const c of candidates) assert.ok(!(c.keys.includes('fodors#1') && c.keys.includes('zagat#1')), JSON.stringify(c));
    assert.ok(candidates.length >= 1);
  });

  it('caps group size instead of chaining', () => {
    const links = [
      { a: 0, b: 1, score: 0.9 },
      { a: 1, b: 2, score: 0.8 },
      { a: 2, b: 3, score: 0.7 },
    ];
    const groups = groupLinks(links, (i) => `k${i}`, 2);
    assert.deepEqual(groups.map((g) => g.keys), [['k0', 'k1'], ['k1', 'k2'], ['k2', 'k3']]);
  });

  it('does not put two records of one integration in one group, but still proposes the link', () => {
    const links = [
      { a: 0, b: 1, score: 0.9 },
      { a: 1, b: 2, score: 0.8 },
    ];
    const source = ['urn:a', 'urn:b', 'urn:a'];
    const groups = groupLinks(links, (i) => `k${i}`, 8, undefined, (i) => source[i]);
    assert.deepEqual(groups.map((g) => [g.keys, g.score]), [[['k0', 'k1'], 0.9], [['k1', 'k2'], 0.8]]);
  });

  it('finds duplicate events on the same day at the same place', () => {
    const loc = { key: 'l#1', name: 'Fillmore', latitude: 37.784, longitude: -122.433 };
    const { candidates } = findEventCandidates([
      { key: 'a#1', name: 'Trio Bizou', startDate: '2025-05-01T19:00:00.000Z', location: loc },
      { key: 'b#1', name: 'Trio Bizou live', startDate: '2025-05-01T19:30:00.000Z', location: loc },
      { key: 'a#2', name: 'Trio Bizou', startDate: '2025-05-08T19:00:00.000Z', location: loc },
    ]);
    assert.deepEqual(candidates.map((c) => c.keys), [['a#1', 'b#1']]);
  });
});
