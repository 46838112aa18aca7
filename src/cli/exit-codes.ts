// Exit codes of the `dedup-curator` command, so scripts can branch on the kind of failure.
import { type DedupError, isDedupError } from '../api/errors';

export const EXIT = {
  ok: 0,
  /** Unexpected internal failure (a bug): reported in one line too. */
  internal: 1,
  /** Usage error, or the service said 400. */
  usage: 2,
  /** 401 or 402: the token or the Authorization header. */
  auth: 3,
  /** 404 or 409. */
  notFound: 4,
  /** Any other HTTP status, or a 2xx answer that does not match the interface. */
  http: 5,
  /** The service could not be reached, or did not answer in time. */
  network: 6,
  /** Interrupted (Ctrl-C). */
  interrupted: 130,
} as const;

export function exitCodeFor(e: DedupError): number {
  switch (e.kind) {
    case 'request-invalid':
    case 'bad-request':
      return EXIT.usage;
    case 'auth-header':
    case 'invalid-token':
      return EXIT.auth;
    case 'not-found':
    case 'conflict':
      return EXIT.notFound;
    case 'timeout':
    case 'network':
      return EXIT.network;
    case 'cancelled':
      return EXIT.interrupted;
    default:
      return EXIT.http;
  }
}

/** Raised for bad command-line input; carries the one line to print. */
export class UsageError extends Error {
  constructor(message: string, readonly command?: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function describeFailure(e: unknown): { code: number; line: string } {
  if (e instanceof UsageError) {
    const hint = e.command ? ` (see 'dedup-curator ${e.command} --help')` : " (see 'dedup-curator --help')";
    return { code: EXIT.usage, line: `dedup-curator: ${e.message}${hint}` };
  }
  if (isDedupError(e)) return { code: exitCodeFor(e), line: `dedup-curator: ${e.message}` };
  const msg = e instanceof Error ? e.message : String(e);
  return { code: EXIT.internal, line: `dedup-curator: internal error: ${msg}` };
}
