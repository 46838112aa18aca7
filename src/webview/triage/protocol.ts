// The Triage panel's messages (issue 17), shared by the extension and the page. Plain data only. The
// page's messages are untrusted (it shows record-derived text): parseTriageMessage checks them.
// Self-contained in src/webview/triage/ so the page can move with the webview reorganisation.

export interface HistogramBin {
  /** Score range [from, to). */
  from: number;
  to: number;
  /** Pending now. */
  pending: number;
  /** The curator's decisions (journal) with a score in the range. */
  approved: number;
  rejected: number;
  unsure: number;
}

/** "Scores ≥ score were approved `rate` of the time, n = n", from the curator's own decisions. */
export interface ThresholdPoint {
  score: number;
  approved: number;
  n: number;
}

export interface GroupRow {
  key: string;
  words: string;
  kind: 'location' | 'event';
  size: number;
  scoreMin: number;
  scoreMax: number;
  approve: number;
  reject: number;
  unsure: number;
  p: number;
  low: number;
  high: number;
  safe: 'approve' | 'reject' | null;
  /** The flags' short words. */
  flags: string[];
  /** Members a group decision would take (not unsure). */
  decidable: number;
}

export interface TriagePanelData {
  pending: number;
  labels: number;
  targetPrecision: number;
  histogram: HistogramBin[];
  thresholds: ThresholdPoint[];
  groups: GroupRow[];
}

export type ToTriageWebview = { type: 'triage'; data: TriagePanelData } | { type: 'notice'; message: string };

export type GroupAction = 'review' | 'approve' | 'reject';
const ACTIONS: readonly GroupAction[] = ['review', 'approve', 'reject'];

export type FromTriageWebview = { type: 'ready' } | { type: 'refresh' } | { type: 'group'; action: GroupAction; key: string };

const MAX_KEY = 4096;

export function parseTriageMessage(raw: unknown): FromTriageWebview | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const m = raw as Record<string, unknown>;
  if (m.type === 'ready') return { type: 'ready' };
  if (m.type === 'refresh') return { type: 'refresh' };
  if (m.type !== 'group') return undefined;
  const action = ACTIONS.find((a) => a === m.action);
  if (!action || typeof m.key !== 'string' || !m.key || m.key.length > MAX_KEY) return undefined;
  return { type: 'group', action, key: m.key };
}
