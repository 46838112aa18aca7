// What every panel page and the extension say to each other whatever the page (after
// microsoft/vscode-pull-request-github's webviews/common/message.ts): the `ready` handshake, the
// request to open a link, and the valibot building blocks of each page's own protocol.
//
// Each page writes its protocol once, as valibot schemas in its folder's protocol.ts, and both sides
// use them: the extension checks what the page posts (the page shows third-party data, so it is
// untrusted input), the page checks what the extension posts and what vscode.getState() gives
// back. No DOM and no vscode here: the extension bundle and the browser bundles include this file.
import * as v from 'valibot';

/** Bounds of what a page may post (ids and addresses are data from records: capped). */
export const MAX_ID = 4096;
export const MAX_URL = 8192;

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

/** A non-empty id of at most MAX_ID characters. */
export const IdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID));
/** An http(s) address of at most MAX_URL characters. */
export const WebUrlSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_URL), v.check(isWebLink));

/** The page's listener is in place: the extension may send (again) what it should show. */
export const ReadyMessage = v.object({ type: v.literal('ready') });
/** Open a web address (the extension checks it again and opens it only if http(s)). */
export const OpenLinkMessage = v.object({ type: v.literal('openLink'), url: WebUrlSchema });
/** What every page may post; BasePanel handles these, the panel only its page's own messages. */
export const CommonPageMessage = v.variant('type', [ReadyMessage, OpenLinkMessage]);
export type CommonPageMessage = v.InferOutput<typeof CommonPageMessage>;

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
