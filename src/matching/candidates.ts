// Candidate search: prepare every record once, block, score the blocked pairs, group the links
// (through MatchRun, which also estimates a model when asked: `model: 'estimate'`).
import type { BlockingStats, Candidate, CandidateOptions, MatchEvent, MatchLocation } from './types';
import { DEFAULT_MAX_GROUP_SIZE } from './grouping';
import { REVIEW_THRESHOLD } from './thresholds';
import { MatchRun } from './match-run';
import { PRIOR_EVENT_MODEL, PRIOR_LOCATION_MODEL, type MatchModel } from './model';

export interface CandidateResult {
  candidates: Candidate[];
  stats: BlockingStats;
}

export function findLocationCandidates(records: MatchLocation[], opts: CandidateOptions = {}): CandidateResult & { model: MatchModel } {
  const run = MatchRun.locations(records, { ...opts, model: opts.model ?? PRIOR_LOCATION_MODEL });
  return { candidates: run.candidates(opts.reviewThreshold ?? REVIEW_THRESHOLD, opts.maxGroupSize ?? DEFAULT_MAX_GROUP_SIZE), stats: run.stats, model: run.model };
}

export function findEventCandidates(records: MatchEvent[], opts: CandidateOptions = {}): CandidateResult & { model: MatchModel } {
  const run = MatchRun.events(records, { ...opts, model: opts.model ?? PRIOR_EVENT_MODEL });
  return { candidates: run.candidates(opts.reviewThreshold ?? REVIEW_THRESHOLD, opts.maxGroupSize ?? DEFAULT_MAX_GROUP_SIZE), stats: run.stats, model: run.model };
}

export { blockEvents, blockLocations } from './block-records';
