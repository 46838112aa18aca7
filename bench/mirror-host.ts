// The mirror in the real VS Code extension host: search p50/p95 and the heap it adds, at the size of
// a kept mirror (bench/mirror-search.ts --places 54500 --keep: 150,000 locations). A small sandbox in
// its own process gives the extension a connection; bench/vscode/mirror-bench.suite.ts, built into
// the integration suite's folder, copies the kept mirror into that connection's mirror directory,
// opens it as Find does and searches it; the harness (test/harness/run-integration.mjs --no-build)
// runs it --runs times in a fresh VS Code each. With --base DIR (another checkout or source tree, e.g.
// main's), that build's src/mirror is bundled and searched in the same host, alternated query by
// query with this build's (the load of a shared machine falls on both alike).
// Run: npm run build && nice npx tsx bench/mirror-host.ts --dir <kept mirror directory> [--runs 3] [--base DIR]
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { startBenchSandbox } from './lib/bench-sandbox';
import { load1, machineLine, numberOption } from './lib/stats';

const RUNS = numberOption('--runs', 3);
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const DIR = arg('--dir');
const BASE = arg('--base');
const ROOT = join(__dirname, '..');
const SUITE_OUT = join(ROOT, 'out', 'test', 'integration', 'zz-bench-mirror.test.js');

interface Memory {
  heapMb: number;
  rssMb: number;
  externalMb: number;
}
interface Percentiles {
  p50: number;
  p95: number;
  cpuP50: number;
  cpuP95: number;
}
interface Figures {
  records: number;
  openMs: number;
  p50: number;
  p95: number;
  cpuP50: number;
  cpuP95: number;
  typedCpuP95: number;
  find: { keystrokes: number; p50: number; p95: number; searchP50: number; searchP95: number; restP50: number; restP95: number };
  alternated?: Record<'base' | 'branch', Percentiles> & { same: number; queries: number };
  max: number;
  typedP50: number;
  typedP95: number;
  keystrokes: number;
  before: Memory;
  opened: Memory;
  afterList: Memory;
  searched: Memory;
  node: string;
}

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`node ${args.join(' ')} exited ${code}:\n${out.slice(-3000)}`))));
  });
}

function describeRun(r: Figures): string {
  const grow = (a: Memory, b: Memory) => `heap +${(b.heapMb - a.heapMb).toFixed(0)} MB, external +${(b.externalMb - a.externalMb).toFixed(0)} MB, RSS +${(b.rssMb - a.rssMb).toFixed(0)} MB`;
  return [
    `${r.records} locations (host Node ${r.node}): open ${r.openMs.toFixed(0)} ms (${grow(r.before, r.opened)})`,
    `search p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (CPU p50 ${r.cpuP50.toFixed(1)}, p95 ${r.cpuP95.toFixed(1)}), max ${r.max.toFixed(0)} ms; as typed (${r.keystrokes} keystrokes) p50 ${r.typedP50.toFixed(1)}, p95 ${r.typedP95.toFixed(1)} ms (CPU p95 ${r.typedCpuP95.toFixed(1)})`,
    `typed into Find Location until its items answer (${r.find.keystrokes} keystrokes): p50 ${r.find.p50.toFixed(1)}, p95 ${r.find.p95.toFixed(1)} ms, of which its search p50 ${r.find.searchP50.toFixed(1)}, p95 ${r.find.searchP95.toFixed(1)} and the rest (the renderer's round trip, the items) p50 ${r.find.restP50.toFixed(1)}, p95 ${r.find.restP95.toFixed(1)}`,
    ...(r.alternated ? [`alternated with --base (${r.alternated.queries} queries, the same hits for ${r.alternated.same}): ${(['base', 'branch'] as const).map((s) => `${s} p50 ${r.alternated![s].p50.toFixed(1)}, p95 ${r.alternated![s].p95.toFixed(1)} ms (CPU p50 ${r.alternated![s].cpuP50.toFixed(1)}, p95 ${r.alternated![s].cpuP95.toFixed(1)})`).join('; ')}`] : []),
    `after the searches: ${grow(r.before, r.searched)} (listing 20,000 records for the queries: ${grow(r.before, r.afterList)})`,
  ].join('\n  ');
}

/** Another build's mirror core as the extension loads its own (one CommonJS bundle, SQLite's WebAssembly beside it). */
async function bundleBase(base: string, work: string): Promise<string> {
  const out = join(work, 'base', 'mirror.js');
  await esbuild.build({ entryPoints: [join(base, 'src', 'mirror', 'index.ts')], outfile: out, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error' });
  copyFileSync(join(ROOT, 'dist', 'node-sqlite3-wasm.wasm'), join(work, 'base', 'node-sqlite3-wasm.wasm'));
  return out;
}

async function main(): Promise<void> {
  if (!DIR) throw new Error('--dir <kept mirror directory> is required (bench/mirror-search.ts --keep)');
  console.log(machineLine());
  const work = mkdtempSync(join(tmpdir(), 'dedup-mirror-host-'));
  const sandbox = await startBenchSandbox({ locations: 50, events: 20 });
  try {
    const secret = join(work, 'sandbox.json');
    writeFileSync(secret, JSON.stringify({ baseUrl: sandbox.baseUrl, token: sandbox.token }));
    chmodSync(secret, 0o600);
    await esbuild.build({ entryPoints: [join(__dirname, 'vscode', 'mirror-bench.suite.ts')], outfile: SUITE_OUT, bundle: true, platform: 'node', format: 'cjs', target: 'node20', external: ['vscode', 'mocha'], logLevel: 'error' });
    const baseBundle = BASE ? await bundleBase(BASE, work) : undefined;
    for (let i = 1; i <= RUNS; i++) {
      const outFile = join(work, `run-${i}.json`);
      const load = load1();
      const ran = run([join(ROOT, 'test', 'harness', 'run-integration.mjs'), '--no-build', '--env', 'DEDUP_CURATOR_TEST_GREP=^bench-mirror:', '--env', `DEDUP_CURATOR_BENCH_MIRROR_OUT=${outFile}`, '--env', `DEDUP_CURATOR_BENCH_MIRROR_DIR=${DIR}`, '--env', `DEDUP_CURATOR_BENCH_SANDBOX=${secret}`, ...(baseBundle ? ['--env', `DEDUP_CURATOR_BENCH_MIRROR_BASE=${baseBundle}`] : [])]);
      // The harness can fail after the measurement (the host's connection to its server timing out on a loaded machine): the figures count if written.
      const failed = await ran.then(() => undefined, (e: Error) => e.message.split('\n').find((l) => /Error|failing/.test(l)) ?? 'failed');
      if (!existsSync(outFile)) throw new Error(`run ${i}: no figures (${failed ?? ''})`);
      const figures = JSON.parse(readFileSync(outFile, 'utf8')) as Figures | { error: string };
      if ('error' in figures) throw new Error(`run ${i} failed in the host: ${figures.error}`);
      console.log(`run ${i} (load ${load.toFixed(1)}): ${describeRun(figures)}${failed ? `\n  (the harness then reported: ${failed})` : ''}`);
    }
  } finally {
    rmSync(SUITE_OUT, { force: true });
    await sandbox.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
