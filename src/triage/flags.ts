// The traps a bulk decision must not walk into, flagged on each recommendation. A flagged item is
// left out of group decisions unless the curator includes it, and shown with its reasons in the
// tree, the comparison panel and the bulk confirmation.
import { approvedClusters } from './chains';
import type { Features } from './features';

export type Flag = 'same-source' | 'same-address-other-name' | 'chain' | 'rival-rejected' | 'rejected-before' | 'odd-one-out' | 'unsure';

export const FLAG_TEXT: Record<Flag, string> = {
  'same-source': 'two entities come from the same integration',
  'same-address-other-name': 'the address agrees but the names differ: another venue in the same building?',
  chain: 'an entity is also in another pending recommendation (a chain of merges)',
  'rival-rejected': 'an entity was in another recommendation that was rejected (a chain whose other link was rejected)',
  'rejected-before': 'two of its entities were together in a recommendation you rejected',
  'odd-one-out': 'one entity disagrees with the others (a branch of a chain inside the group)',
  unsure: 'you marked it unsure',
};

export interface FlagContext {
  /** Entity id → how many pending recommendations hold it. */
  entityUse: Map<string, number>;
  /** Pairs of entity ids (joined by \u0000, sorted) that were together in a rejected recommendation. */
  rejectedPairs: Set<string>;
  /** Entity → the rejected recommendations (their entities) it was in: a pending one sharing an entity with another was in a chain whose other link was rejected. */
  rejectedEntities: Map<string, (readonly string[])[]>;
  /** Recommendations the curator marked unsure. */
  unsure: Set<string>;
  /** Entity → the cluster the curator's approvals put it in (chains.ts approvedClusters): a pair is rejected between clusters. */
  clusters: ReadonlyMap<string, string>;
}

export function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

export function flagContext(
  pending: readonly { '@id': string; entities: readonly { '@id': string }[] }[],
  rejected: readonly (readonly string[])[],
  unsure: Iterable<string>,
  clusters: ReadonlyMap<string, string> = new Map(),
): FlagContext {
  const c = (id: string) => clusters.get(id) ?? id;
  const entityUse = new Map<string, number>();
  for (const r of pending) {
    const ids = r.entities.map((e) => e['@id']);
    // A recommendation that names an entity twice uses it once.
    for (const id of ids.length > 2 ? new Set(ids) : ids[0] === ids[1] ? ids.slice(0, 1) : ids) entityUse.set(id, (entityUse.get(id) ?? 0) + 1);
  }
  const rejectedPairs = new Set<string>();
  const rejectedEntities = new Map<string, (readonly string[])[]>();
  for (const ids of rejected) {
    for (const id of ids) {
      const list = rejectedEntities.get(id);
      if (list) list.push(ids);
      else rejectedEntities.set(id, [ids]);
    }
    for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) rejectedPairs.add(pairKey(c(ids[i]), c(ids[j])));
  }
  return { entityUse, rejectedPairs, rejectedEntities, unsure: new Set(unsure), clusters };
}

export function flagsOf(features: Features, entityIds: readonly string[], ctx: FlagContext): Flag[] {
  const flags: Flag[] = [];
  if (features.sameSource) flags.push('same-source');
  if (features.sameAddressOtherName) flags.push('same-address-other-name');
  // A chain goes on through an approval: a rival of an approved recommendation (one of its entities
  // is in a cluster the curator's approvals made, another is not) stays a chain member, and does
  // not ride along with a plain group once its pending rivals are gone.
  const rivalOfApproved = ctx.clusters.size > 0 && entityIds.some((id) => ctx.clusters.has(id)) && entityIds.some((id) => ctx.clusters.get(id) !== ctx.clusters.get(entityIds[0]));
  if (rivalOfApproved || entityIds.some((id) => (ctx.entityUse.get(id) ?? 0) > 1)) flags.push('chain');
  // A chain goes on through a rejection too: once its other links were rejected (by hand or in
  // bulk) a recommendation has no pending rival, but it is the same kind of item — a record with a
  // confusable neighbour (a sibling venue) — and in a plain group it was approved in bulk on the plain
  // pattern's evidence (20 false approvals on a simulated backlog of 20,143, in one sibling-venue pattern). It forms
  // groups of its own, whose estimate the curator's answers in them make.
  // (The same pair rejected again is 'rejected-before', below: another link means another entity.)
  else if (ctx.rejectedEntities.size && entityIds.some((id) => ctx.rejectedEntities.get(id)?.some((other) => other.some((x) => !entityIds.includes(x))))) flags.push('rival-rejected');
  let rejected = false;
  if (ctx.rejectedPairs.size) {
    const ids = ctx.clusters.size ? entityIds.map((id) => ctx.clusters.get(id) ?? id) : entityIds;
    for (let i = 0; i < ids.length && !rejected; i++) for (let j = i + 1; j < ids.length && !rejected; j++) rejected = ids[i] !== ids[j] && ctx.rejectedPairs.has(pairKey(ids[i], ids[j]));
  }
  if (rejected) flags.push('rejected-before');
  if (features.oddOneOut !== null) flags.push('odd-one-out');
  if (ctx.unsure.has(features.id)) flags.push('unsure');
  return flags;
}

/** What the flags need of one of the curator's answers (triage.ts TriageLabel has more). */
export interface AnswerOfCurator {
  id: string;
  verdict: 'approve' | 'reject' | 'unsure';
  entityIds: readonly string[];
}

/**
 * The flag context of `pending` given the curator's last answers (one per recommendation) and the
 * entities of the recommendations rejected in bulk (the journal's group decisions).
 */
export function flagContextOfAnswers(pending: Parameters<typeof flagContext>[0], answers: readonly AnswerOfCurator[], bulkRejected: readonly (readonly string[])[] = []): { ctx: FlagContext; clusters: ReadonlyMap<string, string> } {
  // What the approvals connected: a rejection between two clusters is one for every pair across them.
  const clusters = approvedClusters(answers.filter((l) => l.verdict === 'approve').map((l) => l.entityIds));
  const ctx = flagContext(
    pending,
    [...answers.filter((l) => l.verdict === 'reject').map((l) => l.entityIds), ...bulkRejected],
    answers.filter((l) => l.verdict === 'unsure').map((l) => l.id),
    clusters,
  );
  return { ctx, clusters };
}
