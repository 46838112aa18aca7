// Base URL checks shared by the CLI and the extension: only http(s), and a flag for the one case
// where the user must be warned before a token is sent: plain http to a host that is not loopback.
import { RequestValidationError } from './errors';

export interface CheckedBaseUrl {
  /** Without trailing slashes; endpoint paths are appended to it. */
  url: string;
  /** True for http:// to a host other than localhost, 127.0.0.0/8 or ::1: the token would cross the network in clear text. */
  insecureRemote: boolean;
}

export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

export function checkBaseUrl(raw: string): CheckedBaseUrl {
  const text = (raw ?? '').trim();
  if (!text) throw new RequestValidationError('baseUrl', 'No base URL is set: give the service address, e.g. https://dedup.example.com');
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    throw new RequestValidationError('baseUrl', `"${text}" is not a URL: give the service address, e.g. https://dedup.example.com`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new RequestValidationError('baseUrl', `The base URL must start with http:// or https://, got ${u.protocol}//`);
  }
  if (u.username || u.password) {
    throw new RequestValidationError('baseUrl', 'The base URL must not contain a user name or password; the access token is sent separately');
  }
  if (u.search || u.hash) {
    throw new RequestValidationError('baseUrl', 'The base URL must not contain a query (?…) or fragment (#…)');
  }
  const url = `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
  return { url, insecureRemote: u.protocol === 'http:' && !isLoopbackHost(u.hostname) };
}
