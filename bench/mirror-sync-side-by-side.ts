// The mirror's sync, side by side in one process against one sandbox (99,914 locations + 50,226
// events): another checkout's code (--base DIR, e.g. main, built with `npm run build`) and this
// one's, alternating which goes first each round (the first to list a changed record makes the
// sandbox render it; the very first full sync, which renders every record, is not counted). Per
// round, about 1 % of the records change (approvals), then each side syncs as a fresh process
// (`dist/cli.js mirror sync`) and as an open mirror (Mirror.sync, as the extension). Both sides list
// the same changes, including the earlier rounds' still within the five-minute overlap. The changed
// records are listed once before the syncs (the sandbox renders a record when first listed).
// Run: npm run build && node --expose-gc --import tsx bench/mirror-sync-side-by-side.ts --base DIR [--rounds 6] [--index]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DedupClient } from '../src/api';
import { Mirror as NewMirror } from '../src/mirror';
import { startBenchSandbox } from './lib/bench-sandbox';
import { onePercentChanger } from './lib/one-percent';
import { machineLine, median, numberOption } from './lib/stats';

const ROUNDS = numberOption('--rounds', 6);
const INDEX = process.argv.includes('--index');
const baseAt = process.argv.indexOf('--base');
const BASE = baseAt > 0 ? process.argv[baseAt + 1] : undefined;
const CLI = { main: join(BASE ?? '.', 'dist', 'cli.js'), branch: join(__dirname, '..', 'dist', 'cli.js') } as const;
type Side = keyof typeof CLI;
/** Every directory this run made, removed at its end (a full mirror is ~150 MB). */
const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dedup-mirror-side-'));
  made.push(dir);
  return dir;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
}

/** A fresh process's wall time and CPU seconds (GNU time's user + system). */
function runCli(cli: string, args: string[], env: Record<string, string>): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'cpu %U %S', process.execPath, cli, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => {
      const m = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(err);
      if (code !== 0 || !m) return reject(new Error(err.slice(-400)));
      resolve({ wall: (performance.now() - t) / 1000, cpu: Number(m[1]) + Number(m[2]) });
    });
  });
}

/** Lists what changed since `since` (both kinds), answers how many records. */
async function prelist(client: DedupClient, since: string): Promise<number> {
  let n = 0;
  for await (const p of client.locationPages({ updatedSince: since, page: 0, pageSize: 500 }, {})) n += p.data.length;
  for await (const p of client.eventPages({ updatedSince: since, page: 0, pageSize: 500 }, {})) n += p.data.length;
  return n;
}

async function main(): Promise<void> {
  if (!BASE) throw new Error('--base DIR: a checkout to compare with (built with npm run build)');
  const { Mirror: BaseMirror } = (await import(join(BASE, 'src', 'mirror', 'index.ts'))) as { Mirror: typeof NewMirror };
  console.log(machineLine());
  const sandbox = await startBenchSandbox({ locations: 36300, events: 27900, autoMergeThreshold: 2 });
  const env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
  const client = new DedupClient({ baseUrl: sandbox.baseUrl, token: sandbox.token });
  const sides: Side[] = ['main', 'branch'];
  const cliDir = { main: tempDir(), branch: tempDir() };
  const openDir = { main: tempDir(), branch: tempDir() };
  const full: Record<Side, number[]> = { main: [], branch: [] };
  const wall = (r: { wall: number }) => r.wall;
  // Full syncs: the first one renders the sandbox's records; then two each, alternating.
  await runCli(CLI.branch, ['mirror', 'sync', '--dir', tempDir()], env);
  for (const s of sides) await runCli(CLI[s], ['mirror', 'sync', '--dir', openDir[s]], env);
  for (const order of [sides, [...sides].reverse()]) for (const s of order) full[s].push(wall(await runCli(CLI[s], ['mirror', 'sync', '--dir', tempDir()], env)));
  for (const s of sides) full[s].push(wall(await runCli(CLI[s], ['mirror', 'sync', '--dir', cliDir[s]], env)));
  const mirrors = { main: await BaseMirror.open(openDir.main), branch: await NewMirror.open(openDir.branch) };
  await mirrors.branch.prepareSync(); // as the extension after an open
  // With --index, both mirrors have their search indexes built (the extension once Find was used):
  // a sync then updates them too.
  if (INDEX) for (const s of sides) await Promise.all([mirrors[s].prepare('locations'), mirrors[s].prepare('events')]);
  const change = onePercentChanger(client, sandbox.stats);
  // Wall seconds, and CPU seconds of the client plus the sandbox: the machine is shared, and the CPU
  // a sync costs moves less with the load than its wall time.
  const fresh: Record<Side, number[]> = { main: [], branch: [] };
  const freshCpu: Record<Side, number[]> = { main: [], branch: [] };
  const open: Record<Side, number[]> = { main: [], branch: [] };
  const openCpu: Record<Side, number[]> = { main: [], branch: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const changedSince = new Date(Date.now() - 1000).toISOString();
    await change();
    // The sandbox renders a changed record when it is first listed: listed once here, so that
    // neither side's first sync of the round (nor the fresh processes, which go first) pays for it.
    await prelist(client, changedSince);
    const order = round % 2 ? [...sides].reverse() : sides;
    for (const s of order) {
      const server = cpuOf(sandbox.pid);
      const r = await runCli(CLI[s], ['mirror', 'sync', '--dir', cliDir[s]], env);
      fresh[s].push(r.wall);
      freshCpu[s].push(r.cpu + cpuOf(sandbox.pid) - server);
    }
    for (const s of order) {
      global.gc?.(); // the other side's garbage is not this side's to collect
      const server = cpuOf(sandbox.pid);
      const cpu = process.cpuUsage();
      const t = performance.now();
      await mirrors[s].sync(client);
      open[s].push((performance.now() - t) / 1000);
      const used = process.cpuUsage(cpu);
      openCpu[s].push((used.user + used.system) / 1e6 + cpuOf(sandbox.pid) - server);
    }
    const last = (xs: number[]) => xs.at(-1)!.toFixed(2);
    console.log(`round ${round} (${order.join(' first, ')}): fresh process main ${last(fresh.main)} s (CPU ${last(freshCpu.main)}), branch ${last(fresh.branch)} s (CPU ${last(freshCpu.branch)}); open mirror main ${last(open.main)} s (CPU ${last(openCpu.main)}), branch ${last(open.branch)} s (CPU ${last(openCpu.branch)})`);
  }
  const pct = (x: number, of: number) => `${((x / of) * 100).toFixed(1)} %`;
  for (const s of sides) {
    const f = median(full[s]);
    console.log(`${s}: full sync ${full[s].map((x) => x.toFixed(2)).join(', ')} s (median ${f.toFixed(2)}); incremental as a fresh process median ${median(fresh[s]).toFixed(2)} s = ${pct(median(fresh[s]), f)}, CPU ${median(freshCpu[s]).toFixed(2)} s; of the open mirror median ${median(open[s]).toFixed(2)} s = ${pct(median(open[s]), f)}, CPU ${median(openCpu[s]).toFixed(2)} s`);
  }
  console.log(machineLine());
  await sandbox.stop();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}
main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
