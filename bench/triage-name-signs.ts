// A sign in the names of a backlog's chains (issue 17's eleventh attempt): every pending
// recommendation of a sandbox started with --auto-merge off, by its place in triage before any
// decision (plain, flagged, chain leader, trailing chain member) and its name agreement, with the
// close names split by whether one name is another's plus words ("Cinema Nova" / "Cinema Nova
// Lounge"), and the share of true matches in each.
//   npm run build && npx tsx bench/triage-name-signs.ts [--locations 8000] [--seed 1]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DedupClient } from '../src/api/client';
import type { Recommendation } from '../src/api/model';
import { entityAsLocation } from '../src/matching/entity';
import { prepareLocation } from '../src/matching/prepare';
import { triage } from '../src/triage/triage';
import { startServerProcess } from './lib/http-load';

const { values } = parseArgs({ options: { locations: { type: 'string', default: '8000' }, seed: { type: 'string', default: '1' } } });

/** One name's core words are all in the other's, which has more. */
function plusWords(a: readonly string[], b: readonly string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length === 0 || short.length === long.length) return false;
  const words = new Set(long);
  return short.every((w) => words.has(w));
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dedup-name-signs-'));
  const truthFile = join(dir, 'truth.tsv');
  const args = [join(__dirname, '..', 'dist', 'cli.js'), 'sandbox', '--port', '0', '--token', 't', '--auto-merge', 'off', '--locations', values.locations!, '--events', '0', '--seed', values.seed!, '--truth-out', truthFile];
  const sandbox = await startServerProcess(args, /^Endpoints: /, { readyMs: 600_000 });
  try {
    const url = /Sandbox listening on (\S+)/.exec(sandbox.banner.join('\n'))?.[1];
    if (!url) throw new Error('no URL in the sandbox banner');
    const trueId = new Map<string, string>();
    for (const line of readFileSync(truthFile, 'utf8').split('\n')) {
      const [integration, sourceId, id] = line.split('\t');
      if (id) trueId.set(`${integration}\t${sourceId}`, id);
    }
    const recs: Recommendation[] = [];
    for await (const r of new DedupClient({ baseUrl: url, token: 't' }).allRecommendations({ pageSize: 200 })) recs.push(r);
    const idOf = (e: Recommendation['entities'][number]) => trueId.get(`${e.integration}\t${e.sourceId}`);
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
      const ids = r.entities.map(idOf);
      if (ids.every((x) => x !== undefined && x === ids[0])) s.matches++;
      stats.set(key, s);
    }
    console.log(`backlog ${recs.length} recommendations (--locations ${values.locations} --seed ${values.seed})`);
    for (const [key, s] of [...stats].sort(([a], [b]) => a.localeCompare(b))) console.log(`${key.padEnd(52)} ${String(s.n).padStart(6)} ${((100 * s.matches) / s.n).toFixed(1).padStart(6)} % true`);
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
