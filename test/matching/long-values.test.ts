// Hostile very long values (issue 12: a 100 KB name took 5–7 s to score, the work being quadratic
// in its length): the matcher compares a bounded start of each value, so a pair with 1 MB fields
// scores in about the time of a normal one, and real values score as before.
import assert from 'node:assert/strict';
import { jaroWinkler, levenshteinRatio, scoreEventPair, scoreLocationPair, softOverlap, type MatchLocation } from '../../src/matching';
import { MAX_COMPARED_CHARS, MAX_COMPARED_WORDS } from '../../src/matching/similarity';

/** Distinct pseudo-random words (a repeated word would let the pairing stop early). */
function words(length: number, seed: number): string {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  let s = '';
  while (s.length < length) {
    const n = 3 + Math.floor(next() * 8);
    for (let i = 0; i < n; i++) s += String.fromCharCode(97 + Math.floor(next() * 26));
    s += ' ';
  }
  return s.slice(0, length);
}

const MB = 1_000_000;

function place(key: string, seed: number): MatchLocation {
  return {
    key,
    name: words(MB, seed),
    address: { streetAddress: `12 ${words(MB, seed + 1)}`, addressLocality: words(MB, seed + 2), postalCode: '('.repeat(MB), addressCountry: words(MB, seed + 3) },
    telephone: `+1 ${' '.repeat(MB)}x`,
    url: `https://example.test/${words(MB, seed + 4)}`,
    latitude: 48.2,
    longitude: 16.37,
  };
}

describe('matching: very long values', function () {
  this.timeout(60000);

  it('compares only the start of each string: values equal there are equal to the measures', () => {
    const start = words(MAX_COMPARED_CHARS, 7);
    assert.equal(jaroWinkler(`${start}${words(5000, 1)}`, `${start}${words(5000, 2)}`), 1);
    assert.equal(levenshteinRatio(`${start}${words(5000, 1)}`, `${start}${words(5000, 2)}`), 1);
    const list = words(MAX_COMPARED_WORDS * 8, 3).split(' ').slice(0, MAX_COMPARED_WORDS);
    assert.equal(softOverlap([...list, 'alpha'], [...list, 'omega']).dice, 1);
    // Real values (far shorter than the bounds) are compared whole.
    assert.ok(jaroWinkler('cafe central', 'cafe centrale') < 1);
    assert.ok(softOverlap(['cafe', 'central'], ['cafe', 'sperl']).dice < 1);
  });

  it('scores a pair of locations and of events whose text fields are 1 MB each within a generous bound', () => {
    const a = place('a', 1);
    const b = place('b', 100);
    // Warm up the code paths on normal records, so the bound measures the long values only.
    scoreLocationPair({ key: 'x', name: 'Café Central' }, { key: 'y', name: 'Cafe Central Wien' });
    let started = performance.now();
    const pair = scoreLocationPair(a, b);
    const locationMs = performance.now() - started;
    assert.ok(pair.score >= 0 && pair.score <= 1);
    started = performance.now();
    const events = scoreEventPair({ key: 'e', name: words(MB, 5), startDate: '2024-07-01T08:00:00Z', location: a, url: a.url }, { key: 'f', name: words(MB, 6), startDate: '2024-07-01T08:00:00Z', location: b, url: b.url });
    const eventMs = performance.now() - started;
    assert.ok(events.score >= 0 && events.score <= 1);
    // Before the bound: minutes (quadratic); after: tens of milliseconds. 3 s leaves room for a busy machine.
    assert.ok(locationMs < 3000, `a location pair took ${Math.round(locationMs)} ms`);
    assert.ok(eventMs < 3000, `an event pair took ${Math.round(eventMs)} ms`);
  });
});
