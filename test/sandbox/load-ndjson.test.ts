import assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadNdjson, parseNdjson } from '../../src/sandbox/load-ndjson';
import { SandboxStore } from '../../src/sandbox/store';

const loc = (extra: object = {}) => JSON.stringify({ kind: 'location', integration: 'urn:integration:a', sourceId: 'L1', name: 'Blue Heron Café', ...extra });
const ev = (extra: object = {}) => JSON.stringify({
  kind: 'event', integration: 'urn:integration:a', sourceId: 'E1', name: 'Jazz Night', startDate: '2026-07-01T20:00:00.000Z',
  location: { integration: 'urn:integration:a', sourceId: 'L1' }, ...extra,
});

describe('NDJSON import', () => {
  it('reads locations and events with every member, numeric text coordinates, blank lines and unknown members', () => {
    const text = [
      loc({
        address: { streetAddress: '1 Main St', postalCode: '10001', addressRegion: 'NY', addressLocality: 'New York', addressCountry: 'US', extra: 1 },
        telephone: '(212) 555-0100', url: 'https://blue.example', latitude: '40.7359', longitude: -73.99, truth: 'place:1',
        images: [{ contentUrl: 'https://img.example/1.jpg', width: 10, height: 20, representativeOfPage: true }],
      }),
      '',
      '   ',
      ev({
        description: 'Live', accessStart: '2026-07-01T19:00:00.000Z', accessEnd: '2026-07-01T23:00:00.000Z', dateConfirmed: true, timeConfirmed: false,
        minimumPrice: 10, maximumPrice: '25.5', averagePrice: 15, listingCount: 3, eventStatus: 'EventScheduled',
        categories: [{ identifier: 'music', name: 'Music' }], keywords: ['jazz'], url: 'https://a.example/e1', truth: 'event:1',
      }),
    ].join('\r\n');
    const { records, errors } = parseNdjson(text);
    assert.deepEqual(errors, []);
    assert.equal(records.length, 2);
    assert.deepEqual(records[0], {
      kind: 'location', integration: 'urn:integration:a', sourceId: 'L1', name: 'Blue Heron Café',
      address: { streetAddress: '1 Main St', postalCode: '10001', addressRegion: 'NY', addressLocality: 'New York', addressCountry: 'US' },
      telephone: '(212) 555-0100', url: 'https://blue.example', latitude: 40.7359, longitude: -73.99,
      images: [{ contentUrl: 'https://img.example/1.jpg', width: 10, height: 20, representativeOfPage: true }],
    });
    const e = records[1];
    assert.equal(e.kind, 'event');
    assert.equal(e.kind === 'event' && e.maximumPrice, 25.5);
    assert.deepEqual(e.kind === 'event' && e.location, { integration: 'urn:integration:a', sourceId: 'L1' });
    assert.ok(!('truth' in e));
  });

  it('accepts an event whose location comes later in the file, and missing optional members', () => {
    const { records, errors } = parseNdjson([ev({ location: { integration: 'urn:integration:a', sourceId: 'L1' } }), loc()].join('\n'));
    assert.deepEqual(errors, []);
    assert.equal(records.length, 2);
  });

  it('reports every bad line with its number and reason, and drops none silently', () => {
    const lines = [
      loc(), //                                                          1 ok
      '{not json', //                                                    2
      '[1,2]', //                                                        3
      JSON.stringify({ integration: 'urn:integration:a', sourceId: 'x', name: 'n' }), // 4 missing kind
      loc({ kind: 'venue', sourceId: 'L2' }), //                          5
      loc({ integration: undefined, sourceId: 'L3' }), //                 6 missing integration
      loc({ sourceId: undefined }), //                                    7 missing sourceId
      loc({ name: '', sourceId: 'L4' }), //                               8 empty name
      loc({ sourceId: 5 }), //                                            9 wrong type
      loc({ sourceId: 'L5', latitude: 'north', longitude: 1 }), //        10
      loc({ sourceId: 'L6', latitude: 95, longitude: 1 }), //             11
      loc({ sourceId: 'L7', address: 'somewhere' }), //                   12
      ev({ startDate: '2026-07-01 20:00' }), //                          13 bad timestamp
      ev({ sourceId: 'E2', location: { integration: 'urn:integration:a', sourceId: 'nowhere' } }), // 14
      loc(), //                                                           15 duplicate of line 1
      ev({ sourceId: 'E3', location: { integration: 'urn:integration:a', sourceId: 'L5' } }), // 16 refers to a bad line
      ev({ sourceId: 'E4', location: { integration: 'urn:integration:a', sourceId: 'E4' } }), // 17 refers to an event
      ev({ sourceId: 'E5', minimumPrice: 30, maximumPrice: 10 }), //    18
      loc({ sourceId: 'L8', integration: 'not a uri' }), //               19
      ev({ sourceId: 'E6', accessEnd: '2026-02-30T00:00:00.000Z' }), //  20
      ev({ sourceId: 'E7', keywords: ['ok', 3] }), //                    21
      ev({ sourceId: 'E8', listingCount: 1.5 }), //                      22
    ];
    const { records, errors } = parseNdjson(lines.join('\n'));
    const reasons = new Map(errors.map((e) => [e.line, e.reason]));
    const expect: [number, RegExp][] = [
      [2, /^not JSON/], [3, /expected a JSON object/], [4, /missing "kind"/], [5, /"kind" must be "location" or "event", got "venue"/],
      [6, /missing "integration"/], [7, /missing "sourceId"/], [8, /"name" must not be empty/], [9, /"sourceId" must be a string, got number 5/],
      [10, /"latitude" must be a number or numeric text/], [11, /"latitude" must be between -90 and 90/], [12, /"address" must be an object/],
      [13, /"startDate" "2026-07-01 20:00" must be exactly 24 or 27 characters/], [14, /unknown location urn:integration:a#nowhere/],
      [15, /duplicate integration\+sourceId urn:integration:a#L1 \(first on line 1\)/], [16, /refers to urn:integration:a#L5, whose line 10 has errors/],
      [17, /refers to urn:integration:a#E4, which is an event, not a location/], [18, /"minimumPrice" 30 is greater than "maximumPrice" 10/],
      [19, /"integration" must be a URI/], [20, /"accessEnd" .* is not a real date/], [21, /"keywords\[1\]" must be a string/],
      [22, /"listingCount" must be a non-negative integer/],
    ];
    for (const [line, re] of expect) assert.match(reasons.get(line) ?? '(no error)', re, `line ${line}`);
    assert.deepEqual(errors.map((e) => e.line), expect.map(([l]) => l), 'errors sorted by line, one per bad line');
    assert.deepEqual(records.map((r) => r.sourceId), ['L1']);
    assert.equal(records.length + errors.length, lines.length, 'every line accounted for');
  });

  it('reads a file by path (BOM tolerated), and the store opens with its records', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dedup-load-'));
    try {
      const file = path.join(dir, 'in.ndjson');
      await fs.writeFile(file, '\uFEFF' + [loc({ latitude: 40.7, longitude: -74 }), ev()].join('\n') + '\n');
      const { records, errors } = await loadNdjson(file);
      assert.deepEqual(errors, []);
      const store = await SandboxStore.open({ seed: 1, locations: 0, events: 0, integrations: 1, records });
      try {
        assert.deepEqual(store.stats(), { locations: 1, events: 1, pendingRecommendations: 0, sourceRecords: 2 });
        const e = store.listEvents({ page: 0, pageSize: 10, updatedSince: 0, onlyExternalUpdates: false }).data[0];
        assert.equal(e.location?.name, 'Blue Heron Café');
        assert.equal(e.location?.latitude, '40.7');
      } finally {
        await store.close();
      }
      await assert.rejects(loadNdjson(path.join(dir, 'missing.ndjson')), /ENOENT/);
      assert.deepEqual((await loadNdjson({ text: loc() })).records.length, 1);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
