// A fresh CLI process timed from spawn to exit, with its peak RSS (a probe loaded with -r writes it
// on stderr at exit) and what it wrote to stdout; and the memory and disk figures the mirror
// benches report beside it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** This checkout's CLI, or another build's (`DEDUP_BENCH_CLI`, set by bench/mirror-scale.ts --base). */
const cliPath = () => process.env.DEDUP_BENCH_CLI ?? join(__dirname, '..', '..', 'dist', 'cli.js');

export interface CliRun {
  seconds: number;
  maxRssMb: number;
  /** Bytes written to stdout. */
  bytes: number;
  /** Stdout as text, up to the `keepOut` characters asked for (all of it by default). */
  out: string;
}

let rssProbe: string | undefined;
function rssProbePath(): string {
  if (!rssProbe) {
    rssProbe = join(mkdtempSync(join(tmpdir(), 'dedup-rss-')), 'rss.js');
    writeFileSync(rssProbe, "process.on('exit', () => process.stderr.write('\\nmaxrss ' + process.resourceUsage().maxRSS + '\\n'));\n");
  }
  return rssProbe;
}

export function runMeasuredCli(args: string[], env: Record<string, string>, keepOut = Number.POSITIVE_INFINITY): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, ['-r', rssProbePath(), cliPath(), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let bytes = 0;
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      bytes += c.length;
      if (out.length < keepOut) out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-4000)));
    child.on('exit', (code) => {
      const maxRssMb = Number(/maxrss (\d+)/.exec(err)?.[1] ?? Number.NaN) / 1024;
      if (code === 0) resolve({ seconds: (performance.now() - t) / 1000, maxRssMb, bytes, out });
      else reject(new Error(`dedup-curator ${args.join(' ')} exited ${code}: ${err.slice(-500)}`));
    });
  });
}

/** The bytes of the files directly in `dir` (a mirror directory has no subfolders). */
export function diskBytes(dir: string): number {
  return readdirSync(dir).reduce((s, f) => s + statSync(join(dir, f)).size, 0);
}

/** Heap and RSS in MB, after a collection when --expose-gc allows one. */
export function memoryMb(): { heap: number; rss: number } {
  global.gc?.();
  const m = process.memoryUsage();
  return { heap: m.heapUsed / 2 ** 20, rss: m.rss / 2 ** 20 };
}
