// How long the sandbox waits for a client, and how many it serves at once. Node's defaults suit a
// public server that must tolerate slow networks (a request may take 5 minutes, and the check runs
// every 30 s); the sandbox serves this machine, where a request arrives in milliseconds, so a
// client that trickles its headers or never finishes its body is cut off in seconds, and a flood of
// connections cannot exhaust the process.
import type { Server, ServerOptions } from 'node:http';

export interface ConnectionLimits {
  /** Time to receive a request's headers, from the connection's first byte. */
  headersTimeoutMs: number;
  /** Time to receive a whole request, headers and body. */
  requestTimeoutMs: number;
  /** How long an idle keep-alive connection stays open between requests. */
  keepAliveTimeoutMs: number;
  /** A connection with no traffic at all for this long is closed (also while an answer is being prepared). */
  idleTimeoutMs: number;
  /** Connections open at once; more are closed as they arrive. */
  maxConnections: number;
}

export const DEFAULT_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 120_000,
  maxConnections: 256,
};

export function resolveLimits(given: Partial<ConnectionLimits> | undefined): ConnectionLimits {
  const limits = { ...DEFAULT_LIMITS, ...dropUndefined(given ?? {}) };
  for (const [key, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${key} must be a whole number ≥ 1, got ${value}`);
  }
  // Node refuses a headers timeout longer than the request timeout.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) limits.headersTimeoutMs = limits.requestTimeoutMs;
  return limits;
}

/** Options for http.createServer. */
export function serverOptions(limits: ConnectionLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks the two timeouts above on this interval (default 30 s): check often enough that a
    // slow client is cut off close to its limit.
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
  };
}

/** What cannot be given to createServer. */
export function applyLimits(server: Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  // With no 'timeout' listener, Node destroys a socket idle this long.
  server.timeout = limits.idleTimeoutMs;
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
