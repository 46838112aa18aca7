// The spec's two authentication failures: 402 for a missing or malformed Authorization header,
// 401 for a well-formed header carrying the wrong token. Checked before anything else about a
// request to an endpoint, so an unauthenticated caller learns nothing about its body.
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from './http-errors';

const EXPECTED = "expected 'Authorization: Bearer <token>'";
// WWW-Authenticate tells generic HTTP clients which scheme to use (RFC 6750 section 3).
const CHALLENGE = { 'WWW-Authenticate': 'Bearer realm="dedup-sandbox"' };

/**
 * Why a token cannot be used, or undefined. Tokens are visible ASCII without spaces so that
 * they travel unchanged in a header; this is also what a malformed-header check refuses.
 */
export function tokenProblem(token: string): string | undefined {
  if (token.length === 0) return 'the token is empty';
  if (token.length > 1024) return 'the token is longer than 1024 characters';
  if (!/^[\x21-\x7e]+$/.test(token)) return 'the token may contain only visible ASCII characters (no spaces or control characters)';
  return undefined;
}

/** The error for this Authorization header, or undefined when it carries `token`. */
export function checkAuthorization(header: string | undefined, token: string): HttpError | undefined {
  if (header === undefined || header === '') {
    return malformed(`missing Authorization header; ${EXPECTED}`);
  }
  const space = header.indexOf(' ');
  const scheme = space === -1 ? header : header.slice(0, space);
  // Auth schemes are case-insensitive (RFC 9110 section 11.1), so "bearer" is accepted too.
  if (scheme.toLowerCase() !== 'bearer') {
    // The header is not echoed: a mistyped scheme may still carry a credential.
    return malformed(`the Authorization scheme must be Bearer; ${EXPECTED}`);
  }
  if (space === -1) return malformed(`the Authorization header has no token; ${EXPECTED}`);
  const presented = header.slice(space + 1);
  if (presented.length === 0) return malformed(`the Authorization header has no token; ${EXPECTED}`);
  if (presented.startsWith(' ') || presented.startsWith('\t')) {
    return malformed(`the Authorization header must have exactly one space between Bearer and the token; ${EXPECTED}`);
  }
  const problem = tokenProblem(presented);
  if (problem) return malformed(`the Authorization header is malformed: ${problem}`);
  if (!sameToken(presented, token)) {
    return new HttpError(401, 'invalid_token', 'the access token is not valid for this sandbox', {
      headers: { 'WWW-Authenticate': 'Bearer realm="dedup-sandbox", error="invalid_token"' },
    });
  }
  return undefined;
}

/**
 * Constant-time comparison. Hashing first gives equal-length inputs to timingSafeEqual, so neither
 * the content nor the length of the real token leaks through response timing.
 */
function sameToken(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), expectedDigest(b));
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

// The sandbox's own token is the same on every request: hash it once (a profile under load showed
// the two hashes per request among the larger costs once answers were cached).
let expected: { token: string; digest: Buffer } | undefined;
function expectedDigest(token: string): Buffer {
  if (expected?.token !== token) expected = { token, digest: sha256(token) };
  return expected.digest;
}

function malformed(message: string): HttpError {
  return new HttpError(402, 'invalid_authorization_header', message, { headers: CHALLENGE });
}
