// The traps real directories set, each as a small worked case.
import assert from 'node:assert/strict';
import {
  MATCH_THRESHOLD,
  prepareEvent,
  scoreEventPair,
  scoreLocationPair,
  startSimilarity,
  type MatchEvent,
  type MatchLocation,
} from '../../src/matching';
import { parseRestaurantsCsv, restaurantNdjsonLine } from '../../bench/lib/restaurants';

const at = (key: string, integration: string, rest: Partial<MatchLocation>): MatchLocation => ({ key, integration, ...rest });

describe('matching/scenarios', () => {
  it('two venues in one building (same address, postcode, coordinates, different names) are not merged', () => {
    const address = { streetAddress: '3557 High Street', postalCode: 'M1B 1H4', addressLocality: 'Toronto', addressCountry: 'CA' };
    const a = at('a#1', 'urn:a', { name: 'The Daily Grind', address, latitude: 43.6532, longitude: -79.3832 });
    const b = at('b#1', 'urn:b', { name: 'Salty Bell Cafe', address: { ...address, streetAddress: '3557 High St, Suite 20' }, latitude: 43.65321, longitude: -79.38322 });
    assert.ok(scoreLocationPair(a, b).score < MATCH_THRESHOLD);
  });

  it('two branches of a chain (same name and website, different addresses) are not merged', () => {
    const a = at('a#1', 'urn:a', { name: 'Bean Street Coffee', url: 'https://bean-street-coffee.example', address: { streetAddress: '772 Oak St', postalCode: '78722', addressLocality: 'Austin' } });
    const b = at('b#1', 'urn:b', { name: 'Bean Street Coffee', url: 'http://www.bean-street-coffee.example/', address: { streetAddress: '69 Station Rd', addressLocality: 'Chicago' } });
    assert.ok(scoreLocationPair(a, b).score < MATCH_THRESHOLD);
  });

  it('two outlets of one hotel (cafe vs dining room) are not merged; the same outlet reworded is', () => {
    const address = { streetAddress: '3434 Peachtree Rd.', addressLocality: 'Atlanta' };
    const cafe = at('f#1', 'urn:fodors', { name: 'Cafe Ritz-Carlton Buckhead', address });
    const cafe2 = at('z#1', 'urn:zagat', { name: 'Ritz-Carlton Cafe (Buckhead)', address: { ...address, streetAddress: '3434 Peachtree Rd. NE' } });
    const dining = at('z#2', 'urn:zagat', { name: 'Ritz-Carlton Dining Room (Buckhead)', address });
    assert.ok(scoreLocationPair(cafe, cafe2).score >= MATCH_THRESHOLD);
    assert.ok(scoreLocationPair(cafe, dining).score < MATCH_THRESHOLD);
  });

  it('a guide\'s name variants at one address still match', () => {
    const pairs: [string, string, string, string][] = [
      ["Art's Delicatessen", "Art's Deli", '12224 Ventura Blvd.', '12224 Ventura Blvd.'],
      ['Hotel Bel-Air', 'Bel-Air Hotel', '701 Stone Canyon Rd.', '701 Stone Canyon Rd.'],
      ['Restaurant Katsu', 'Katsu', '1972 N. Hillhurst Ave.', '1972 Hillhurst Ave.'],
      ['Plumpjack Cafe', 'Plumpjack Cafe', '3201 Fillmore St.', '3127 Fillmore St.'],
    ];
    for (const [n1, n2, s1, s2] of pairs) {
      const s = scoreLocationPair(at('f', 'urn:f', { name: n1, address: { streetAddress: s1 } }), at('z', 'urn:z', { name: n2, address: { streetAddress: s2 } }));
      assert.ok(s.score >= MATCH_THRESHOLD, `${n1} / ${n2}: ${s.score}`);
    }
  });

  it('a different door on the same street with a different name is another place', () => {
    const s = scoreLocationPair(at('f', 'urn:f', { name: 'Palace Court', address: { streetAddress: '3570 Las Vegas Blvd. S' } }), at('z', 'urn:z', { name: 'Empress Court', address: { streetAddress: '3570 Las Vegas Blvd. S' } }));
    assert.ok(s.score < MATCH_THRESHOLD);
  });

  it('events: a weekly series at one venue stays apart; a date-only listing of the same night joins', () => {
    const venue = at('l#1', 'urn:a', { name: 'The Hollow Wolf', latitude: 51.5, longitude: -0.12 });
    const jam = (key: string, startDate: string, name = 'Jazz Jam'): MatchEvent => ({ key, name, startDate, location: venue });
    assert.ok(scoreEventPair(jam('a', '2026-09-13T19:00:00.000Z'), jam('b', '2026-09-20T19:00:00.000Z')).score < MATCH_THRESHOLD);
    assert.ok(scoreEventPair(jam('a', '2026-09-13T19:00:00.000Z'), jam('b', '2026-09-13T00:00:00.000Z')).score >= MATCH_THRESHOLD);
    assert.equal(startSimilarity(Date.parse('2026-09-13T19:00:00.000Z'), Date.parse('2026-09-13T00:00:00.000Z')), 0.9);
  });

  it('events: one series title at two venues on one night are two events', () => {
    const e = (key: string, venue: MatchLocation): MatchEvent => ({ key, name: 'Jazz Jam', startDate: '2026-09-13T18:00:00.000Z', location: venue });
    const a = e('a', at('l#1', 'urn:a', { name: 'The Blue Bear', address: { streetAddress: '12 Oak St', addressLocality: 'Chicago' } }));
    const b = e('b', at('l#2', 'urn:b', { name: "Hughes's Music Hall", address: { streetAddress: '400 Mill Rd', addressLocality: 'Chicago' } }));
    assert.ok(scoreEventPair(a, b).score < MATCH_THRESHOLD);
  });

  it('events: "at <venue>" appended to a title is dropped when it names the event\'s venue', () => {
    const venue = { key: 'l', name: 'The Crystal Sparrow' };
    assert.deepEqual(prepareEvent({ key: 'e', name: 'Karaoke Night at the Crystal Sparrow', location: venue }).name.core, ['karaoke', 'night']);
    assert.deepEqual(prepareEvent({ key: 'e', name: 'Breakfast at Tiffanys', location: venue }).name.core, ['breakfast', 'tiffanys']);
  });
});

describe('bench/restaurants conversion', () => {
  const csv = [
    'name,address,city,cuisine,unique_id',
    `"arnie morton's of chicago", "435 s. la cienega blv.", "los angeles", "american", '0'`,
    `"arnie morton's of chicago", "435 s. la cienega blvd.", "los angeles", "steakhouses", '0'`,
    `"adriano's ristorante", "2930 beverly glen circle", "los angeles", "italian", '112'`,
    `"apple pan  the", "10801 w. pico blvd.", "west la", "american", '534'`,
  ].join('\n');

  it('reads the quoted CSV and assigns the guide from the benchmark layout', () => {
    const rows = parseRestaurantsCsv(csv);
    assert.deepEqual(rows.map((r) => [r.name, r.source, r.uniqueId]), [
      ["arnie morton's of chicago", 'fodors', '0'],
      ["arnie morton's of chicago", 'zagat', '0'],
      ["adriano's ristorante", 'fodors', '112'],
      ['apple pan  the', 'zagat', '534'],
    ]);
    assert.equal(rows[0].address, '435 s. la cienega blv.');
  });

  it('writes sandbox --load lines with the truth as an extra member', () => {
    const line = restaurantNdjsonLine(parseRestaurantsCsv(csv)[1], 1);
    assert.deepEqual(line, {
      kind: 'location',
      integration: 'urn:integration:zagat',
      sourceId: '1',
      name: "arnie morton's of chicago",
      address: { streetAddress: '435 s. la cienega blvd.', postalCode: null, addressRegion: null, addressLocality: 'los angeles', addressCountry: null },
      telephone: null,
      url: null,
      latitude: null,
      longitude: null,
      truth: 'restaurant:0',
    });
  });
});
