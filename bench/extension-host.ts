// The extension in the real VS Code extension host (issue 6, figures 3 and 4), plus its sizes:
//   1. `node scripts/package.mjs --quiet`: the production bundles and the VSIX, whose sizes it reports;
//   2. `node esbuild.js --production --metafile`: what each bundle is made of (out/meta/*.json);
//   3. a sandbox in its own process (bench/lib/bench-sandbox.ts, ~20,000 pending recommendations
//      and ~54,000 locations, so that 10,000 records can be loaded into each tree);
//   4. --runs times: the integration harness (test/harness/run-integration.mjs --no-build) running only
//      bench/vscode/extension-bench.suite.ts, compiled next to the integration suite, in a fresh
//      VS Code each time (activation happens once per host), which writes its timings as JSON.
// Afterwards the compiled suite is removed and the development build restored (node esbuild.js).
// Run: npx tsx bench/extension-host.ts [--runs 5]
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { SIZES, startBenchSandbox } from './lib/bench-sandbox';
import { load1, machineLine, median, numberOption, summary } from './lib/stats';

const RUNS = numberOption('--runs', 5);
const ROOT = join(__dirname, '..');
const SUITE_OUT = join(ROOT, 'out', 'test', 'integration', 'zz-bench-extension.test.js');

function run(args: string[], quiet = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      if (!quiet) process.stdout.write(c);
    });
    child.stderr.on('data', (c: Buffer) => (out += c.toString('utf8')));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`node ${args.join(' ')} exited ${code}:\n${out.slice(-3000)}`))));
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Bytes of the output by source folder (node_modules/<package>, src/<area>/<folder>). */
function breakdown(metaFile: string, top = 10): string {
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }> };
  const [output] = Object.values(meta.outputs).filter((o) => o.bytes > 0);
  const by = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
    const parts = file.split('/');
    const key = parts[0] === 'node_modules' ? parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/') : parts.slice(0, 3).join('/');
    by.set(key, (by.get(key) ?? 0) + bytesInOutput);
  }
  return [...by].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `${k} ${kb(v)}`).join(', ');
}

interface ListFigures {
  refreshMedianMs: number;
  floorMedianMs: number;
  refreshMs: number[];
  floorMs: number[];
  loaded: number;
  nodes: number;
  getChildrenMedianMs: number;
  getChildrenAndTreeItemsMedianMs: number;
}
interface HostFigures {
  alreadyActive: boolean;
  activationMs: number;
  /** Parts of activationMs: VS Code loading the bundle, preparing the ExtensionContext, activate() itself. */
  moduleLoadMs: number;
  contextMs: number;
  activateBodyMs: number;
  /** From activate() to the session's first state (activate() no longer waits for it). */
  firstStateMs: number;
  sessionReloadMs: number;
  /** µs per Date#toLocaleString with dateStyle/timeStyle (ms for 1,000 calls). */
  toLocaleStringUs: number;
  fetchesDuringActivation: number;
  sandboxBundleLoaded: boolean;
  recommendations: ListFigures;
  locations: ListFigures;
}

async function main(): Promise<void> {
  console.log(machineLine());
  const vsixPath = (await run([join(ROOT, 'scripts', 'package.mjs'), '--quiet'])).trim().split('\n').pop()!;
  await run([join(ROOT, 'esbuild.js'), '--production', '--metafile']);
  console.log('\nproduction bundles (minified):');
  for (const f of readdirSync(join(ROOT, 'dist')).filter((f) => f.endsWith('.js'))) {
    const meta = join(ROOT, 'out', 'meta', f.replace(/\.js$/, '.json'));
    console.log(`  dist/${f}: ${kb(statSync(join(ROOT, 'dist', f)).size)}${existsSync(meta) ? `; largest parts: ${breakdown(meta, f === 'extension.js' ? 12 : 6)}` : ''}`);
  }
  console.log(`VSIX ${vsixPath}: ${kb(statSync(vsixPath).size)}`);

  const dir = mkdtempSync(join(tmpdir(), 'dedup-ext-bench-'));
  const sandbox = await startBenchSandbox(SIZES.recommendations20k);
  const results: HostFigures[] = [];
  const loads: number[] = [];
  try {
    console.log(`\nsandbox ready in ${sandbox.startSeconds.toFixed(1)} s: ${JSON.stringify(sandbox.stats)}`);
    const secret = join(dir, 'sandbox.json');
    writeFileSync(secret, JSON.stringify({ baseUrl: sandbox.baseUrl, token: sandbox.token }));
    chmodSync(secret, 0o600);
    await esbuild.build({
      entryPoints: [join(__dirname, 'vscode', 'extension-bench.suite.ts')],
      outfile: SUITE_OUT,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode', 'mocha'],
      logLevel: 'error',
    });
    for (let i = 1; i <= RUNS; i++) {
      const outFile = join(dir, `run-${i}.json`);
      loads.push(load1());
      await run([join(ROOT, 'test', 'harness', 'run-integration.mjs'), '--no-build', '--env', 'DEDUP_CURATOR_TEST_GREP=^bench:', '--env', `DEDUP_CURATOR_BENCH_OUT=${outFile}`, '--env', `DEDUP_CURATOR_BENCH_SANDBOX=${secret}`]);
      const r = JSON.parse(readFileSync(outFile, 'utf8')) as HostFigures;
      results.push(r);
      console.log(`run ${i} (load ${loads.at(-1)!.toFixed(2)}): activation ${r.activationMs.toFixed(1)} ms (first state at ${r.firstStateMs.toFixed(1)} ms; a session reload alone ${r.sessionReloadMs.toFixed(1)} ms; toLocaleString ${r.toLocaleStringUs.toFixed(0)} µs/call)${r.alreadyActive ? ' (ALREADY ACTIVE: not a measurement)' : ''}, ${r.fetchesDuringActivation} fetches, sandbox bundle loaded: ${r.sandboxBundleLoaded}; refresh→items: recommendations ${r.recommendations.refreshMedianMs.toFixed(1)} ms (bare fetch ${r.recommendations.floorMedianMs.toFixed(1)}), locations ${r.locations.refreshMedianMs.toFixed(1)} ms (bare fetch ${r.locations.floorMedianMs.toFixed(1)}); getChildren with ${r.recommendations.loaded} / ${r.locations.loaded} loaded: ${r.recommendations.getChildrenMedianMs.toFixed(2)} / ${r.locations.getChildrenMedianMs.toFixed(2)} ms`);
    }
  } finally {
    rmSync(SUITE_OUT, { force: true });
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
    await run([join(ROOT, 'esbuild.js')]).catch((e: unknown) => console.error(`restoring the development build failed: ${(e as Error).message}`));
  }
  const measured = results.filter((r) => !r.alreadyActive);
  const col = (f: (r: HostFigures) => number, digits = 1) => summary(measured.map(f), digits);
  console.log(`\n| figure | goal | measured: median (min–max) of ${measured.length} hosts | floor beside it | load average |`);
  console.log('|---|---|---|---|---|');
  console.log(`| activation (ext.activate() in the extension host) | ≤ 20 ms, no network | **${col((r) => r.activationMs)} ms**; fetches during activation: ${measured.map((r) => r.fetchesDuringActivation).join(', ')}; dist/sandbox.js loaded: ${measured.some((r) => r.sandboxBundleLoaded) ? 'yes' : 'no'} | – | ${summary(loads, 1)} |`);
  console.log(`| activate() itself (our code: views, commands, lists) | ≤ 20 ms | **${col((r) => r.activateBodyMs)} ms** | – | ${summary(loads, 1)} |`);
  console.log(`| (of activation) VS Code loading the bundle until its code runs | – | ${col((r) => r.moduleLoadMs)} ms | – | ${summary(loads, 1)} |`);
  console.log(`| (of activation) VS Code preparing the ExtensionContext (mementos, storage) before calling activate() | – | ${col((r) => r.contextMs)} ms | – | ${summary(loads, 1)} |`);
  console.log(`| activate() → the session's first state (not awaited by activation) | – | ${col((r) => r.firstStateMs)} ms | – | ${summary(loads, 1)} |`);
  console.log(`| session reload alone: SecretStorage + setContext | – | ${col((r) => r.sessionReloadMs)} ms | – | ${summary(loads, 1)} |`);
  for (const name of ['recommendations', 'locations'] as const) {
    const own = measured.map((r) => r[name].refreshMedianMs - r[name].floorMedianMs);
    console.log(`| ${name}: refresh → first page's items (page of ${name === 'recommendations' ? 200 : 500}) | ≈ 1 round trip + ≤ 10 ms | **${col((r) => r[name].refreshMedianMs)} ms**, i.e. ${summary(own, 1)} ms more than the bare fetch | bare fetch + JSON.parse: ${col((r) => r[name].floorMedianMs)} ms | ${summary(loads, 1)} |`);
    console.log(`| ${name}: getChildren with ${median(measured.map((r) => r[name].loaded))} loaded | ≤ 50 ms | **${col((r) => r[name].getChildrenMedianMs, 2)} ms**; with getTreeItem of every node ${col((r) => r[name].getChildrenAndTreeItemsMedianMs, 2)} ms | – | ${summary(loads, 1)} |`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
