import assert from 'node:assert/strict';
import { distanceMeters, jaroWinkler, levenshteinRatio, softOverlap } from '../../src/matching';

describe('matching/similarity', () => {
  it('Jaro–Winkler matches the textbook values', () => {
    assert.ok(Math.abs(jaroWinkler('martha', 'marhta') - 0.9611) < 1e-3);
    assert.ok(Math.abs(jaroWinkler('dwayne', 'duane') - 0.84) < 1e-3);
    assert.equal(jaroWinkler('abc', 'abc'), 1);
    assert.equal(jaroWinkler('', ''), 0);
    assert.equal(jaroWinkler('abc', 'xyz'), 0);
  });

  it('Levenshtein ratio', () => {
    assert.equal(levenshteinRatio('kitten', 'sitting'), 1 - 3 / 7);
    assert.equal(levenshteinRatio('same', 'same'), 1);
  });

  it('soft overlap tolerates typos but not different numbers', () => {
    const typo = softOverlap(['bizou', 'cafe'], ['bizuo', 'cafe']);
    assert.ok(typo.dice > 0.9, String(typo.dice));
    assert.equal(softOverlap(['5th'], ['6th']).dice, 0);
    const sub = softOverlap(['fenix'], ['fenix', 'argyle']);
    assert.equal(sub.containment, 1);
    assert.ok(Math.abs(sub.dice - 2 / 3) < 1e-9);
  });

  it('haversine distance', () => {
    // One degree of latitude is about 111.2 km.
    assert.ok(Math.abs(distanceMeters(0, 0, 1, 0) - 111_195) < 100);
    assert.equal(distanceMeters(37.7, -122.4, 37.7, -122.4), 0);
  });
});
