// Turns generated source records into the matcher's inputs: the same conversion the sandbox's store
// uses (src/sandbox/store-match.ts), so the benchmarks measure what the sandbox runs.
import type { MatchEvent, MatchLocation } from '../../src/matching';
import { sourceKey, type SourceRecord } from '../../src/sandbox/source-records';
import { matchInputs } from '../../src/sandbox/store-match';

export function splitRecords(records: readonly SourceRecord[]): { locations: MatchLocation[]; events: MatchEvent[] } {
  const keyIndex = new Map(records.map((r, i) => [sourceKey(r), i]));
  return matchInputs(records, keyIndex, records.length);
}
