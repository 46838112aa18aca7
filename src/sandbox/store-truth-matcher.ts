// A stand-in for the matcher that proposes what the generator's ground truth says: every real
// place or event listed by more than one integration is one pending recommendation of all its
// listings, nothing is merged at start-up, and decisions teach nothing. It costs a pass over the
// records where the learned matcher costs minutes and gigabytes at a million records, so the
// benchmarks of clients at scale (bench/mirror-scale.ts --truth) can start a sandbox of that size and
// still change records through approvals. Not for curating: its scores say nothing.
import { PRIOR_EVENT_MODEL, PRIOR_LOCATION_MODEL, type Candidate, type PairScore } from '../matching/index';
import { sourceKey, type SourceRecord } from './source-records';
import type { EntityKind } from './store-ids';
import type { MatcherState, StoreMatcher } from './store-matcher';

/** The score of every proposal: the truth is certain, but 1 would read as "already merged". */
const TRUTH_SCORE = 0.99;

export class TruthMatcher implements StoreMatcher {
  readonly warnings: string[] = [];
  private readonly groups: Record<EntityKind, Candidate[]> = { location: [], event: [] };

  /** `truth`: source key → true entity, as the generator gives it; records without one are never proposed. */
  constructor(records: readonly SourceRecord[], truth: ReadonlyMap<string, string>) {
    const byEntity = new Map<string, { kind: EntityKind; keys: string[] }>();
    for (const r of records) {
      const key = sourceKey(r);
      const entity = truth.get(key);
      if (entity === undefined) continue;
      const group = byEntity.get(entity);
      if (group) group.keys.push(key);
      else byEntity.set(entity, { kind: r.kind, keys: [key] });
    }
    for (const { kind, keys } of byEntity.values()) {
      if (keys.length < 2) continue;
      const pairs = keys.slice(1).map((b) => ({ a: keys[0]!, b, score: TRUTH_SCORE }));
      this.groups[kind].push({ keys, score: TRUTH_SCORE, pairs });
    }
  }

  candidates(kind: EntityKind): Candidate[] {
    return this.groups[kind];
  }

  startupMerges(): string[][] {
    return [];
  }

  learn(): boolean {
    return false;
  }

  explain(): PairScore | undefined {
    return undefined;
  }

  pairScore(): number {
    return TRUTH_SCORE;
  }

  state(): MatcherState {
    return { location: PRIOR_LOCATION_MODEL, event: PRIOR_EVENT_MODEL, labels: 0 };
  }
}
