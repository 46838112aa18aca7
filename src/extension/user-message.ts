// What a failed call says to a user: what went wrong in their terms and what they can do, in their
// language, without the HTTP method and path (those go to the log, with the error's English line).
// Each sentence is written whole from the error's facts (kind, status, code, the service's own
// message); none is cut out of the English line or glued to another after changing its case.
import * as vscode from 'vscode';
import type { DedupError, InvalidResponseError, RateLimitedError, TimeoutError } from '../api/errors';
import { formatMs, originOf } from '../api/error-text';
import { MAX_HOPS } from '../api/redirect';
import { formatCount } from '../webview/shared/format';

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
function networkMessage(err: DedupError, host: string | undefined): string {
  const where = host ?? err.detail ?? '';
  const code = (NETWORK_REASONS[err.code ?? ''] ? err.code : undefined) ?? codeInCauses(err.cause) ?? err.code;
  const reason = code ? (NETWORK_REASONS[code]?.() ?? (/CERT|SSL|TLS/.test(code) ? vscode.l10n.t('TLS problem: {0}', code) : code)) : undefined;
  if (code && reason && BROKE.has(code)) return vscode.l10n.t('The connection to the service at {0} broke ({1}).', where, reason);
  return reason ? vscode.l10n.t('Cannot reach the service at {0} ({1}).', where, reason) : vscode.l10n.t('Cannot reach the service at {0}.', where);
}

/** " The service said: …" when it said something, else the given default (may be ''). */
function said(err: DedupError, otherwise = ''): string {
  return err.serverMessage ? ' ' + vscode.l10n.t('The service said: {0}', err.serverMessage) : otherwise && ' ' + otherwise;
}

function answerMessage(err: InvalidResponseError): string {
  const status = err.status ?? '';
  switch (err.code) {
    case 'html-body':
      return vscode.l10n.t("The service answered with an HTML page instead of JSON (status {0}). Is the base URL the service's, and not a proxy or login page?", status);
    case 'empty-body':
      return vscode.l10n.t('The service answered with an empty body instead of JSON (status {0}).', status);
    case 'not-json':
      return vscode.l10n.t('The service answered with text that is not JSON (status {0}): {1}', status, JSON.stringify(err.detail ?? ''));
    case 'too-deep':
      return vscode.l10n.t("The service's answer does not match the interface: {0} is nested deeper than {1} levels.", err.member ?? '', err.detail ?? '');
    case 'shape':
      return vscode.l10n.t("The service's answer does not match the interface: {0}: {1}", err.member ?? '', err.detail ?? '');
    case 'endless-listing':
      return vscode.l10n.t('The service kept saying another page followed without sending a record not listed before; the listing was stopped.');
    default:
      return err.endpoint ? vscode.l10n.t("The service's answer does not match the interface.") : err.message;
  }
}

function redirectMessage(err: DedupError): string {
  const [status, shown] = [err.status ?? '', err.detail ?? ''];
  switch (err.code) {
    case 'redirect-decision':
      return vscode.l10n.t(
        'The request was redirected ({0}) to {1}. The decision was not sent there and was not applied: redirects are never followed for approve and reject. Check the base URL, or the proxy in front of the service.',
        status,
        shown,
      );
    case 'redirect-no-location':
      return vscode.l10n.t('The service answered a redirect ({0}) without a usable Location ({1}). Check the base URL.', status, shown);
    case 'redirect-other-origin':
      return vscode.l10n.t(
        'The request was redirected ({0}) to another origin, {1}. It was not followed, so the access token was not sent there. If the service has moved, change the base URL to {2}.',
        status,
        shown,
        originOf(shown),
      );
    default:
      return vscode.l10n.t('The request was redirected more than {0} times (last to {1}). Check the base URL.', formatCount(MAX_HOPS), shown);
  }
}

function statusMessage(err: DedupError): string {
  const status = err.status ?? 0;
  switch (err.kind) {
    case 'bad-request':
      return vscode.l10n.t('The request was refused as malformed (400).') + said(err);
    case 'not-found':
      return vscode.l10n.t('Not found (404).') + said(err, vscode.l10n.t('The recommendation may no longer exist, or the base URL is wrong.'));
    case 'conflict':
      return vscode.l10n.t('Conflict (409).') + said(err, vscode.l10n.t('The recommendation was already approved or rejected.'));
    case 'rate-limited': {
      const after = (err as RateLimitedError).retryAfterMs;
      return vscode.l10n.t('The service is rate limiting requests (429).') + (after === undefined ? '' : ' ' + vscode.l10n.t('Retry after {0}.', formatMs(after)));
    }
    case 'server':
      return vscode.l10n.t('The service failed with status {0}.', String(status)) + said(err);
    default:
      return err.code?.startsWith('redirect-') ? redirectMessage(err) : vscode.l10n.t('Unexpected status {0}.', String(status)) + said(err);
  }
}

/** The failure in one or two localised sentences; `baseUrl` names the service a network failure could not reach. */
export function userMessage(err: DedupError, baseUrl: string | undefined): string {
  switch (err.kind) {
    case 'network':
      return networkMessage(err, hostOf(baseUrl));
    case 'invalid-token':
      return vscode.l10n.t('The service refused the access token (401). Set a valid token and try again.');
    case 'auth-header':
      return vscode.l10n.t(
        'The service found the Authorization header missing or malformed (402). Check the token for spaces, line breaks or a "Bearer " prefix of its own, and set it again.',
      );
    case 'timeout':
      return vscode.l10n.t('No answer from {0} within {1}.', err.detail ?? hostOf(baseUrl) ?? '', formatMs((err as TimeoutError).timeoutMs));
    case 'invalid-response':
      return answerMessage(err as InvalidResponseError);
    case 'cancelled':
      return err.endpoint ? vscode.l10n.t('The request was cancelled.') : vscode.l10n.t('Cancelled.');
    // Refused before anything was sent: the check's own words name the setting or value at fault.
    case 'request-invalid':
      return err.message;
    default:
      return statusMessage(err);
  }
}
