// Chains: an entity in two or more pending recommendations. Most records have one true twin, so
// the recommendations that share an entity compete — in record linkage's terms, a one-to-one
// constraint — and the likeliest of them is far more often the true match than the others. Triage
// splits a chain's members by that: the one that *leads* its chain (the highest service score among
// all the recommendations it shares an entity with) and the ones that *trail*. Leading and trailing
// items form groups of their own and the pooled model has a weight for leading, so how often a
// leader is approved is learned from the curator's decisions, per pattern, like everything else —
// no threshold of its own. When a leader is approved and its rivals leave the list or their flags
// change, the next triage sees the chain as it is then.

/** What the chain split needs of a pending recommendation. */
export interface ChainMember {
  id: string;
  entityIds: readonly string[];
  /**
   * The service's score, which the members are ranked by: it does not move as the curator answers,
   * so a leader stays one until its chain changes (triage.ts says why that matters).
   */
  score: number;
}

/**
 * The ids of the chain members that lead their chain: strictly ahead of every recommendation they
 * share an entity with, by score. A tie leads nowhere (neither side is the likelier one), and a
 * recommendation that shares no entity is no chain member at all.
 */
export function chainLeaders(members: readonly ChainMember[]): Set<string> {
  const byEntity = new Map<string, ChainMember[]>();
  for (const m of members) {
    for (const e of new Set(m.entityIds)) {
      const list = byEntity.get(e);
      if (list) list.push(m);
      else byEntity.set(e, [m]);
    }
  }
  const ahead = (a: ChainMember, b: ChainMember) => a.score > b.score;
  const leaders = new Set<string>();
  for (const m of members) {
    let rivals = 0;
    let leads = true;
    for (const e of new Set(m.entityIds)) {
      for (const other of byEntity.get(e) ?? []) {
        if (other === m) continue;
        rivals++;
        if (!ahead(m, other)) leads = false;
      }
      if (!leads) break;
    }
    if (rivals > 0 && leads) leaders.add(m.id);
  }
  return leaders;
}

/**
 * The entities the curator's approvals connected, as clusters: entity id → its cluster's
 * representative (union–find over each approval's entities). An entity no approval touched is
 * its own cluster and has no entry.
 */
export function approvedClusters(approvals: Iterable<readonly string[]>): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    // Path compression: the next look-up is one step.
    while (x !== root) {
      const next = parent.get(x) ?? root;
      parent.set(x, root);
      x = next;
    }
    return root;
  };
  for (const ids of approvals) {
    if (ids.length === 0) continue;
    const first = find(ids[0]);
    parent.set(first, first);
    for (const id of ids.slice(1)) {
      const r = find(id);
      if (r !== first) parent.set(r, first);
    }
  }
  const rep = new Map<string, string>();
  for (const id of parent.keys()) rep.set(id, find(id));
  return rep;
}

/**
 * The question a recommendation asks once the approvals so far are taken into account: which
 * clusters to connect. Two recommendations with one question (A–C and B–C after A–B was approved)
 * are answered by one decision; one whose entities are all in one cluster already asks nothing
 * (empty string): an approval settled it.
 */
export function questionOf(entityIds: readonly string[], clusters: ReadonlyMap<string, string>): string {
  const reps = [...new Set(entityIds.map((id) => clusters.get(id) ?? id))].sort();
  return reps.length > 1 ? reps.join('\u0000') : '';
}
