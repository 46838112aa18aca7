// What the client does with a 3xx answer. fetch is told not to follow redirects (it would send a
// decision's body again, or a GET without it, to wherever the Location points, and report the other
// server's answer as the service's). Instead:
//   - a decision (approve, reject) never follows one: the redirect is the error, with its status and
//     Location, so the curator learns the decision did not reach the service;
//   - a list call, which changes nothing, follows a redirect to the same origin (same scheme, host
//     and port: a path moved behind the same proxy), sending the same POST with its token and body,
//     up to MAX_HOPS times; a redirect to another origin is an error, so the token never travels to
//     a server the curator did not name.
import { redirectError } from './error-text';

export const MAX_HOPS = 5;

export interface RedirectAnswer {
  status: number;
  location: string | null;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The URL to send the same request to next, or undefined when the answer is not a redirect (the
 * caller reports it by its status). Throws when the redirect must not be followed.
 */
export function nextHop(answer: RedirectAnswer, from: string, call: { endpoint: string; readOnly: boolean; hops: number }): string | undefined {
  if (!REDIRECT_STATUSES.has(answer.status)) return undefined;
  const { endpoint, status } = { endpoint: call.endpoint, status: answer.status };
  const target = resolve(answer.location, from);
  const shown = target ? clip(target.href) : answer.location ? clip(answer.location) : 'no Location';
  const facts = { status, endpoint, shown, maxHops: MAX_HOPS };
  if (!call.readOnly) throw redirectError('redirect-decision', facts);
  if (!target) throw redirectError('redirect-no-location', facts);
  if (target.origin !== new URL(from).origin) throw redirectError('redirect-other-origin', facts);
  if (call.hops >= MAX_HOPS) throw redirectError('redirect-loop', facts);
  return target.href;
}

function resolve(location: string | null, from: string): URL | undefined {
  if (!location) return undefined;
  try {
    const url = new URL(location, from);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A Location is the other server's text: one line, not too long. */
function clip(text: string): string {
  // eslint-disable-next-line no-control-regex
  const one = text.replace(/[\s\u0000-\u001f\u007f]+/g, ' ');
  return one.length > 200 ? one.slice(0, 200) + '…' : one;
}
