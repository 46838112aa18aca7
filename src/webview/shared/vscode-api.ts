// The page's one handle on VS Code (acquireVsCodeApi may be called once per page): posting, the
// saved state, and the extension's messages, each checked against the page's protocol schemas
// (its folder's protocol.ts) before the page sees them. A message or a saved state that does not
// fit (another version of the page, a stray post) is dropped, never drawn half.
import type * as v from 'valibot';
import { type CommonPageMessage, parseMessage } from './messages';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** What a page's protocol.ts gives the page: the schemas of what it receives and what it saves. */
export interface PageSchemas<To, State> {
  toPage: v.GenericSchema<unknown, To>;
  state: v.GenericSchema<unknown, State>;
}

export interface PageHost<From, State> {
  /** Posts to the extension: the page's own messages and the common ones. */
  post(message: From | CommonPageMessage): void;
  /** The state saved before a reload or hide, if it still fits the schema. */
  readonly saved: State | undefined;
  save(state: State): void;
  /** Says `ready`: the page's listener is in place and it may be sent what to show. */
  ready(): void;
}

/**
 * Connects the page: `receive` gets every message from the extension that fits `schemas.toPage`.
 * Call ready() once the page has drawn what it saved (the handshake, as in
 * microsoft/vscode-pull-request-github's webviews: nothing sent before it is lost).
 */
export function connectPage<To, From, State>(schemas: PageSchemas<To, State>, receive: (message: To) => void): PageHost<From, State> {
  const api = acquireVsCodeApi();
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = parseMessage(schemas.toPage, event.data);
    if (message !== undefined) receive(message);
  });
  return {
    post: (message) => api.postMessage(message),
    saved: parseMessage(schemas.state, api.getState()),
    save: (state) => api.setState(state),
    ready: () => api.postMessage({ type: 'ready' } satisfies CommonPageMessage),
  };
}
