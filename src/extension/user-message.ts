// What a failed call says to a user: what went wrong in their terms and what they can do, without
// the HTTP method and path (those go to the log, with the full message). The API's own messages
// lead with `POST /api/custom/…`, which is right for the CLI and the log, not for a notification.
import * as vscode from 'vscode';
import type { DedupError } from '../api/errors';

/** Node's network codes in a user's words. */
const NETWORK_REASONS: Record<string, () => string> = {
  ECONNREFUSED: () => vscode.l10n.t('connection refused'),
  ECONNRESET: () => vscode.l10n.t('the connection was reset'),
  UND_ERR_SOCKET: () => vscode.l10n.t('the connection closed before an answer'),
  EPIPE: () => vscode.l10n.t('the connection broke while sending'),
  ENOTFOUND: () => vscode.l10n.t('host not found'),
  EAI_AGAIN: () => vscode.l10n.t('host lookup failed for now'),
  EHOSTUNREACH: () => vscode.l10n.t('host unreachable'),
  ENETUNREACH: () => vscode.l10n.t('network unreachable'),
  ETIMEDOUT: () => vscode.l10n.t('connecting timed out'),
  UND_ERR_CONNECT_TIMEOUT: () => vscode.l10n.t('connecting timed out'),
};

/** `127.0.0.1:9` from a base URL (the host is what a user recognises); the URL itself if unparsable. */
export function hostOf(baseUrl: string | undefined): string | undefined {
  if (!baseUrl) return undefined;
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The message without its leading `POST /api/…`, as a sentence. */
export function withoutEndpoint(err: DedupError): string {
  const endpoint = err.endpoint;
  let m = err.message;
  if (!endpoint || !m.includes(endpoint)) return m;
  // "The service's answer to POST /api/… does not match": the endpoint inside a sentence.
  if (!m.startsWith(endpoint)) return m.split(` to ${endpoint}`).join('').split(endpoint).join(vscode.l10n.t('the request'));
  m = m.slice(endpoint.length);
  if (m.startsWith(':')) m = m.slice(1).trim();
  else if (/^ was /.test(m)) m = vscode.l10n.t('The request') + m;
  else if (/^ answered /.test(m)) m = vscode.l10n.t('The service') + m;
  else m = m.trim();
  return m.charAt(0).toUpperCase() + m.slice(1);
}

/**
 * A network code found deeper in the cause chain: in VS Code's extension host `fetch` is wrapped,
 * and the code may sit on an inner error, an AggregateError's member, or only in a message.
 */
function codeInCauses(e: unknown, depth = 0): string | undefined {
  if (!e || typeof e !== 'object' || depth > 6) return undefined;
  const o = e as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof o.code === 'string' && o.code in NETWORK_REASONS) return o.code;
  const inMessage = typeof o.message === 'string' ? Object.keys(NETWORK_REASONS).find((c) => o.message === c || (o.message as string).includes(c)) : undefined;
  if (inMessage) return inMessage;
  for (const inner of Array.isArray(o.errors) ? o.errors : []) {
    const c = codeInCauses(inner, depth + 1);
    if (c) return c;
  }
  return codeInCauses(o.cause, depth + 1);
}

/** Codes of a connection that was made and then lost: the service was reached, the answer was not. */
const BROKE = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

/**
 * "Cannot reach the service at 127.0.0.1:9 (connection refused)." when no connection could be
 * made; "The connection to the service at 127.0.0.1:9 broke (the connection was reset)." when one
 * was made and lost (saying "cannot reach" then would send the user to check a URL that is right).
 */
export function userMessage(err: DedupError, baseUrl: string | undefined): string {
  const host = hostOf(baseUrl);
  if (err.kind === 'network' && host) {
    const code = (err as { code?: string }).code ?? codeInCauses(err.cause);
    const reason = code ? (NETWORK_REASONS[code]?.() ?? (/CERT|SSL|TLS/.test(code) ? vscode.l10n.t('TLS problem: {0}', code) : code)) : undefined;
    if (code && reason && BROKE.has(code)) return vscode.l10n.t('The connection to the service at {0} broke ({1}).', host, reason);
    return reason ? vscode.l10n.t('Cannot reach the service at {0} ({1}).', host, reason) : vscode.l10n.t('Cannot reach the service at {0}.', host);
  }
  return withoutEndpoint(err);
}
