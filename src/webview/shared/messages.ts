// What every panel page and the extension share whatever the page (after
// microsoft/vscode-pull-request-github's webviews/common/message.ts): the check of what arrives,
// the web-link rule, the status line's tones, and the type of what every page posts (ready,
// openLink; their schemas, which only the extension parses, are in from-page.ts).
//
// Each page writes its protocol once, as valibot schemas in its folder, and both sides use them:
// the page parses protocol.ts (what the extension posts and what vscode.getState() gives back),
// the extension parses from-page.ts (what the page posts: the page shows third-party data, so it is
// untrusted input). Two files, so each bundle carries only the schemas it parses: esbuild keeps a
// module's top-level schema calls when anything of the module is imported. Messages are
// `v.union`s of objects with a literal `type` (or `state`, `kind`): they accept and reject exactly
// what a `v.variant` on that key would (the literals differ), and valibot's union code is already in
// the extension for the service's schemas, while its variant code cost every bundle ≈ 0.3–0.9 KB.
// No DOM and no vscode here: the extension bundle and the browser bundles include this file.
import * as v from 'valibot';

/**
 * Only http and https addresses become links, on both sides: `javascript:`, `command:`, `file:`
 * and `data:` in record data must never be clickable.
 */
export function isWebLink(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** What every page may post: the `ready` handshake, and a web address to open (from-page.ts parses them). */
export type CommonPageMessage = { type: 'ready' } | { type: 'openLink'; url: string };

/** A status line's tone, the same on every page. */
export const ToneSchema = v.picklist(['info', 'ok', 'error']);
export type Tone = v.InferOutput<typeof ToneSchema>;

/**
 * `raw` as the schema's output, or undefined when it does not fit. Members the schema does not
 * name are dropped (v.object), so nothing unchecked travels on.
 */
export function parseMessage<T>(schema: v.GenericSchema<unknown, T>, raw: unknown): T | undefined {
  const result = v.safeParse(schema, raw);
  return result.success ? result.output : undefined;
}
