// Bulk approve (issue 6, figure 2): 2,000 recommendations approved with bounded concurrency vs one
// at a time, through the real path (runBulkDecisions with a fsynced DecisionJournal, DedupClient,
// HTTP to a sandbox in its own process on 127.0.0.1). After every run it checks that each target
// has exactly one journal entry with outcome ok and that none of them is still pending.
// Runs twice: against a sandbox that answers at once and against one that takes 20 ms per answer
// (--faults latency=20ms), as a real service would; with each time, the CPU both processes spent per
// decision, which is what bounds the speed-up when the answers come at once on a 2-core machine.
// Run: npm run build && npx tsx bench/bulk-decisions.ts [--rounds 5] [--count 2000] [--concurrency 4,8,16] [--latency 0,20]
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../src/api/client';
import type { Recommendation } from '../src/api/model';
import { runBulkDecisions } from '../src/curation/bulk-decisions';
import { DecisionJournal, journalConnection, readJournal } from '../src/curation/journal';
import { startBenchSandbox } from './lib/bench-sandbox';
import { load1, machineLine, median, numberOption, processCpuMs, summary } from './lib/stats';

const ROUNDS = numberOption('--rounds', 5);
const COUNT = numberOption('--count', 2000);
const CONCURRENCIES = listOption('--concurrency', [4, 8, 16]);
const LATENCIES = (process.argv.includes('--latency') ? process.argv[process.argv.indexOf('--latency') + 1] : '0,20').split(',').map(Number);
// ~9,000 disjoint pending location recommendations: room for a set of 2,000 per mode and round.
const DATA = { locations: 10_000, events: 0, autoMergeThreshold: 2 };

function listOption(name: string, fallback: number[]): number[] {
  const i = process.argv.indexOf(name);
  if (i < 0) return fallback;
  const list = (process.argv[i + 1] ?? '').split(',').map(Number);
  if (!list.length || list.some((n) => !Number.isInteger(n) || n < 2 || n > 16)) throw new Error(`${name} wants a list of integers from 2 to 16`);
  return list;
}

/** Recommendations sharing no entity, in list order, so that no approval makes another moot. */
function disjoint(recs: Recommendation[], n: number): Recommendation[] {
  const used = new Set<string>();
  const out: Recommendation[] = [];
  for (const r of recs) {
    const ids = r.entities.map((e) => e['@id']);
    if (ids.some((id) => used.has(id))) continue;
    ids.forEach((id) => used.add(id));
    out.push(r);
    if (out.length === n) break;
  }
  if (out.length < n) throw new Error(`only ${out.length} disjoint recommendations; need ${n}`);
  return out;
}

interface RunTimes {
  seconds: number;
  /** CPU per decision, ms: this process (client, journal) and the sandbox's. */
  clientCpuMs: number;
  sandboxCpuMs: number;
}

async function oneRun(client: DedupClient, targets: Recommendation[], concurrency: number, dir: string, sandboxPid: number): Promise<RunTimes> {
  const path = join(dir, `journal-c${concurrency}.ndjson`);
  const journal = new DecisionJournal(path);
  const cpu0 = process.cpuUsage();
  const sandboxCpu0 = processCpuMs(sandboxPid);
  const t0 = performance.now();
  const summary = await runBulkDecisions(client, targets, { verdict: 'approve', connection: journalConnection(client.baseUrl, 'bench'), journal, concurrency });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const times = { seconds, clientCpuMs: (cpu.user + cpu.system) / 1000 / targets.length, sandboxCpuMs: (processCpuMs(sandboxPid) - sandboxCpu0) / targets.length };
  await journal.close();
  // Nothing lost, nothing doubled: one journal entry per target, each ok, and the service agrees.
  assert.equal(summary.done.length, targets.length, `all approved (failed: ${JSON.stringify(summary.failed)}, unknown: ${JSON.stringify(summary.unknown)})`);
  const { entries, skippedLines } = await readJournal(path);
  assert.equal(skippedLines, 0);
  assert.equal(entries.length, targets.length, 'one journal entry per decision');
  assert.deepEqual(new Set(entries.map((e) => e.id)), new Set(targets.map((t) => t['@id'])), 'the journal names every target once');
  assert.ok(entries.every((e) => e.outcome === 'ok' && e.outcomeRecorded), 'every outcome recorded as ok');
  const pending = new Set<string>();
  for await (const r of client.allRecommendations({ pageSize: 200 })) pending.add(r['@id']);
  assert.ok(targets.every((t) => !pending.has(t['@id'])), 'no approved recommendation is still pending');
  return times;
}

async function main(): Promise<void> {
  console.log(machineLine());
  for (const latencyMs of LATENCIES) await atLatency(latencyMs);
}

async function atLatency(latencyMs: number): Promise<void> {
  const modes = [1, ...CONCURRENCIES];
  const data = latencyMs > 0 ? { ...DATA, faults: `latency=${latencyMs}ms` } : DATA;
  const served = latencyMs > 0 ? `each answer after ${latencyMs} ms` : 'answers at once';
  console.log(`\n${ROUNDS} rounds, sandbox ${served}; each: a fresh sandbox (${JSON.stringify(data)}), ${COUNT} approvals per mode (concurrency ${modes.join(', ')}; 1 = one at a time), each mode on its own disjoint set, the order rotating per round\n`);
  const runs = new Map<number, RunTimes[]>(modes.map((m) => [m, []]));
  const loads: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const sandbox = await startBenchSandbox(data);
    const dir = mkdtempSync(join(tmpdir(), 'dedup-bulk-bench-'));
    try {
      const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
      const recs: Recommendation[] = [];
      for await (const r of client.allRecommendations({ pageSize: 200 })) recs.push(r);
      const sets = disjoint(recs, COUNT * modes.length);
      loads.push(load1());
      const order = modes.map((_, i) => modes[(i + round - 1) % modes.length]);
      const line: string[] = [];
      for (const [i, mode] of order.entries()) {
        const r = await oneRun(client, sets.slice(i * COUNT, (i + 1) * COUNT), mode, dir, sandbox.pid);
        runs.get(mode)!.push(r);
        line.push(`c${mode} ${r.seconds.toFixed(2)} s`);
      }
      console.log(`round ${round} (load ${loads.at(-1)!.toFixed(2)}): ${line.join(', ')}; every journal and the service checked`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await sandbox.stop();
    }
  }
  const seq = runs.get(1)!.map((r) => r.seconds);
  console.log(`\n| figure | goal | measured: median (min–max) of ${ROUNDS} | floor beside it (one at a time) | CPU per decision, client / sandbox (ms) | load average |`);
  console.log('|---|---|---|---|---|---|');
  const cpu = (c: number) => `${summary(runs.get(c)!.map((r) => r.clientCpuMs), 2)} / ${summary(runs.get(c)!.map((r) => r.sandboxCpuMs), 2)}`;
  for (const c of CONCURRENCIES) {
    const par = runs.get(c)!.map((r) => r.seconds);
    const ratios = seq.map((s, i) => s / par[i]);
    console.log(`| bulk approve of ${COUNT} (${served}), concurrency ${c} vs one at a time | ≥ 3× faster | **${median(ratios).toFixed(2)}×** (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}); ${summary(par)} s | ${summary(seq)} s | ${cpu(c)} (one at a time: ${cpu(1)}) | ${summary(loads, 1)} |`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
