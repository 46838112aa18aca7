// The keys of the settings package.json contributes, under the section `dedupCurator`. Read only
// through settings.ts (typed getters); kept apart from it because test/unit/manifest-ids.test.ts
// checks them against package.json without VS Code.
import { MAX_PAGE_SIZE } from '../api/endpoints';
export const SETTINGS_SECTION = 'dedupCurator';

export const SettingKeys = {
  baseUrl: 'baseUrl',
  requestTimeoutSeconds: 'requestTimeoutSeconds',
  confirmReject: 'confirmReject',
  undoSeconds: 'undoSeconds',
  connections: 'connections',
  defaultTimeWindow: 'defaultTimeWindow',
  onlyExternalUpdates: 'onlyExternalUpdates',
  wholeListLimit: 'wholeListLimit',
  pageSizeRecommendations: 'pageSize.recommendations',
  pageSizeLocations: 'pageSize.locations',
  pageSizeEvents: 'pageSize.events',
  bulkConcurrency: 'bulkConcurrency',
  bulkPreviewLimit: 'bulkPreviewLimit',
  advanceAfterDecision: 'panels.advanceAfterDecision',
  loadRemoteImages: 'panels.loadRemoteImages',
  queueBlind: 'queue.blind',
  triageTargetPrecision: 'triage.targetPrecision',
  triageTargetRecall: 'triage.targetRecall',
  mirrorSyncIntervalMinutes: 'mirror.syncIntervalMinutes',
} as const;
export type SettingKey = (typeof SettingKeys)[keyof typeof SettingKeys];

/** A list's page size setting, and the most the service accepts for it (the manifest's maximum). */
export const PAGE_SIZES = {
  recommendations: { key: SettingKeys.pageSizeRecommendations, max: MAX_PAGE_SIZE.recommendations },
  locations: { key: SettingKeys.pageSizeLocations, max: MAX_PAGE_SIZE.locations },
  events: { key: SettingKeys.pageSizeEvents, max: MAX_PAGE_SIZE.events },
} as const;
