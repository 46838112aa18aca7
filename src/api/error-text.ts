// The DedupErrors a call to the service ends in, built from what is known about the failure
// (ErrorFacts) and given their English line: the line the CLI prints and the log keeps, naming the
// endpoint. The extension never reads that line apart: it writes its own localised sentence from
// the same facts (src/extension/user-message.ts).
import {
  type AnswerCode,
  AuthHeaderError,
  BadRequestError,
  CancelledError,
  ConflictError,
  type DedupError,
  HttpStatusError,
  InvalidResponseError,
  InvalidTokenError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  TimeoutError,
} from './errors';

export function formatMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${+(ms / 1000).toFixed(1)} s`;
}

/** The error of a non-2xx, non-redirect answer. `serverMessage` is the service's own explanation. */
export function statusError(status: number, endpoint: string, serverMessage: string | undefined, retryAfterMs: number | undefined): DedupError {
  const said = serverMessage ? ` The service said: ${serverMessage}` : '';
  const facts = { status, endpoint, serverMessage };
  switch (status) {
    case 400:
      return new BadRequestError(`${endpoint} was refused as malformed (400).${said}`, serverMessage, facts);
    case 401:
      return new InvalidTokenError(`The service refused the access token (401). Set a valid token and try again.`, facts);
    case 402:
      return new AuthHeaderError(
        `The service found the Authorization header missing or malformed (402). Check the token for spaces, line breaks or a "Bearer " prefix of its own, and set it again.`,
        facts,
      );
    case 404:
      return new NotFoundError(`${endpoint}: not found (404).${said || ' The recommendation may no longer exist, or the base URL is wrong.'}`, facts);
    case 409:
      return new ConflictError(`${endpoint}: conflict (409).${said || ' The recommendation was already approved or rejected.'}`, facts);
    case 429: {
      const wait = retryAfterMs === undefined ? '' : ` Retry after ${formatMs(retryAfterMs)}.`;
      return new RateLimitedError(`${endpoint}: the service is rate limiting requests (429).${wait}`, retryAfterMs, facts);
    }
    default:
      if (status >= 500) return new ServerError(`${endpoint}: the service failed with status ${status}.${said}`, facts);
      return new HttpStatusError(`${endpoint}: unexpected status ${status}.${said}`, facts);
  }
}

/** No answer within `timeoutMs`; `origin` is the service's, as the user configured it. */
export function timeoutError(endpoint: string, origin: string, timeoutMs: number): TimeoutError {
  return new TimeoutError(`${endpoint}: no answer from ${origin} within ${formatMs(timeoutMs)}`, timeoutMs, { endpoint, detail: origin });
}

export function cancelledError(endpoint: string): CancelledError {
  return new CancelledError(`${endpoint} was cancelled`, { endpoint });
}

export interface AnswerFacts {
  endpoint?: string;
  status?: number;
  /** The offending member (`data[3].entities[0].@id`), for `shape`, `too-deep` and `endless-listing`. */
  member?: string;
  /** `shape`: the member's problem; `not-json`: the body's first characters; `too-deep`: the depth limit. */
  detail?: string;
}

/** A 2xx answer that is not what the interface promises. */
export function answerError(code: Exclude<AnswerCode, `redirect-${string}`>, f: AnswerFacts, message?: string): InvalidResponseError {
  const facts = { status: f.status, endpoint: f.endpoint, code, detail: f.detail };
  return new InvalidResponseError(message ?? answerText(code, f), f.member, facts);
}

function answerText(code: AnswerCode, f: AnswerFacts): string {
  switch (code) {
    case 'html-body':
      return `${f.endpoint} answered with an HTML page instead of JSON (status ${f.status}). Is the base URL the service's, and not a proxy or login page?`;
    case 'empty-body':
      return `${f.endpoint} answered with an empty body instead of JSON (status ${f.status})`;
    case 'not-json':
      return `${f.endpoint} answered with text that is not JSON (status ${f.status}): ${JSON.stringify(f.detail ?? '')}`;
    case 'too-deep':
      return `The service's answer to ${f.endpoint} does not match the interface: ${f.member}: nested deeper than ${f.detail} levels`;
    default:
      return `The service's answer to ${f.endpoint} does not match the interface: ${f.member}: ${f.detail}`;
  }
}

/** A redirect that is not followed; `shown` is its Location as the user should read it. */
export function redirectError(code: Extract<AnswerCode, `redirect-${string}`>, f: { endpoint: string; status: number; shown: string; maxHops: number }): HttpStatusError {
  const { endpoint, status, shown } = f;
  const facts = { status, endpoint, code, detail: shown };
  switch (code) {
    case 'redirect-decision':
      return new HttpStatusError(
        `${endpoint} was redirected (${status}) to ${shown}. The decision was not sent there and was not applied: redirects are never followed for approve and reject. Check the base URL, or the proxy in front of the service.`,
        facts,
      );
    case 'redirect-no-location':
      return new HttpStatusError(`${endpoint} answered a redirect (${status}) without a usable Location (${shown}). Check the base URL.`, facts);
    case 'redirect-other-origin':
      return new HttpStatusError(
        `${endpoint} was redirected (${status}) to another origin, ${shown}. It was not followed, so the access token was not sent there. If the service has moved, change the base URL to ${originOf(shown)}.`,
        facts,
      );
    default:
      return new HttpStatusError(`${endpoint} was redirected more than ${f.maxHops} times (last to ${shown}). Check the base URL.`, facts);
  }
}

/** `https://host:port` of a URL, or the text itself when it is not one. */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
