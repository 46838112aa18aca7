// What the Triage page posts, written once as valibot schemas (see ../shared/messages.ts): the
// extension parses it (the page shows record-derived text, so its messages are untrusted), the
// page posts the inferred types. The page bundle does not include this file (it imports only its
// types). Plain data: no DOM, no vscode.
import * as v from 'valibot';
import { IdSchema, ReadyMessage } from '../shared/from-page';
import { parseMessage } from '../shared/messages';

export const GROUP_ACTIONS = ['review', 'approve', 'reject'] as const;
export type GroupAction = (typeof GROUP_ACTIONS)[number];

/** Page → extension: the Triage page's own messages (BasePanel handles ready and openLink). */
export const TriagePageMessage = v.union([
  v.object({ type: v.literal('refresh') }),
  /** A group's Review / Approve… / Reject…: the extension asks before deciding anything. */
  v.object({ type: v.literal('group'), action: v.picklist(GROUP_ACTIONS), key: IdSchema }),
]);
export type TriagePageMessage = v.InferOutput<typeof TriagePageMessage>;

/** Everything the Triage page posts (it opens no links). */
const FromTriagePage = v.union([ReadyMessage, ...TriagePageMessage.options]);
export type FromTriageWebview = v.InferOutput<typeof FromTriagePage>;

/** A message from the page if the extension understands it, else undefined (the caller ignores it). */
export const parseTriageMessage = (raw: unknown): FromTriageWebview | undefined => parseMessage(FromTriagePage, raw);
