// The recall ceiling of the matcher's backlog: what a perfect curator reaches. On each development
// set the sandbox starts with --load and --auto-merge off (every candidate pending); the curator
// approves exactly the pending recommendations whose entities share one true id, lists again (a
// merge may bring new recommendations or make others moot) and stops when no true one is left; then
// the pairwise quality of the unified locations against the truth (clusters P / R / F1, as
// bench/triage-sim.ts prints it). Recall below 1 is the true pairs the matcher never recommended.
// Run: npm run build && npx tsx bench/matcher-ceiling.ts [--data DIR] [--only NAME]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DedupClient } from '../src/api/client';
import type { Recommendation } from '../src/api/model';
import { clusterQuality } from '../src/matching/cluster-quality';
import { startServerProcess } from './lib/http-load';
import { DEVELOPMENT_SETS } from './lib/triage-report';

const { values } = parseArgs({ options: { data: { type: 'string' }, only: { type: 'string' } } });
const TOKEN = 'ceiling';
const cli = join(__dirname, '..', 'dist', 'cli.js');

interface Ceiling {
  name: string;
  backlog: number;
  trueInBacklog: number;
  approved: number;
  moot: number;
  rounds: number;
  clusters: { precision: number; recall: number; f1: number };
  seconds: number;
}

function readTruth(file: string): Map<string, string> {
  const trueId = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [integration, sourceId, id] = line.split('\t');
    if (id !== undefined) trueId.set(`${integration}\t${sourceId}`, id);
  }
  return trueId;
}

async function ceilingOf(name: string, places: string, truthFile: string): Promise<Ceiling> {
  const t0 = performance.now();
  const trueId = readTruth(truthFile);
  const isMatch = (r: Recommendation): boolean => {
    const ids = r.entities.map((e) => trueId.get(`${e.integration}\t${e.sourceId}`));
    return ids.every((x) => x !== undefined && x === ids[0]);
  };
  const args = [cli, 'sandbox', '--port', '0', '--token', TOKEN, '--auto-merge', 'off', '--load', places, '--locations', '0', '--events', '0'];
  const sandbox = await startServerProcess(args, /^Endpoints: /, { readyMs: 600_000 });
  try {
    const url = /Sandbox listening on (\S+)/.exec(sandbox.banner.join('\n'))?.[1];
    if (!url) throw new Error(`no URL in the sandbox's banner: ${sandbox.banner.join(' | ')}`);
    const client = new DedupClient({ baseUrl: url, token: TOKEN });
    const listAll = async (): Promise<Recommendation[]> => {
      const out: Recommendation[] = [];
      for await (const r of client.allRecommendations({ pageSize: 200 })) out.push(r);
      return out;
    };
    const initial = await listAll();
    const result = { backlog: initial.length, trueInBacklog: initial.filter(isMatch).length, approved: 0, moot: 0, rounds: 0 };
    for (let pending = initial.filter(isMatch); pending.length > 0; pending = (await listAll()).filter(isMatch)) {
      result.rounds++;
      for (const r of pending) {
        try {
          await client.approve(r['@id']);
          result.approved++;
        } catch {
          // Made moot by an earlier approval's merge: it left the list.
          result.moot++;
        }
      }
    }
    const clusters: string[][] = [];
    for await (const loc of client.allLocations({ updatedSince: new Date(0), pageSize: 500 })) clusters.push((loc.sourceIds ?? []).map((s) => `${s.integration}\t${s.id}`));
    const q = clusterQuality(clusters, (key) => trueId.get(key));
    return { name, ...result, clusters: q, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await sandbox.stop();
  }
}

async function main(): Promise<void> {
  if (!existsSync(cli)) throw new Error(`${cli} is absent: run npm run build first`);
  const dir = values.data ?? process.env.DEDUP_REAL_PLACES ?? '/tmp/real-places';
  const rows: Ceiling[] = [];
  for (const name of DEVELOPMENT_SETS) {
    if (values.only && name !== values.only) continue;
    const places = join(dir, name, 'places.ndjson');
    const truth = join(dir, name, 'truth.tsv');
    if (!existsSync(places) || !existsSync(truth)) {
      console.log(`MISSING ${name} (node ../shared/data/real-places/prepare.mjs <Geo-ER git dir> ${dir})`);
      continue;
    }
    const row = await ceilingOf(name, places, truth);
    console.error(`${name}: clusters R ${row.clusters.recall.toFixed(3)} (${row.seconds.toFixed(0)} s)`);
    rows.push(row);
  }
  console.log('\nA perfect curator on the matcher\'s backlog: approves every true pending recommendation until none is left (sandbox --load, --auto-merge off)\n');
  console.log('| set | backlog | true in backlog | approved | moot | rounds | clusters P | clusters R | clusters F1 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.backlog} | ${r.trueInBacklog} | ${r.approved} | ${r.moot} | ${r.rounds} | ${r.clusters.precision.toFixed(3)} | ${r.clusters.recall.toFixed(3)} | ${r.clusters.f1.toFixed(3)} |`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
