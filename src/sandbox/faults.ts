// Injected faults, so a client's retries, back-off and timeouts can be exercised against the
// sandbox: `--faults latency=200ms,error-rate=0.05,rate-limit=20/s,drop=0.01,seed=1`; and
// `reorder=6`, pages of a listing answered out of order (fault-reorder.ts).
//
// Determinism: every request draws the same four numbers from a seeded generator, in the same
// order, whatever the spec enables, so a given seed yields the same fault sequence for the same
// sequence of requests (the rate limit, which depends on the clock, aside).
import { randomInt } from 'node:crypto';
import { mulberry32 } from './generator-prng';

export interface FaultSpec {
  /** Added delay before each answer, uniform in [min, max] milliseconds. */
  latencyMs?: { min: number; max: number };
  /** Probability in [0, 1] of an injected 500/502/503. */
  errorRate?: number;
  /** Token bucket: `perSecond` tokens refilled each second, holding at most `burst`. */
  rateLimit?: { perSecond: number; burst: number };
  /** Probability in [0, 1] that the connection is destroyed without an answer. */
  dropRate?: number;
  /** Seed of the fault generator; random when absent. */
  seed?: number;
  /**
   * List requests (one endpoint's) gathered in groups of `size`, each group answered in reverse
   * arrival order once full or `waitMs` after its first request, `gapMs` between one answer's end
   * and the next one's start (fault-reorder.ts).
   */
  reorder?: ReorderSpec;
}

export interface ReorderSpec {
  size: number;
  waitMs: number;
  gapMs: number;
}

/** How long a group of the reorder fault waits for its last requests: a client that asks one page at a time waits this long per page. */
export const DEFAULT_REORDER_WAIT_MS = 100;

export class FaultSpecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FaultSpecError';
  }
}

export const FAULTS_SYNTAX =
  'comma-separated key=value pairs: latency=200ms (or 100-300ms, 1s), error-rate=0.05 (or 5%), ' +
  'rate-limit=20/s (or 600/min), burst=N, drop=0.01, seed=N, reorder=N (with reorder-wait=100ms, reorder-gap=0ms)';

const KNOWN_FAULTS = 'latency, error-rate, rate-limit, burst, drop, seed, reorder, reorder-wait, reorder-gap';

/** Parses the `--faults` text; throws FaultSpecError naming the part at fault. */
export function parseFaultSpec(text: string): FaultSpec {
  const spec: FaultSpec = {};
  let burst: number | undefined;
  const reorderTimes: { waitMs?: number; gapMs?: number } = {};
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0) throw new FaultSpecError(`the faults spec is empty; expected ${FAULTS_SYNTAX}`);
  const seen = new Set<string>();
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq === -1) throw new FaultSpecError(`"${part}" is not key=value; expected ${FAULTS_SYNTAX}`);
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (seen.has(key)) throw new FaultSpecError(`"${key}" is given twice`);
    seen.add(key);
    switch (key) {
      case 'latency':
        spec.latencyMs = parseLatency(value);
        break;
      case 'error-rate':
        spec.errorRate = parseProbability(key, value);
        break;
      case 'drop':
        spec.dropRate = parseProbability(key, value);
        break;
      case 'rate-limit':
        spec.rateLimit = parseRate(value);
        break;
      case 'burst':
        burst = parseNumber(key, value, /^\d+$/, 'a whole number of at least 1');
        if (burst < 1) throw new FaultSpecError('burst must be at least 1');
        break;
      case 'seed':
        spec.seed = parseNumber(key, value, /^\d+$/, 'a whole number');
        if (!Number.isSafeInteger(spec.seed)) throw new FaultSpecError('seed is too large');
        break;
      case 'reorder': {
        const size = parseNumber(key, value, /^\d+$/, 'a whole number of at least 2 (requests answered in reverse order together)');
        if (size < 2 || size > 1000) throw new FaultSpecError(`reorder: ${value} is not from 2 to 1000`);
        spec.reorder = { size, waitMs: DEFAULT_REORDER_WAIT_MS, gapMs: 0 };
        break;
      }
      case 'reorder-wait':
        reorderTimes.waitMs = parseDuration(key, value);
        break;
      case 'reorder-gap':
        reorderTimes.gapMs = parseDuration(key, value);
        break;
      default:
        throw new FaultSpecError(`unknown fault "${key}"; known: ${KNOWN_FAULTS}`);
    }
  }
  if (burst !== undefined) {
    if (!spec.rateLimit) throw new FaultSpecError('burst needs rate-limit (e.g. rate-limit=20/s,burst=5)');
    spec.rateLimit.burst = burst;
  }
  if (reorderTimes.waitMs !== undefined || reorderTimes.gapMs !== undefined) {
    if (!spec.reorder) throw new FaultSpecError(`${reorderTimes.waitMs !== undefined ? 'reorder-wait' : 'reorder-gap'} needs reorder (e.g. reorder=6,reorder-wait=100ms)`);
    Object.assign(spec.reorder, reorderTimes);
  }
  return spec;
}

function parseNumber(key: string, value: string, shape: RegExp, what: string): number {
  if (!shape.test(value)) throw new FaultSpecError(`${key}: "${value}" is not ${what}`);
  return Number(value);
}

function parseProbability(key: string, value: string): number {
  const percent = value.endsWith('%');
  const n = parseNumber(key, percent ? value.slice(0, -1) : value, /^(\d+(\.\d*)?|\.\d+)$/, 'a probability from 0 to 1 (or a percentage)');
  const p = percent ? n / 100 : n;
  if (p > 1) throw new FaultSpecError(`${key}: "${value}" is more than 1 (100%)`);
  return p;
}

function parseDuration(key: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(value);
  if (!m) throw new FaultSpecError(`${key}: "${value}" is not a duration such as 200ms or 1.5s`);
  const ms = Number(m[1]) * (m[2] === 's' ? 1000 : 1);
  if (ms > 600_000) throw new FaultSpecError(`${key}: "${value}" is more than 10 minutes`);
  return Math.round(ms);
}

function parseLatency(value: string): { min: number; max: number } {
  const range = /^([^-]+)-([^-]+)$/.exec(value);
  if (!range) {
    const ms = parseDuration('latency', value);
    return { min: ms, max: ms };
  }
  // "100-300ms": the unit written once at the end applies to both bounds.
  const unit = /(ms|s)$/.exec(range[2]!)?.[1] ?? '';
  const low = /(ms|s)$/.test(range[1]!) ? range[1]! : range[1]! + unit;
  const min = parseDuration('latency', low);
  const max = parseDuration('latency', range[2]!);
  if (min > max) throw new FaultSpecError(`latency: the range "${value}" runs backwards`);
  return { min, max };
}

function parseRate(value: string): { perSecond: number; burst: number } {
  const m = /^(\d+(?:\.\d+)?)\/(s|sec|second|m|min|minute)$/.exec(value);
  if (!m) throw new FaultSpecError(`rate-limit: "${value}" is not a rate such as 20/s or 600/min`);
  const count = Number(m[1]);
  if (count <= 0) throw new FaultSpecError('rate-limit: the rate must be more than 0');
  const perSecond = m[2]!.startsWith('s') ? count : count / 60;
  // By default a full second's (or, for slow rates, one request's) worth may arrive at once.
  return { perSecond, burst: Math.max(1, Math.floor(perSecond)) };
}

/** A short text form of a spec, for the start-up banner and logs. */
export function formatFaultSpec(spec: FaultSpec): string {
  const parts: string[] = [];
  if (spec.latencyMs) parts.push(`latency=${spec.latencyMs.min === spec.latencyMs.max ? spec.latencyMs.min : `${spec.latencyMs.min}-${spec.latencyMs.max}`}ms`);
  if (spec.errorRate !== undefined) parts.push(`error-rate=${spec.errorRate}`);
  if (spec.rateLimit) parts.push(`rate-limit=${+spec.rateLimit.perSecond.toFixed(4)}/s`, `burst=${spec.rateLimit.burst}`);
  if (spec.dropRate !== undefined) parts.push(`drop=${spec.dropRate}`);
  if (spec.seed !== undefined) parts.push(`seed=${spec.seed}`);
  if (spec.reorder) parts.push(`reorder=${spec.reorder.size}`, `reorder-wait=${spec.reorder.waitMs}ms`, `reorder-gap=${spec.reorder.gapMs}ms`);
  return parts.join(',');
}

export type FaultAction =
  | { kind: 'pass' }
  | { kind: 'drop' }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'error'; status: 500 | 502 | 503 };

export interface FaultDecision {
  delayMs: number;
  action: FaultAction;
}

const ERROR_STATUSES = [500, 502, 503] as const;

/** Decides, per request, what goes wrong. One instance per server. */
export class FaultInjector {
  private readonly random: () => number;
  private tokens: number;
  private refilledAt: number;

  constructor(
    readonly spec: FaultSpec,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.random = mulberry32(spec.seed ?? randomInt(0, 2 ** 32));
    this.tokens = spec.rateLimit?.burst ?? 0;
    this.refilledAt = this.now();
  }

  decide(): FaultDecision {
    const [latencyRoll, dropRoll, errorRoll, statusRoll] = [this.random(), this.random(), this.random(), this.random()];
    const { latencyMs, dropRate = 0, errorRate = 0 } = this.spec;
    const delayMs = latencyMs ? Math.round(latencyMs.min + latencyRoll * (latencyMs.max - latencyMs.min)) : 0;
    // The gateway's rate limit comes first: a refused request never reaches the flaky upstream.
    const retryAfterSeconds = this.takeToken();
    if (retryAfterSeconds !== undefined) return { delayMs, action: { kind: 'rate-limit', retryAfterSeconds } };
    if (dropRoll < dropRate) return { delayMs, action: { kind: 'drop' } };
    if (errorRoll < errorRate) {
      const status = ERROR_STATUSES[Math.min(ERROR_STATUSES.length - 1, Math.floor(statusRoll * ERROR_STATUSES.length))]!;
      return { delayMs, action: { kind: 'error', status } };
    }
    return { delayMs, action: { kind: 'pass' } };
  }

  /** Takes a token; when none is left, the whole seconds until one is (for Retry-After). */
  private takeToken(): number | undefined {
    const limit = this.spec.rateLimit;
    if (!limit) return undefined;
    const now = this.now();
    this.tokens = Math.min(limit.burst, this.tokens + ((now - this.refilledAt) / 1000) * limit.perSecond);
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - this.tokens) / limit.perSecond));
  }
}
