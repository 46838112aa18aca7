// Which failures of a bulk run are not failures at all: approving a recommendation merges its
// entities, and the service then takes every other recommendation among those entities off the list
// (a later attempt on one is answered 409, or 404). Deciding those was made moot by the run itself;
// a curator reading "26 failed (conflict 26)" would think something went wrong. Pure: no I/O.
import type { BulkFailure, BulkSummary } from './bulk-decisions';
import type { DecisionTarget } from './decide';

/** The answers a recommendation that left the list gets. */
const GONE_KINDS = ['conflict', 'not-found'] as const;

export interface MootSplit {
  /** Failed attempts on recommendations that share an entity with one this run decided. */
  moot: BulkFailure[];
  /** The other failures, grouped by kind as in BulkSummary.failed. */
  failed: Record<string, BulkFailure[]>;
}

/**
 * What ties two recommendations together: an entity's own `@id` (a source record) and its
 * `identifier` (the unified record it belongs to when listed: two source records already merged
 * share it, which is how an approval reaches recommendations that name other source records).
 */
function entityKeys(t: DecisionTarget | undefined): string[] {
  return (t?.entities ?? []).flatMap((e) => [`@id ${e['@id']}`, ...(e.identifier ? [`identifier ${e.identifier}`] : [])]);
}

/**
 * Splits the run's failures: a conflict or not-found on a target that shares an entity (its `@id`
 * or `identifier`) with a target this run decided successfully is moot. Targets without entities
 * are never moot.
 */
export function splitMoot(summary: BulkSummary, targets: readonly DecisionTarget[]): MootSplit {
  const byId = new Map(targets.map((t) => [t['@id'], t]));
  const decidedEntities = new Set<string>();
  for (const id of summary.done) for (const k of entityKeys(byId.get(id))) decidedEntities.add(k);
  const moot: BulkFailure[] = [];
  const failed: Record<string, BulkFailure[]> = {};
  for (const [kind, list] of Object.entries(summary.failed)) {
    for (const f of list) {
      const gone = (GONE_KINDS as readonly string[]).includes(kind);
      const shares = entityKeys(byId.get(f.id)).some((k) => decidedEntities.has(k));
      if (gone && shares) moot.push(f);
      else (failed[kind] ??= []).push(f);
    }
  }
  return { moot, failed };
}
