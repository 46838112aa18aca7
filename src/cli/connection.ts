// Where the CLI finds the service and its token: --base-url or DEDUP_BASE_URL, and DEDUP_TOKEN or
// --token-file. The token is never taken from the command line, where other users of the machine
// could read it in the process list.
import { readFile } from 'node:fs/promises';
import { DedupClient } from '../api/client';
import type { RetryInfo } from '../api/transport';
import { formatMs } from '../api/transport';
import { describeFileError } from '../records/file-error';
import { UsageError } from './exit-codes';

export interface ConnectionFlags {
  'base-url'?: string;
  'token-file'?: string;
  timeout?: string;
  retries?: string;
}

export const CONNECTION_OPTIONS = {
  'base-url': { type: 'string' },
  'token-file': { type: 'string' },
  timeout: { type: 'string' },
  retries: { type: 'string' },
} as const;

/** One millisecond, the timer's resolution, up to the longest delay a Node timer can wait (2³¹ − 1 ms, about 24.8 days). */
const MIN_TIMEOUT_S = 0.001;
const MAX_TIMEOUT_S = Math.floor((2 ** 31 - 1) / 1000);

export async function connect(
  flags: ConnectionFlags,
  env: NodeJS.ProcessEnv,
  command: string,
  warn: (line: string) => void,
): Promise<DedupClient> {
  const baseUrl = flags['base-url'] ?? env.DEDUP_BASE_URL;
  if (!baseUrl) throw new UsageError('no service address: give --base-url URL or set DEDUP_BASE_URL', command);
  let token: string | undefined;
  if (flags['token-file'] !== undefined) {
    try {
      // Only the line break an editor or `echo` adds is removed: other whitespace is the token's.
      token = (await readFile(flags['token-file'], 'utf8')).replace(/\r?\n$/, '');
    } catch (e) {
      throw new UsageError(`cannot read the token file ${flags['token-file']}: ${describeFileError(e)}`, command);
    }
    if (!token) throw new UsageError(`the token file ${flags['token-file']} is empty`, command);
  } else {
    token = env.DEDUP_TOKEN;
    if (!token) throw new UsageError('no access token: set DEDUP_TOKEN or give --token-file FILE', command);
  }
  let timeoutMs: number | undefined;
  if (flags.timeout !== undefined) {
    const s = Number(flags.timeout);
    if (!(s >= MIN_TIMEOUT_S && s <= MAX_TIMEOUT_S)) {
      throw new UsageError(`--timeout must be a number of seconds from ${MIN_TIMEOUT_S} to ${MAX_TIMEOUT_S}, got "${flags.timeout}"`, command);
    }
    timeoutMs = Math.round(s * 1000);
  }
  let retries: number | undefined;
  if (flags.retries !== undefined) {
    // 0 lets a script fail fast and do its own retrying; list calls only (decisions never repeat).
    if (!/^\d+$/.test(flags.retries) || Number(flags.retries) > 10) throw new UsageError(`--retries must be a whole number from 0 to 10, got "${flags.retries}"`, command);
    retries = Number(flags.retries);
  }
  const client = new DedupClient({
    baseUrl,
    token,
    timeoutMs,
    retry: retries === undefined ? undefined : { retries },
    userAgent: 'dedup-curator-cli',
    onRetry: (r: RetryInfo) => warn(`dedup-curator: ${r.error.message}; retrying in ${formatMs(r.delayMs)} (attempt ${r.attempt + 1})`),
  });
  if (client.insecureRemote) {
    warn(`dedup-curator: warning: ${client.baseUrl} is plain http to a host that is not this machine; the access token travels unencrypted`);
  }
  return client;
}
