// Changes about 1 % of a bench sandbox's records for the mirror benches (bench/mirror.ts,
// bench/mirror-sync-side-by-side.ts): approvals merge records (each changes the survivor, removes the
// others, and re-embeds the survivor in the events at them), never touching an entity twice.
import type { DedupClient } from '../../src/api';

/** A function that approves `target` more pending recommendations with untouched entities; returns how many it approved. */
export function onePercentChanger(client: DedupClient, stats: { locations: number; events: number }): () => Promise<number> {
  const target = Math.round((stats.locations + stats.events) / 100 / 2);
  const touched = new Set<string>();
  return async () => {
    let approved = 0;
    for await (const r of client.allRecommendations({ pageSize: 200 })) {
      if (approved >= target) break;
      const ids = r.entities.map((e) => e['@id']);
      if (ids.some((id) => touched.has(id))) continue;
      ids.forEach((id) => touched.add(id));
      await client.approve(r['@id']).catch(() => undefined);
      approved++;
    }
    return approved;
  };
}
