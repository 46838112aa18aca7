import assert from 'node:assert/strict';
import {
  MATCH_THRESHOLD,
  PRIOR_LOCATION_MODEL,
  priorBits,
  scoreEventPair,
  scoreLocationPair,
  type MatchLocation,
} from '../../src/matching';

const bizou: MatchLocation = {
  key: 'a#1',
  name: 'Cafe Bizou',
  address: { streetAddress: '14016 Ventura Blvd.', postalCode: '91423', addressLocality: 'Sherman Oaks' },
  telephone: '(818) 788-3536',
  url: 'https://www.cafebizou.com/',
  latitude: 34.1478,
  longitude: -118.4393,
};

describe('matching/score', () => {
  it('the same place written differently scores high, with an explanation that adds up', () => {
    const other: MatchLocation = {
      key: 'b#9',
      name: 'Bizou Café',
      address: { streetAddress: '14016 Ventura Boulevard', postalCode: '91423' },
      telephone: '+1 818.788.3536',
      url: 'http://cafebizou.com/menu',
      latitude: 34.1479,
      longitude: -118.4391,
    };
    const s = scoreLocationPair(bizou, other);
    assert.ok(s.score > 0.99, String(s.score));
    assert.equal(s.prior, priorBits(PRIOR_LOCATION_MODEL));
    const sum = s.fields.reduce((t, f) => t + f.weight, s.prior);
    assert.ok(Math.abs(sum - s.logOdds) < 1e-9);
    assert.ok(Math.abs(s.score - 1 / (1 + 2 ** -s.logOdds)) < 1e-12);
    assert.deepEqual(s.fields.map((f) => f.field), ['name', 'address', 'town', 'postcode', 'phone', 'url', 'distance', 'integration']);
    assert.equal(s.fields.find((f) => f.field === 'phone')?.a, '8187883536');
  });

  // Issue 16, point 6: an explanation a curator can follow says why an agreeing "where" field adds little.
  it('names the "where" field that counted in full beside each agreement that was discounted', () => {
    const other: MatchLocation = { ...bizou, key: 'b#2', name: 'Bizou', url: null, telephone: null };
    const s = scoreLocationPair(bizou, other);
    const field = (f: string) => s.fields.find((x) => x.field === f)!;
    // The address agrees most strongly; postcode and distance agree too and say the same place again.
    assert.equal(field('address').countedWith, undefined);
    for (const f of ['postcode', 'distance']) {
      assert.equal(field(f).countedWith, 'address', f);
      const full = PRIOR_LOCATION_MODEL.comparisons.find((c) => c.field === f)!.levels[0];
      assert.ok(Math.abs(field(f).weight - Math.log2(full.m / full.u) * PRIOR_LOCATION_MODEL.whereDiscount) < 1e-9, f);
    }
    // A field that disagrees, or says nothing, is not "counted with" anything.
    assert.equal(field('name').countedWith, undefined);
    assert.equal(field('phone').countedWith, undefined);
  });

  it('a different place nearby scores low', () => {
    const other: MatchLocation = {
      key: 'b#2',
      name: 'Sushi Nozawa',
      address: { streetAddress: '11288 Ventura Blvd.', postalCode: '91604' },
      telephone: '818-508-7017',
      latitude: 34.1405,
      longitude: -118.3855,
    };
    assert.ok(scoreLocationPair(bizou, other).score < 0.01);
  });

  it('the same house number on another street, or another number on the same street, disagrees', () => {
    const base = { key: 'x', name: 'Bizou' };
    const s = scoreLocationPair(
      { ...base, address: { streetAddress: '12 Main St' } },
      { ...base, key: 'y', address: { streetAddress: '14 Main St' } },
    );
    assert.ok((s.fields.find((f) => f.field === 'address')?.weight ?? 0) < 0);
  });

  it('missing fields say nothing', () => {
    const s = scoreLocationPair({ key: 'x', name: 'Bizou' }, { key: 'y', name: 'Bizou' });
    for (const f of s.fields.filter((f) => f.field !== 'name')) {
      assert.equal(f.similarity, null);
      assert.equal(f.weight, 0);
    }
  });

  it('events: same name, time and place match; another day does not', () => {
    const loc = { key: 'l#1', name: 'The Fillmore', latitude: 37.784, longitude: -122.433 };
    const a = { key: 'e#1', name: 'Jazz Night: Trio Bizou', startDate: '2025-05-01T19:00:00.000Z', location: loc };
    const b = { key: 'e#2', name: 'Trio Bizou - Jazz Night', startDate: '2025-05-01T19:00:00.000Z', location: { ...loc, key: 'l#2', name: 'Fillmore' } };
    const same = scoreEventPair(a, b);
    assert.ok(same.score >= MATCH_THRESHOLD, JSON.stringify(same));
    const later = scoreEventPair(a, { ...b, startDate: '2025-05-08T19:00:00.000Z' });
    assert.ok(later.score < MATCH_THRESHOLD, JSON.stringify(later));
    assert.deepEqual(same.fields.map((f) => f.field), ['name', 'start', 'location', 'url', 'qualifier']);
  });
});
