// The one message protocol between the extension and its webviews. Both sides import these types,
// so a message cannot change shape on one side only. Everything here is plain data (no DOM, no
// vscode), because the extension bundle and the browser bundle both include it.
//
// Messages from the webview are untrusted input (the page renders third-party record data), so the
// extension runs them through parseWebviewMessage before acting; messages to the webview come from
// our own code and are typed, not re-validated there.

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
}

export interface ComparisonRow {
  key: FieldKey;
  label: string;
  /** One value per entity, null when the entity has none. */
  values: (string | null)[];
  /** The matcher fields that speak for this row (empty: the matcher does not compare it). */
  matcherFields: string[];
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
}

export type Verdict = 'approve' | 'reject';

/** What the panel shows about a decision. */
export type DecisionStatus =
  | { state: 'working'; verdict: Verdict }
  | { state: 'done'; verdict: Verdict; message: string }
  | { state: 'failed'; verdict: Verdict; message: string }
  | { state: 'cancelled'; verdict: Verdict };

/** Extension → webview. */
export type ToWebview =
  /** notice: a line for the status area, e.g. the outcome of the decision that led here. */
  | { type: 'show'; view: ComparisonView; notice?: string }
  | { type: 'decision'; recommendationId: string; status: DecisionStatus }
  /** The recommendation is no longer pending (decided elsewhere, or gone after a reload). */
  | { type: 'gone'; recommendationId: string; message: string };

/** Webview → extension. */
export type FromWebview =
  | { type: 'ready' }
  | { type: 'decide'; recommendationId: string; verdict: Verdict }
  | { type: 'openLink'; url: string };

/** What the webview keeps with vscode.setState, and what the panel serializer restores from. */
export interface PanelState {
  recommendationId: string;
  view?: ComparisonView;
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
    case 'openLink':
      if (!isText(raw.url, MAX_URL) || !isWebLink(raw.url)) return undefined;
      return { type: 'openLink', url: raw.url };
    default:
      return undefined;
  }
}

/** The recommendation id of a saved panel state (from the serializer), if the state has one. */
export function stateRecommendationId(state: unknown): string | undefined {
  return isRecord(state) && isText(state.recommendationId, MAX_ID) ? state.recommendationId : undefined;
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
