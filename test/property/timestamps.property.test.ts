// Timestamps: every valid 24- and 27-character form is accepted and round-trips; near misses
// (23/25/26/28 characters, wrong separators, no Z, impossible dates) are refused locally, by the
// client before anything is sent.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { DedupClient, RequestValidationError } from '../../src/api';
import { timestampProblem, toWireTimestamp } from '../../src/api/timestamp';
import { closedPort } from '../support/scripted-server';
import { RUNS, counted, reportCounts } from './counts';

const MAX = 8.64e15;
const instant = fc.integer({ min: -MAX, max: MAX });
const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** The 27-character form of any instant, also for years 0–9999 that toISOString writes with 4 digits. */
function expanded(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.length === 27 ? iso : `+00${iso}`;
}

describe('property: wire timestamps', function () {
  this.timeout(300_000);
  after(() => reportCounts('property-timestamps'));

  it('every instant’s 24/27-character form is accepted and round-trips exactly', () => {
    fc.assert(
      fc.property(instant, (ms) => {
        const iso = new Date(ms).toISOString();
        assert.ok(iso.length === 24 || iso.length === 27);
        assert.equal(timestampProblem(iso), undefined, iso);
        assert.equal(toWireTimestamp(iso, 'updated_since'), iso);
        assert.equal(toWireTimestamp(new Date(ms), 'updated_since'), iso);
        assert.equal(new Date(Date.parse(iso)).toISOString(), iso);
        const wide = expanded(ms);
        if (!wide.startsWith('-000000')) {
          assert.equal(timestampProblem(wide), undefined, wide);
          assert.equal(Date.parse(wide), ms);
        }
      }),
      { numRuns: RUNS },
    );
    counted('valid instants (both forms)', RUNS);
  });

  it('near misses of a valid form are refused: lengths 23/25/26/28, separators, no Z', () => {
    const edit = fc.record({ at: fc.nat(), op: fc.constantFrom('drop', 'add', 'add2', 'sep', 'noZ', 'lowerZ', 'space'), char: fc.constantFrom('0', '9', '-', ':', '.', 'T', 'Z', ' ') });
    let refused = 0;
    fc.assert(
      fc.property(instant, edit, (ms, e) => {
        const iso = new Date(ms).toISOString();
        const i = e.at % iso.length;
        let miss: string;
        switch (e.op) {
          case 'drop':
            miss = iso.slice(0, i) + iso.slice(i + 1);
            break;
          case 'add':
            miss = iso.slice(0, i) + e.char + iso.slice(i);
            break;
          case 'add2':
            miss = iso.slice(0, i) + e.char + e.char + iso.slice(i);
            break;
          case 'sep': {
            // A separator swapped for another character.
            const seps = [...iso].flatMap((c, k) => ('-:.TZ'.includes(c) && k > 0 ? [k] : []));
            const k = seps[e.at % seps.length];
            const other = e.char === iso[k] ? '/' : e.char;
            miss = iso.slice(0, k) + other + iso.slice(k + 1);
            break;
          }
          case 'noZ':
            miss = iso.slice(0, -1);
            break;
          case 'lowerZ':
            miss = iso.slice(0, -1) + 'z';
            break;
          default:
            miss = iso.replace('T', ' ');
        }
        if (miss === iso) return;
        assert.notEqual(timestampProblem(miss), undefined, `${miss} was accepted`);
        assert.throws(() => toWireTimestamp(miss, 'updated_since'), RangeError);
        refused++;
      }),
      { numRuns: RUNS },
    );
    assert.ok(refused > RUNS * 0.9, `${refused} refused`);
    counted('near misses (length, separators, Z)', RUNS);
  });

  it('impossible dates and times are refused', () => {
    const bad = fc.oneof(
      fc.record({ y: fc.integer({ min: 0, max: 9999 }), mo: fc.constantFrom(0, 13, 14, 99), d: fc.integer({ min: 1, max: 28 }), h: fc.constant(0), mi: fc.constant(0), s: fc.constant(0) }),
      fc.record({ y: fc.integer({ min: 0, max: 9999 }), mo: fc.constantFrom(4, 6, 9, 11), d: fc.constantFrom(31, 32, 0), h: fc.constant(0), mi: fc.constant(0), s: fc.constant(0) }),
      fc.record({ y: fc.integer({ min: 0, max: 9999 }).filter((y) => !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0))), mo: fc.constant(2), d: fc.constantFrom(29, 30), h: fc.constant(0), mi: fc.constant(0), s: fc.constant(0) }),
      fc.record({ y: fc.integer({ min: 0, max: 9999 }), mo: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }), h: fc.integer({ min: 24, max: 99 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 0, max: 59 }) }),
      fc.record({ y: fc.integer({ min: 0, max: 9999 }), mo: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }), h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 60, max: 99 }), s: fc.integer({ min: 0, max: 99 }) }),
      fc.record({ y: fc.integer({ min: 0, max: 9999 }), mo: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }), h: fc.integer({ min: 0, max: 23 }), mi: fc.integer({ min: 0, max: 59 }), s: fc.integer({ min: 60, max: 99 }) }),
    );
    fc.assert(
      fc.property(bad, fc.integer({ min: 0, max: 999 }), fc.boolean(), ({ y, mo, d, h, mi, s }, ms, wide) => {
        const text = `${wide ? '+00' : ''}${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}.${pad(ms, 3)}Z`;
        assert.match(timestampProblem(text) ?? '', /real date/, text);
      }),
      { numRuns: RUNS },
    );
    counted('impossible dates and times', RUNS);
  });

  it('the client refuses a near miss before sending anything', async () => {
    const c = new DedupClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, token: 't' });
    const samples = fc.sample(fc.tuple(instant, fc.nat()), 500);
    for (const [ms, at] of samples) {
      const iso = new Date(ms).toISOString();
      const miss = iso.slice(0, at % iso.length) + iso.slice((at % iso.length) + 1);
      // A RequestValidationError, not the NetworkError a request to the closed port would give.
      await assert.rejects(c.listLocations({ updatedSince: miss }), RequestValidationError);
      await assert.rejects(c.listEvents({ updatedSince: iso, startAfter: miss }), RequestValidationError);
    }
    counted('client refuses near misses locally', 1000);
  });
});
