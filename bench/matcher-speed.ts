// Matcher speed: generate N source locations, then prepare, block, estimate the model, score and
// group them (MatchRun, as the sandbox does), timing each phase, and report peak RSS. Each size runs in its own process so its RSS is its own.
// Run: npx tsx bench/matcher-speed.ts [--size N ...]   (default: 10000 and 100000)
import { spawnSync } from 'node:child_process';
import { MatchRun, REVIEW_THRESHOLD, type MatchLocation } from '../src/matching';
import { loadGenerator } from './lib/datasets';
import { splitRecords } from './lib/synthetic';

const INTEGRATIONS = 4;

interface Result {
  records: number;
  places: number;
  ms: Record<string, number>;
  cpuMs: Record<string, number>;
  comparisons: number;
  cappedBlocks: number;
  candidates: number;
  peakRssMb: number;
}

/** CPU milliseconds per phase, beside wall time: the machine is shared, so wall time varies with load. */
const cpu: Record<string, number> = {};

function time<T>(ms: Record<string, number>, phase: string, run: () => T): T {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const out = run();
  const c = process.cpuUsage(c0);
  ms[phase] = performance.now() - t0;
  cpu[phase] = (c.user + c.system) / 1000;
  return out;
}

async function measure(target: number): Promise<Result> {
  const generate = await loadGenerator();
  if (!generate) throw new Error('src/sandbox/generator.ts is absent');
  const ms: Record<string, number> = {};
  // About 2.8 listings per place with 4 integrations: find the place count giving ~target records.
  const probe = splitRecords(generate({ seed: 7, locations: 2000, events: 0, integrations: INTEGRATIONS }).records).locations.length / 2000;
  const places = Math.round(target / probe);
  const records: MatchLocation[] = time(ms, 'generate', () => splitRecords(generate({ seed: 7, locations: places, events: 0, integrations: INTEGRATIONS }).records).locations);
  // One MatchRun as the sandbox does it: prepare, block, levels of every compared pair, estimate
  // (u from random pairs, λ from rules, m by EM, name frequencies), score every pair.
  const run = time(ms, 'match run (prepare..score)', () => MatchRun.locations(records, { model: 'estimate' }));
  ms['  of which estimate'] = run.model.report?.millis ?? 0;
  cpu['  of which estimate'] = NaN;
  const candidates = time(ms, 'group (non-chaining)', () => run.candidates(REVIEW_THRESHOLD));
  for (const t of [ms, cpu]) {
    t['match total (run + group)'] = t['match run (prepare..score)'] + t['group (non-chaining)'];
    t['total incl. generate'] = t['match total (run + group)'] + t['generate'];
  }
  const blocked = { stats: run.stats };
  ms['EM iterations'] = run.model.report?.iterations ?? 0;
  cpu['EM iterations'] = NaN;
  return {
    records: records.length,
    places,
    ms,
    cpuMs: cpu,
    comparisons: blocked.stats.comparisons,
    cappedBlocks: blocked.stats.cappedBlocks,
    candidates: candidates.length,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

function report(r: Result): void {
  console.log(`\n${r.records} source locations (${r.places} places, ${INTEGRATIONS} integrations): ${r.comparisons} comparisons, ${r.cappedBlocks} capped blocks, ${r.candidates} candidates, peak RSS ${r.peakRssMb.toFixed(0)} MB`);
  console.log(`  ${'phase'.padEnd(30)}   wall      CPU`);
  for (const [phase, ms] of Object.entries(r.ms)) {
    if (phase === 'EM iterations') console.log(`  ${phase.padEnd(30)} ${ms}`);
    else console.log(`  ${phase.padEnd(30)} ${(ms / 1000).toFixed(2).padStart(6)} s ${r.cpuMs[phase] === null || Number.isNaN(r.cpuMs[phase]) ? '     –' : (r.cpuMs[phase] / 1000).toFixed(2).padStart(6) + ' s'}`);
  }
}

async function main(): Promise<void> {
  const i = process.argv.indexOf('--child');
  if (i >= 0) {
    console.log(JSON.stringify(await measure(Number(process.argv[i + 1]))));
    return;
  }
  const sizes = process.argv.flatMap((a, k) => (process.argv[k - 1] === '--size' ? [Number(a)] : []));
  if ((await loadGenerator()) === undefined) {
    console.log('src/sandbox/generator.ts is absent: nothing to measure');
    return;
  }
  console.log(`node ${process.version}, ${(await import('node:os')).cpus().length} CPUs`);
  for (const size of sizes.length > 0 ? sizes : [10_000, 100_000]) {
    const child = spawnSync(process.execPath, [...process.execArgv, __filename, '--child', String(size)], { encoding: 'utf8', maxBuffer: 1 << 24 });
    if (child.status !== 0) throw new Error(`size ${size} failed:\n${child.stderr}`);
    const line = child.stdout.trim().split('\n').pop() ?? '';
    report(JSON.parse(line) as Result);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
