// The full sync against the CLI's plain listing in interleaved rounds (issue 18, goal ≤ 1.2×): on a
// machine shared with other work, one run of each (bench/mirror.ts) moves by more than the effect,
// so each side runs in turn, each against a fresh sandbox of the same data (the first-time figure:
// the sandbox renders every record), then once more against that sandbox (the warm figure), and
// the medians are compared. Every timed run is a fresh `node dist/cli.js` process, spawn to exit.
// Optionally a third side: another checkout's dist/cli.js (`--base DIR`), e.g. main before a change.
// Run: npm run build && node --import tsx bench/mirror-full-sync-rounds.ts [--rounds 3] [--base /path/to/main]
//   [--places 36300] [--events 27900]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EARLIEST_SINCE } from '../src/mirror';
import { startBenchSandbox } from './lib/bench-sandbox';
import { machineLine, median, numberOption } from './lib/stats';

const PLACES = numberOption('--places', 36_300);
const EVENTS = numberOption('--events', 27_900);
const ROUNDS = numberOption('--rounds', 3);
const baseAt = process.argv.indexOf('--base');
const BASE = baseAt > 0 ? process.argv[baseAt + 1] : undefined;
const CLI = join(__dirname, '..', 'dist', 'cli.js');

function runCli(cli: string, args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve((performance.now() - t) / 1000) : reject(new Error(`${cli} ${args.join(' ')} exited ${code}: ${err.slice(-500)}`))));
  });
}

type Side = 'listing' | 'sync' | 'base sync';

/** One side once: against a fresh sandbox (first time), then again against the same one (warm). */
async function once(side: Side): Promise<{ first: number; warm: number }> {
  const sandbox = await startBenchSandbox({ locations: PLACES, events: EVENTS, autoMergeThreshold: 2 });
  const env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  const dirs: string[] = [];
  const time = async (): Promise<number> => {
    if (side === 'listing') {
      const list = (kind: string) => runCli(CLI, [kind, '--all', '--page-size', '500', `--updated-since=${EARLIEST_SINCE}`], env);
      return (await list('locations')) + (await list('events'));
    }
    const dir = mkdtempSync(join(tmpdir(), 'dedup-mirror-rounds-'));
    dirs.push(dir);
    return runCli(side === 'sync' ? CLI : join(BASE as string, 'dist', 'cli.js'), ['mirror', 'sync', '--dir', dir], env);
  };
  try {
    return { first: await time(), warm: await time() };
  } finally {
    await sandbox.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  const sides: Side[] = BASE ? ['sync', 'listing', 'base sync'] : ['sync', 'listing'];
  const times = new Map<Side, { first: number[]; warm: number[] }>(sides.map((s) => [s, { first: [], warm: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which side goes first, so neither always meets the machine in the same state.
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const t = await once(side);
      times.get(side)?.first.push(t.first);
      times.get(side)?.warm.push(t.warm);
      console.log(`${machineLine()}  round ${round + 1} ${side}: first time ${t.first.toFixed(2)} s, warm ${t.warm.toFixed(2)} s`);
    }
  }
  const med = (side: Side, k: 'first' | 'warm') => median(times.get(side)?.[k] ?? []);
  for (const k of ['first', 'warm'] as const) {
    const listing = med('listing', k);
    const line = sides.filter((s) => s !== 'listing').map((s) => `${s} ${med(s, k).toFixed(2)} s = ${(med(s, k) / listing).toFixed(2)}×`);
    console.log(`${k === 'first' ? 'first time' : 'warm'} (medians of ${ROUNDS}): plain listing ${listing.toFixed(2)} s; ${line.join('; ')}`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
