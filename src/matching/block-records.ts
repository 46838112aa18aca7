// Blocking of whole record sets: prepare each record once, then the pairs sharing a key.
import type { MatchEvent, MatchLocation } from './types';
import { prepareEvent, prepareLocation, type PreparedEvent, type PreparedLocation } from './prepare';
import { blockPairs, DEFAULT_MAX_BLOCK_SIZE, type BlockingResult } from './blocking';
import { eventBlockKeys, locationBlockKeys } from './block-keys';

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
