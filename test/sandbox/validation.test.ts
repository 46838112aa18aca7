// Every 400 of the five endpoints over real HTTP, each naming the member at fault, plus the
// bounds that are accepted.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index';
import { parseEventsRequest, parseLocationsRequest, parseRecommendationListRequest } from '../../src/sandbox/request-validation';

const PAST = '2000-01-01T00:00:00.000Z';
const LOC = 'locations';
const EV = 'events';
const RECS = 'recommended-deduplications';
const APPROVE = 'recommended-deduplications/approve';
const REJECT = 'recommended-deduplications/reject';

// [endpoint, raw body, member named (or '' for the body as a whole), error code, message pattern]
type Case = [string, string, string, string, RegExp];
const j = (v: unknown) => JSON.stringify(v);

const CASES: Case[] = [
  // The body as a whole.
  [LOC, 'not json', '', 'invalid_json', /not valid JSON/],
  [LOC, '[]', '', 'invalid_json', /must be a JSON object, got an array/],
  [LOC, 'null', '', 'invalid_json', /must be a JSON object, got null/],
  [LOC, '"text"', '', 'invalid_json', /got a string/],
  [RECS, '42', '', 'invalid_json', /got a number/],
  [RECS, '{"page":', '', 'invalid_json', /not valid JSON/],
  [APPROVE, '[{"id":"x"}]', '', 'invalid_json', /got an array/],
  // Required members.
  [LOC, '', 'updated_since', 'missing_member', /request body is required.*updated_since/],
  [LOC, '{}', 'updated_since', 'missing_member', /updated_since is required/],
  [EV, j({ page: 0 }), 'updated_since', 'missing_member', /updated_since is required/],
  [APPROVE, '', 'id', 'missing_member', /request body is required.*id/],
  [APPROVE, '{}', 'id', 'missing_member', /id is required/],
  [REJECT, j({ ID: 'x' }), 'id', 'missing_member', /id is required/],
  // id.
  [APPROVE, j({ id: 7 }), 'id', 'invalid_member', /id must be a string.*got a number/],
  [REJECT, j({ id: null }), 'id', 'invalid_member', /got null/],
  [REJECT, j({ id: '' }), 'id', 'invalid_member', /must not be empty/],
  [APPROVE, j({ id: ['x'] }), 'id', 'invalid_member', /got an array/],
  // Timestamps.
  [LOC, j({ updated_since: '2024-01-01' }), 'updated_since', 'invalid_member', /24 or 27 characters long, got 10/],
  [LOC, j({ updated_since: '2024-01-01T00:00:00Z' }), 'updated_since', 'invalid_member', /24 or 27/],
  [LOC, j({ updated_since: '2024-01-01T00:00:00.000+00:00' }), 'updated_since', 'invalid_member', /24 or 27/],
  [LOC, j({ updated_since: '2024-01-01 00:00:00.000Z' }), 'updated_since', 'invalid_member', /YYYY-MM-DD/],
  [LOC, j({ updated_since: '2024-02-30T00:00:00.000Z' }), 'updated_since', 'invalid_member', /real date/],
  [LOC, j({ updated_since: '-000000-01-01T00:00:00.000Z' }), 'updated_since', 'invalid_member', /-000000/],
  [LOC, j({ updated_since: 1704067200000 }), 'updated_since', 'invalid_member', /timestamp string.*got a number/],
  [LOC, j({ updated_since: null }), 'updated_since', 'invalid_member', /got null/],
  [EV, j({ updated_since: PAST, start_after: '2024-01-01' }), 'start_after', 'invalid_member', /start_after .*24 or 27/],
  [EV, j({ updated_since: PAST, start_before: 'tomorrow' }), 'start_before', 'invalid_member', /start_before .*24 or 27/],
  [EV, j({ updated_since: PAST, start_before: 0 }), 'start_before', 'invalid_member', /got a number/],
  // Paging, for each list.
  ...[RECS, LOC, EV].flatMap((path): Case[] => {
    const base = path === RECS ? {} : { updated_since: PAST };
    const max = path === RECS ? 200 : 500;
    return [
      [path, j({ ...base, page: -1 }), 'page', 'invalid_member', /page must be an integer of at least 0, got -1/],
      [path, j({ ...base, page: 1.5 }), 'page', 'invalid_member', /got 1\.5/],
      [path, j({ ...base, page: '1' }), 'page', 'invalid_member', /got a string/],
      [path, j({ ...base, page: null }), 'page', 'invalid_member', /got null/],
      [path, j({ ...base, page: 1e300 }), 'page', 'invalid_member', /page must be an integer/],
      [path, j({ ...base, page_size: max + 1 }), 'page_size', 'invalid_member', new RegExp(`page_size must be an integer from 1 to ${max}, got ${max + 1}`)],
      [path, j({ ...base, page_size: 0 }), 'page_size', 'invalid_member', /from 1 to/],
      [path, j({ ...base, page_size: -5 }), 'page_size', 'invalid_member', /got -5/],
      [path, j({ ...base, page_size: 2.5 }), 'page_size', 'invalid_member', /got 2\.5/],
      [path, j({ ...base, page_size: true }), 'page_size', 'invalid_member', /got a boolean/],
    ];
  }),
  // Other members.
  [LOC, j({ updated_since: PAST, only_external_updates: 'true' }), 'only_external_updates', 'invalid_member', /true or false, got a string/],
  [EV, j({ updated_since: PAST, only_external_updates: 1 }), 'only_external_updates', 'invalid_member', /got a number/],
  [EV, j({ updated_since: PAST, location: 12 }), 'location', 'invalid_member', /location must be the URI.*got a number/],
  [EV, j({ updated_since: PAST, location: 'not a uri' }), 'location', 'invalid_member', /absolute URI/],
  [EV, j({ updated_since: PAST, location: '' }), 'location', 'invalid_member', /absolute URI/],
];

describe('sandbox server: request validation (400)', () => {
  let sb: RunningSandbox;
  before(async () => {
    sb = await startSandbox({ port: 0, seed: 1, locations: 60, events: 40 });
  });
  after(() => sb.close());

  async function send(path: string, body: string) {
    const res = await fetch(`${sb.baseUrl}/api/custom/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json' },
      body,
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type'), text, json: JSON.parse(text) };
  }

  for (const [path, body, member, code, message] of CASES) {
    it(`${path} ${body.length > 50 ? body.slice(0, 50) + '…' : body || '(no body)'} → 400 ${member || 'body'}`, async () => {
      const r = await send(path, body);
      assert.equal(r.status, 400, r.text);
      assert.match(r.type ?? '', /^application\/json/);
      assert.equal(r.json.error.code, code);
      assert.match(r.json.error.message, message);
      if (member) {
        assert.equal(r.json.error.member, member);
        assert.ok(r.json.error.message.includes(member), 'the message names the member');
      } else {
        assert.equal(r.json.error.member, undefined);
      }
    });
  }

  it('accepts the bounds themselves', async () => {
    for (const [path, body] of [
      [RECS, { page_size: 200 }],
      [RECS, { page_size: 1, page: 0 }],
      [LOC, { updated_since: PAST, page_size: 500 }],
      [EV, { updated_since: PAST, page_size: 500, page: 3 }],
      [EV, { updated_since: PAST, page_size: 1.0 }],
      [EV, { updated_since: '+275760-09-13T00:00:00.000Z', start_after: '-271821-04-20T00:00:00.000Z', start_before: '2030-01-01T00:00:00.000Z' }],
    ] as const) {
      const r = await send(path, JSON.stringify(body));
      assert.equal(r.status, 200, `${path} ${JSON.stringify(body)}: ${r.text}`);
    }
  });

  it('refuses invalid UTF-8 bodies', async () => {
    const res = await fetch(`${sb.baseUrl}/api/custom/locations`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    });
    assert.equal(res.status, 400);
    assert.match((await res.json()).error.message, /UTF-8/);
  });

  it('never fails on arbitrary JSON bodies: 200 or a JSON 4xx, and keeps serving', async () => {
    const memberNames = fc.constantFrom('page', 'page_size', 'updated_since', 'start_after', 'start_before', 'location', 'only_external_updates', 'id', 'x');
    const body = fc.oneof(
      fc.dictionary(memberNames, fc.jsonValue(), { maxKeys: 5 }).map((o) => JSON.stringify(o)),
      fc.json({ maxDepth: 3 }),
      fc.string({ maxLength: 40 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(RECS, REJECT, LOC, EV), body, async (path, text) => {
        const res = await fetch(`${sb.baseUrl}/api/custom/${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json' },
          body: text,
        });
        const json = JSON.parse(await res.text());
        if (res.status === 200) return;
        assert.ok([400, 404].includes(res.status), `${path} ${text} -> ${res.status}`);
        assert.equal(typeof json.error.code, 'string');
        assert.equal(typeof json.error.message, 'string');
      }),
      { numRuns: 150, seed: 20261122 },
    );
    assert.equal((await send(RECS, '{}')).status, 200);
  });

  it('maps members to the store query: defaults, instants and filters', () => {
    assert.deepEqual(parseRecommendationListRequest(undefined), { page: 0, pageSize: 50 });
    assert.deepEqual(parseLocationsRequest({ updated_since: PAST }), { page: 0, pageSize: 50, updatedSince: Date.parse(PAST), onlyExternalUpdates: false });
    assert.deepEqual(
      parseEventsRequest({ updated_since: PAST, page: 2, page_size: 10, start_after: '2024-01-01T00:00:00.000Z', start_before: '+002025-01-01T00:00:00.000Z', location: 'https://x.example/l/1', only_external_updates: true }),
      {
        page: 2,
        pageSize: 10,
        updatedSince: Date.parse(PAST),
        onlyExternalUpdates: true,
        startAfter: Date.parse('2024-01-01T00:00:00.000Z'),
        startBefore: Date.parse('2025-01-01T00:00:00.000Z'),
        location: 'https://x.example/l/1',
      },
    );
  });
});
