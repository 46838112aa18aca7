// Full syncs of several builds side by side against one sandbox (its own process, nothing merged at
// start): each build's `dist/cli.js mirror sync` into an empty directory, alternated round by round
// (the first to list after the sandbox started pays its rendering: a plain listing warms it first),
// with wall time, CPU (GNU time's user + system), peak RSS and the directory's size.
// Run: npm run build && nice node --import tsx bench/mirror-full-sync-builds.ts --places 9000 [--rounds 2] [--faults latency=50-300ms] LABEL=CLI ...
//   e.g. main=/work/main/dist/cli.js branch=dist/cli.js (locations ≈ 2.75 × places, events ≈ 1.8 × places)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EARLIEST_SINCE } from '../src/mirror';
import { startBenchSandbox } from './lib/bench-sandbox';
import { diskBytes } from './lib/cli-run';
import { machineLine, numberOption } from './lib/stats';

const PLACES = numberOption('--places', 9_000);
const ROUNDS = numberOption('--rounds', 2);
/** The sandbox's --faults text: `latency=50-300ms` for a service farther away than 127.0.0.1. */
const FAULTS = process.argv.includes('--faults') ? process.argv[process.argv.indexOf('--faults') + 1] : undefined;
const BUILDS = process.argv.slice(2).filter((a, i, args) => /^[\w-]+=/.test(a) && args[i - 1] !== '--faults').map((a) => ({ label: a.slice(0, a.indexOf('=')), cli: a.slice(a.indexOf('=') + 1) }));

function plainListing(cli: string, env: NodeJS.ProcessEnv): number {
  const t = performance.now();
  for (const kind of ['locations', 'events']) {
    spawnSync(process.execPath, [cli, kind, '--all', '--page-size', '500', `--updated-since=${EARLIEST_SINCE}`, '--format', 'ndjson'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  return (performance.now() - t) / 1000;
}

function fullSync(label: string, cli: string, env: NodeJS.ProcessEnv): string {
  const dir = mkdtempSync(join(tmpdir(), 'dedup-full-sync-builds-'));
  try {
    const t = performance.now();
    const run = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S rss %M', process.execPath, cli, 'mirror', 'sync', '--dir', dir], { env, encoding: 'utf8' });
    const wall = (performance.now() - t) / 1000;
    const m = /cpu ([\d.]+) ([\d.]+) rss (\d+)\s*$/.exec(run.stderr);
    if (run.status !== 0 || !m) throw new Error(`${label}: ${run.stderr.slice(-400)}`);
    return `${label}: wall ${wall.toFixed(2)} s, CPU ${(Number(m[1]) + Number(m[2])).toFixed(2)} s, peak RSS ${(Number(m[3]) / 1024).toFixed(0)} MB, disk ${(diskBytes(dir) / 2 ** 20).toFixed(1)} MB`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (BUILDS.length === 0) throw new Error('name the builds: LABEL=path/to/dist/cli.js ...');
  console.log(machineLine());
  const sandbox = await startBenchSandbox({ locations: PLACES, events: PLACES, autoMergeThreshold: 2, ...(FAULTS ? { faults: FAULTS } : {}) });
  const env = { ...process.env, DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  try {
    console.log(`sandbox: ${sandbox.stats.locations} locations, ${sandbox.stats.events} events${FAULTS ? ` (faults ${FAULTS})` : ''}; first listing (renders every record) ${plainListing(BUILDS[0].cli, env).toFixed(1)} s`);
    for (let r = 0; r < ROUNDS; r++) {
      console.log(`round ${r + 1}: plain listing of both kinds, one after the other, ${plainListing(BUILDS[0].cli, env).toFixed(2)} s`);
      for (const b of r % 2 ? [...BUILDS].reverse() : BUILDS) console.log(fullSync(b.label, b.cli, env));
    }
  } finally {
    await sandbox.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
