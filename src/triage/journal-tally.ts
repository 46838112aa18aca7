// The bulk tally from the decision journal: the target precision holds for everything
// decided in bulk together (safe-sets.ts), so a triage must know what earlier group decisions
// spent of the error budget. Each decision of a group decision carries its share of the group's
// estimate (journal.ts BulkShare); the tally is the sum over those that reached the service
// (outcome ok), per verdict. A decision that failed, was cancelled or has an unknown outcome decided
// nothing and counts for nothing; a single decision or a score-range bulk run carries no share and is not in the tally.
import type { BulkShare, DecisionEntry } from '../curation/journal';
import { type BulkTally, EMPTY_TALLY } from './safe-sets';

export interface BulkSoFar {
  approve: BulkTally;
  reject: BulkTally;
}

const finiteShare = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

/** `count` decisions of one share added to a tally (in place): what the journal's lines sum to. */
export function addShare(t: BulkTally, share: Partial<BulkShare>, count = 1): void {
  const { expectedWrong, variance, unseen } = share;
  t.size += count;
  // A share that is not a number (a hand-edited or damaged line) counts at its worst: wrong.
  if (!finiteShare(expectedWrong) || !finiteShare(variance) || !finiteShare(unseen)) {
    t.unseen += count;
    return;
  }
  t.expectedWrong += count * expectedWrong;
  t.variance += count * variance;
  t.unseen += count * Math.min(1, unseen);
}

export function bulkTallyFromJournal(entries: readonly DecisionEntry[]): BulkSoFar {
  const tally = { approve: { ...EMPTY_TALLY }, reject: { ...EMPTY_TALLY } };
  for (const e of entries) {
    if (e.outcome !== 'ok' || !e.bulk || typeof e.bulk !== 'object' || (e.verdict !== 'approve' && e.verdict !== 'reject')) continue;
    addShare(tally[e.verdict], e.bulk);
  }
  return tally;
}

/**
 * The entities of every recommendation a group decision rejected (outcome ok): with the curator's own
 * rejections they keep a chain's remaining links flagged (flags.ts 'rival-rejected'; triage's
 * `bulkRejected`). A decision without its entities (an old journal) gives none.
 */
export function bulkRejectionsFromJournal(entries: readonly DecisionEntry[]): string[][] {
  const out: string[][] = [];
  for (const e of entries) {
    if (e.outcome !== 'ok' || !e.bulk || e.verdict !== 'reject' || !Array.isArray(e.entities)) continue;
    const ids = e.entities.map((x) => x?.id).filter((id): id is string => typeof id === 'string');
    if (ids.length > 1) out.push(ids);
  }
  return out;
}
