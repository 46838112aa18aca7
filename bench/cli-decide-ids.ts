// A list of rejections from a script, the two ways a pipeline can send them: one `dedup-curator
// reject ID` process per recommendation (`xargs -n1`), and one `dedup-curator reject --ids FILE`
// (the bulk path, 8 at a time). The real executable (dist/cli.js) against a sandbox in its own
// process on 127.0.0.1 that takes 20 ms per answer, as a real service would; the two ways
// alternate on fresh sets of pending recommendations, and every set is checked gone afterwards.
// Run: npm run build && npx tsx bench/cli-decide-ids.ts [--rounds 3] [--count 100]
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../src/api/client';
import { startBenchSandbox } from './lib/bench-sandbox';
import { load1, machineLine, median, numberOption } from './lib/stats';

const ROUNDS = numberOption('--rounds', 3);
const COUNT = numberOption('--count', 100);
const CLI = join(__dirname, '..', 'dist', 'cli.js');

function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`dedup-curator ${args.join(' ')}: exit ${code}: ${err}`))));
  });
}

async function onePerProcess(ids: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  for (const id of ids) await run(['reject', id], env);
}

async function main(): Promise<void> {
  console.log(machineLine());
  const sandbox = await startBenchSandbox({ locations: 3000, events: 0, autoMergeThreshold: 2, faults: 'latency=20ms' });
  const dir = mkdtempSync(join(tmpdir(), 'bench-ids-'));
  const env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  const times: Record<'per process' | '--ids', number[]> = { 'per process': [], '--ids': [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const way of round % 2 ? (['--ids', 'per process'] as const) : (['per process', '--ids'] as const)) {
        const ids: string[] = [];
        for await (const r of client.allRecommendations({ pageSize: 200 })) if (ids.length < COUNT) ids.push(r['@id']);
        assert.equal(ids.length, COUNT, 'the sandbox ran out of pending recommendations');
        const file = join(dir, `ids-${round}.txt`);
        writeFileSync(file, ids.join('\n') + '\n');
        const t0 = performance.now();
        if (way === '--ids') await run(['reject', '--ids', file], env);
        else await onePerProcess(ids, env);
        times[way].push((performance.now() - t0) / 1000);
        const left = new Set<string>();
        for await (const r of client.allRecommendations({ pageSize: 200 })) left.add(r['@id']);
        assert.ok(ids.every((id) => !left.has(id)), `${way}: a rejected recommendation is still pending`);
        console.log(`round ${round + 1} ${way}: ${COUNT} rejections in ${times[way].at(-1)!.toFixed(2)} s (load ${load1().toFixed(1)})`);
      }
    }
  } finally {
    await sandbox.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const [per, ids] = [median(times['per process']), median(times['--ids'])];
  console.log(`${COUNT} rejections, median of ${ROUNDS}: one process each ${per.toFixed(2)} s (${((per / COUNT) * 1000).toFixed(0)} ms a decision), --ids ${ids.toFixed(2)} s (${((ids / COUNT) * 1000).toFixed(0)} ms); --ids ${(per / ids).toFixed(1)}× faster`);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
