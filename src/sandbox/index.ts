// Public entry of the local sandbox: opens the store and serves the interface over HTTP. The
// extension ("Try the Local Sandbox"), the CLI (`dedup-curator sandbox`) and the tests all start
// it in process through startSandbox.
import { randomBytes } from 'node:crypto';
import { tokenProblem } from './http-auth';
import { FaultSpecError, parseFaultSpec, type FaultSpec } from './faults';
import { type ConnectionLimits, resolveLimits } from './connection-limits';
import { createSandboxServer } from './server';
import { SandboxStore, type SandboxStoreOptions } from './store';
import type { SandboxStoreApi } from './store-api';
import { DEFAULT_HOST, DEFAULT_PORT } from './defaults';

export type { FaultSpec } from './faults';
export { type ConnectionLimits, DEFAULT_LIMITS } from './connection-limits';
export { FaultSpecError, formatFaultSpec, parseFaultSpec } from './faults';
export type { SandboxStoreApi } from './store-api';
export { DEFAULT_HOST, DEFAULT_PORT } from './defaults';
// What the CLI's sandbox command uses besides startSandbox: it reaches all of it through one
// dynamic import of this file, which the bundles turn into a require of dist/sandbox.js (esbuild.js).
export { loadNdjson } from './load-ndjson';
export { loadLabels } from './labels-file';
export { SandboxStore } from './store';
export { describeModel, formatModel } from './store-matcher';

/** The store's data options (seed, sizes, records, data dir, merge threshold, labels), and the server's own. */
export interface StartSandboxOptions extends Pick<SandboxStoreOptions, 'seed' | 'locations' | 'events' | 'integrations' | 'records' | 'dataDir' | 'autoMergeThreshold' | 'labels' | 'matcher'> {
  /** Default 8787; 0 picks any free port (see `port` of the result). */
  port?: number;
  /** Default 127.0.0.1: the sandbox has a token but no TLS, so it stays on this machine unless asked. */
  host?: string;
  /** The Bearer token clients must send; random (32 bytes, base64url) when absent. */
  token?: string;
  /** Injected faults, as a spec or in the `--faults` text form. */
  faults?: FaultSpec | string;
  /** Serve the recommendation list's `data` as a plain array instead of `{ @context, @graph }`. */
  plainArray?: boolean;
  /** Request, header, keep-alive and idle timeouts and the connection cap; defaults in connection-limits.ts. */
  limits?: Partial<ConnectionLimits>;
  log?: (line: string) => void;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:8787 (no trailing slash; the endpoints are under /api/custom/). */
  baseUrl: string;
  token: string;
  port: number;
  store: SandboxStoreApi;
  /** Things the operator should know about the data (e.g. a torn data-dir log line discarded). */
  warnings: readonly string[];
  /** Stops accepting, ends keep-alive sockets, then closes the store. Safe to call twice. */
  close(): Promise<void>;
}

/** A start-up option that cannot work; the message names it. */
export class SandboxOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxOptionError';
  }
}


export async function startSandbox(opts: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const port = opts.port ?? DEFAULT_PORT;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new SandboxOptionError(`port must be an integer from 0 to 65535, got ${port}`);
  }
  const host = opts.host ?? DEFAULT_HOST;
  if (host.trim() === '') throw new SandboxOptionError('host must not be empty');
  const token = opts.token ?? randomBytes(32).toString('base64url');
  const problem = tokenProblem(token);
  if (problem) throw new SandboxOptionError(`token: ${problem}`);
  const faults = resolveFaults(opts.faults);
  let limits: ConnectionLimits;
  try {
    limits = resolveLimits(opts.limits);
  } catch (e) {
    throw new SandboxOptionError((e as Error).message);
  }

  const store = await SandboxStore.open({
    seed: opts.seed,
    locations: opts.locations,
    events: opts.events,
    integrations: opts.integrations,
    records: opts.records,
    dataDir: opts.dataDir,
    autoMergeThreshold: opts.autoMergeThreshold,
    labels: opts.labels,
    matcher: opts.matcher,
  }).catch((e: unknown) => {
    throw e instanceof RangeError && /autoMergeThreshold|labels|matcher/.test(e.message) ? new SandboxOptionError(e.message) : e;
  });
  const http = createSandboxServer({ store, token, faults, plainArray: opts.plainArray, limits, log: opts.log });
  let bound: number;
  try {
    bound = await http.listen(port, host);
  } catch (e) {
    await store.close().catch(() => {});
    throw listenError(e, host, port);
  }

  let closed: Promise<void> | undefined;
  return {
    baseUrl: `http://${host.includes(':') ? `[${host}]` : host}:${bound}`,
    token,
    port: bound,
    store,
    warnings: store.warnings,
    close() {
      closed ??= http.close().then(() => store.close());
      return closed;
    },
  };
}

function resolveFaults(faults: FaultSpec | string | undefined): FaultSpec | undefined {
  if (typeof faults !== 'string') return faults;
  try {
    return parseFaultSpec(faults);
  } catch (e) {
    if (e instanceof FaultSpecError) throw new SandboxOptionError(`faults: ${e.message}`);
    throw e;
  }
}

function listenError(e: unknown, host: string, port: number): Error {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new Error(`cannot listen on ${where}: the port is already in use (choose another with --port, or --port 0 for any free one)`, { cause: e });
    case 'EACCES':
      return new Error(`cannot listen on ${where}: permission denied (ports below 1024 need privileges)`, { cause: e });
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new Error(`cannot listen on ${where}: no such local address`, { cause: e });
    default:
      return new Error(`cannot listen on ${where}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
}
