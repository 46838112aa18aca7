// One matching run over a data set: prepare, block, compute every compared pair's levels once,
// estimate the model (or take the one given), score, and group. The run keeps the levels, so a
// refit after new labels (the curator's decisions) re-scores without comparing records again.
import type { BlockingStats, Candidate, MatchEvent, MatchLocation, PairRivals, PairScore } from './types';
import type { PreparedEvent, PreparedLocation } from './prepare';
import { blockEvents, blockLocations } from './block-records';
import { EVENT_COMPARISONS, LOCATION_COMPARISONS, MISSING, type Comparison } from './levels';
import { logistic2, pairLogOdds, PRIOR_EVENT_MODEL, PRIOR_LOCATION_MODEL, tfAdjustment, type MatchModel } from './model';
import { estimateModel, MIN_PAIRS, type EstimateInput, type PairLevels } from './estimate';
import { assignOneToOne, type Rivals } from './one-to-one';
import { applySourceMatches, assignsOneToOne, crossSourceMask, expectedMatchesBySource, subsetLevels } from './sources';
import { levelsKey, patternOffsets } from './label-offsets';
import { allOf, anyOf, atLeast, type LevelRule } from './rules';
import type { ConditionSpec } from './conditional-u';
import { nameFrequencies } from './term-frequencies';
import { clusterLinks, DEFAULT_MAX_GROUP_SIZE, type IndexLink } from './grouping';
import { REVIEW_THRESHOLD } from './thresholds';
import type { NormalizedName } from './normalize';
import { scorePreparedLocations } from './score-location';
import { scorePreparedEvents } from './score-event';

/** A labelled pair of record keys. */
export interface KeyLabel {
  a: string;
  b: string;
  match: boolean;
}

export interface MatchRunOptions {
  /** 'estimate' (default): learn from the data; or a model to use as it is. */
  model?: MatchModel | 'estimate';
  labels?: readonly KeyLabel[];
  maxBlockSize?: number;
  exclude?: (keyA: string, keyB: string) => boolean;
  randomPairs?: number;
  maxIterations?: number;
}

/** What a run reads of a prepared record of either kind. */
interface PreparedRecord {
  key: string;
  integration: string | null;
  /** Its names' term frequencies adjust the name comparison's weight (term-frequencies.ts). */
  name: NormalizedName;
}

interface Kind<P> {
  comparisons: readonly Comparison<P>[];
  prior: MatchModel;
  /** The per-field explanation of a pair under a model (the comparison panel's "why"). */
  explain: (a: P, b: P, model: MatchModel) => PairScore;
  /** Deterministic rules for λ: pairs no one would doubt. */
  rule: LevelRule;
  /** Fields whose u is also counted among different things agreeing on others (conditional-u.ts). */
  conditions?: { specs: readonly ConditionSpec[]; groupOf: (p: P) => string | null; sourceOf?: (p: P) => string | null };
  /** Fields whose m is learned only among pairs meeting a condition (see EstimateInput.mConditions). */
  mConditions?: readonly ConditionSpec[];
}

/** Sure location matches: the name exact or nearly, and the same address, point or phone; or the same phone and a similar name. */
function locationRule(): LevelRule {
  const at = (field: string, label: string) => atLeast(LOCATION_COMPARISONS, field, label);
  return anyOf(
    allOf(at('name', 'jaro-winkler ≥ 0.92'), anyOf(at('address', 'number and street'), at('distance', '< 50 m'), at('phone', 'equal'))),
    allOf(at('phone', 'equal'), at('name', 'words ≥ 0.8')),
  );
}

/** Sure event matches: the same title (or nearly), start and place; or the same listing page. */
function eventRule(): LevelRule {
  const at = (field: string, label: string) => atLeast(EVENT_COMPARISONS, field, label);
  return anyOf(allOf(at('name', 'jaro-winkler ≥ 0.92'), at('start', '≤ 15 min apart'), at('location', 'same place')), at('url', 'same page'));
}

const LOCATION_KIND: Kind<PreparedLocation> = {
  comparisons: LOCATION_COMPARISONS,
  prior: PRIOR_LOCATION_MODEL,
  explain: scorePreparedLocations,
  rule: locationRule(),
};

const EVENT_KIND: Kind<PreparedEvent> = {
  comparisons: EVENT_COMPARISONS,
  prior: PRIOR_EVENT_MODEL,
  explain: scorePreparedEvents,
  rule: eventRule(),
  // Different events at one venue are not independent draws: one act plays an early and a late
  // show, a series comes back every week, so the title agrees more often, and the start is hours
  // (not months) apart. How often, is counted among one integration's events at one venue.
  conditions: {
    specs: [
      { field: 'name', when: { location: 'same place' } },
      { field: 'start', when: { name: 'jaro-winkler ≥ 0.92', location: 'same place' } },
      { field: 'qualifier', when: { name: 'jaro-winkler ≥ 0.92', location: 'same place' } },
    ],
    groupOf: (p) => (p.location && p.integration ? `${p.integration}\u0000${p.location.key}` : null),
    sourceOf: (p) => p.integration,
  },
  // A qualifier's m is learned where the starts agree to 15 minutes: there the pairs that look
  // alike are listings of one show, not an early and a late show.
  mConditions: [{ field: 'qualifier', when: { start: '≤ 15 min apart' } }],
};

export class MatchRun<P extends PreparedRecord> {
  readonly indexOf: Map<string, number>;
  /** Score of each compared pair under the current model. */
  scores: Float64Array;
  /** The model as first estimated, and its expected matches: what a refit is drawn toward. */
  private readonly anchor: { model: MatchModel; matches: number };
  /** Log-odds offset per agreement pattern from the curator's answers (label-offsets.ts). */
  private offsets = new Map<string, number>();

  private constructor(
    private readonly kind: Kind<P>,
    readonly prepared: P[],
    /** Compared pairs [a0, b0, a1, b1, …] (blocked, minus excluded), then labelled pairs blocking missed. */
    readonly pairs: Uint32Array,
    readonly levels: PairLevels,
    public model: MatchModel,
    readonly stats: BlockingStats,
    private readonly opts: MatchRunOptions,
  ) {
    this.indexOf = new Map(prepared.map((p, i) => [p.key, i]));
    const n = prepared.length;
    this.anchor = { model, matches: model.lambda * ((n * (n - 1)) / 2) };
    this.scores = new Float64Array(levels.count);
    this.rescore();
  }

  static locations(records: readonly MatchLocation[], opts: MatchRunOptions = {}): MatchRun<PreparedLocation> {
    const blocked = blockLocations(records, opts.maxBlockSize);
    return MatchRun.build(LOCATION_KIND, blocked.prepared, blocked.pairs, blocked.stats, opts);
  }

  static events(records: readonly MatchEvent[], opts: MatchRunOptions = {}): MatchRun<PreparedEvent> {
    const blocked = blockEvents(records, opts.maxBlockSize);
    return MatchRun.build(EVENT_KIND, blocked.prepared, blocked.pairs, blocked.stats, opts);
  }

  private static build<P extends PreparedRecord>(kind: Kind<P>, prepared: P[], blocked: Uint32Array, stats: BlockingStats, opts: MatchRunOptions): MatchRun<P> {
    const indexOf = new Map(prepared.map((p, i) => [p.key, i]));
    const kept: number[] = [];
    for (let i = 0; i < blocked.length; i += 2) {
      const a = blocked[i];
      const b = blocked[i + 1];
      if (prepared[a].key === prepared[b].key) continue;
      if (opts.exclude && opts.exclude(prepared[a].key, prepared[b].key)) continue;
      kept.push(a, b);
    }
    const compared = kept.length / 2;
    const labelOf = new Map<number, 0 | 1>();
    // Where each compared pair is, only when there are labels to place (a map of every pair cost
    // more than a second and much garbage at 100,000 records).
    const seen = new Map<number, number>();
    if ((opts.labels?.length ?? 0) > 0) for (let i = 0; i < compared; i++) seen.set(pairKey(kept[2 * i], kept[2 * i + 1]), i);
    for (const l of opts.labels ?? []) {
      const a = indexOf.get(l.a);
      const b = indexOf.get(l.b);
      if (a === undefined || b === undefined || a === b) continue;
      const [x, y] = a < b ? [a, b] : [b, a];
      let at = seen.get(pairKey(x, y));
      if (at === undefined) {
        at = kept.length / 2;
        seen.set(pairKey(x, y), at);
        kept.push(x, y);
      }
      labelOf.set(at, l.match ? 1 : 0);
    }
    const pairs = Uint32Array.from(kept);
    const tf = nameFrequencies(prepared.map((p) => p.name));
    const levels = computeLevels(kind, prepared, pairs, tf);
    for (const [at, label] of labelOf) levels.label[at] = label;
    let model: MatchModel;
    if (opts.model !== undefined && opts.model !== 'estimate') model = opts.model;
    else model = estimateForRun(kind, prepared, pairs, { prior: kind.prior, comparisons: kind.comparisons, prepared, pairs: levels, rule: kind.rule, tf, randomPairs: opts.randomPairs, maxIterations: opts.maxIterations, conditions: kind.conditions, mConditions: kind.mConditions });
    // The prior model has no frequencies, so its pairs carry no adjustment.
    if (!model.tf) levels.tf.fill(0);
    return new MatchRun(kind, prepared, pairs, levels, model, { ...stats, comparisons: compared }, opts);
  }

  /** Scores every pair under the current model. */
  rescore(): void {
    const { levels } = this;
    const { width } = levels;
    const view = new Int8Array(width);
    const bits = new Float64Array(levels.count);
    for (let i = 0; i < levels.count; i++) {
      for (let c = 0; c < width; c++) view[c] = levels.levels[i * width + c];
      bits[i] = pairLogOdds(this.model, view, levels.tf[i]);
    }
    // The answers move every pair of their pattern (the answered pairs too: a decision is one
    // more answer for its pattern, not an override of the model).
    this.offsets = new Map();
    if (levels.label.some((l) => l !== -1)) {
      const keys = Array.from({ length: levels.count }, (_, i) => levelsKey(levels.levels, i * width, width));
      const sizes = new Map<string, number>();
      for (const key of keys) sizes.set(key, (sizes.get(key) ?? 0) + 1);
      this.offsets = patternOffsets(levels.count, (i) => levels.label[i], (i) => keys[i], (i) => logistic2(bits[i]), () => 1, (key) => sizes.get(key) ?? Infinity);
      for (let i = 0; i < levels.count; i++) bits[i] += this.offsets.get(keys[i]) ?? 0;
    }
    this.rivals = undefined;
    this.unassigned = this.scores;
    if (assignsOneToOne(this.model)) {
      this.unassigned = bits.map(logistic2);
      const sourceOf = sourceNumbers(this.prepared);
      this.rivals = assignOneToOne(this.pairs, bits, (r) => sourceOf[r], bits);
    }
    for (let i = 0; i < levels.count; i++) this.scores[i] = logistic2(bits[i]);
  }

  /** What each compared pair lost to its rivals under one-to-one assignment (one-to-one.ts), when the run assigns so. */
  private rivals: Rivals | undefined;
  /** Score of each compared pair before one-to-one assignment (the scores themselves when the run does not assign). */
  private unassigned: Float64Array = new Float64Array(0);

  /** The scores before one-to-one assignment, per compared pair (what an analysis of its effect reads). */
  scoresBeforeRivals(): Float64Array {
    return this.unassigned;
  }

  /** Log-odds offset of the curator's answers for pairs with these levels (0 without any). */
  private offsetOf(levels: Int8Array): number {
    return this.offsets.size === 0 ? 0 : this.offsets.get(levelsKey(levels, 0, levels.length)) ?? 0;
  }

  /**
   * Learns from labelled pairs (the curator's decisions): EM again from the current model, with
   * these pairs' match probability fixed, then re-scores. Labels of unknown keys are ignored.
   */
  refit(labels: readonly KeyLabel[], maxIterations = 10): void {
    const { levels } = this;
    const at = this.pairIndex();
    levels.label.fill(-1);
    for (const l of labels) {
      const a = this.indexOf.get(l.a);
      const b = this.indexOf.get(l.b);
      if (a === undefined || b === undefined) continue;
      const i = at.get(a < b ? pairKey(a, b) : pairKey(b, a));
      // Only compared pairs carry levels; a decision on a group also covers pairs blocking never met.
      if (i === undefined) continue;
      levels.label[i] = l.match ? 1 : 0;
    }
    if (this.model.source !== 'estimated') {
      this.rescore();
      return;
    }
    this.model = estimateForRun(this.kind, this.prepared, this.pairs, {
      prior: this.kind.prior, comparisons: this.kind.comparisons, prepared: this.prepared, pairs: levels, rule: this.kind.rule, tf: this.model.tf, startFrom: this.model, anchor: this.anchor, maxIterations, mConditions: this.kind.mConditions,
    });
    this.rescore();
  }

  /** Score of any two records under the current model (compared or not). */
  scoreIndices(a: number, b: number): number {
    const view = new Int8Array(this.kind.comparisons.length);
    for (let c = 0; c < view.length; c++) view[c] = this.kind.comparisons[c].level(this.prepared[a], this.prepared[b]);
    const bits = pairLogOdds(this.model, view, view[0] === MISSING ? 0 : tfAdjustment(this.model, this.prepared[a].name, this.prepared[b].name, view[0]));
    return logistic2(bits + this.offsetOf(view));
  }

  /**
   * Why two records score as they do under the current model: per field the level and its bits,
   * plus what the curator's answers on pairs of this pattern added, so the bits add up to the score
   * scoreKeys gives (undefined for an unknown key). What the sandbox serves to the comparison panel.
   */
  explainKeys(keyA: string, keyB: string): PairScore | undefined {
    const a = this.indexOf.get(keyA);
    const b = this.indexOf.get(keyB);
    if (a === undefined || b === undefined) return undefined;
    const pair = this.kind.explain(this.prepared[a], this.prepared[b], this.model);
    const view = new Int8Array(this.kind.comparisons.length);
    for (let c = 0; c < view.length; c++) view[c] = this.kind.comparisons[c].level(this.prepared[a], this.prepared[b]);
    const answers = this.offsetOf(view);
    const rivals = this.rivalsOf(a, b);
    if (answers === 0 && rivals === undefined) return pair;
    const logOdds = pair.logOdds + answers + (rivals?.bits ?? 0);
    return { ...pair, logOdds, score: logistic2(logOdds), ...(answers === 0 ? {} : { answers }), ...(rivals ? { rivals } : {}) };
  }

  /** What a compared pair lost to its rivals under one-to-one assignment, and its strongest rival (undefined: nothing lost). */
  private rivalsOf(a: number, b: number): PairRivals | undefined {
    const i = this.pairIndex().get(a < b ? pairKey(a, b) : pairKey(b, a));
    if (i === undefined || !this.rivals || this.rivals.lost[i] < 1e-9) return undefined;
    const r = this.rivals.strongest[i];
    const rival = r < 0 ? undefined : { a: this.prepared[this.pairs[2 * r]].key, b: this.prepared[this.pairs[2 * r + 1]].key, score: this.scores[r] };
    return { bits: -this.rivals.lost[i], ...(rival ? { rival } : {}) };
  }

  private pairAt: Map<number, number> | undefined;

  /** The current score of two records by key: the kept score of a compared pair, else computed (0 for an unknown key). */
  scoreKeys(keyA: string, keyB: string): number {
    const a = this.indexOf.get(keyA);
    const b = this.indexOf.get(keyB);
    if (a === undefined || b === undefined) return 0;
    const i = this.pairIndex().get(a < b ? pairKey(a, b) : pairKey(b, a));
    return i === undefined ? this.scoreIndices(a, b) : this.scores[i];
  }

  /** Compared pair (a < b, as pairKey) → its index in levels and scores. */
  private pairIndex(): Map<number, number> {
    if (!this.pairAt) {
      this.pairAt = new Map();
      for (let i = 0; i < this.levels.count; i++) this.pairAt.set(pairKey(this.pairs[2 * i], this.pairs[2 * i + 1]), i);
    }
    return this.pairAt;
  }

  /**
   * Links scoring at or above the threshold. With `beforeRivals`, a link is chosen by its score
   * before one-to-one assignment (and still carries its score after it).
   */
  links(threshold: number, beforeRivals = false): IndexLink[] {
    const chosen = beforeRivals ? this.unassigned : this.scores;
    const out: IndexLink[] = [];
    for (let i = 0; i < this.levels.count; i++) if (chosen[i] >= threshold) out.push({ a: this.pairs[2 * i], b: this.pairs[2 * i + 1], score: this.scores[i] });
    return out;
  }

  /**
   * Recommendations: links at or above the threshold grouped without chaining (every pair in a
   * group at or above the threshold, one record per integration, at most maxGroupSize). A pair
   * whose own evidence reaches the threshold is recommended even when a rival took most of its
   * probability: it is listed at the score it kept, low, for the curator to see and reject (or
   * approve, knowing better), not dropped.
   */
  candidates(threshold = REVIEW_THRESHOLD, maxGroupSize = DEFAULT_MAX_GROUP_SIZE, exclude = this.opts.exclude): Candidate[] {
    const keyOf = (i: number) => this.prepared[i].key;
    const { clusters, leftovers } = clusterLinks(this.links(threshold, true), {
      keyOf, maxGroupSize, exclude, sourceOf: (i) => this.prepared[i].integration, pairScore: (a, b) => this.scoreIndices(a, b), threshold,
    });
    const pair = (l: IndexLink) => {
      const [ka, kb] = [keyOf(l.a), keyOf(l.b)];
      return ka <= kb ? { a: ka, b: kb, score: l.score } : { a: kb, b: ka, score: l.score };
    };
    const out: Candidate[] = clusters.map((c) => ({ keys: c.members.map(keyOf).sort(), score: Math.min(...c.pairs.map((p) => p.score)), pairs: c.pairs.map(pair) }));
    for (const l of leftovers) {
      const p = pair(l);
      out.push({ keys: [p.a, p.b], score: l.score, pairs: [p] });
    }
    return out.sort((x, y) => y.score - x.score || (x.keys[0] < y.keys[0] ? -1 : 1));
  }
}

/**
 * Estimates a kind's model. With an integration comparison and pairs across sources, EM runs over
 * those pairs only and the share of matches inside one source is estimated afterwards
 * (sources.ts): pairs within a source that merely look alike ("Blk 625" / "Blk 626" next door)
 * would otherwise teach EM that matches look like neighbours.
 */
function estimateForRun<P extends { integration: string | null }>(kind: Kind<P>, prepared: readonly P[], pairs: Uint32Array, input: EstimateInput<P>): MatchModel {
  const integration = kind.comparisons.findIndex((c) => c.field === 'integration');
  if (integration < 0) return estimateModel(input);
  const cross = crossSourceMask((i) => prepared[i].integration, pairs, input.pairs.count);
  const across = subsetLevels(input.pairs, cross);
  if (across.count < MIN_PAIRS || across.count === input.pairs.count) return estimateModel(input);
  const model = estimateModel({ ...input, pairs: across });
  if (model.source !== 'estimated') return model;
  applySourceMatches(model, integration, expectedMatchesBySource(model, input.pairs, cross, integration), prepared.length);
  return model;
}

/** Each record's integration as a small number (-1: none). */
function sourceNumbers(prepared: readonly { integration: string | null }[]): Int32Array {
  const index = new Map<string, number>();
  return Int32Array.from(prepared, (p) => {
    if (p.integration === null) return -1;
    let n = index.get(p.integration);
    if (n === undefined) index.set(p.integration, (n = index.size));
    return n;
  });
}

/** Two record indices (a < b) as one number, exact below 2^26 (67 million) records; a string key costs far more. */
function pairKey(a: number, b: number): number {
  return a * 67_108_864 + b;
}

function computeLevels<P extends PreparedRecord>(kind: Kind<P>, prepared: readonly P[], pairs: Uint32Array, tf: ReturnType<typeof nameFrequencies>): PairLevels {
  const count = pairs.length / 2;
  const width = kind.comparisons.length;
  const levels = new Int8Array(count * width);
  const tfBits = new Float32Array(count);
  const model = { ...kind.prior, tf };
  for (let i = 0; i < count; i++) {
    const a = prepared[pairs[2 * i]];
    const b = prepared[pairs[2 * i + 1]];
    for (let c = 0; c < width; c++) levels[i * width + c] = kind.comparisons[c].level(a, b);
    const nameLevel = levels[i * width];
    tfBits[i] = nameLevel === MISSING ? 0 : tfAdjustment(model, a.name, b.name, nameLevel);
  }
  return { count, width, levels, tf: tfBits, label: new Int8Array(count).fill(-1) };
}
