// The one message protocol between the extension and its webviews. Both sides import these types,
// so a message cannot change shape on one side only. Everything here is plain data (no DOM, no
// vscode), because the extension bundle and the browser bundle both include it.
//
// Messages from the webview are untrusted input (the page renders third-party record data), so the
// extension runs them through parseWebviewMessage before acting; messages to the webview come from
// our own code and are typed, not re-validated there.
import type { Verdict } from '../api/model';

/** The rows of the comparison, in display order: the interface's entity fields. */
export const FIELD_KEYS = [
  'name',
  'street',
  'postalCode',
  'locality',
  'region',
  'country',
  'telephone',
  'url',
  'integration',
  'sourceId',
  'identifier',
  'type',
] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];

/**
 * Rows only an event comparison has, when an entity carries them (issue 13, point 8): its start
 * (local time, UTC as a note) and its venue (the location's name when sent, and its address), so a
 * curator reads them side by side and not only as ISO strings in the sum below.
 */
export const EVENT_ROW_KEYS = ['start', 'venue'] as const;
export type RowKey = FieldKey | (typeof EVENT_ROW_KEYS)[number];

/** One matcher field's evidence for one pair (entity `against` compared with entity 0). */
export interface Evidence {
  /** The matcher's field name: name, address, town, postcode, phone, url, distance, integration, start, location. */
  field: string;
  /** null: a value is missing on one side, so the field says nothing (weight 0). */
  similarity: number | null;
  /** Log-odds contribution in bits. */
  weight: number;
  /** The normalised values the matcher compared, for display. */
  a?: string;
  b?: string;
}

/** Why the matcher scores entity `against` as it does against entity 0: prior + Σ weights = logOdds → score. */
export interface PairExplanation {
  against: number;
  score: number;
  logOdds: number;
  prior: number;
  evidence: Evidence[];
  /** Metres between the two entities, when both carry coordinates (not in the interface; some services send them). */
  meters?: number;
}

export interface ComparisonRow {
  key: RowKey;
  label: string;
  /** One value per entity, null when the entity has none. */
  values: (string | null)[];
  /** The matcher fields that speak for this row (empty: the matcher does not compare it). */
  matcherFields: string[];
  /** A second line under each value, not diffed (the start's UTC under its local time); null: none. */
  notes?: (string | null)[];
}

export interface ComparisonView {
  recommendationId: string;
  /** The service's score, 0..1. */
  score: number;
  kind: 'location' | 'event';
  /** Column headings, one per entity. */
  entities: { id: string; label: string }[];
  rows: ComparisonRow[];
  /** One per entity after the first, each compared with the first. */
  explanations: PairExplanation[];
  /** Pending recommendations left after this one, when known. */
  remaining?: number;
  /** Triage's notes (issue 17): the flags in words and the curator's unsure mark. Absent in blind mode. */
  triage?: TriageNotes;
  /**
   * Blind review (queue setting): the extension sent no score, no flags and no matcher sum, so the
   * curator's answer is not anchored on them; `score` is 0 and `explanations` empty.
   */
  blind?: boolean;
}

export interface TriageNotes {
  /** One sentence per warning flag. */
  flags: string[];
  /** Set when the curator marked it unsure, with their note if any. */
  unsure?: { note?: string };
}

// The one Verdict (src/api/model.ts), also the page's: the page and the host decide the same things.
export type { Verdict };

/** What the panel shows about a decision. */
export type DecisionStatus =
  | { state: 'working'; verdict: Verdict }
  | { state: 'done'; verdict: Verdict; message: string }
  | { state: 'failed'; verdict: Verdict; message: string }
  | { state: 'cancelled'; verdict: Verdict };

/** Where an item of the review queue stands. */
export type QueueItemState = 'pending' | 'skipped' | 'approved' | 'rejected' | 'gone';

/** The review queue's header: counts and what the navigation keys can do now. */
export interface QueueStatus {
  /** Decided in this queue (approved + rejected). */
  done: number;
  approved: number;
  rejected: number;
  /** Skipped in this queue and still skipped (skips are local: the service never hears of them). */
  skipped: number;
  /** Pending, not skipped, not yet decided: the one on screen included. */
  remaining: number;
  /** The service has pages not loaded yet whose recommendations may add to `remaining`. */
  more: boolean;
  /** 1-based place of the item on screen among those visited; 0 at the end of the queue. */
  position: number;
  /** The item on screen; undefined at the end of the queue. */
  item?: QueueItemState;
  canBack: boolean;
  canUndo: boolean;
  /**
   * The Recommendations view's sort and filter the queue follows, in words ("filtered: ≥ 80% ·
   * score ↑ · among 50 loaded of 206"); absent when the view shows the service's list as it is.
   */
  scope?: string;
}

export type QueueAction = 'skip' | 'back' | 'undo';
export const QUEUE_ACTIONS: readonly QueueAction[] = ['skip', 'back', 'undo'];

/** Extension → webview. */
export type ToWebview =
  /** notice: a line for the status area, e.g. the outcome of the decision that led here. queue: set in queue mode. */
  /**
   * next (queue mode): what A, R or S leads to, so the page draws it at once and the extension's own
   * `show` for it follows; absent when unknown (a page to load) or when a reject needs confirming.
   */
  | { type: 'show'; view: ComparisonView; notice?: string; queue?: QueueStatus; connection?: string; next?: ComparisonView }
  /** A line for the status area of whatever is on screen: the outcome of a decision sent in the background. */
  | { type: 'notice'; message: string; tone: 'info' | 'ok' | 'error' }
  | { type: 'decision'; recommendationId: string; status: DecisionStatus }
  /** The recommendation is no longer pending (decided elsewhere, or gone after a reload). */
  | { type: 'gone'; recommendationId: string; message: string }
  /**
   * Approve and Reject are unavailable for the reason given (a restored panel still checking the
   * list, or showing a recommendation it cannot decide): buttons off, the reason on screen.
   */
  | { type: 'hold'; recommendationId: string; message: string }
  /** Pending again: the decision made elsewhere failed and the recommendation went back to the tree. */
  | { type: 'pending'; recommendationId: string; message: string }
  /** The queue's counts changed while the same item stays on screen. */
  | { type: 'queueStatus'; queue: QueueStatus }
  /** Nothing left to review in the queue (message: the summary, or why no more could be loaded). */
  | { type: 'queueEnd'; queue: QueueStatus; message: string };

/** Webview → extension. */
export type FromWebview =
  | { type: 'ready' }
  | { type: 'decide'; recommendationId: string; verdict: Verdict }
  | { type: 'openLink'; url: string }
  /** "Mark as Unsure…": the extension asks for the note; nothing is sent to the service. */
  | { type: 'unsure'; recommendationId: string }
  /** Undo the panel's decision while it waits out its undo period (nothing is sent). */
  | { type: 'undo'; recommendationId: string }
  /** A review-queue key. recommendationId: the item on screen (absent at the end of the queue). */
  | { type: 'queue'; action: QueueAction; recommendationId?: string };

/** What the webview keeps with vscode.setState, and what the panel serializer restores from. */
export interface PanelState {
  recommendationId: string;
  view?: ComparisonView;
  /** The panel was a review queue: restored as a new queue (its local skips are not kept). */
  queue?: boolean;
  /** The name of the connection the recommendation came from: a restored panel decides only there. */
  connection?: string;
}

const MAX_ID = 4096;
const MAX_URL = 8192;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isText = (x: unknown, max: number): x is string => typeof x === 'string' && x.length > 0 && x.length <= max;

/** The message if it is one the extension understands, else undefined (the caller ignores it). */
export function parseWebviewMessage(raw: unknown): FromWebview | undefined {
  if (!isRecord(raw)) return undefined;
  switch (raw.type) {
    case 'ready':
      return { type: 'ready' };
    case 'decide':
      if (!isText(raw.recommendationId, MAX_ID)) return undefined;
      if (raw.verdict !== 'approve' && raw.verdict !== 'reject') return undefined;
      return { type: 'decide', recommendationId: raw.recommendationId, verdict: raw.verdict };
    case 'undo':
      return isText(raw.recommendationId, MAX_ID) ? { type: 'undo', recommendationId: raw.recommendationId } : undefined;
    case 'unsure':
      return isText(raw.recommendationId, MAX_ID) ? { type: 'unsure', recommendationId: raw.recommendationId } : undefined;
    case 'openLink':
      if (!isText(raw.url, MAX_URL) || !isWebLink(raw.url)) return undefined;
      return { type: 'openLink', url: raw.url };
    case 'queue': {
      const action = QUEUE_ACTIONS.find((a) => a === raw.action);
      if (!action) return undefined;
      if (raw.recommendationId === undefined) return { type: 'queue', action };
      if (!isText(raw.recommendationId, MAX_ID)) return undefined;
      return { type: 'queue', action, recommendationId: raw.recommendationId };
    }
    default:
      return undefined;
  }
}

/** The recommendation id of a saved panel state (from the serializer), if the state has one. */
export function stateRecommendationId(state: unknown): string | undefined {
  return isRecord(state) && isText(state.recommendationId, MAX_ID) ? state.recommendationId : undefined;
}

/** The connection name a saved panel state was shown for, if it has one. */
export function stateConnection(state: unknown): string | undefined {
  return isRecord(state) && isText(state.connection, MAX_ID) ? state.connection : undefined;
}

/** Whether a saved panel state is a review queue's. */
export function stateIsQueue(state: unknown): boolean {
  return isRecord(state) && state.queue === true;
}

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
