// The fast path of response validation (src/api/fast-check.ts) must never accept what valibot
// refuses, nor pass on a value valibot would change: checked on generated values of every response
// schema, on edge cases, and on real pages from the sandbox over HTTP.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as v from 'valibot';
import { compileFastCheck } from '../../src/api/fast-check';
import { DecisionResponseSchema, EventPageSchema, LocationPageSchema, NumberLike, RecommendationPageSchema } from '../../src/api/schemas';
import { startSandbox } from '../../src/sandbox/index';

const SCHEMAS = { LocationPageSchema, EventPageSchema, RecommendationPageSchema, DecisionResponseSchema };

/** JSON-like values biased towards the shapes of the interface, so both outcomes occur often. */
const member = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant('12.5'), fc.constant(' 7 '));
const address = fc.dictionary(fc.constantFrom('streetAddress', 'postalCode', 'addressLocality', 'x'), member);
const image = fc.dictionary(fc.constantFrom('contentUrl', 'height', 'width', 'representativeOfPage', 'y'), member);
const location = fc.record(
  { id: fc.oneof(fc.string(), fc.integer()), name: member, latitude: member, address: fc.oneof(address, member), images: fc.oneof(fc.array(image, { maxLength: 3 }), member), sourceIds: fc.array(fc.dictionary(fc.constantFrom('integration', 'id'), member), { maxLength: 2 }) },
  { requiredKeys: [] },
);
const entity = fc.record({ '@id': fc.oneof(fc.string(), fc.constant(undefined)), name: member, address: fc.oneof(address, member) }, { requiredKeys: [] });
const rec = fc.record({ '@id': fc.oneof(fc.string(), fc.integer()), score: member, entities: fc.oneof(fc.array(entity, { maxLength: 3 }), member) }, { requiredKeys: [] });
const page = (data: fc.Arbitrary<unknown>) =>
  fc.record({ page: member, has_next_page: fc.oneof(fc.boolean(), member), total: member, data }, { requiredKeys: [] });
const anyPage = fc.oneof(
  page(fc.array(location, { maxLength: 4 })),
  page(fc.oneof(fc.array(rec, { maxLength: 4 }), fc.record({ '@graph': fc.array(rec, { maxLength: 4 }) }))),
  fc.record({ success: fc.oneof(fc.constant(true), member) }),
  fc.anything(),
);

describe('response validation: the fast path', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`${name}: accepts only what valibot accepts unchanged`, () => {
      const fast = compileFastCheck(schema);
      let accepted = 0;
      fc.assert(
        fc.property(anyPage, (value) => {
          if (!fast(value)) return;
          accepted++;
          const r = v.safeParse(schema, value);
          assert.ok(r.success, 'valibot accepts it too');
          assert.deepEqual(r.output, value, 'valibot would not change it');
        }),
        { numRuns: 3000 },
      );
      if (name !== 'DecisionResponseSchema') assert.ok(accepted > 0, 'some generated values take the fast path');
    });
  }

  it('leaves numeric text, NaN, unsafe keys and missing identifiers to valibot', () => {
    const numberLike = compileFastCheck(NumberLike);
    assert.equal(numberLike(0.5), true);
    assert.equal(numberLike('0.5'), false, 'converted by valibot, so not as sent');
    assert.equal(numberLike(Number.NaN), false);
    assert.equal(numberLike(Infinity), false);
    const locations = compileFastCheck(LocationPageSchema);
    assert.equal(locations({ page: 0, has_next_page: false, data: [{ id: 'a' }] }), true);
    assert.equal(locations({ page: 0, has_next_page: false, data: [{ name: 'no id' }] }), false);
    assert.equal(locations(JSON.parse('{"page":0,"has_next_page":false,"data":[{"id":"a","__proto__":{"x":1}}]}')), false);
  });

  it('converts numeric text to a finite number, and refuses text beyond the range of a number', () => {
    // Found by the parser property test: "-1797583251733037e+308" was converted to -Infinity.
    assert.deepEqual(v.safeParse(NumberLike, ' 1e3 ').output, 1000);
    for (const text of ['1e999', '-1797583251733037e+308']) {
      const r = v.safeParse(NumberLike, text);
      assert.equal(r.success, false, `${text} accepted as ${String(r.output)}`);
    }
  });

  it('takes the fast path for every page the sandbox serves', async () => {
    const sb = await startSandbox({ port: 0, seed: 1, locations: 200, events: 100 });
    try {
      const post = async (path: string, body: unknown) =>
        (await fetch(`${sb.baseUrl}/api/custom/${path}`, { method: 'POST', headers: { Authorization: `Bearer ${sb.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();
      const since = { updated_since: '2000-01-01T00:00:00.000Z', page_size: 500 };
      assert.equal(compileFastCheck(LocationPageSchema)(await post('locations', since)), true);
      assert.equal(compileFastCheck(EventPageSchema)(await post('events', since)), true);
      assert.equal(compileFastCheck(RecommendationPageSchema)(await post('recommended-deduplications', { page_size: 200 })), true);
    } finally {
      await sb.close();
    }
  });
});
