// CLI memory with --all: the claim is that records stream out as pages arrive, so the CLI's memory
// stays flat however many records there are. This runs `node dist/cli.js locations|events --all`
// against sandboxes of different sizes (each in its own process on 127.0.0.1), output to /dev/null,
// and records the CLI process's peak RSS and records per second, in each output format.
// Each measured run is repeated (peak RSS depends on when the garbage collector happens to run):
// the table gives the median and the largest. A last run per listing reads the CLI's output through
// a pipe at a throttled rate, so the CLI has to wait for its reader (back-pressure), which
// /dev/null never makes it do.
// Run: npm run build && npx tsx bench/cli-memory.ts [--sizes 2000,20000] [--repeat 3]
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startSandboxProcess } from './lib/http-load';

const CLI = join(__dirname, '..', 'dist', 'cli.js');
const SINCE = '1970-01-01T00:00:00.000Z';
const FORMATS = ['ndjson', 'json', 'csv'] as const;
const KINDS = ['locations', 'events'] as const;
const TIME = '/usr/bin/time';
/** No single CLI run may take longer than this. */
const RUN_LIMIT_MS = 300_000;

const sizesArg = process.argv[process.argv.indexOf('--sizes') + 1];
const SIZES = process.argv.includes('--sizes') && sizesArg ? sizesArg.split(',').map(Number) : [2000, 20_000];
const REPEAT = process.argv.includes('--repeat') ? Number(process.argv[process.argv.indexOf('--repeat') + 1]) : 3;
/** The slow reader's rate: 4 MB/s, well below what the CLI writes to /dev/null. */
const SLOW_BYTES_PER_S = 4e6;
/** Far below the parsed size of a 20,000-record listing (tens of MB of JSON). */
const HEAP_CAP_MB = 32;

interface Run {
  peakRssKb: number;
  seconds: number;
  /** Bytes written, when the output was counted instead of going to /dev/null. */
  outBytes?: number;
  outLines?: number;
  /** What the heap probe printed (only for runs with it preloaded). */
  heapReport?: string;
}

/**
 * Runs `node args`, with stdout to /dev/null (or counted), and returns its peak RSS. With GNU time
 * the figure is the kernel's maxrss of the child; without it, VmHWM is polled from /proc, which can
 * miss growth in the last poll interval before exit (stated in the output).
 */
async function runCli(args: string[], env: NodeJS.ProcessEnv, count: false | 'fast' | 'slow' = false): Promise<Run> {
  const useTime = existsSync(TIME);
  const out = count ? 'pipe' : openSync('/dev/null', 'w');
  const cmd = useTime ? TIME : process.execPath;
  const argv = useTime ? ['-v', process.execPath, ...args] : args;
  const t0 = performance.now();
  const child = spawn(cmd, argv, { stdio: ['ignore', out, 'pipe'], env: { ...process.env, ...env } });
  if (typeof out === 'number') closeSync(out);
  let stderr = '';
  let outBytes = 0;
  let outLines = 0;
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  child.stdout?.on('data', (c: Buffer) => {
    outBytes += c.length;
    for (const b of c) if (b === 10) outLines++;
    if (count === 'slow') {
      // Stop reading for as long as this chunk "takes" at the slow rate; the pipe fills meanwhile.
      child.stdout?.pause();
      setTimeout(() => child.stdout?.resume(), (c.length / SLOW_BYTES_PER_S) * 1000);
    }
  });
  let polledKb = 0;
  const poll = useTime
    ? undefined
    : setInterval(() => {
        try {
          const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          if (m) polledKb = Math.max(polledKb, Number(m[1]));
        } catch {
          // exited between two polls
        }
      }, 10);
  const limit = setTimeout(() => child.kill('SIGKILL'), RUN_LIMIT_MS);
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  const seconds = (performance.now() - t0) / 1000;
  clearTimeout(limit);
  if (poll) clearInterval(poll);
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}:\n${stderr.slice(-2000)}`);
  const peakRssKb = useTime ? Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1] ?? NaN) : polledKb;
  const heapReport = /^heap-probe: (.*)$/m.exec(stderr)?.[1];
  return { peakRssKb, seconds, heapReport, ...(count ? { outBytes, outLines } : {}) };
}

const mb = (kb: number) => (kb / 1024).toFixed(1);
const PROBE_MS = 200;
/**
 * Preloaded into the CLI (`--require`): every PROBE_MS it runs a full GC and notes heapUsed; at
 * exit it prints the first, the middle, the last and the largest sample to stderr. Plain JS in a
 * temporary file, because the CLI is the built bundle, not TypeScript.
 */
const heapProbe = join(mkdtempSync(join(tmpdir(), 'dedup-heap-probe-')), 'probe.cjs');
writeFileSync(
  heapProbe,
  `const samples = [];
const take = () => { global.gc(); samples.push(process.memoryUsage().heapUsed); };
setInterval(take, ${PROBE_MS}).unref();
process.on('exit', () => {
  take();
  const mb = (b) => (b / 1048576).toFixed(1) + ' MB';
  process.stderr.write('heap-probe: ' + samples.length + ' samples; first ' + mb(samples[0]) + ', middle ' + mb(samples[samples.length >> 1]) +
    ', last ' + mb(samples[samples.length - 1]) + ', largest ' + mb(Math.max(...samples)) + '\\n');
});
`,
);
process.on('exit', () => rmSync(dirname(heapProbe), { recursive: true, force: true }));
const median = (sorted: number[]) => (sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2);

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);
  console.log(`${new Date().toISOString()}  node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`peak RSS from ${existsSync(TIME) ? `${TIME} -v (maxrss of the CLI process)` : '/proc/<pid>/status VmHWM polled every 10 ms'}\n`);
  // What any run of the CLI costs before it holds a single record.
  const base = await runCli([CLI, '--version'], {});
  console.log(`baseline: node dist/cli.js --version peaks at ${mb(base.peakRssKb)} MB\n`);
  console.log(`${REPEAT} runs per row: peak RSS median (largest), wall and records/s median\n`);
  console.log('| places / events generated | kind | records | output (ndjson) | format | peak RSS | wall | records/s | load avg |');
  console.log('|---:|---|---:|---:|---|---:|---:|---:|---:|');
  for (const size of SIZES) {
    const t0 = performance.now();
    const sandbox = await startSandboxProcess(CLI, ['--locations', String(size), '--events', String(size)], 600_000);
    try {
      console.error(`sandbox with ${size} places and ${size} events ready in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${sandbox.stats}`);
      const env = { DEDUP_BASE_URL: sandbox.baseUrl, DEDUP_TOKEN: sandbox.token };
      for (const kind of KINDS) {
        const args = (format: string) => [CLI, kind, '--updated-since', SINCE, '--all', '--page-size', '500', '--format', format];
        // One counted run first (not measured): how many records and bytes the listing really has;
        // it also warms the sandbox, so the measured runs below see the same server state.
        const counted = await runCli(args('ndjson'), env, 'fast');
        const records = counted.outLines ?? 0;
        const row = (label: string, rss: string, seconds: number) =>
          console.log(
            `| ${size.toLocaleString('en-US')} | ${kind} | ${records.toLocaleString('en-US')} | ${((counted.outBytes ?? 0) / 1e6).toFixed(1)} MB | ${label} | ${rss} | ${seconds.toFixed(2)} s | ${Math.round(records / seconds).toLocaleString('en-US')} | ${loadavg()[0].toFixed(2)} |`,
          );
        for (const format of FORMATS) {
          const runs: Run[] = [];
          for (let i = 0; i < REPEAT; i++) runs.push(await runCli(args(format), env));
          const rss = runs.map((r) => r.peakRssKb).sort((a, b) => a - b);
          const secs = runs.map((r) => r.seconds).sort((a, b) => a - b);
          row(format, `**${mb(median(rss))} MB** (${mb(rss[rss.length - 1])})`, median(secs));
        }
        const slow = await runCli(args('ndjson'), env, 'slow');
        if (slow.outLines !== records) throw new Error(`the slow reader got ${slow.outLines} records, the fast one ${records}`);
        row(`ndjson, read at ${SLOW_BYTES_PER_S / 1e6} MB/s`, `**${mb(slow.peakRssKb)} MB**`, slow.seconds);
        // Peak RSS also reflects how lazily V8 collects. A heap capped well below the size of the
        // whole listing shows whether the CLI really holds only a page or so at a time: if records
        // piled up, this run would die of heap exhaustion instead of finishing.
        try {
          const capped = await runCli([`--max-old-space-size=${HEAP_CAP_MB}`, ...args('ndjson')], env);
          row(`ndjson, old-space heap capped at ${HEAP_CAP_MB} MB`, `**${mb(capped.peakRssKb)} MB**`, capped.seconds);
        } catch (e) {
          console.log(`| ${size.toLocaleString('en-US')} | ${kind} | ${records.toLocaleString('en-US')} | | heap capped at ${HEAP_CAP_MB} MB | failed: ${(e as Error).message.split('\n').slice(-3).join(' ').slice(0, 200)} | | | |`);
        }
        // The most direct measure: the JavaScript heap still in use after a full collection,
        // sampled through the run. Flat means it does not rise with the records written so far.
        const sampled = await runCli(['--expose-gc', '--require', heapProbe, ...args('ndjson')], env);
        console.log(`|   | ${kind} | live heap after full GC, every ${PROBE_MS} ms: ${sampled.heapReport ?? 'no samples'} | | | | ${sampled.seconds.toFixed(2)} s | | |`);
      }
    } finally {
      await sandbox.stop();
    }
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
