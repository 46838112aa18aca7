// Typed getters for every `dedupCurator.*` setting: the one place that reads the configuration,
// with each setting's default and its bounds (package.json declares them, but a hand-edited
// settings.json is not validated by VS Code, so a value out of range is clamped or replaced here).
import * as vscode from 'vscode';
import { DEFAULT_BULK_CONCURRENCY } from '../curation/bulk-decisions';
import { DEFAULT_BULK_PREVIEW_LIMIT, previewLimit } from '../curation/bulk-preview';
import { DEFAULT_PAGE_SIZE } from '../api/endpoints';
import { PAGE_SIZES, SETTINGS_SECTION, type SettingKey, SettingKeys } from './setting-keys';
import type { ListKey } from './views/last-look';
import { type Preset, isPreset } from './views/time-window';

const config = () => vscode.workspace.getConfiguration(SETTINGS_SECTION);
const get = <T>(key: SettingKey, fallback: T): T => config().get<T>(key, fallback);
const wholeNumber = (n: unknown, min: number, max: number, fallback: number): number =>
  typeof n === 'number' && Number.isInteger(n) ? Math.min(max, Math.max(min, n)) : fallback;

/** Whether a configuration change touches one of these settings. */
export function affects(e: vscode.ConfigurationChangeEvent, ...keys: SettingKey[]): boolean {
  return keys.some((k) => e.affectsConfiguration(`${SETTINGS_SECTION}.${k}`));
}

/** Writes a setting in the user settings (undefined removes it). */
export function updateGlobal(key: SettingKey, value: unknown): Thenable<void> {
  return config().update(key, value, vscode.ConfigurationTarget.Global);
}

export const Settings = {
  /** The legacy single base URL (now one more connection), trimmed. */
  baseUrl: (): string => String(get<unknown>(SettingKeys.baseUrl, '') ?? '').trim(),
  /** The raw `connections` array; connections.ts validates its entries. */
  connections: (): unknown[] => {
    const raw = get<unknown>(SettingKeys.connections, []);
    return Array.isArray(raw) ? raw : [];
  },
  /** The `connections` array of the user settings alone: what Add and Remove Connection edit. */
  userConnections: (): unknown[] => {
    const raw = config().inspect<unknown>(SettingKeys.connections)?.globalValue;
    return Array.isArray(raw) ? raw : [];
  },
  requestTimeoutMs: (): number => {
    const s = get<unknown>(SettingKeys.requestTimeoutSeconds, 30);
    return typeof s === 'number' && Number.isFinite(s) && s > 0 ? Math.round(Math.min(600, s) * 1000) : 30_000;
  },
  confirmReject: (): boolean => get<unknown>(SettingKeys.confirmReject, false) === true,
  /** How long a single decision waits before it is sent (0: at once), in ms. */
  undoMs: (): number => {
    const s = get<unknown>(SettingKeys.undoSeconds, 5);
    return typeof s === 'number' && Number.isFinite(s) ? Math.round(Math.min(60, Math.max(0, s)) * 1000) : 5000;
  },
  defaultTimeWindow: (): Preset => {
    const preset = get<unknown>(SettingKeys.defaultTimeWindow, '30d');
    return isPreset(preset) ? preset : '30d';
  },
  onlyExternalUpdates: (): boolean => get<unknown>(SettingKeys.onlyExternalUpdates, false) === true,
  /** Most records a view loads to sort, filter or search the whole list. */
  wholeListLimit: (): number => {
    const n = get<unknown>(SettingKeys.wholeListLimit, 10_000);
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 10_000;
  },
  /** A list's page size, within what the service accepts for that list. */
  pageSize: (list: ListKey): number => wholeNumber(get<unknown>(PAGE_SIZES[list].key, DEFAULT_PAGE_SIZE), 1, PAGE_SIZES[list].max, DEFAULT_PAGE_SIZE),
  /** Decisions a bulk run sends at once; the core (bulk-decisions.ts) bounds it. */
  bulkConcurrency: (): number => get<number>(SettingKeys.bulkConcurrency, DEFAULT_BULK_CONCURRENCY),
  /** How many targets a bulk decision's list shows (bulk-preview.ts bounds it). */
  bulkPreviewLimit: (): number => previewLimit(get<unknown>(SettingKeys.bulkPreviewLimit, DEFAULT_BULK_PREVIEW_LIMIT)),
  advanceAfterDecision: (): boolean => get<unknown>(SettingKeys.advanceAfterDecision, true) !== false,
  loadRemoteImages: (): boolean => get<unknown>(SettingKeys.loadRemoteImages, false) === true,
  /** Blind review: the queue hides the score and the flags until the verdict is given. */
  queueBlind: (): boolean => get<unknown>(SettingKeys.queueBlind, false) === true,
  /** The local mirror's scheduled sync, in minutes (0: only on demand). */
  mirrorSyncIntervalMinutes: (): number => {
    const n = get<unknown>(SettingKeys.mirrorSyncIntervalMinutes, 0);
    return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : 0;
  },
  /** What a group decision must keep. */
  triageTargetPrecision: (): number => {
    const p = get<unknown>(SettingKeys.triageTargetPrecision, 0.99);
    return typeof p === 'number' && p > 0.5 && p < 1 ? p : 0.99;
  },
  /** The share of the backlog's true matches that bulk rejections must keep. */
  triageTargetRecall: (): number => {
    const r = get<unknown>(SettingKeys.triageTargetRecall, 0.97);
    return typeof r === 'number' && r > 0.5 && r < 1 ? r : 0.97;
  },
};
