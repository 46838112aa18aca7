// Full listings against the raw floor (issue 6, figures 1 and 5), side by side in one run against
// the same sandbox on 127.0.0.1 (its own process, bench/lib/bench-sandbox.ts):
//   - 20,000 recommendations: the CLI (`recommendations --all`, validated and typed, NDJSON to
//     /dev/null) one page at a time (--concurrency 1) and with parallel paging (default 4), against
//     the floor: bench/children/floor-lister.mjs, sequential fetch + JSON.parse of the same pages;
//   - 100,000 locations: the CLI (`locations --all`), and the export to NDJSON and CSV
//     (exportRecords, as the extension's Export command runs it) beside a plain client listing in
//     the same kind of process (bench/children/export-run.ts), with its peak RSS above idle.
// Every mode is a fresh `node` process, timed from spawn to exit; the order rotates per round. Each
// also reports its own CPU time (user + system, through a --require'd exit hook), which depends far
// less on the machine's load than wall time: the CPU ratio is the client's own work against the floor's.
// Each set runs twice: against a sandbox that answers at once (the client's CPU against the floor's:
// the hardest case for the ratios) and against one that takes 20 ms per answer, as a fast real
// service on the same network would (--faults latency=20ms; the wait costs no CPU on either side).
// --prototypes adds bench/children/worker-lister.mjs to the recommendation set: decoding in a worker
// thread, without validation, an idea measured and not adopted (docs/benchmarks.md says why).
// Run: npm run build && npx tsx bench/listing.ts [--rounds 5] [--only recommendations|locations] [--latency 0,20] [--prototypes]
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as esbuild from 'esbuild';
import { ENDPOINTS } from '../src/api/endpoints';
import { SIZES, startBenchSandbox, type BenchSandbox } from './lib/bench-sandbox';
import { load1, machineLine, median, numberOption, summary } from './lib/stats';

const ROUNDS = numberOption('--rounds', 5);
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const FLOOR = join(__dirname, 'children', 'floor-lister.mjs');
const WORKER_LISTER = join(__dirname, 'children', 'worker-lister.mjs');
const PROTOTYPES = process.argv.includes('--prototypes');
const SINCE = '1970-01-01T00:00:00.000Z';
const LATENCIES = (process.argv.includes('--latency') ? process.argv[process.argv.indexOf('--latency') + 1] : '0,20').split(',').map(Number);

interface RunResult {
  seconds: number;
  /** CPU time of the child (user + system), s. */
  cpuSeconds: number;
  /** What the child printed last on stdout, parsed, when it prints JSON. */
  report?: { records?: number; idleRssMb?: number; peakRssMb?: number; bytes?: number; ms?: number };
}

const CPU_HOOK = join(mkdtempSync(join(tmpdir(), 'dedup-cpu-hook-')), 'cpu-hook.js');
writeFileSync(CPU_HOOK, `process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(2, '\\nCPU_REPORT ' + ((u.user + u.system) / 1e6) + '\\n'); });\n`);
process.on('exit', () => rmSync(dirname(CPU_HOOK), { recursive: true, force: true }));

/** Runs `node args` to completion; stdout to /dev/null unless `capture`. Rejects on a non-zero exit. */
function runNode(args: string[], env: Record<string, string>, capture: boolean): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const devNull = capture ? undefined : openSync('/dev/null', 'w');
    const child = spawn(process.execPath, ['--require', CPU_HOOK, ...args], { stdio: ['ignore', devNull ?? 'pipe', 'pipe'], env: { ...process.env, ...env } });
    if (devNull !== undefined) closeSync(devNull);
    let out = '';
    let err = '';
    child.stdout?.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr?.on('data', (c: Buffer) => (err += c.toString('utf8')));
    child.once('exit', (code) => {
      const seconds = (performance.now() - t0) / 1000;
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited ${code}: ${err.slice(0, 2000)}`));
      const last = out.trim().split('\n').pop();
      const cpu = /CPU_REPORT ([\d.]+)/.exec(err);
      resolve({ seconds, cpuSeconds: cpu ? Number(cpu[1]) : NaN, report: capture && last ? JSON.parse(last) : undefined });
    });
  });
}

/** bench/children/export-run.ts as one plain-node bundle (like dist/cli.js, global fetch instead of ofetch's polyfill). */
async function bundleExportRunner(dir: string): Promise<string> {
  const outfile = join(dir, 'export-run.js');
  const ofetchNeutral = join(dirname(require.resolve('ofetch/package.json')), 'dist', 'index.mjs');
  await esbuild.build({
    entryPoints: [join(__dirname, 'children', 'export-run.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'error',
    plugins: [{ name: 'ofetch-neutral', setup: (b) => b.onResolve({ filter: /^ofetch$/ }, () => ({ path: ofetchNeutral })) }],
  });
  return outfile;
}

type Mode = { name: string; run: () => Promise<RunResult> };

interface Figure {
  label: string;
  goal: string;
  /** Ratio of the mode's time to the floor's (or reference's) time in the same round. */
  ratio: (times: Map<string, number[]>, i: number) => number;
}

async function rounds(title: string, modes: Mode[], figures: Figure[], floorName: string, extra?: (results: Map<string, RunResult[]>) => void): Promise<void> {
  const times = new Map<string, number[]>(modes.map((m) => [m.name, []]));
  const cpu = new Map<string, number[]>(modes.map((m) => [m.name, []]));
  const results = new Map<string, RunResult[]>(modes.map((m) => [m.name, []]));
  const loads: number[] = [];
  console.log(`\n${title}`);
  // One unmeasured pass: the sandbox's caches and the disk cache warm up for every mode alike.
  for (const m of modes) await m.run();
  for (let round = 1; round <= ROUNDS; round++) {
    loads.push(load1());
    const order = modes.map((_, i) => modes[(i + round - 1) % modes.length]);
    const line: string[] = [];
    for (const m of order) {
      const r = await m.run();
      times.get(m.name)!.push(r.seconds);
      cpu.get(m.name)!.push(r.cpuSeconds);
      results.get(m.name)!.push(r);
      line.push(`${m.name} ${r.seconds.toFixed(2)} s`);
    }
    console.log(`  round ${round} (load ${loads.at(-1)!.toFixed(2)}): ${line.join(', ')}`);
  }
  console.log(`\n| figure | goal | measured (wall time ratio): median (min–max) of ${ROUNDS} | same ratio of CPU time | floor beside it (wall, CPU) | load average |`);
  console.log('|---|---|---|---|---|---|');
  for (const f of figures) {
    const ratios = times.get(floorName)!.map((_, i) => f.ratio(times, i));
    const cpuRatios = times.get(floorName)!.map((_, i) => f.ratio(cpu, i));
    console.log(`| ${f.label} | ${f.goal} | **${median(ratios).toFixed(2)}×** (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${summary(cpuRatios)}× | ${summary(times.get(floorName)!)} s, CPU ${summary(cpu.get(floorName)!)} s | ${summary(loads, 1)} |`);
  }
  console.log('\nwall time / CPU time per mode, s:');
  for (const [name, t] of times) console.log(`  ${name}: ${summary(t)} / ${summary(cpu.get(name)!)}`);
  extra?.(results);
}

const ratioTo = (mode: string, ref: string) => (t: Map<string, number[]>, i: number) => t.get(mode)![i] / t.get(ref)![i];
const speedUp = (mode: string, ref: string) => (t: Map<string, number[]>, i: number) => t.get(ref)![i] / t.get(mode)![i];

/** The sandbox's options for one latency: `faults` adds the wait before each answer. */
const withLatency = <T extends object>(size: T, ms: number) => (ms > 0 ? { ...size, faults: `latency=${ms}ms` } : size);
const served = (ms: number) => (ms > 0 ? `each answer after ${ms} ms` : 'answers at once');

async function recommendations(latencyMs: number): Promise<void> {
  const opts = withLatency(SIZES.recommendations20k, latencyMs);
  const sb: BenchSandbox = await startBenchSandbox(opts);
  try {
    console.log(`\nsandbox ${JSON.stringify(opts)} ready in ${sb.startSeconds.toFixed(1)} s: ${JSON.stringify(sb.stats)}`);
    const env = { DEDUP_BASE_URL: sb.baseUrl, DEDUP_TOKEN: sb.token };
    const cli = (concurrency: number) => () => runNode([CLI, 'recommendations', '--all', '--page-size', '200', '--concurrency', String(concurrency), '--format', 'ndjson'], env, false);
    const raw = { BASE: sb.baseUrl, TOKEN: sb.token, LIST_PATH: ENDPOINTS.recommendations, LIST_BODY: JSON.stringify({ page_size: 200 }) };
    const modes: Mode[] = [
      { name: 'floor', run: () => runNode([FLOOR], raw, true) },
      { name: 'cli sequential', run: cli(1) },
      { name: 'cli parallel (4)', run: cli(4) },
    ];
    if (PROTOTYPES) modes.push({ name: 'worker prototype', run: () => runNode([WORKER_LISTER], raw, false) });
    await rounds(`${sb.stats.pendingRecommendations} recommendations, page_size 200, sandbox ${served(latencyMs)}, every mode a fresh node process:`, modes, [
      { label: `listing ${sb.stats.pendingRecommendations} recommendations (${served(latencyMs)}), CLI --all one page at a time ÷ floor`, goal: '≤ 1.1×', ratio: ratioTo('cli sequential', 'floor') },
      { label: `listing ${sb.stats.pendingRecommendations} recommendations (${served(latencyMs)}), floor ÷ CLI --all with parallel paging (4)`, goal: '≥ 2× faster', ratio: speedUp('cli parallel (4)', 'floor') },
      ...(PROTOTYPES ? [{ label: `(prototype, not the product) sequential with decoding in a worker thread, no validation ÷ floor`, goal: '–', ratio: ratioTo('worker prototype', 'floor') }] : []),
    ], 'floor');
  } finally {
    await sb.stop();
  }
}

async function locations(latencyMs: number): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dedup-listing-bench-'));
  const opts = withLatency(SIZES.locations100k, latencyMs);
  const sb: BenchSandbox = await startBenchSandbox(opts);
  try {
    console.log(`\nsandbox ${JSON.stringify(opts)} ready in ${sb.startSeconds.toFixed(1)} s: ${JSON.stringify(sb.stats)}`);
    const runner = await bundleExportRunner(dir);
    const env = { DEDUP_BASE_URL: sb.baseUrl, DEDUP_TOKEN: sb.token };
    const exportMode = (mode: string) => () => runNode([runner, mode, join(dir, `out.${mode}`)], env, true);
    const modes: Mode[] = [
      { name: 'floor', run: () => runNode([FLOOR], { BASE: sb.baseUrl, TOKEN: sb.token, LIST_PATH: ENDPOINTS.locations, LIST_BODY: JSON.stringify({ updated_since: SINCE, page_size: 500 }) }, true) },
      { name: 'cli', run: () => runNode([CLI, 'locations', '--all', '--page-size', '500', '--updated-since', SINCE, '--format', 'ndjson'], env, false) },
      { name: 'client list', run: exportMode('list') },
      { name: 'export ndjson', run: exportMode('ndjson') },
      { name: 'export csv', run: exportMode('csv') },
    ];
    const at = served(latencyMs);
    await rounds(`${sb.stats.locations} locations, page_size 500, sandbox ${at}, every mode a fresh node process:`, modes, [
      { label: `listing ${sb.stats.locations} locations (${at}), CLI --all ÷ floor`, goal: '≤ 1.1×', ratio: ratioTo('cli', 'floor') },
      { label: `export of ${sb.stats.locations} locations (${at}) to NDJSON ÷ the CLI's listing (figure 1, NDJSON to /dev/null)`, goal: '≤ 1.1×', ratio: ratioTo('export ndjson', 'cli') },
      { label: `export of ${sb.stats.locations} locations (${at}) to CSV ÷ the CLI's listing`, goal: '≤ 1.1×', ratio: ratioTo('export csv', 'cli') },
      { label: `export of ${sb.stats.locations} locations (${at}) to NDJSON ÷ a client listing that writes nothing`, goal: '(stricter)', ratio: ratioTo('export ndjson', 'client list') },
      { label: `export of ${sb.stats.locations} locations (${at}) to CSV ÷ a client listing that writes nothing`, goal: '(stricter)', ratio: ratioTo('export csv', 'client list') },
    ], 'floor', (results) => {
      console.log('\npeak RSS above idle (MB; idle = RSS with modules loaded and the client built, just before the work):');
      for (const name of ['client list', 'export ndjson', 'export csv']) {
        const rs = results.get(name)!.map((r) => r.report!);
        console.log(`  ${name}: ${summary(rs.map((r) => r.peakRssMb! - r.idleRssMb!), 1)} above ${summary(rs.map((r) => r.idleRssMb!), 1)} idle; ${rs[0].records} records, ${((rs[0].bytes ?? 0) / 1e6).toFixed(1)} MB written`);
      }
    });
  } finally {
    await sb.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log(machineLine());
  for (const ms of LATENCIES) {
    if (ONLY !== 'locations') await recommendations(ms);
    if (ONLY !== 'recommendations') await locations(ms);
  }
  console.log(`\ndone; load average ${load1().toFixed(2)}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
