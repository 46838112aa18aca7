// What the record pages post, written once as valibot schemas (see ../shared/messages.ts): the
// extension parses it (the page shows third-party data, so its messages are untrusted), the page
// posts the inferred types; also the serializer's reading of a saved state, which the page wrote.
// The page bundle does not include this file (it imports only its types). No DOM and no vscode.
import * as v from 'valibot';
import { CommonPageMessage, IdSchema, OpenLinkMessage, ReadyMessage } from '../shared/from-page';
import { parseMessage } from '../shared/messages';
import { type RecordKind, RECORD_KINDS } from './fields';

const RecordKindSchema = v.picklist(RECORD_KINDS);

export const RECORD_ACTIONS = ['openJson', 'copyId'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

/** Record page → extension, its own messages. The ids say which record the page shows; the panel drops stale ones. */
export const RecordPageMessage = v.union([
  v.object({ type: v.literal('action'), action: v.picklist(RECORD_ACTIONS), id: IdSchema }),
  /** Open the panel of a related record: an event in a location's list, an event's location. */
  v.object({ type: v.literal('openRecord'), kind: RecordKindSchema, id: IdSchema }),
  v.object({ type: v.literal('loadMoreEvents'), locationId: IdSchema }),
]);
export type RecordPageMessage = v.InferOutput<typeof RecordPageMessage>;

/** Everything the record page posts. */
const FromRecordPage = v.union([ReadyMessage, OpenLinkMessage, ...RecordPageMessage.options]);
export type FromRecordWebview = CommonPageMessage | RecordPageMessage;

/** The message if the record panel understands it, else undefined (the caller logs and drops it). */
export const parseRecordMessage = (raw: unknown): FromRecordWebview | undefined => parseMessage(FromRecordPage, raw);

/** Kind and id of a saved record panel state (the serializer's input), if it has them. */
const StateKey = v.object({ kind: RecordKindSchema, id: IdSchema });
export const recordStateKey = (state: unknown): { kind: RecordKind; id: string } | undefined => parseMessage(StateKey, state);
