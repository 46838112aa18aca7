// Triage of a backlog with the curator's answers (issue 17: ≤ 2 s for 20,000 in the extension host),
// the case the simulation and every re-triage after a decision meet: features cached, a few
// thousand labels. Starts the sandbox with `--auto-merge off` on 127.0.0.1, lists the backlog, takes
// every --every'th recommendation as a decision answered from the generator's truth (with its flags
// and chain role at the time, as the simulation records them), then times triage() of the rest:
// fresh (features computed, no labels) and warm with the labels. Median (min–max) of --runs.
// Run: npm run build && npx tsx bench/triage-speed.ts [--locations 19700] [--every 7] [--runs 5]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../src/api/client';
import type { Recommendation } from '../src/api/model';
import { FeatureCache, triage, type TriageLabel } from '../src/triage/triage';
import { startServerProcess } from './lib/http-load';
import { machineLine, numberOption, summary } from './lib/stats';

const LOCATIONS = numberOption('--locations', 19700);
const EVERY = numberOption('--every', 7);
const RUNS = numberOption('--runs', 5);
const token = 'triage-speed-bench';

async function main(): Promise<void> {
  console.log(machineLine());
  const dir = mkdtempSync(join(tmpdir(), 'dedup-triage-speed-'));
  const truthFile = join(dir, 'truth.tsv');
  const args = [join(__dirname, '..', 'dist', 'cli.js'), 'sandbox', '--port', '0', '--token', token, '--auto-merge', 'off', '--locations', String(LOCATIONS), '--events', '0', '--seed', '1', '--truth-out', truthFile];
  const sandbox = await startServerProcess(args, /^Endpoints: /, { readyMs: 600_000 });
  try {
    const url = /Sandbox listening on (\S+)/.exec(sandbox.banner.join('\n'))?.[1];
    if (!url) throw new Error('no URL in the sandbox banner');
    const client = new DedupClient({ baseUrl: url, token });
    const all: Recommendation[] = [];
    for await (const r of client.allRecommendations({ pageSize: 200 })) all.push(r);
    const trueId = new Map<string, string>();
    for (const line of readFileSync(truthFile, 'utf8').split('\n')) {
      const [integration, sourceId, id] = line.split('\t');
      if (id !== undefined) trueId.set(`${integration}\t${sourceId}`, id);
    }
    const isMatch = (r: Recommendation) => new Set(r.entities.map((e) => trueId.get(`${e.integration}\t${e.sourceId}`))).size === 1;
    const cache = new FeatureCache();
    const before = triage(all, [], {}, cache);
    const answered = all.filter((_, i) => i % EVERY === 0);
    const labels: TriageLabel[] = answered.map((r) => {
      const item = before.items.get(r['@id']);
      return { id: r['@id'], verdict: isMatch(r) ? 'approve' : 'reject', features: cache.of(r), entityIds: r.entities.map((e) => e['@id']), flags: item?.flags, chainLead: item?.chainLead };
    });
    const pending = all.filter((_, i) => i % EVERY !== 0);
    const fresh: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      let t = performance.now();
      triage(all, [], {}, new FeatureCache());
      fresh.push(performance.now() - t);
      t = performance.now();
      triage(pending, labels, {}, cache);
      warm.push(performance.now() - t);
    }
    console.log(`triage of ${all.length}, fresh (features computed, no labels): ${summary(fresh)} ms`);
    console.log(`triage of ${pending.length} with ${labels.length} labels, features cached: ${summary(warm)} ms`);
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : String(e));
  process.exit(1);
});
