// The floor of a full sync: how close to the plain listing can writing it into SQLite get? One
// sandbox (its own process, 127.0.0.1), and per round, alternated (the order reversed every other
// round), each a fresh process under GNU time: the CLI's plain `--all` listing of both kinds (the
// goal's measure), the same listing as a sync asks for it (both kinds at once, six pages ahead,
// bench/children/sync-floor-run.ts) with nothing written, then with the rows alone written into
// node-sqlite3-wasm (synchronous OFF, 2,500 records a transaction, no index but the table's own),
// then adding the source ids, the trigram index, the word indexes and the vocabulary in turn; the
// product's own RecordTable.applyAll at the same settings; rows, rows with the trigram index, and
// everything written in a worker thread; on a Node with node:sqlite (≥ 22.5: --node24 PATH, the
// VS Code harness's Node 24 by default; skipped when absent) the listing and the WebAssembly rows
// (that Node's V8 apart from its SQLite), then rows, everything and applyAll through node:sqlite;
// and the CLI's `mirror sync` itself. Prints each run, then one table.
// Run: npm run build && nice node --import tsx bench/mirror-sync-floor.ts --places 45500 [--rounds 2] [--only REGEX] [--node24 PATH]
//   (--places 45500: 206,881 records, as bench/mirror-full-sync-builds.ts)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { EARLIEST_SINCE } from '../src/mirror';
import { startBenchSandbox } from './lib/bench-sandbox';
import { diskBytes } from './lib/cli-run';
import { machineLine, median, numberOption, processCpuMs } from './lib/stats';

const PLACES = numberOption('--places', 9_000);
const ROUNDS = numberOption('--rounds', 2);
const option = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const ONLY = option('--only');
const NODE24 = option('--node24') ?? join(homedir(), '.cache', 'dedup-curator', 'vscode-harness', 'node24', 'node_modules', '.bin', 'node');
const CLI = join(__dirname, '..', 'dist', 'cli.js');
const CHILD = join(__dirname, 'children', 'sync-floor-run.ts');

interface Variant {
  label: string;
  /** Node's own: the CLI's listing and sync; else sync-floor-run.ts with this environment. */
  cli?: 'listing' | 'sync';
  env?: Record<string, string>;
  node?: string;
}

const wasm = (level: string, worker = false): Variant => ({ label: `${worker ? 'worker: ' : ''}wasm ${level}`, env: { FLOOR_LEVEL: level, FLOOR_ENGINE: 'wasm', FLOOR_WORKER: worker ? '1' : '0' } });
const VARIANTS: Variant[] = [
  { label: 'CLI plain --all listing (both kinds in turn)', cli: 'listing' } as Variant,
  { label: 'listing as a sync asks it, nothing written', env: { FLOOR_LEVEL: 'list' } },
  ...['rows', 'keys', 'trigram', 'words', 'vocab', 'product'].map((l) => wasm(l)),
  ...['rows', 'trigram', 'vocab'].map((l) => wasm(l, true)),
  // Node 24 itself (its V8) apart from its SQLite: the listing and the WebAssembly build's rows on it.
  ...(existsSync(NODE24)
    ? [
        { label: 'Node 24: listing, nothing written', node: NODE24, env: { FLOOR_LEVEL: 'list' } },
        { ...wasm('rows'), label: 'Node 24: wasm rows', node: NODE24 },
        ...['rows', 'vocab', 'product'].map((l): Variant => ({ label: `Node 24: node:sqlite ${l}`, node: NODE24, env: { FLOOR_LEVEL: l, FLOOR_ENGINE: 'node' } })),
      ]
    : []),
  { label: 'CLI mirror sync (the product)', cli: 'sync' } as Variant,
].filter((v) => !ONLY || new RegExp(ONLY).test(v.label) || v.cli === 'listing');

/** wall: from the process's first request (its own clock; a child's TypeScript compile left out) or, for the CLI, the whole process. */
interface Measure { wall: number; processWall: number; cpu: number; sandboxCpu: number; rssMb: number; busy: number; diskMb: number; load: number }

function timed(args: string[], env: NodeJS.ProcessEnv, node = process.execPath): { out: string; cpu: number; rssMb: number } {
  const run = spawnSync('/usr/bin/time', ['-f', 'cpu %U %S rss %M', node, ...args], { env, encoding: 'utf8', maxBuffer: 2 ** 30 });
  const m = /cpu ([\d.]+) ([\d.]+) rss (\d+)\s*$/.exec(run.stderr);
  if (run.status !== 0 || !m) throw new Error(`${args.join(' ')}: ${run.stderr.slice(-600)}`);
  return { out: run.stdout, cpu: Number(m[1]) + Number(m[2]), rssMb: Number(m[3]) / 1024 };
}

function measure(v: Variant, env: NodeJS.ProcessEnv, sandboxPid: number): Measure {
  const sandbox0 = processCpuMs(sandboxPid);
  const dir = mkdtempSync(join(tmpdir(), 'dedup-sync-floor-'));
  const load = loadavg()[0];
  try {
    const t = performance.now();
    if (v.cli === 'listing') {
      let cpu = 0;
      let rssMb = 0;
      for (const kind of ['locations', 'events']) {
        const r = timed([CLI, kind, '--all', '--page-size', '500', `--updated-since=${EARLIEST_SINCE}`, '--format', 'ndjson'], env);
        cpu += r.cpu;
        rssMb = Math.max(rssMb, r.rssMb);
      }
      const wall = (performance.now() - t) / 1000;
      return { wall, processWall: wall, cpu, sandboxCpu: (processCpuMs(sandboxPid) - sandbox0) / 1000, rssMb, busy: 0, diskMb: 0, load };
    }
    const r = v.cli === 'sync' ? timed([CLI, 'mirror', 'sync', '--dir', dir], env) : timed(['--import', 'tsx', CHILD], { ...env, ...v.env, FLOOR_DIR: dir }, v.node);
    const processWall = (performance.now() - t) / 1000;
    const own = v.cli ? undefined : (JSON.parse(r.out.trim().split('\n').pop() ?? '{}') as { busyS: number; wall: number });
    return { wall: own?.wall ?? processWall, processWall, cpu: r.cpu, sandboxCpu: (processCpuMs(sandboxPid) - sandbox0) / 1000, rssMb: r.rssMb, busy: own?.busyS ?? NaN, diskMb: diskBytes(dir) / 2 ** 20, load };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printTable(results: Map<string, Measure[]>): void {
  const listing = results.get(VARIANTS[0].label) ?? [];
  console.log('\n| variant | wall s, each round (from its first request; the CLI: its process) | ÷ the round\'s CLI listing | CPU s (the sandbox\'s meanwhile) | in the writes s | peak RSS MB | disk MB |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const v of VARIANTS) {
    const ms = results.get(v.label) ?? [];
    const each = (f: (m: Measure, i: number) => number, d = 2) => ms.map((m, i) => f(m, i).toFixed(d)).join(', ');
    console.log(`| ${v.label} | ${each((m) => m.wall)} (median ${median(ms.map((m) => m.wall)).toFixed(2)}) | ${each((m, i) => m.wall / listing[i].wall)}× | ${ms.map((m) => `${m.cpu.toFixed(2)} (${m.sandboxCpu.toFixed(2)})`).join(', ')} | ${v.cli ? '' : each((m) => m.busy)} | ${each((m) => m.rssMb, 0)} | ${v.cli === 'listing' ? '' : each((m) => m.diskMb, 1)} |`);
  }
  const loads = [...results.values()].flat().map((m) => m.load);
  console.log(`load average (1 min) at the variants' starts: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`);
}

async function main(): Promise<void> {
  console.log(machineLine());
  if (!existsSync(NODE24)) console.log(`no Node with node:sqlite at ${NODE24}: its rows skipped`);
  const sandbox = await startBenchSandbox({ locations: PLACES, events: PLACES, autoMergeThreshold: 2 });
  const env = { ...process.env, DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  const results = new Map<string, Measure[]>();
  try {
    console.log(`sandbox: ${sandbox.stats.locations} locations, ${sandbox.stats.events} events; first listing (renders every record) ${measure(VARIANTS[0], env, sandbox.pid).wall.toFixed(1)} s`);
    for (let r = 0; r < ROUNDS; r++) {
      for (const v of r % 2 ? [...VARIANTS].reverse() : VARIANTS) {
        const m = measure(v, env, sandbox.pid);
        results.set(v.label, [...(results.get(v.label) ?? []), m]);
        console.log(`round ${r + 1} ${v.label}: wall ${m.wall.toFixed(2)} s (process ${m.processWall.toFixed(2)}), CPU ${m.cpu.toFixed(2)} s (sandbox ${m.sandboxCpu.toFixed(2)}), writes ${m.busy.toFixed(2)} s, RSS ${m.rssMb.toFixed(0)} MB, disk ${m.diskMb.toFixed(1)} MB, load ${m.load.toFixed(2)}`);
      }
    }
    printTable(results);
    console.log(machineLine());
  } finally {
    await sandbox.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
