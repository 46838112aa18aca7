// How the transport reads an answer's body and names a failure: JSON or not, the service's own
// message (clipped, one line), and Node's network error codes in words.
import { NetworkError } from './errors';
import { answerError } from './error-text';

export function parseJsonBody(text: string, contentType: string | null, endpoint: string, status: number): unknown {
  const trimmed = text.trimStart();
  if (/^</.test(trimmed) || /text\/html/i.test(contentType ?? '')) throw answerError('html-body', { endpoint, status });
  if (trimmed === '') throw answerError('empty-body', { endpoint, status });
  try {
    return JSON.parse(text);
  } catch {
    throw answerError('not-json', { endpoint, status, detail: trimmed.slice(0, 80) });
  }
}

/** The service's own explanation from an error body: `{error: {message}}`, `{message}`, `{error: "…"}` or short plain text. */
export function serverMessage(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  try {
    const j = JSON.parse(t) as unknown;
    if (j && typeof j === 'object') {
      const o = j as Record<string, unknown>;
      const err = o.error;
      if (err && typeof err === 'object' && typeof (err as Record<string, unknown>).message === 'string') {
        return clip((err as Record<string, unknown>).message as string);
      }
      if (typeof o.message === 'string') return clip(o.message);
      if (typeof err === 'string') return clip(err);
    }
    return clip(t);
  } catch {
    if (t.startsWith('<')) return undefined; // an HTML error page says nothing useful in one line
    return clip(t);
  }
}

function clip(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 300 ? one.slice(0, 300) + '…' : one;
}

export function networkError(e: unknown, endpoint: string, baseUrl: string): NetworkError {
  const code = errorCode(e);
  const where = origin(baseUrl);
  const reason: Record<string, string> = {
    ECONNREFUSED: `could not connect to ${where}: connection refused. Is the service running, and is the base URL right?`,
    ECONNRESET: `the connection to ${where} was reset before an answer arrived`,
    UND_ERR_SOCKET: `the connection to ${where} closed before an answer arrived`,
    EPIPE: `the connection to ${where} broke while sending`,
    ENOTFOUND: `the host of ${where} was not found (DNS)`,
    EAI_AGAIN: `the host of ${where} could not be looked up (DNS temporarily unavailable)`,
    EHOSTUNREACH: `${where} is unreachable`,
    ENETUNREACH: `the network to ${where} is unreachable`,
    ETIMEDOUT: `connecting to ${where} timed out`,
    UND_ERR_CONNECT_TIMEOUT: `connecting to ${where} timed out`,
  };
  const text = (code && reason[code]) || (code && /CERT|SSL|TLS/.test(code) ? `TLS problem with ${where} (${code})` : `network error talking to ${where}${code ? ` (${code})` : ''}`);
  return new NetworkError(`${endpoint}: ${text}`, code, { endpoint, cause: e, detail: where });
}

function errorCode(e: unknown): string | undefined {
  for (let cur = e, depth = 0; cur && depth < 6; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export function origin(baseUrl: string): string {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return baseUrl;
  }
}
