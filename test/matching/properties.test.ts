// Properties that must hold for any input, checked on generated records.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  blockPairs,
  distanceMeters,
  geoQuad,
  jaroWinkler,
  MATCH_THRESHOLD,
  scoreEventPair,
  scoreLocationPair,
  softOverlap,
  withinOneEdit,
  type MatchLocation,
} from '../../src/matching';

const word = fc.stringMatching(/^[a-z]{1,9}$/);
const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const location: fc.Arbitrary<MatchLocation> = fc.record({
  key: fc.uuid(),
  name: maybe(text),
  address: maybe(
    fc.record({
      streetAddress: maybe(fc.tuple(fc.integer({ min: 1, max: 9999 }), text, fc.constantFrom('St', 'Ave', 'Blvd', 'Rd')).map(([n, s, t]) => `${n} ${s} ${t}`)),
      postalCode: maybe(fc.stringMatching(/^[0-9]{5}$/)),
      addressLocality: maybe(text),
      addressCountry: maybe(fc.constantFrom('US', 'USA', 'GB', 'Canada')),
    }),
  ),
  telephone: maybe(fc.stringMatching(/^\+?[0-9 ().-]{7,16}$/)),
  url: maybe(fc.tuple(fc.constantFrom('http://', 'https://www.', ''), word).map(([s, h]) => `${s}${h}.example/x`)),
  latitude: maybe(fc.double({ min: -60, max: 60, noNaN: true })),
  longitude: maybe(fc.double({ min: -170, max: 170, noNaN: true })),
  integration: maybe(fc.constantFrom('urn:integration:a', 'urn:integration:b')),
});

describe('matching/properties', () => {
  it('location scores are symmetric, in [0,1], and explained to the bit', () => {
    fc.assert(
      fc.property(location, location, (a, b) => {
        const ab = scoreLocationPair(a, b);
        const ba = scoreLocationPair(b, a);
        assert.ok(ab.score >= 0 && ab.score <= 1);
        assert.ok(Math.abs(ab.logOdds - ba.logOdds) < 1e-9);
        const sum = ab.fields.reduce((t, f) => t + f.weight, ab.prior);
        assert.ok(Math.abs(sum - ab.logOdds) < 1e-9);
        for (const f of ab.fields) {
          if (f.similarity === null) assert.equal(f.weight, 0, f.field);
          else assert.ok(f.similarity >= 0 && f.similarity <= 1, `${f.field} ${f.similarity}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a record with a name and an address matches a copy of itself (other key, other integration)', () => {
    fc.assert(
      fc.property(location, (a) => {
        fc.pre(!!a.name && !!a.address?.streetAddress);
        const copy = { ...a, key: `${a.key}-copy`, integration: 'urn:integration:other' };
        assert.ok(scoreLocationPair(a, copy).score >= MATCH_THRESHOLD);
      }),
      { numRuns: 200 },
    );
  });

  it('event scores are symmetric and in [0,1]', () => {
    const event = fc.record({
      key: fc.uuid(),
      name: maybe(text),
      startDate: maybe(fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString())),
      location: maybe(location),
      url: maybe(fc.constant('https://x.example/e/1')),
    });
    fc.assert(
      fc.property(event, event, (a, b) => {
        const ab = scoreEventPair(a, b);
        assert.ok(ab.score >= 0 && ab.score <= 1);
        assert.ok(Math.abs(ab.logOdds - scoreEventPair(b, a).logOdds) < 1e-9);
      }),
      { numRuns: 200 },
    );
  });

  it('similarities are symmetric and bounded', () => {
    fc.assert(
      fc.property(word, word, (x, y) => {
        const s = jaroWinkler(x, y);
        assert.ok(s >= 0 && s <= 1 + 1e-12);
        assert.ok(Math.abs(s - jaroWinkler(y, x)) < 1e-12);
        assert.equal(withinOneEdit(x, y), withinOneEdit(y, x));
      }),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 5 }), fc.array(word, { maxLength: 5 }), (a, b) => {
        const o = softOverlap(a, b);
        assert.ok(o.dice >= 0 && o.dice <= 1 + 1e-12 && o.containment >= 0 && o.containment <= 1);
      }),
    );
  });

  it('blockPairs gives exactly the pairs sharing a key, each once', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 3 }), { maxLength: 25 }), (keys) => {
        const r = blockPairs(keys, keys.map(() => ''), 1000);
        const expected: number[] = [];
        for (let i = 0; i < keys.length; i++) for (let j = i + 1; j < keys.length; j++) if (keys[i].some((k) => keys[j].includes(k))) expected.push(i, j);
        assert.deepEqual([...r.pairs], expected);
      }),
    );
  });

  it('two points within 70 m share a geohash quad cell', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.double({ min: -170, max: 170, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 70, noNaN: true }),
        (lat, lon, angle, metres) => {
          const dLat = (metres * Math.sin(angle)) / 111_195;
          const dLon = (metres * Math.cos(angle)) / (111_195 * Math.cos((lat * Math.PI) / 180));
          assert.ok(distanceMeters(lat, lon, lat + dLat, lon + dLon) < 71);
          const a = geoQuad(lat, lon);
          const b = geoQuad(lat + dLat, lon + dLon);
          assert.ok(a.some((c) => b.includes(c)), `${lat},${lon} +${metres} m`);
        },
      ),
      { numRuns: 500 },
    );
  });
});
