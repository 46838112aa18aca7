// Where the client's time goes when it lists everything (issue 6, figure 7): runs the CLI's
// `--all` listing under `node --cpu-prof` against a sandbox in its own process, and prints self time
// by area (valibot, JSON, undici/fetch, the CLI's writer…) and the top functions. The bundled CLI has
// no module paths, so this profiles the sources through tsx instead (same code, readable names).
// Run: npm run build && npx tsx bench/client-profile.ts [--kind locations|recommendations]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchSandbox } from './lib/bench-sandbox';
import { summarizeProfile } from './lib/cpu-profile';
import { machineLine } from './lib/stats';

const KIND = process.argv.includes('--kind') ? process.argv[process.argv.indexOf('--kind') + 1] : 'locations';
const ROOT = join(__dirname, '..');

async function main(): Promise<void> {
  console.log(machineLine());
  if (KIND !== 'locations' && KIND !== 'recommendations') throw new Error('--kind is locations or recommendations');
  const sandbox = await startBenchSandbox({ locations: 8000, events: 0, autoMergeThreshold: 2 });
  const dir = mkdtempSync(join(tmpdir(), 'dedup-client-profile-'));
  try {
    console.log(`sandbox: ${JSON.stringify(sandbox.stats)}`);
    const args =
      KIND === 'locations'
        ? ['locations', '--all', '--page-size', '500', '--updated-since', '1970-01-01T00:00:00.000Z', '--format', 'ndjson']
        : ['recommendations', '--all', '--page-size', '200', '--concurrency', '1', '--format', 'ndjson'];
    const r = spawnSync(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '--import', 'tsx', join(ROOT, 'src', 'cli', 'main.ts'), ...args], {
      env: { ...process.env, DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`the CLI exited ${r.status}: ${r.stderr}`);
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no profile written');
    const s = summarizeProfile(join(dir, file));
    console.log(`\n${KIND} --all: ${s.totalMs.toFixed(0)} ms sampled (including tsx start-up). Self time by area:`);
    for (const [k, v] of s.byArea) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${((100 * v) / s.totalMs).toFixed(1).padStart(5)} %  ${k}`);
    console.log('\ntop functions by self time:');
    for (const [k, v] of s.byFunction) console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await sandbox.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
