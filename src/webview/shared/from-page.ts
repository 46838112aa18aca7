// What every page posts, as the extension parses it (BasePanel): the `ready` handshake and the
// request to open a link, and the bounds of ids and addresses in each page's own messages
// (src/webview/<page>/from-page.ts). The page bundles never include this file; they post
// CommonPageMessage (messages.ts), whose type these schemas must produce.
import * as v from 'valibot';
import { type CommonPageMessage as Common, isWebLink } from './messages';

/** Bounds of what a page may post (ids and addresses are data from records: capped). */
export const MAX_ID = 4096;
export const MAX_URL = 8192;

/** A non-empty id of at most MAX_ID characters. */
export const IdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_ID));
/** An http(s) address of at most MAX_URL characters. */
export const WebUrlSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_URL), v.check(isWebLink));

/** The page's listener is in place: the extension may send (again) what it should show. */
export const ReadyMessage = v.object({ type: v.literal('ready') });
/** Open a web address (the extension checks it again and opens it only if http(s)). */
export const OpenLinkMessage = v.object({ type: v.literal('openLink'), url: WebUrlSchema });
/** What every page may post; BasePanel handles these, the panel only its page's own messages. */
export const CommonPageMessage = v.union([ReadyMessage, OpenLinkMessage]);
export type CommonPageMessage = Common;

// The schemas and the page's type must agree both ways.
true satisfies v.InferOutput<typeof CommonPageMessage> extends Common ? (Common extends v.InferOutput<typeof CommonPageMessage> ? true : false) : false;
