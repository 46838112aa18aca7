// Estimation on data whose parameters are known: EM recovers m and λ, random pairs give u, term
// frequencies weaken common names, labels enter the fit, clusters do not chain.
import assert from 'node:assert/strict';
import {
  clusterLinks,
  estimateModel,
  estimateU,
  LOCATION_COMPARISONS,
  logistic2,
  MatchRun,
  nameFrequencies,
  nameTfBits,
  normalizeName,
  pairLogOdds,
  prepareLocation,
  PRIOR_LOCATION_MODEL,
  type Comparison,
  type MatchModel,
  type PairLevels,
} from '../../src/matching';

/** Deterministic uniform numbers for the simulation (a small LCG). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

function draw(r: number, probs: readonly number[]): number {
  let acc = 0;
  for (let i = 0; i < probs.length; i++) {
    acc += probs[i];
    if (r < acc) return i;
  }
  return probs.length - 1;
}

describe('matching/estimate', () => {
  it('EM recovers known m and the share of matches from simulated comparison vectors (u fixed)', () => {
    const trueM = [[0.7, 0.2, 0.1], [0.6, 0.3, 0.1], [0.8, 0.15, 0.05]];
    const trueU = [[0.05, 0.15, 0.8], [0.1, 0.2, 0.7], [0.02, 0.08, 0.9]];
    const share = 0.3;
    const n = 201; // n(n-1)/2 = 20,100 possible pairs: all of them are "blocked", so λ is the share of matches
    const count = (n * (n - 1)) / 2;
    const width = 3;
    const rnd = lcg(7);
    const levels = new Int8Array(count * width);
    let matches = 0;
    for (let i = 0; i < count; i++) {
      const match = rnd() < share;
      if (match) matches++;
      for (let c = 0; c < width; c++) levels[i * width + c] = draw(rnd(), (match ? trueM : trueU)[c]);
    }
    const pairs: PairLevels = { count, width, levels, tf: new Float32Array(count), label: new Int8Array(count).fill(-1) };
    const labels = ['agree', 'close', 'differ'];
    const start: MatchModel = {
      kind: 'location', source: 'estimated', lambda: 0.05, whereDiscount: 0, whereFields: [],
      comparisons: trueU.map((u, c) => ({ field: `f${c}`, levels: labels.map((label, l) => ({ label, m: 1 / 3, u: u[l] })) })),
    };
    const comparisons: Comparison<number>[] = start.comparisons.map((c) => ({ field: c.field, levels: labels, where: false, level: () => 0, show: () => null }));
    const fitted = estimateModel({ prior: start, comparisons, prepared: new Array<number>(n).fill(0), pairs, rule: () => false, startFrom: start, maxIterations: 200, tolerance: 1e-6 });
    for (let c = 0; c < width; c++) {
      for (let l = 0; l < 3; l++) assert.ok(Math.abs(fitted.comparisons[c].levels[l].m - trueM[c][l]) < 0.03, `m[${c}][${l}] = ${fitted.comparisons[c].levels[l].m}, true ${trueM[c][l]}`);
    }
    assert.ok(Math.abs(fitted.lambda - matches / count) < 0.02, `λ ${fitted.lambda}, true ${matches / count}`);
    assert.ok(fitted.report && fitted.report.iterations > 1 && fitted.report.converged);
  });

  it('u is each level\'s share among random pairs (all pairs when there are few records)', () => {
    // 20 records; 5 share one phone, the rest have distinct ones: C(5,2) = 10 of 190 pairs agree.
    const records = Array.from({ length: 20 }, (_, i) => prepareLocation({ key: `k${i}`, name: `Place ${i}`, telephone: i < 5 ? '212 555 0100' : `212 555 ${String(1000 + i)}` }));
    const { u, sampled } = estimateU(LOCATION_COMPARISONS, records, 1_000_000);
    assert.equal(sampled, 190);
    const phone = LOCATION_COMPARISONS.findIndex((c) => c.field === 'phone');
    // Add-one smoothing over the 3 phone levels: (10 + 1) / (190 + 3).
    assert.ok(Math.abs(u[phone][0] - 11 / 193) < 1e-12, String(u[phone][0]));
  });

  it('term frequencies: agreeing on a rare name is stronger evidence than on a common one', () => {
    const names = [...Array.from({ length: 30 }, () => 'Starbucks'), ...Array.from({ length: 200 }, (_, i) => `Cafe Number${i}`), 'Bizou', 'Bizou'].map((t) => normalizeName(t));
    const tf = nameFrequencies(names);
    const common = nameTfBits(tf, normalizeName('Starbucks'), normalizeName('Starbucks'), 0);
    const rare = nameTfBits(tf, normalizeName('Bizou'), normalizeName('Bizou'), 0);
    assert.ok(common < 0, `common ${common}`);
    assert.ok(rare > 0, `rare ${rare}`);
    // Only exact agreement is adjusted: a shared rare word is what neighbours share too.
    assert.equal(nameTfBits(tf, normalizeName('Bizou'), normalizeName('Bizou Annex'), 2), 0);
    // Under a model the adjustment changes the score, but agreement never counts against a match.
    const model: MatchModel = { ...PRIOR_LOCATION_MODEL, tf };
    const levels = [0, -1, -1, -1, -1, -1, -1, -1];
    const w: number[] = [];
    pairLogOdds(model, levels, common, w);
    assert.ok(w[0] >= 0);
    assert.ok(logistic2(pairLogOdds(model, levels, rare)) > logistic2(pairLogOdds(model, levels, common)));
  });

  it('clusters do not chain: a link is refused when a pair across the groups scores below the threshold', () => {
    // 0–1 and 1–2 are strong links, but 0 and 2 are different things (0.1): 2 stays out.
    const scores: Record<string, number> = { '0,1': 0.99, '1,2': 0.98, '0,2': 0.1 };
    const { clusters, leftovers } = clusterLinks(
      [{ a: 0, b: 1, score: 0.99 }, { a: 1, b: 2, score: 0.98 }],
      { pairScore: (a, b) => scores[`${Math.min(a, b)},${Math.max(a, b)}`], threshold: 0.5 },
    );
    assert.deepEqual(clusters.map((c) => c.members.sort()), [[0, 1]]);
    assert.deepEqual(leftovers, [{ a: 1, b: 2, score: 0.98 }]);
    // Without the coherence rule the same links chain all three together.
    assert.deepEqual(clusterLinks([{ a: 0, b: 1, score: 0.99 }, { a: 1, b: 2, score: 0.98 }], {}).clusters[0].members.sort(), [0, 1, 2]);
  });

  it('labelled pairs enter the fit with their probability fixed, and a refit learns from new ones', () => {
    // A small town: pairs of listings of 60 places by two sources, plus a chain sharing one name.
    const records = [];
    for (let i = 0; i < 60; i++) {
      const base = { name: `Place ${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`, address: { streetAddress: `${100 + i} Main St`, addressLocality: 'Springfield' }, latitude: 40 + i * 0.01, longitude: -75 };
      records.push({ key: `a#${i}`, integration: 'a', ...base }, { key: `b#${i}`, integration: 'b', ...base, telephone: null });
    }
    const labels = [{ a: 'a#0', b: 'b#0', match: true }, { a: 'a#1', b: 'b#2', match: false }];
    const run = MatchRun.locations(records, { labels });
    assert.equal(run.model.source, 'estimated');
    assert.deepEqual(run.model.report?.labels, { matches: 1, nonMatches: 1 });
    assert.ok(run.scoreKeys('a#5', 'b#5') > 0.9, String(run.scoreKeys('a#5', 'b#5')));
    // Decisions: every true pair approved. The refit counts them and keeps the true pairs high.
    run.refit(Array.from({ length: 60 }, (_, i) => ({ a: `a#${i}`, b: `b#${i}`, match: true })));
    assert.deepEqual(run.model.report?.labels, { matches: 60, nonMatches: 0 });
    assert.ok(run.scoreKeys('a#5', 'b#5') > 0.9);
    assert.ok(run.scoreKeys('a#5', 'b#6') < 0.5);
  });
});
