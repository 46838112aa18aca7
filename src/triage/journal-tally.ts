// The bulk tally from the decision journal (issue 17): the target precision holds for everything
// decided in bulk together (safe-sets.ts), so a triage must know what earlier group decisions
// spent of the error budget. Each decision of a group decision carries its share of the group's
// estimate (journal.ts BulkShare); the tally is the sum over those that reached the service
// (outcome ok), per verdict. Failed, cancelled or unknown attempts decided nothing and count for
// nothing; a single decision or a score-range bulk run carries no share and is not in the tally.
// A share that carries the live members (issue 17's sixth attempt) is not summed as written: it
// goes to `live`, and each triage recomputes its group's estimate with what it knows then
// (live-tally.ts). An older share stays frozen; a damaged one counts at its worst.
import type { BulkShare, DecisionEntry } from '../curation/journal';
import { addLive, type LiveGroup, liveMembers } from './live-tally';
import { type BulkTally, EMPTY_TALLY } from './safe-sets';

export interface BulkSoFar {
  /** The frozen shares (older journals) and the worst cases (unseen groups, damaged shares). */
  approve: BulkTally;
  reject: BulkTally;
  /** The group decisions triage re-estimates at every run (live-tally.ts). Default none. */
  live?: LiveGroup[];
}

/** An empty tally to add decisions to (addDecision, then `done` for the live groups as a list). */
export function newBulkSoFar(): { approve: BulkTally; reject: BulkTally; liveByKey: Map<string, LiveGroup> } {
  return { approve: { ...EMPTY_TALLY }, reject: { ...EMPTY_TALLY }, liveByKey: new Map() };
}

/** `count` decisions of a group decision's share added to a tally (in place): live if the share can be, frozen otherwise. */
export function addDecision(t: ReturnType<typeof newBulkSoFar>, verdict: 'approve' | 'reject', share: Partial<BulkShare>, count = 1): void {
  const live = typeof share.group === 'string' ? liveMembers(share) : undefined;
  if (live && typeof share.group === 'string') addLive(t.liveByKey, verdict, share.group, live, count);
  else addShare(t[verdict], share, count);
}

/** The tally as triage takes it (TriageOptions.bulkSoFar). */
export function bulkSoFarOf(t: ReturnType<typeof newBulkSoFar>): BulkSoFar {
  return { approve: { ...t.approve }, reject: { ...t.reject }, live: [...t.liveByKey.values()].map((g) => ({ ...g })) };
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
  const tally = newBulkSoFar();
  for (const e of entries) {
    if (e.outcome !== 'ok' || !e.bulk || typeof e.bulk !== 'object' || (e.verdict !== 'approve' && e.verdict !== 'reject')) continue;
    addDecision(tally, e.verdict, e.bulk);
  }
  return bulkSoFarOf(tally);
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
