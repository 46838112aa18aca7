// Candidate search: prepare every record once, block, score the blocked pairs, group the links.
import type { BlockingStats, Candidate, CandidateOptions, MatchEvent, MatchLocation } from './types';
import { prepareEvent, prepareLocation, type PreparedEvent, type PreparedLocation } from './prepare';
import { blockPairs, DEFAULT_MAX_BLOCK_SIZE, type BlockingResult } from './blocking';
import { eventBlockKeys, locationBlockKeys } from './block-keys';
import { locationScore } from './score-location';
import { eventScore } from './score-event';
import { DEFAULT_MAX_GROUP_SIZE, groupLinks, type IndexLink } from './grouping';
import { REVIEW_THRESHOLD } from './weights';

export interface CandidateResult {
  candidates: Candidate[];
  stats: BlockingStats;
}

/** Blocked pairs of locations (record indices), for benchmarks and tests. */
export function blockLocations(records: readonly MatchLocation[], maxBlockSize = DEFAULT_MAX_BLOCK_SIZE): BlockingResult & { prepared: PreparedLocation[] } {
  const prepared = records.map(prepareLocation);
  const keys = { count: prepared.length, of: (i: number) => locationBlockKeys(prepared[i]) };
  const result = blockPairs(keys, prepared.map((p) => p.name.core.join(' ')), maxBlockSize);
  return { ...result, prepared };
}

/** Blocked pairs of events (record indices), for benchmarks and tests. */
export function blockEvents(records: readonly MatchEvent[], maxBlockSize = DEFAULT_MAX_BLOCK_SIZE): BlockingResult & { prepared: PreparedEvent[] } {
  const prepared = records.map(prepareEvent);
  const keys = { count: prepared.length, of: (i: number) => eventBlockKeys(prepared[i]) };
  const result = blockPairs(keys, prepared.map((p) => p.name.core.join(' ')), maxBlockSize);
  return { ...result, prepared };
}

function candidatesFrom<P extends { key: string; integration: string | null }>(
  blocked: BlockingResult & { prepared: P[] },
  score: (a: P, b: P) => number,
  opts: CandidateOptions,
): CandidateResult {
  const threshold = opts.reviewThreshold ?? REVIEW_THRESHOLD;
  const { pairs, prepared } = blocked;
  const links: IndexLink[] = [];
  let compared = 0;
  for (let i = 0; i < pairs.length; i += 2) {
    const a = pairs[i];
    const b = pairs[i + 1];
    if (prepared[a].key === prepared[b].key) continue;
    if (opts.exclude && opts.exclude(prepared[a].key, prepared[b].key)) continue;
    compared++;
    const s = score(prepared[a], prepared[b]);
    if (s >= threshold) links.push({ a, b, score: s });
  }
  const candidates = groupLinks(links, (i) => prepared[i].key, opts.maxGroupSize ?? DEFAULT_MAX_GROUP_SIZE, opts.exclude, (i) => prepared[i].integration);
  return { candidates, stats: { ...blocked.stats, comparisons: compared } };
}

export function findLocationCandidates(records: MatchLocation[], opts: CandidateOptions = {}): CandidateResult {
  const blocked = blockLocations(records, opts.maxBlockSize);
  return candidatesFrom(blocked, (a, b) => locationScore(a, b), opts);
}

export function findEventCandidates(records: MatchEvent[], opts: CandidateOptions = {}): CandidateResult {
  const blocked = blockEvents(records, opts.maxBlockSize);
  return candidatesFrom(blocked, (a, b) => eventScore(a, b), opts);
}
