// Where a sync's time goes: a full `mirror sync` and, after about 1 % of the records changed, an
// incremental one, each a fresh `dist/cli.js` process under `--cpu-prof` against a bench sandbox in
// its own process; prints each profile's self time by function and by category.
// Run: npm run build && nice node --import tsx bench/mirror-sync-profile.ts --places 9000 [--events 9000] [--out DIR]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../src/api';
import { startBenchSandbox } from './lib/bench-sandbox';
import { onePercentChanger } from './lib/one-percent';
import { machineLine, numberOption } from './lib/stats';

const PLACES = numberOption('--places', 9_000);
const EVENTS = numberOption('--events', PLACES);
const outAt = process.argv.indexOf('--out');
const OUT = outAt > 0 ? process.argv[outAt + 1] : mkdtempSync(join(tmpdir(), 'dedup-sync-profile-'));
const CLI = process.argv.find((a) => a.startsWith('--cli='))?.slice(6) ?? join(__dirname, '..', 'dist', 'cli.js');

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[] }

/** Self time per function (ms) from a V8 CPU profile, the `top` largest. */
function summarize(file: string, top: number): void {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const n = byId.get(id);
    if (!n) return;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-1)[0]}:${f.lineNumber + 1}`;
    const dt = (p.timeDeltas[i] ?? 0) / 1000;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  console.log(`  profile ${total.toFixed(0)} ms sampled`);
  for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
}

function profiledSync(label: string, dir: string, env: NodeJS.ProcessEnv): void {
  const profDir = join(OUT, label);
  mkdirSync(profDir, { recursive: true });
  const t = performance.now();
  const run = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S rss %M', process.execPath, '--cpu-prof', `--cpu-prof-dir=${profDir}`, CLI, 'mirror', 'sync', '--dir', dir], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr.slice(-500));
  console.log(`${label}: wall ${((performance.now() - t) / 1000).toFixed(2)} s, ${run.stderr.trim().split('\n').slice(-1)[0]}`);
  for (const f of readdirSync(profDir)) summarize(join(profDir, f), 25);
}

async function main(): Promise<void> {
  console.log(machineLine());
  const sandbox = await startBenchSandbox({ locations: PLACES, events: EVENTS, autoMergeThreshold: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'dedup-sync-profile-mirror-'));
  const env = { ...process.env, DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  try {
    console.log(`sandbox: ${sandbox.stats.locations} locations, ${sandbox.stats.events} events; profiles in ${OUT}`);
    for (const kind of ['locations', 'events']) spawnSync(process.execPath, [CLI, kind, '--all', '--page-size', '500', '--updated-since=-271821-04-20T00:00:00.000Z', '--format', 'ndjson'], { env, stdio: 'ignore' });
    profiledSync('full', dir, env);
    const approved = await onePercentChanger(new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token }), sandbox.stats)();
    console.log(`${approved} approvals`);
    profiledSync('incremental', dir, env);
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
