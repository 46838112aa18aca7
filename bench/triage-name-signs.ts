// A sign in the names of a backlog's chains (issue 17's eleventh attempt): every pending
// recommendation of a sandbox started with --auto-merge off, by its place in triage before any
// decision (plain, flagged, chain leader, trailing chain member) and its name agreement, with the
// close names split by whether one name is another's plus words ("Cinema Nova" / "Cinema Nova
// Lounge"), and the share of true matches in each.
//   npm run build && npx tsx bench/triage-name-signs.ts [--locations 8000] [--seed 1]
import { parseArgs } from 'node:util';
import { entityAsLocation } from '../src/matching/entity';
import { prepareLocation } from '../src/matching/prepare';
import { triage } from '../src/triage/triage';
import { withTruthBacklog } from './lib/truth-backlog';

const { values } = parseArgs({ options: { locations: { type: 'string', default: '8000' }, seed: { type: 'string', default: '1' } } });

/** One name's core words are all in the other's, which has more. */
function plusWords(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0 || short.length === long.length) return false;
  const words = new Set(long);
  return short.every((w) => words.has(w));
}

async function main(): Promise<void> {
  await withTruthBacklog({ locations: values.locations!, seed: values.seed! }, ({ recs, isMatch }) => {
    const result = triage(recs, []);
    const stats = new Map<string, { n: number; matches: number }>();
    for (const r of recs) {
      const item = result.items.get(r['@id'])!;
      const names = r.entities.map((e, i) => prepareLocation(entityAsLocation(e, `${i}`)).name.core);
      let extended = false;
      for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) extended ||= plusWords(names[i], names[j]);
      const place = item.flags.includes('chain') ? (item.chainLead ? 'chain leader' : 'trailing chain member') : item.flags.length ? 'other flagged' : 'plain';
      const name = item.features.agreements[0];
      const key = `${place.padEnd(22)} name ${name}${name === 'close' ? (extended ? ', plus words' : ', other') : ''}`;
      const s = stats.get(key) ?? { n: 0, matches: 0 };
      s.n++;
      if (isMatch(r)) s.matches++;
      stats.set(key, s);
    }
    console.log(`backlog ${recs.length} recommendations (--locations ${values.locations} --seed ${values.seed})`);
    for (const [key, s] of [...stats].sort(([a], [b]) => a.localeCompare(b))) console.log(`${key.padEnd(52)} ${String(s.n).padStart(6)} ${((100 * s.matches) / s.n).toFixed(1).padStart(6)} % true`);
  });
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
