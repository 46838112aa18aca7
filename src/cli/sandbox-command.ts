// `dedup-curator sandbox`: runs the local sandbox service until Ctrl-C (or SIGTERM, or the given
// signal aborts), then closes it cleanly. Exit codes: 0 after a clean stop, 2 for a usage error
// (bad option, bad --faults, --load file with errors), 1 when the sandbox cannot start.
import { parseArgs } from 'node:util';
import { isIP } from 'node:net';
// The sandbox itself (server, store, matcher) is loaded only when the command runs, through a dynamic
// import that esbuild turns into a require of dist/sandbox.js (lazySandboxPlugin): `dedup-curator
// list` or `--help` never load it. Only its defaults and the --faults parser, small, are static.
import { DEFAULT_LIMITS } from '../sandbox/connection-limits';
import { DEFAULT_HOST, DEFAULT_PORT } from '../sandbox/defaults';
import { FaultSpecError, formatFaultSpec, parseFaultSpec, type FaultSpec } from '../sandbox/faults';
import type { StartSandboxOptions } from '../sandbox/index';
import type { SourceRecord } from '../sandbox/source-records';
// Matching options live in their own file; only their wiring is here.
import type { SandboxCommandIo } from './sandbox-io';
import { autoMergeOption, loadLabelsOption, MATCHING_OPTIONS, printModel, reportMatching, UsageProblem, type MatchingChoices } from './sandbox-matching-options';
import { describeFileError } from '../records/file-error';

export type { SandboxCommandIo } from './sandbox-io';

export const SANDBOX_HELP = `Usage: dedup-curator sandbox [options]

Run the local sandbox: a faithful implementation of the service's interface with synthetic data and
a real matcher, on http://127.0.0.1:8787 by default. Stop it with Ctrl-C.

Options:
  --port N              port to listen on (default ${DEFAULT_PORT}; 0 = any free port)
  --host H              address to bind (default ${DEFAULT_HOST}; others are reachable from the network)
  --token T             access token clients must send as 'Authorization: Bearer T'
                        (default: $DEDUP_SANDBOX_TOKEN, else random)
  --seed N              seed of the synthetic data (same seed, same data)
  --locations N         real places to generate (default 2000, 0 with --load). Each is listed by one or more
                        integrations (about 2.75 listings a place with 4), and each listing is a
                        source record; the locations served are the listings left after the
                        start-up merge: --locations 20000 makes 55,110 source records, served as
                        20,357 locations (default --auto-merge) or 55,110 (--auto-merge off)
  --events N            real events to generate (default 2000, 0 with --load), each listed the same way
  --integrations K      number of third-party integrations to simulate (default 4)
  --load FILE.ndjson    serve the source records of FILE (one JSON record per line) instead of
                        synthetic data; with --locations or --events, synthetic records beside them
  --data-dir DIR        keep decisions and data in DIR across restarts
  --faults SPEC         inject faults, e.g. latency=200ms,error-rate=0.05,rate-limit=20/s,drop=0.01,seed=1;
                        reorder=N answers list requests asked at once in reverse order, N at a time
                        (reorder-wait=100ms for a group to fill, reorder-gap=0ms between its answers)
  --plain-array         serve the recommendation list's data as a plain array, not {@context, @graph}
  --headers-timeout S   seconds a client has to send its request headers (default ${DEFAULT_LIMITS.headersTimeoutMs / 1000})
  --request-timeout S   seconds a client has to send a whole request (default ${DEFAULT_LIMITS.requestTimeoutMs / 1000})
  --keep-alive-timeout S  seconds an idle keep-alive connection stays open (default ${DEFAULT_LIMITS.keepAliveTimeoutMs / 1000})
  --max-connections N   connections served at once; more are closed (default ${DEFAULT_LIMITS.maxConnections})

Matching:
  --auto-merge T|off    merge links scoring ≥ T (0–1) at start-up (default 0.98); off: merge
                        nothing, every candidate is a pending recommendation (not with --data-dir)
  --labels FILE         learn from labelled pairs: the extension's decision journal, or TSV lines
                        integration<TAB>sourceId<TAB>integration<TAB>sourceId<TAB>match|nonmatch
                        (not with --data-dir)
  --truth-out FILE      write the generator's ground truth, integration<TAB>sourceId<TAB>trueId a line
  --print-model         print the estimated model (m and u per level) and exit without serving
  -h, --help            show this help

Exit codes: 0 stopped cleanly; 1 could not start (e.g. port in use); 2 usage error.`;

const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  token: { type: 'string' },
  seed: { type: 'string' },
  locations: { type: 'string' },
  events: { type: 'string' },
  integrations: { type: 'string' },
  load: { type: 'string' },
  'data-dir': { type: 'string' },
  faults: { type: 'string' },
  'plain-array': { type: 'boolean' },
  'headers-timeout': { type: 'string' },
  'request-timeout': { type: 'string' },
  'keep-alive-timeout': { type: 'string' },
  'max-connections': { type: 'string' },
  ...MATCHING_OPTIONS,
  help: { type: 'boolean', short: 'h' },
} as const;




/** `argv` are the arguments after `sandbox`. Resolves with the exit code once the sandbox has stopped. */
export async function sandboxCommand(argv: string[], io: SandboxCommandIo): Promise<number> {
  const say = (line: string) => io.stdout(line + '\n');
  const usage = (message: string) => {
    io.stderr(`dedup-curator sandbox: ${message} (see 'dedup-curator sandbox --help')\n`);
    return 2;
  };
  let options: StartSandboxOptions;
  let loadFile: string | undefined;
  let matching: MatchingChoices;
  try {
    const parsed = parseOptions(argv, io.env ?? process.env);
    if (parsed === 'help') {
      say(SANDBOX_HELP);
      return 0;
    }
    ({ options, loadFile, matching } = parsed);
  } catch (e) {
    if (e instanceof UsageProblem) return usage(e.message);
    throw e;
  }

  if (loadFile !== undefined) {
    const records = await loadRecords(loadFile, io);
    if (!records) return 2;
    options.records = records;
  }
  if (matching.labelsFile !== undefined && !(await loadLabelsOption(matching.labelsFile, options, io))) return 2;
  if (matching.printModel) return printModel(options, io);
  if (!isLoopback(options.host ?? DEFAULT_HOST)) {
    io.stderr(
      `Warning: binding ${options.host} makes the sandbox reachable from other machines over plain HTTP; ` +
        'anyone who learns the token can read and change its data.\n',
    );
  }
  if (io.signal?.aborted) return 0;

  const { startSandbox, SandboxOptionError } = await import('../sandbox/index');
  let sandbox;
  try {
    sandbox = await startSandbox({ ...options, log: say });
  } catch (e) {
    if (e instanceof SandboxOptionError) return usage(e.message);
    io.stderr(`dedup-curator sandbox: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }

  const stats = sandbox.store.stats();
  say(`Sandbox listening on ${sandbox.baseUrl}`);
  say(`Token: ${sandbox.token}`);
  say(
    `Data: ${stats.locations} locations, ${stats.events} events, ${stats.pendingRecommendations} pending recommendations ` +
      `(from ${stats.sourceRecords} source records)`,
  );
  if (options.faults) say(`Faults: ${formatFaultSpec(options.faults as FaultSpec)}`);
  try {
    await reportMatching(sandbox.store, matching, say);
  } catch (e) {
    io.stderr(`dedup-curator sandbox: cannot write --truth-out: ${describeFileError(e)}\n`);
    await sandbox.close();
    return 1;
  }
  for (const warning of sandbox.warnings) io.stderr(`Warning: ${warning}\n`);
  say(`Endpoints: POST ${sandbox.baseUrl}/api/custom/... ; press Ctrl+C to stop.`);

  const reason = await untilStopped(io.signal);
  say(`Stopping the sandbox (${reason})...`);
  try {
    await sandbox.close();
  } catch (e) {
    io.stderr(`dedup-curator sandbox: error while stopping: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  say('Sandbox stopped.');
  return 0;
}

function parseOptions(argv: string[], env: NodeJS.ProcessEnv): 'help' | { options: StartSandboxOptions; loadFile?: string; matching: MatchingChoices } {
  // Tolerate being handed the command name too.
  const args = argv[0] === 'sandbox' ? argv.slice(1) : argv;
  let values;
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (e) {
    // Its messages name the option; keep the first line, without its advice about '--'.
    const first = (e as Error).message.split('\n')[0]!;
    throw new UsageProblem(first.replace(/\. To specify a positional argument.*$/, '').replace(/\.$/, ''));
  }
  if (values.help) return 'help';
  const options: StartSandboxOptions = {
    port: integer(values.port, '--port', 0, 65535),
    host: values.host,
    // The environment keeps the token out of the process list, where --token shows it.
    token: values.token ?? (env.DEDUP_SANDBOX_TOKEN || undefined),
    seed: integer(values.seed, '--seed', 0, Number.MAX_SAFE_INTEGER),
    locations: integer(values.locations, '--locations', 0, 1_000_000),
    events: integer(values.events, '--events', 0, 1_000_000),
    integrations: integer(values.integrations, '--integrations', 1, 1000),
    dataDir: values['data-dir'],
    plainArray: values['plain-array'],
    limits: {
      headersTimeoutMs: seconds(values['headers-timeout'], '--headers-timeout'),
      requestTimeoutMs: seconds(values['request-timeout'], '--request-timeout'),
      keepAliveTimeoutMs: seconds(values['keep-alive-timeout'], '--keep-alive-timeout'),
      maxConnections: integer(values['max-connections'], '--max-connections', 1, 100_000),
    },
    autoMergeThreshold: autoMergeOption(values['auto-merge']),
  };
  if (values.host !== undefined && values.host.trim() === '') throw new UsageProblem('--host must not be empty');
  if (values.faults !== undefined) {
    try {
      options.faults = parseFaultSpec(values.faults);
    } catch (e) {
      if (e instanceof FaultSpecError) throw new UsageProblem(`--faults: ${e.message}`);
      throw e;
    }
  }
  // Leave absent options out, so startSandbox and the store apply their own defaults.
  for (const key of Object.keys(options) as (keyof StartSandboxOptions)[]) {
    if (options[key] === undefined) delete options[key];
  }
  const matching: MatchingChoices = { labelsFile: values.labels, truthOut: values['truth-out'], printModel: values['print-model'] };
  return { options, loadFile: values.load, matching };
}

function integer(value: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    throw new UsageProblem(`${flag} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

function seconds(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n < 0.05 || n > 3600) throw new UsageProblem(`${flag} must be a number of seconds from 0.05 to 3600, got "${value}"`);
  return Math.round(n * 1000);
}

/** Loads --load FILE; on any bad line prints every problem with its line number and returns undefined. */
async function loadRecords(file: string, io: SandboxCommandIo): Promise<SourceRecord[] | undefined> {
  const { loadNdjson } = await import('../sandbox/index');
  let result;
  try {
    result = await loadNdjson(file);
  } catch (e) {
    io.stderr(`dedup-curator sandbox: cannot load ${file}: ${describeFileError(e)}\n`);
    return undefined;
  }
  if (result.errors.length > 0) {
    const shown = result.errors.slice(0, 50);
    io.stderr(`dedup-curator sandbox: ${file} has ${result.errors.length} invalid line(s); not starting:\n`);
    for (const { line, reason } of shown) io.stderr(`  ${file}:${line}: ${reason}\n`);
    if (result.errors.length > shown.length) io.stderr(`  ... and ${result.errors.length - shown.length} more\n`);
    return undefined;
  }
  io.stdout(`Loaded ${result.records.length} source records from ${file}\n`);
  return result.records;
}

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '::1' || host === '[::1]') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

/** Resolves when the sandbox should stop, with the reason. */
function untilStopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    const cleanups: (() => void)[] = [];
    const stop = (reason: string) => {
      for (const cleanup of cleanups) cleanup();
      resolve(reason);
    };
    if (signal) {
      if (signal.aborted) return stop('aborted');
      const onAbort = () => stop('interrupted');
      signal.addEventListener('abort', onAbort, { once: true });
      cleanups.push(() => signal.removeEventListener('abort', onAbort));
      // The caller owns the process signals (the CLI turns Ctrl-C into this abort).
      return;
    }
    for (const name of ['SIGINT', 'SIGTERM'] as const) {
      const onSignal = () => stop(name);
      process.once(name, onSignal);
      cleanups.push(() => process.off(name, onSignal));
    }
  });
}
