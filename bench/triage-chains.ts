// How a backlog's chains look against the truth (issue 17's eighth attempt): every pending
// recommendation of a sandbox started with --auto-merge off, by the kind of rivals it has — none,
// only links that bring records of other integrations (may all be right), only links that compete
// for an entity (approving both would put two records of one integration together), or both — with
// the share of true matches in each.
//   npx tsx bench/triage-chains.ts [--locations 8000] [--seed 1] [--components]
// --components also counts the chains as connected components (recommendations joined by a shared
// entity) by size, with the true matches per chain.
import { parseArgs } from 'node:util';
import type { Recommendation } from '../src/api/model';
import { withTruthBacklog } from './lib/truth-backlog';

const { values } = parseArgs({ options: { locations: { type: 'string', default: '8000' }, seed: { type: 'string', default: '1' }, components: { type: 'boolean' } } });

async function main(): Promise<void> {
  await withTruthBacklog({ locations: values.locations!, seed: values.seed! }, ({ recs, isMatch }) => {
    const byEntity = new Map<string, Recommendation[]>();
    const source = new Map<string, string>();
    for (const r of recs) {
      for (const e of r.entities) {
        byEntity.set(e['@id'], [...(byEntity.get(e['@id']) ?? []), r]);
        source.set(e['@id'], String(e.integration));
      }
    }
    const stats = new Map<string, { n: number; matches: number }>();
    for (const r of recs) {
      const ids = r.entities.map((e) => e['@id']);
      let competing = 0;
      let joinable = 0;
      let triangle = false;
      for (const e of ids) {
        const mine = ids.filter((x) => x !== e);
        for (const o of byEntity.get(e) ?? []) {
          if (o === r) continue;
          const theirs = o.entities.map((x) => x['@id']).filter((x) => x !== e);
          if (theirs.some((x) => mine.some((m) => source.get(m) === source.get(x)))) competing++;
          else {
            joinable++;
            // A third recommendation links this one's other records with the rival's.
            triangle ||= theirs.some((t) => (byEntity.get(t) ?? []).some((q) => q !== o && q !== r && q.entities.some((z) => mine.includes(z['@id']))));
          }
        }
      }
      const sameSource = new Set(ids.map((x) => source.get(x))).size < ids.length;
      const kind = sameSource ? 'same source (within the recommendation)' : competing + joinable === 0 ? 'no rival at all' : competing === 0 ? (triangle ? 'only rivals from other integrations, a triangle' : 'only rivals from other integrations') : joinable === 0 ? 'only competing rivals' : 'both kinds';
      const s = stats.get(kind) ?? { n: 0, matches: 0 };
      s.n++;
      if (isMatch(r)) s.matches++;
      stats.set(kind, s);
    }
    if (values.components) {
      // Chains as connected components: recommendations joined by a shared entity.
      const parent = new Map<string, string>();
      const find = (x: string): string => { while (parent.get(x) !== x) x = parent.get(x)!; return x; };
      for (const r of recs) parent.set(r['@id'], r['@id']);
      for (const list of byEntity.values()) for (const o of list.slice(1)) parent.set(find(o['@id']), find(list[0]['@id']));
      const comps = new Map<string, Recommendation[]>();
      for (const r of recs) { const k = find(r['@id']); comps.set(k, [...(comps.get(k) ?? []), r]); }
      const multi = [...comps.values()].filter((c) => c.length > 1);
      const hist = new Map<number, { n: number; trueItems: number; items: number }>();
      for (const c of multi) { const k = Math.min(c.length, 10); const h = hist.get(k) ?? { n: 0, trueItems: 0, items: 0 }; h.n++; h.items += c.length; h.trueItems += c.filter(isMatch).length; hist.set(k, h); }
      console.log(`chains: ${multi.length} components holding ${multi.reduce((n, c) => n + c.length, 0)} recommendations`);
      for (const [k, h] of [...hist].sort((a, b) => a[0] - b[0])) console.log(`  size ${k === 10 ? '10+' : k}: ${h.n} chains, ${h.items} recommendations, ${(h.trueItems / h.n).toFixed(2)} true per chain`);
    }
    console.log(`backlog ${recs.length} recommendations (--locations ${values.locations} --seed ${values.seed})`);
    for (const [kind, s] of [...stats].sort((a, b) => b[1].n - a[1].n)) console.log(`${kind.padEnd(52)} ${String(s.n).padStart(7)} ${((100 * s.matches) / s.n).toFixed(1).padStart(6)} % true`);
  });
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
