// The records a recommendation proposes to merge. Its entities are source records, and several of
// them can belong to one deduplicated record already (their `identifier`): a recommendation of four
// entities can be a pair of two records, and naming every entity showed "SILVA'S TAVERN ⇄ Silva's
// Tavern ⇄ Silva's Tavern ⇄ Silva's Tavern" for it. Free of `vscode`: unit-tested in plain Node.

export type MergeableEntity = { '@id': string; name?: string | null; identifier?: string | null };

/**
 * The entities grouped by the deduplicated record they belong to, in the order each record first
 * appears; an entity without an identifier stands for itself.
 */
export function mergedRecords<E extends MergeableEntity>(entities: readonly E[]): E[][] {
  const byRecord = new Map<string, E[]>();
  entities.forEach((e, i) => {
    const key = typeof e.identifier === 'string' && e.identifier !== '' ? `record ${e.identifier}` : `entity ${i}`;
    const group = byRecord.get(key);
    if (group) group.push(e);
    else byRecord.set(key, [e]);
  });
  return [...byRecord.values()];
}

/** One entity per deduplicated record, to name it by: the record's first entity with a name. */
export function recordRepresentatives<E extends MergeableEntity>(entities: readonly E[]): E[] {
  return mergedRecords(entities).map((group) => group.find((e) => e.name) ?? group[0]);
}
