// Hides the access token in any text that may reach a person or a file: error messages, log lines,
// journal entries. A service (or a proxy in front of it) can echo the request back — in an error, in
// a 200 that fails validation, in `{"success": "<token>"}` — so every message the client produces is
// masked, whatever the status, before anyone sees it.
//
// Besides the token itself, its base64 forms are masked: a proxy that echoes a Basic header or a
// base64-encoded request shows the token that way. Base64 of the token inside a longer encoded text
// depends on where the token starts modulo 3 bytes, so the three alignments are all masked (minus
// the edge characters that also encode neighbouring bytes).

export const MASK = '‹token›';

/** Tokens shorter than this are not searched for in base64: their encodings are too short to be specific. */
const MIN_BASE64_TOKEN = 6;

export type Masker = (text: string) => string;

/** A function that replaces every occurrence of `secret` (and its base64 forms) with ‹token›. */
export function secretMasker(secret: string | undefined): Masker {
  if (!secret) return (text) => text;
  const needles = [secret, ...base64Forms(secret)].filter((n) => n.length > 0);
  // Longest first, so the plain token is not cut into a part that hides a longer match.
  needles.sort((a, b) => b.length - a.length);
  return (text) => {
    if (typeof text !== 'string' || text === '') return text;
    let out = text;
    for (const n of needles) if (out.includes(n)) out = out.split(n).join(MASK);
    return out;
  };
}

/**
 * Tokens shorter than this are not masked inside an answer's data: a one-letter token (the tests',
 * or a sandbox started with `--token t`) would cut every word of every record, and member names
 * too, into pieces. Error messages are still masked whatever the token's length.
 */
export const MIN_DATA_TOKEN = 6;

/** The masker for an answer's data (answer-walk.ts), or undefined when the token is too short to search for. */
export function dataMasker(secret: string | undefined): Masker | undefined {
  return secret && secret.length >= MIN_DATA_TOKEN ? secretMasker(secret) : undefined;
}

function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  if (bytes.length < MIN_BASE64_TOKEN) return [];
  const forms = new Set<string>();
  for (let shift = 0; shift < 3; shift++) {
    const padded = Buffer.concat([Buffer.alloc(shift), bytes]);
    for (const encoding of ['base64', 'base64url'] as const) {
      const enc = padded.toString(encoding).replace(/=+$/, '');
      // Characters that also encode the `shift` bytes before the token, or the bytes after it.
      const head = shift === 0 ? 0 : shift + 1;
      const tail = padded.length % 3 === 0 ? 0 : 1;
      forms.add(enc.slice(head, enc.length - tail));
    }
  }
  return [...forms].filter((f) => f.length >= MIN_BASE64_TOKEN);
}

/**
 * Masks an error in place and returns it: its message, its `serverMessage` when it carries one, its
 * `stack` (V8 writes the message into the stack when the error is made, so masking the message
 * alone leaves the token there for whoever logs `e.stack`), and the same for its `cause` chain.
 */
export function maskError<E>(error: E, mask: Masker): E {
  maskOne(error, mask, new Set());
  return error;
}

function maskOne(error: unknown, mask: Masker, seen: Set<unknown>): void {
  if (!(error instanceof Error) || seen.has(error)) return;
  seen.add(error);
  error.message = mask(error.message);
  if (typeof error.stack === 'string') {
    Object.defineProperty(error, 'stack', { value: mask(error.stack), writable: true, configurable: true });
  }
  // Every text a formatter may quote: the service's own words, the body's first characters, a Location.
  const facts = error as unknown as Record<string, unknown>;
  for (const key of ['serverMessage', 'detail', 'member']) {
    const value = facts[key];
    if (typeof value === 'string') Object.defineProperty(error, key, { value: mask(value) });
  }
  maskOne(error.cause, mask, seen);
}
