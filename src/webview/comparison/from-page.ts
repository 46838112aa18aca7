// What the comparison page posts, written once as valibot schemas (see ../shared/messages.ts): the
// extension parses it (the page shows third-party data, so its messages are untrusted), the page
// posts the inferred types; also the serializer's reading of a saved state, which the page wrote.
// The page bundle does not include this file (it imports only its types). Plain data: no DOM, no
// vscode.
import * as v from 'valibot';
import { CommonPageMessage, IdSchema, OpenLinkMessage, ReadyMessage } from '../shared/from-page';
import { parseMessage } from '../shared/messages';
import { VERDICTS } from './fields';

/**
 * fullQueue: leave a group's queue for the whole queue (the Recommendations view's order).
 * While the service cannot be reached: tryAgain asks it now, goOn sends decisions all the same,
 * retryFailed sends the failed decisions again.
 */
export const QUEUE_ACTIONS = ['skip', 'back', 'undo', 'fullQueue', 'tryAgain', 'goOn', 'retryFailed'] as const;
export type QueueAction = (typeof QUEUE_ACTIONS)[number];

/**
 * Queue mode: a move's number (seq: 1, 2, … since the page loaded) and the item the page drew ahead
 * for it (ahead), so that the extension moves to what the curator sees and says which moves it has
 * received (see MOVES_SEEN in protocol.ts).
 */
const MOVE = { seq: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), ahead: v.optional(IdSchema) };

/** Page → extension: the comparison page's own messages (BasePanel handles ready and openLink). */
export const ComparisonPageMessage = v.union([
  v.object({ type: v.literal('decide'), recommendationId: IdSchema, verdict: v.picklist(VERDICTS), ...MOVE }),
  /** Undo the panel's decision while it waits out its undo period (nothing is sent). */
  v.object({ type: v.literal('undo'), recommendationId: IdSchema }),
  /** "Mark as Unsure…": the extension asks for the note; nothing is sent to the service. */
  v.object({ type: v.literal('unsure'), recommendationId: IdSchema }),
  /** "Clear mark" beside the unsure mark: the clearing is journalled; nothing is sent to the service. */
  v.object({ type: v.literal('clearUnsure'), recommendationId: IdSchema }),
  /** A review-queue key. recommendationId: the item on screen (absent at the end of the queue). */
  v.object({ type: v.literal('queue'), action: v.picklist(QUEUE_ACTIONS), recommendationId: v.optional(IdSchema), ...MOVE }),
]);
export type ComparisonPageMessage = v.InferOutput<typeof ComparisonPageMessage>;

/** Everything the comparison page posts. */
const FromComparisonPage = v.union([ReadyMessage, OpenLinkMessage, ...ComparisonPageMessage.options]);
export type FromWebview = CommonPageMessage | ComparisonPageMessage;

/** A message from the page if the extension understands it, else undefined (the caller ignores it). */
export const parseWebviewMessage = (raw: unknown): FromWebview | undefined => parseMessage(FromComparisonPage, raw);

// The serializer reads single members of a saved state: each on its own, so one malformed member
// (an old page's view) does not lose the others.
const SavedState = v.object({ recommendationId: v.optional(v.unknown()), connection: v.optional(v.unknown()), queue: v.optional(v.unknown()), group: v.optional(v.unknown()) });
const savedState = (state: unknown) => parseMessage(SavedState, state);
const text = (x: unknown) => (v.is(IdSchema, x) ? x : undefined);

/** The recommendation id of a saved panel state (from the serializer), if the state has one. */
export const stateRecommendationId = (state: unknown): string | undefined => text(savedState(state)?.recommendationId);

/** The connection name a saved panel state was shown for, if it has one. */
export const stateConnection = (state: unknown): string | undefined => text(savedState(state)?.connection);

const SavedGroup = v.object({ key: v.pipe(v.string(), v.minLength(1), v.maxLength(10_000)), words: v.pipe(v.string(), v.maxLength(10_000)) });

/** The triage group a saved queue walked, if it walked one. */
export const stateGroup = (state: unknown): { key: string; words: string } | undefined => {
  const group = savedState(state)?.group;
  return v.is(SavedGroup, group) ? { key: group.key, words: group.words } : undefined;
};

/** Whether a saved panel state is a review queue's. */
export const stateIsQueue = (state: unknown): boolean => savedState(state)?.queue === true;
