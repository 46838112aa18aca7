// Events that are different but alike — two shows of one act at one venue — and the parts of the
// model that tell them apart: the show qualifier as its own comparison, u counted among one
// source's events at one venue (conditional u), and the qualifier's m learned where starts agree.
import assert from 'node:assert/strict';
import {
  EVENT_COMPARISONS,
  MatchRun,
  normalizeName,
  prepareEvent,
  qualifierLevel,
  START_LEVELS,
  type MatchEvent,
} from '../../src/matching';
import { estimateConditionalU, MIN_CONDITIONAL_PAIRS, type ConditionSpec } from '../../src/matching/conditional-u';

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2026, 2, 2);
const iso = (ms: number) => new Date(ms).toISOString();

/** Distinct pronounceable words from a number (no two share a long prefix). */
function word(i: number): string {
  const c = 'bdfgklmnprstvz';
  const v = 'aeiou';
  return c[i % 14].toUpperCase() + v[Math.floor(i / 14) % 5] + c[Math.floor(i / 70) % 14] + v[(i * 7) % 5] + c[(i * 3 + 5) % 14] + 'o';
}

function venue(integration: string, i: number) {
  return { key: `${integration}#v${i}`, integration, name: `${word(500 + i)} Hall`, address: { streetAddress: `${10 + i} Market St`, addressLocality: 'Springfield' }, latitude: 40 + i * 0.02, longitude: -75 };
}

describe('matching/conditional-u: shows of one act at one venue', () => {
  it('qualifier levels: the same (a typo allowed, not another number), one side only, different, missing', () => {
    const q = (a: string, b: string) => qualifierLevel(normalizeName(a), normalizeName(b));
    assert.equal(q('Act (Early Show)', 'ACT (EARLY SHOW)'), 0);
    assert.equal(q('Act (Early Show)', 'Act (Eraly Show)'), 0);
    assert.equal(q('Act (Early Show)', 'Act'), 1);
    assert.equal(q('Act (Early Show)', 'Act (Late Show)'), 2);
    assert.equal(q('Hamlet Part 1', 'Hamlet Part 2'), 2);
    assert.equal(q('Act', 'Act'), -1);
  });

  it('conditional u counts the levels among one source\'s pairs meeting the condition, and only those', () => {
    // One integration, one venue, 40 acts each with an early (19:00) and a late show (21:30) on
    // its own day: 40 pairs share title and venue, all 2.5 h apart (≤ 3 h). Pairs of different
    // acts do not meet the condition; the other integration's single listing adds no pair (and
    // makes two sources, without which nothing is counted).
    const records: MatchEvent[] = [];
    for (let i = 0; i < 40; i++) {
      const day = DAY0 + i * 86_400_000;
      records.push({ key: `a#${i}e`, integration: 'a', name: `${word(i)} ${word(i + 100)} (Early Show)`, startDate: iso(day + 19 * HOUR), location: venue('a', 0) });
      records.push({ key: `a#${i}l`, integration: 'a', name: `${word(i)} ${word(i + 100)} (Late Show)`, startDate: iso(day + 21.5 * HOUR), location: venue('a', 0) });
    }
    records.push({ key: 'b#0e', integration: 'b', name: `${word(0)} ${word(100)} (Early Show)`, startDate: iso(DAY0 + 19 * HOUR), location: venue('b', 0) });
    // A duplicate within the source (the same show listed twice, same time): a sure match by the
    // rule, so not counted as two different events.
    records.push({ key: 'a#0e-again', integration: 'a', name: `${word(0)} ${word(100)} (Early Show)`, startDate: iso(DAY0 + 19 * HOUR), location: venue('a', 0) });
    const prepared = records.map(prepareEvent);
    const sure = (l: Int8Array, at: number) => l[at] >= 0 && l[at] <= 1 && l[at + 1] >= 0 && l[at + 1] <= 1 && l[at + 2] >= 0 && l[at + 2] <= 1;
    const specs: ConditionSpec[] = [
      { field: 'start', when: { name: 'jaro-winkler ≥ 0.92', location: 'same place' } },
      { field: 'qualifier', when: { name: 'jaro-winkler ≥ 0.92', location: 'same place' } },
      { field: 'url', when: { name: 'jaro-winkler ≥ 0.92' } },
    ];
    const groupOf = (p: (typeof prepared)[number]) => `${p.integration}|${p.location?.key}`;
    const given = estimateConditionalU(EVENT_COMPARISONS, prepared, specs, groupOf, { sure, sourceOf: (p) => p.integration });
    const start = given.get('start');
    assert.ok(start);
    // The 40 early/late pairs and the repeated listing against the late show; not the repeat
    // against its own early show.
    assert.equal(start.pairs, 41);
    const L = START_LEVELS.length;
    // Add-one smoothing: level "≤ 3 h apart" (3) holds all 41 pairs.
    start.u.forEach((u, l) => assert.ok(Math.abs(u * (41 + L) - (l === 3 ? 42 : 1)) < 1e-9, String(start.u)));
    const qualifier = given.get('qualifier');
    assert.ok(qualifier);
    assert.ok(Math.abs(qualifier.u[2] - 42 / 44) < 1e-12, String(qualifier.u));
    // No URLs: no pair to count, so no conditional u for that field (it keeps its plain u).
    assert.equal(given.has('url'), false);
    assert.ok(40 >= MIN_CONDITIONAL_PAIRS);
    // With one source only, every pair is within it and may be a duplicate: nothing is counted.
    const single = prepared.filter((p) => p.integration === 'a');
    assert.equal(estimateConditionalU(EVENT_COMPARISONS, single, specs, groupOf, { sure, sourceOf: (p) => p.integration }).size, 0);
    // Without the rule the repeat counts against its own early show too, as two events at the same time.
    const unguarded = estimateConditionalU(EVENT_COMPARISONS, prepared, specs, groupOf).get('start');
    assert.equal(unguarded?.pairs, 42);
    assert.ok(Math.abs((unguarded?.u[0] ?? 0) * (42 + L) - 2) < 1e-9);
  });

  it('an early and a late show listed by two sources stay apart; the two listings of one show match', () => {
    // 60 venues, two integrations listing every event. At each venue: one act plays an early and
    // a late show on one night, and three other events play on other nights.
    const records: MatchEvent[] = [];
    for (let v = 0; v < 60; v++) {
      const night = DAY0 + v * 86_400_000;
      const act = `${word(v)} ${word(v + 200)}`;
      for (const s of ['a', 'b']) {
        // Source b lists the doors time of some shows (30 min early): listings of one show need not agree to the minute.
        const shift = s === 'b' && v % 3 === 0 ? -0.5 * HOUR : 0;
        records.push({ key: `${s}#${v}e`, integration: s, name: `${act} (Early Show)`, startDate: iso(night + 19 * HOUR + shift), location: venue(s, v) });
        records.push({ key: `${s}#${v}l`, integration: s, name: `${act} (Late Show)`, startDate: iso(night + 21.5 * HOUR + shift), location: venue(s, v) });
        for (let k = 0; k < 3; k++) records.push({ key: `${s}#${v}o${k}`, integration: s, name: `${word(1000 + v * 3 + k)} ${word(2000 + v * 3 + k)}`, startDate: iso(night + (k + 1) * 86_400_000 + 20 * HOUR + shift), location: venue(s, v) });
      }
    }
    const run = MatchRun.events(records);
    assert.equal(run.model.source, 'estimated');
    const conditional = run.model.comparisons.find((c) => c.field === 'start')?.given !== undefined;
    for (const v of [0, 1, 17, 42]) {
      assert.ok(run.scoreKeys(`a#${v}e`, `b#${v}e`) >= 0.5, `early/early at ${v}: ${run.scoreKeys(`a#${v}e`, `b#${v}e`)}`);
      assert.ok(run.scoreKeys(`a#${v}l`, `b#${v}l`) >= 0.5, `late/late at ${v}`);
      assert.ok(run.scoreKeys(`a#${v}e`, `b#${v}l`) < 0.5, `early/late at ${v}: ${run.scoreKeys(`a#${v}e`, `b#${v}l`)}`);
      assert.ok(run.scoreKeys(`a#${v}l`, `b#${v}e`) < 0.5, `late/early at ${v}`);
      assert.ok(run.scoreKeys(`a#${v}o0`, `b#${v}o0`) >= 0.5, `other event at ${v}`);
    }
    assert.ok(conditional, 'start has a conditional u');
  });
});
