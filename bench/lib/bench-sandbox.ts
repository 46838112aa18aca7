// A sandbox for the benchmarks in its own process, sized by options the CLI does not offer
// (autoMergeThreshold): `node -e` loading dist/sandbox.js (npm run build), the bundle the extension
// loads for "Try the Local Sandbox". Token through the environment; request log to a file.
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from './http-load';

export const SANDBOX_BUNDLE = join(__dirname, '..', '..', 'dist', 'sandbox.js');

export interface BenchSandboxOptions {
  seed?: number;
  locations: number;
  events: number;
  integrations?: number;
  /** Above 1: nothing merged at start-up, so every source location is a unified one and every candidate pending. */
  autoMergeThreshold?: number;
  /** The sandbox's --faults text, e.g. `latency=20ms` for a service that takes its time. */
  faults?: string;
  /** `truth`: proposals from the generator's ground truth, no learned matcher (fast at a million records). */
  matcher?: 'learned' | 'truth';
}

export interface BenchSandbox extends ServerProcess {
  token: string;
  stats: { locations: number; events: number; pendingRecommendations: number; sourceRecords: number };
  startSeconds: number;
}

// No per-request log: the CLI's sandbox logs a line per request, which these benchmarks do not measure.
const LAUNCHER = `
const { startSandbox } = require(process.env.BENCH_SANDBOX_BUNDLE);
const opts = JSON.parse(process.env.BENCH_SANDBOX_OPTIONS);
startSandbox({ ...opts, port: 0, token: process.env.DEDUP_SANDBOX_TOKEN }).then((s) => {
  console.log('Stats: ' + JSON.stringify(s.store.stats()));
  console.log('Endpoints: ' + s.baseUrl + '/api/custom/');
  process.on('SIGTERM', () => s.close().then(() => process.exit(0)));
}, (e) => { console.error(e); process.exit(1); });
`;

export async function startBenchSandbox(opts: BenchSandboxOptions): Promise<BenchSandbox> {
  if (!existsSync(SANDBOX_BUNDLE)) throw new Error(`${SANDBOX_BUNDLE} is missing: run npm run build first`);
  const token = randomBytes(24).toString('base64url');
  const t0 = performance.now();
  const p = await startServerProcess(['-e', LAUNCHER], /^Endpoints: /, {
    env: { DEDUP_SANDBOX_TOKEN: token, BENCH_SANDBOX_BUNDLE: SANDBOX_BUNDLE, BENCH_SANDBOX_OPTIONS: JSON.stringify(opts) },
    readyMs: 600_000,
  });
  const line = p.banner.find((l) => l.startsWith('Stats: '));
  if (!line) throw new Error('the sandbox printed no stats');
  return { ...p, token, stats: JSON.parse(line.slice('Stats: '.length)), startSeconds: (performance.now() - t0) / 1000 };
}

/** Sizes used by the listing, bulk and extension benchmarks (measured with seed 1, 4 integrations). */
export const SIZES = {
  /** ~20,000 pending location recommendations (and ~53,000 unified locations). */
  recommendations20k: { locations: 19_700, events: 0, autoMergeThreshold: 2 },
  /** ~100,000 unified locations (one per source location). */
  locations100k: { locations: 36_300, events: 0, autoMergeThreshold: 2 },
} as const;
