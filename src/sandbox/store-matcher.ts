// The sandbox's matcher: one MatchRun per kind over the source records, with the model estimated
// on them (and on labelled pairs, if given), the start-up merges (non-chaining clusters), and
// learning from the curator's decisions as they come: after REFIT_EVERY labelled pairs, then each
// time the labels grow by a quarter (at most every REFIT_AT_MOST pairs), the model is refitted and
// the pending recommendations re-scored. A refit re-scores every compared pair, so refitting on
// every decision would make a bulk run of thousands of decisions quadratic.
import { clusterLinks, MatchRun, modelJson, REVIEW_THRESHOLD, strongestFields, type Candidate, type KeyLabel, type MatchModel, type PairScore, type PreparedEvent, type PreparedLocation } from '../matching/index';
import type { SourceRecord } from './source-records';
import { matchInputs } from './store-match';
import type { EntityKind } from './store-ids';

/** Labelled pairs between refits of the model in a running sandbox. */
export const REFIT_EVERY = 10;
export const REFIT_AT_MOST = 500;

export interface MatcherState {
  location: MatchModel;
  event: MatchModel;
  /** Labelled pairs learned from (labels file + decisions). */
  labels: number;
}

/** What the store asks of a matcher: the learned one (SandboxMatcher) or the ground truth's (store-truth-matcher.ts). */
export interface StoreMatcher {
  readonly warnings: readonly string[];
  candidates(kind: EntityKind): Candidate[];
  startupMerges(kind: EntityKind, threshold: number): string[][];
  learn(keys: readonly string[], decision: 'approve' | 'reject'): boolean;
  explain(kind: EntityKind, a: string, b: string): PairScore | undefined;
  pairScore(kind: EntityKind, a: string, b: string): number;
  state(): MatcherState;
}

export class SandboxMatcher implements StoreMatcher {
  private readonly labels: Record<EntityKind, KeyLabel[]> = { location: [], event: [] };
  private sinceRefit = 0;
  /** Problems with the given labels (unknown records), for the operator. */
  readonly warnings: string[] = [];

  private constructor(
    private readonly runs: { location: MatchRun<PreparedLocation>; event: MatchRun<PreparedEvent> },
    private readonly kindOf: (key: string) => EntityKind | undefined,
  ) {}

  static build(records: readonly SourceRecord[], keyIndex: ReadonlyMap<string, number>, generated: number, labels: readonly (KeyLabel & { line?: number })[] = []): SandboxMatcher {
    const { locations, events } = matchInputs(records, keyIndex, generated);
    const kindOf = (key: string): EntityKind | undefined => {
      const i = keyIndex.get(key);
      return i === undefined ? undefined : records[i].kind;
    };
    const byKind: Record<EntityKind, KeyLabel[]> = { location: [], event: [] };
    const problems: string[] = [];
    for (const l of labels) {
      const ka = kindOf(l.a);
      const kb = kindOf(l.b);
      const where = l.line ? `line ${l.line}: ` : '';
      if (ka === undefined || kb === undefined) problems.push(`${where}no source record ${ka === undefined ? l.a : l.b} in this sandbox`);
      else if (ka !== kb) problems.push(`${where}${l.a} is a ${ka}, ${l.b} a ${kb}`);
      else byKind[ka].push({ a: l.a, b: l.b, match: l.match });
    }
    const matcher = new SandboxMatcher(
      {
        location: MatchRun.locations(locations, { model: 'estimate', labels: byKind.location }),
        event: MatchRun.events(events, { model: 'estimate', labels: byKind.event }),
      },
      kindOf,
    );
    matcher.labels.location.push(...byKind.location);
    matcher.labels.event.push(...byKind.event);
    if (problems.length > 0) {
      matcher.warnings.push(`labels: ${problems.length} labelled pair(s) not used: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? '; …' : ''}`);
    }
    return matcher;
  }

  candidates(kind: EntityKind): Candidate[] {
    return this.runs[kind].candidates(REVIEW_THRESHOLD);
  }

  /**
   * Start-up merges that do not chain: links at or above `threshold` join clusters strongest first,
   * but only while every pair inside a cluster still scores at least the review threshold (the
   * model thinks each pair more likely one thing than two) and no integration appears twice.
   * Returns clusters of source keys; the links left out stay recommendations.
   */
  startupMerges(kind: EntityKind, threshold: number): string[][] {
    if (threshold > 1) return [];
    const run = this.runs[kind] as MatchRun<PreparedLocation | PreparedEvent>;
    const { clusters } = clusterLinks(run.links(threshold), {
      maxGroupSize: Number.MAX_SAFE_INTEGER,
      sourceOf: (i) => run.prepared[i].integration,
      pairScore: (a, b) => run.scoreIndices(a, b),
      threshold: REVIEW_THRESHOLD,
    });
    return clusters.map((c) => c.members.map((i) => run.prepared[i].key));
  }

  /** Records a decision as labelled pairs; true when the model was refitted (scores changed). */
  learn(keys: readonly string[], decision: 'approve' | 'reject'): boolean {
    const kind = keys.length > 0 ? this.kindOf(keys[0]) : undefined;
    if (!kind) return false;
    for (let x = 0; x < keys.length; x++) for (let y = x + 1; y < keys.length; y++) this.labels[kind].push({ a: keys[x], b: keys[y], match: decision === 'approve' });
    this.sinceRefit += (keys.length * (keys.length - 1)) / 2;
    const total = this.labels.location.length + this.labels.event.length;
    if (this.sinceRefit < Math.max(REFIT_EVERY, Math.min(total / 4, REFIT_AT_MOST))) return false;
    this.sinceRefit = 0;
    this.runs.location.refit(this.labels.location);
    this.runs.event.refit(this.labels.event);
    return true;
  }

  /** Why a pair of source keys scores as it does under the current model (see MatchRun.explainKeys). */
  explain(kind: EntityKind, a: string, b: string): PairScore | undefined {
    return (this.runs[kind] as MatchRun<PreparedLocation | PreparedEvent>).explainKeys(a, b);
  }

  /** The current score of a pair of source keys under the (possibly refitted) model. */
  pairScore(kind: EntityKind, a: string, b: string): number {
    return (this.runs[kind] as MatchRun<PreparedLocation | PreparedEvent>).scoreKeys(a, b);
  }

  state(): MatcherState {
    return { location: this.runs.location.model, event: this.runs.event.model, labels: this.labels.location.length + this.labels.event.length };
  }
}

/** One line per kind for the start-up banner: what was estimated. */
export function describeModel(kind: EntityKind, model: MatchModel): string {
  const r = model.report;
  const plural = kind === 'location' ? 'locations' : 'events';
  if (!r || model.source === 'prior') return `Matcher (${plural}): hand-set weights${r?.fallback ? ` (${r.fallback})` : ''}`;
  const strongest = strongestFields(model).map((f) => `${f.field} ${f.bits.toFixed(1)}`).join(', ');
  const labels = r.labels.matches + r.labels.nonMatches > 0 ? `, ${r.labels.matches} matching and ${r.labels.nonMatches} non-matching labelled pairs` : '';
  return (
    `Matcher (${plural}): estimated on ${r.records} records — u from ${r.randomPairs} random pairs, λ ${model.lambda.toExponential(2)} ` +
    `(rules: ${r.lambdaFromRules.toExponential(2)}), m by EM over ${r.blockedPairs} pairs in ${r.iterations} iteration(s)${r.converged ? '' : ' (not converged)'}${labels}; ` +
    `strongest fields (bits): ${strongest}`
  );
}

/** The estimated m and u per level, as a table (like Splink's match-weights chart, in text). */
export function formatModel(kind: EntityKind, model: MatchModel): string {
  const lines = [`${kind} model (${model.source}): λ = ${model.lambda.toExponential(3)}, prior ${Math.log2(model.lambda / (1 - model.lambda)).toFixed(2)} bits`];
  lines.push('  field        level                               m          u     bits');
  for (const c of model.comparisons) {
    for (const l of c.levels) {
      lines.push(`  ${c.field.padEnd(12)} ${l.label.padEnd(32)} ${l.m.toFixed(4).padStart(8)} ${l.u.toExponential(2).padStart(10)} ${Math.log2(l.m / l.u).toFixed(2).padStart(8)}`);
    }
    lines.push(`  ${c.field.padEnd(12)} ${'missing'.padEnd(32)} ${'–'.padStart(8)} ${'–'.padStart(10)} ${'0.00'.padStart(8)}`);
    const given = c.given;
    if (given) {
      const when = Object.entries(given.when).map(([f, l]) => `${f} level ≤ ${l}`).join(' and ');
      lines.push(`  ${c.field.padEnd(12)} where ${when}: u among ${given.pairs} pairs within one source`);
      c.levels.forEach((l, j) => lines.push(`  ${c.field.padEnd(12)}   ${l.label.padEnd(30)} ${l.m.toFixed(4).padStart(8)} ${given.u[j].toExponential(2).padStart(10)} ${Math.log2(l.m / given.u[j]).toFixed(2).padStart(8)}`));
    }
  }
  if (model.tf) lines.push(`  name term frequencies from ${model.tf.records} records (${model.tf.exact.size} distinct names)`);
  return lines.join('\n');
}

export { modelJson };
