// The "updated since" windows of the Locations and Events views: presets that slide with each
// refresh (last 24 h, 7 days, 30 days, everything), a fixed moment typed by the user, or the
// last time this list was synced. Pure functions apart from l10n, so the tests call them directly.
import * as vscode from 'vscode';
import { timestampProblem } from '../../api/timestamp';

export const PRESETS = ['24h', '7d', '30d', 'all'] as const;
export type Preset = (typeof PRESETS)[number];

/** What the user chose; a preset is resolved again at each refresh, a moment is fixed. */
export type WindowSpec = { kind: 'preset'; preset: Preset } | { kind: 'since'; since: Date; lastLook?: boolean };

const HOUR = 3600_000;
const PRESET_MS: Record<Preset, number | undefined> = { '24h': 24 * HOUR, '7d': 7 * 24 * HOUR, '30d': 30 * 24 * HOUR, all: undefined };

export function isPreset(value: unknown): value is Preset {
  return typeof value === 'string' && (PRESETS as readonly string[]).includes(value);
}

/** The `updated_since` instant of a window at `now`; "all" is the epoch. */
export function sinceOf(spec: WindowSpec, now = Date.now()): Date {
  if (spec.kind === 'since') return spec.since;
  const ms = PRESET_MS[spec.preset];
  return new Date(ms === undefined ? 0 : now - ms);
}

export function presetLabel(p: Preset): string {
  switch (p) {
    case '24h':
      return vscode.l10n.t('last 24 hours');
    case '7d':
      return vscode.l10n.t('last 7 days');
    case '30d':
      return vscode.l10n.t('last 30 days');
    default:
      return vscode.l10n.t('all time');
  }
}

/** A short text for the view's description: "last 7 days", "since last look (21 Nov, 10:32)". */
export function windowLabel(spec: WindowSpec): string {
  if (spec.kind === 'preset') return presetLabel(spec.preset);
  const when = spec.since.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return spec.lastLook ? vscode.l10n.t('since last look ({0})', when) : vscode.l10n.t('since {0}', when);
}

/**
 * A typed moment: `2024-05-01` (local midnight), `2024-05-01T08:00` (local time), or the service's
 * exact form `2024-05-01T00:00:00.000Z`. Returns the Date, or a message saying what is wrong.
 */
export function parseTypedSince(text: string, now = Date.now()): { since: Date } | { error: string } {
  const s = text.trim();
  if (!s) return { error: vscode.l10n.t('Type a date such as 2024-05-01 or 2024-05-01T00:00:00.000Z') };
  let date: Date;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  const local = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(s);
  if (day || local) {
    const [y, mo, d, h, mi] = (day ?? local)!.slice(1).map(Number);
    date = new Date(y, mo - 1, d, h ?? 0, mi ?? 0);
    // new Date(2024, 1, 30) silently becomes March 1: refuse dates that do not exist.
    if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || (h ?? 0) > 23 || (mi ?? 0) > 59) {
      return { error: vscode.l10n.t('"{0}" is not a real date', s) };
    }
  } else if (/Z$/.test(s) && /T/.test(s)) {
    const problem = timestampProblem(s);
    if (problem) return { error: vscode.l10n.t('"{0}" {1}', s, problem) };
    date = new Date(s);
  } else {
    return { error: vscode.l10n.t('"{0}" is not a date: use 2024-05-01, 2024-05-01T08:00 (local time) or 2024-05-01T00:00:00.000Z', s) };
  }
  if (date.getTime() > now) return { error: vscode.l10n.t('"{0}" is in the future: nothing can have changed since then', s) };
  return { since: date };
}

/**
 * A command argument or quick-pick answer as a window: a preset name, "last-look" (needs the time
 * of the last sync), a Date, or a typed moment.
 */
export function windowFromArg(arg: unknown, lastLook: Date | undefined, now = Date.now()): WindowSpec | { error: string } {
  if (isPreset(arg)) return { kind: 'preset', preset: arg };
  if (arg === 'last-look') {
    return lastLook ? { kind: 'since', since: lastLook, lastLook: true } : { error: vscode.l10n.t('This list has not been synced with this connection yet.') };
  }
  if (arg instanceof Date) return Number.isNaN(arg.getTime()) ? { error: vscode.l10n.t('The date is invalid') } : { kind: 'since', since: arg };
  if (typeof arg === 'string') {
    const r = parseTypedSince(arg, now);
    return 'error' in r ? r : { kind: 'since', since: r.since };
  }
  return { error: vscode.l10n.t('Expected 24h, 7d, 30d, all, last-look or a date') };
}

/** Windows are stored as presets or ISO dates. "Since the last look" is not kept: it meant that moment. */
export function storedWindow(spec: WindowSpec | undefined): unknown {
  if (!spec) return undefined;
  if (spec.kind === 'preset') return { preset: spec.preset };
  return spec.lastLook ? undefined : { since: spec.since.toISOString() };
}

export function parseWindow(raw: unknown): WindowSpec | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  if (isPreset(r.preset)) return { kind: 'preset', preset: r.preset };
  const since = parseStoredDate(r.since);
  return since ? { kind: 'since', since } : undefined;
}

/** A date kept as an ISO string in the workspace state; undefined if it is not one. */
export function parseStoredDate(v: unknown): Date | undefined {
  if (typeof v !== 'string') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
}
