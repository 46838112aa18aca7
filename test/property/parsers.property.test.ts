// Response parsing and validation under random and mutated answers: every body either becomes a
// typed page (whose members have the promised types) or an InvalidResponseError naming the
// problem — never any other exception. RUNS × 1.25 answers per parser: a quarter valid, half with
// mutated members, a quarter with mutated text, a quarter arbitrary bodies. The same functions the client runs on every answer.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type * as v from 'valibot';
import { InvalidResponseError } from '../../src/api/errors';
import { parseResponse } from '../../src/api/response-validation';
import { DecisionResponseSchema, EventPageSchema, LocationPageSchema, RecommendationPageSchema } from '../../src/api/schemas';
import { parseJsonBody } from '../../src/api/transport-errors';
import { RUNS, counted, reportCounts } from './counts';

const text = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('', ' ', '<b>x</b>', 'javascript:alert(1)', '=1+1', '\u202e', '0.5'));
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 3 });
const nullish = <T>(a: fc.Arbitrary<T>) => fc.oneof(a, fc.constant(null), fc.constant(undefined));
const numberLike = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }).map(String), fc.integer().map(String));
// Unknown members, named so they never collide with a known member a record left out.
const extra = fc.dictionary(fc.string({ maxLength: 6 }).map((k) => `x-${k}`), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 2 });
const address = fc.record({ streetAddress: nullish(text), postalCode: nullish(text), addressLocality: nullish(text), addressCountry: nullish(text) }, { requiredKeys: [] });

const entity = fc.tuple(fc.record({ '@id': text, name: nullish(text), integration: nullish(text), url: nullish(text), address: nullish(address) }, { requiredKeys: ['@id'] }), extra).map(([e, x]) => ({ ...x, ...e }));
const recommendation = fc.record({ '@id': text, score: numberLike, entities: fc.array(entity, { maxLength: 3 }), '@type': nullish(text) }, { requiredKeys: ['@id', 'score', 'entities'] });
const location = fc.tuple(
  fc.record({ id: text, name: nullish(text), latitude: nullish(fc.oneof(text, fc.double())), longitude: nullish(fc.oneof(text, fc.double())), address: nullish(address), integrations: nullish(fc.array(text, { maxLength: 3 })), sourceIds: nullish(fc.array(fc.record({ integration: nullish(text), id: nullish(text) }), { maxLength: 3 })) }, { requiredKeys: ['id'] }),
  extra,
).map(([l, x]) => ({ ...x, ...l }));
const event = fc.record({ id: text, name: nullish(text), startDate: nullish(text), minimumPrice: nullish(numberLike), listingCount: nullish(numberLike), keywords: nullish(fc.array(text, { maxLength: 3 })), location: nullish(location), dateConfirmed: nullish(fc.boolean()) }, { requiredKeys: ['id'] });

const pageOf = <T>(item: fc.Arbitrary<T>, withTotal: boolean) =>
  fc.record({ page: fc.oneof(fc.nat(), fc.nat().map(String)), has_next_page: fc.boolean(), ...(withTotal ? { total: maybe(numberLike) } : {}), data: fc.array(item, { maxLength: 4 }) });
const recommendationPage = pageOf(recommendation, true).chain((p) =>
  fc.boolean().map((graph) => (graph ? { ...p, data: { '@context': { '@vocab': 'https://schema.org/' }, '@graph': p.data } } : p)),
);

// Mutations of a valid answer: a member deleted, replaced by anything, set to null, or turned into text.
type Json = unknown;
const mutation = fc.record({ at: fc.nat(), op: fc.constantFrom('delete', 'replace', 'null', 'stringify', 'array'), value: fc.anything({ maxDepth: 2 }) });
function mutate(root: Json, m: { at: number; op: string; value: unknown }): Json {
  const copy = structuredClone(root);
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const walk = (x: unknown) => {
    if (x && typeof x === 'object') {
      for (const k of Object.keys(x)) {
        slots.push([x as Record<string, unknown>, Array.isArray(x) ? Number(k) : k]);
        walk((x as Record<string, unknown>)[k]);
      }
    }
  };
  walk(copy);
  if (slots.length === 0) return m.value;
  const [parent, key] = slots[m.at % slots.length];
  const p = parent as Record<string | number, unknown>;
  if (m.op === 'delete') delete p[key];
  else if (m.op === 'replace') p[key] = m.value;
  else if (m.op === 'null') p[key] = null;
  else if (m.op === 'stringify') p[key] = JSON.stringify(p[key]) ?? 'undefined';
  else p[key] = [p[key]];
  return copy;
}
// Text mutations of the JSON itself: cut short, a character inserted or removed.
const textEdit = fc.record({ at: fc.nat(), op: fc.constantFrom('cut', 'insert', 'remove'), char: fc.constantFrom('{', '}', '"', ',', ':', '\\', '<', 'x', '\u0000', ' ') });
function editText(s: string, e: { at: number; op: string; char: string }): string {
  const i = s.length ? e.at % s.length : 0;
  if (e.op === 'cut') return s.slice(0, i);
  if (e.op === 'insert') return s.slice(0, i) + e.char + s.slice(i);
  return s.slice(0, i) + s.slice(i + 1);
}

/** Parses as the client does; returns the typed value or the InvalidResponseError, and fails on anything else. */
function parse<S extends v.GenericSchema>(schema: S, body: string, contentType = 'application/json'): { ok: v.InferOutput<S> } | { error: InvalidResponseError } {
  try {
    return { ok: parseResponse(schema, parseJsonBody(body, contentType, 'POST /x', 200), 'POST /x', 200) };
  } catch (e) {
    if (e instanceof InvalidResponseError) {
      assert.ok(e.message.length > 0 && e.message.length < 600, `not one readable line: ${e.message.length} characters`);
      assert.ok(!/[\n\r]/.test(e.message), 'a line break in the message');
      return { error: e };
    }
    throw e;
  }
}

const isText = (x: unknown) => typeof x === 'string';
const nullishText = (x: unknown) => x == null || typeof x === 'string';
const isNumber = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
function checkPage(p: { page: number; has_next_page: boolean; data: unknown }): unknown[] {
  assert.ok(isNumber(p.page));
  assert.equal(typeof p.has_next_page, 'boolean');
  const data = Array.isArray(p.data) ? p.data : (p.data as { '@graph': unknown[] })['@graph'];
  assert.ok(Array.isArray(data));
  return data;
}

const PARSERS: { name: string; schema: v.GenericSchema; valid: fc.Arbitrary<Json>; check: (out: unknown) => void }[] = [
  {
    name: 'recommendation page',
    schema: RecommendationPageSchema,
    valid: recommendationPage,
    check: (out) => {
      for (const r of checkPage(out as never) as { '@id': unknown; score: unknown; entities: { '@id': unknown; name: unknown }[] }[]) {
        assert.ok(isText(r['@id']) && isNumber(r.score) && Array.isArray(r.entities));
        for (const e of r.entities) assert.ok(isText(e['@id']) && nullishText(e.name));
      }
    },
  },
  {
    name: 'location page',
    schema: LocationPageSchema,
    valid: pageOf(location, false),
    check: (out) => {
      for (const l of checkPage(out as never) as { id: unknown; name: unknown }[]) assert.ok(isText(l.id) && nullishText(l.name));
    },
  },
  {
    name: 'event page',
    schema: EventPageSchema,
    valid: pageOf(event, false),
    check: (out) => {
      for (const e of checkPage(out as never) as { id: unknown; minimumPrice: unknown }[]) assert.ok(isText(e.id) && (e.minimumPrice == null || isNumber(e.minimumPrice)));
    },
  },
  { name: 'decision answer', schema: DecisionResponseSchema, valid: fc.record({ success: fc.constant(true) }), check: (out) => assert.equal((out as { success: unknown }).success, true) },
];

describe('property: response parsing never throws anything but InvalidResponseError', function () {
  this.timeout(600_000);
  after(() => reportCounts('property-parsers'));

  for (const p of PARSERS) {
    it(`${p.name}: valid answers parse to typed values`, () => {
      fc.assert(
        fc.property(p.valid, (body) => {
          const r = parse(p.schema, JSON.stringify(body));
          assert.ok('ok' in r, `a valid answer was refused: ${'error' in r ? r.error.message : ''}`);
          p.check(r.ok);
        }),
        { numRuns: RUNS / 4 },
      );
      counted(`${p.name}: valid`, RUNS / 4);
    });

    it(`${p.name}: mutated answers give a typed value or a typed error`, () => {
      let refused = 0;
      fc.assert(
        fc.property(p.valid, fc.array(mutation, { minLength: 1, maxLength: 3 }), (body, ms) => {
          const mutated = ms.reduce(mutate, body);
          const r = parse(p.schema, JSON.stringify(mutated) ?? '');
          if ('ok' in r) p.check(r.ok);
          else refused++;
        }),
        { numRuns: RUNS / 2 },
      );
      assert.ok(refused > RUNS / 40, `only ${refused} mutations were refused: the mutations are too weak to test anything`);
      counted(`${p.name}: mutated members`, RUNS / 2);
    });

    it(`${p.name}: mutated text and arbitrary bodies give a typed value or a typed error`, () => {
      fc.assert(
        fc.property(p.valid, fc.array(textEdit, { minLength: 1, maxLength: 4 }), fc.constantFrom('application/json', 'text/html', 'text/plain', ''), (body, edits, type) => {
          const r = parse(p.schema, edits.reduce(editText, JSON.stringify(body)), type);
          if ('ok' in r) p.check(r.ok);
        }),
        { numRuns: RUNS / 4 },
      );
      fc.assert(
        fc.property(fc.oneof(fc.string(), fc.json(), fc.anything().map((x) => JSON.stringify(x) ?? '')), (body) => {
          const r = parse(p.schema, body);
          if ('ok' in r) p.check(r.ok);
        }),
        { numRuns: RUNS / 4 },
      );
      counted(`${p.name}: mutated text, arbitrary bodies`, RUNS / 2);
    });
  }
});
