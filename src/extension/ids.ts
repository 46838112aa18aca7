// Every id the extension shares with VS Code and package.json: commands, views and their container,
// webview panel view types, `when`-clause context keys and tree items' contextValues. One constant
// each, so a typo is a type error rather than a menu that silently never shows, and
// test/unit/manifest-ids.test.ts checks both ways that package.json contributes exactly these.
// No `vscode` import: that test reads this module without VS Code.

/** The activity-bar container; also the prefix of every other id. */
export const VIEW_CONTAINER = 'dedupCurator';

export const Views = {
  recommendations: 'dedupCurator.recommendations',
  locations: 'dedupCurator.locations',
  events: 'dedupCurator.events',
} as const;
export type ViewId = (typeof Views)[keyof typeof Views];

/** Webview panel view types (also in package.json's `onWebviewPanel:` activation events and `activeWebviewPanelId` clauses). */
export const PanelTypes = {
  comparison: 'dedupCurator.comparison',
  location: 'dedupCurator.location',
  event: 'dedupCurator.event',
  /** Restored after a reload too, recomputed from the current list (triage-panel.ts). */
  triage: 'dedupCurator.triage',
} as const;

/**
 * The Decision History document's URI scheme, a read-only file system of one file
 * (curation/history-file-system.ts): package.json activates on `onFileSystem:` it, so a History
 * tab restored after a window reload finds its provider (VS Code asks for that event when it meets
 * a scheme it cannot read yet).
 */
export const DECISION_HISTORY_SCHEME = 'dedup-curator-history';

/** The commands package.json contributes. */
export const Commands = {
  refresh: 'dedupCurator.refresh',
  approve: 'dedupCurator.approve',
  reject: 'dedupCurator.reject',
  openComparison: 'dedupCurator.openComparison',
  startReviewQueue: 'dedupCurator.startReviewQueue',
  setToken: 'dedupCurator.setToken',
  clearToken: 'dedupCurator.clearToken',
  tryLocalSandbox: 'dedupCurator.tryLocalSandbox',
  loadMore: 'dedupCurator.loadMore',
  showLog: 'dedupCurator.showLog',
  switchConnection: 'dedupCurator.switchConnection',
  addConnection: 'dedupCurator.addConnection',
  removeConnection: 'dedupCurator.removeConnection',
  sortRecommendations: 'dedupCurator.recommendations.sort',
  filterRecommendationsByScore: 'dedupCurator.recommendations.filterScore',
  filterRecommendationsByIntegration: 'dedupCurator.recommendations.filterIntegration',
  loadAllRecommendations: 'dedupCurator.recommendations.loadAll',
  clearRecommendationsFilter: 'dedupCurator.recommendations.clearFilter',
  locationsChangedSince: 'dedupCurator.locations.changedSince',
  eventsChangedSince: 'dedupCurator.events.changedSince',
  onlyExternalUpdatesOn: 'dedupCurator.onlyExternalUpdates.on',
  onlyExternalUpdatesOff: 'dedupCurator.onlyExternalUpdates.off',
  eventsStartWindow: 'dedupCurator.events.startWindow',
  eventsAtLocation: 'dedupCurator.events.atLocation',
  clearEventsFilter: 'dedupCurator.events.clearFilter',
  approveSelected: 'dedupCurator.approveSelected',
  rejectSelected: 'dedupCurator.rejectSelected',
  approveAllMatching: 'dedupCurator.approveAllMatching',
  rejectAllMatching: 'dedupCurator.rejectAllMatching',
  showDecisionHistory: 'dedupCurator.showDecisionHistory',
  exportDecisionHistory: 'dedupCurator.exportDecisionHistory',
  exportRecommendations: 'dedupCurator.exportRecommendations',
  exportLocations: 'dedupCurator.exportLocations',
  exportEvents: 'dedupCurator.exportEvents',
  undoDecision: 'dedupCurator.undoDecision',
  retryFailedDecisions: 'dedupCurator.retryFailedDecisions',
  openLocation: 'dedupCurator.openLocation',
  openEvent: 'dedupCurator.openEvent',
  keepPanelOpen: 'dedupCurator.keepPanelOpen',
  openAsJson: 'dedupCurator.openAsJson',
  copyId: 'dedupCurator.copyId',
  markUnsure: 'dedupCurator.markUnsure',
  clearUnsure: 'dedupCurator.clearUnsure',
  toggleBlindReview: 'dedupCurator.toggleBlindReview',
  decideGroup: 'dedupCurator.decideGroup',
  toggleProduction: 'dedupCurator.toggleProduction',
  openTriage: 'dedupCurator.openTriage',
  findLocation: 'dedupCurator.findLocation',
  findEvent: 'dedupCurator.findEvent',
  syncMirror: 'dedupCurator.syncMirror',
  searchLocations: 'dedupCurator.searchLocations',
  searchEvents: 'dedupCurator.searchEvents',
  clearLocationsSearch: 'dedupCurator.clearLocationsSearch',
  clearEventsSearch: 'dedupCurator.clearEventsSearch',
} as const;
export type CommandId = (typeof Commands)[keyof typeof Commands];

/**
 * Registered but deliberately not contributed: the first versions' "Set Base URL", now Add
 * Connection; kept so keybindings and scripts that call it still work, hidden from the palette.
 */
export const LegacyCommands = {
  setBaseUrl: 'dedupCurator.setBaseUrl',
} as const;

/** The command VS Code itself registers for each view: focuses it. */
export const focusCommand = (view: ViewId) => `${view}.focus` as const;

/** Context keys the extension sets (setContext) and package.json's `when` clauses read. */
export const ContextKeys = {
  /** The session's state: one of CONNECTION_STATES. */
  connection: 'dedupCurator.connection',
  recommendationsFiltered: 'dedupCurator.recommendations.filtered',
  eventsFiltered: 'dedupCurator.events.filtered',
  /** The Locations / Events view shows search results from the mirror (view-search.ts). */
  locationsSearched: 'dedupCurator.locations.searched',
  eventsSearched: 'dedupCurator.events.searched',
  onlyExternalUpdates: 'dedupCurator.onlyExternalUpdates',
  /** The last bulk run left failed decisions to retry. */
  canRetryFailed: 'dedupCurator.canRetryFailed',
  /** The panel in front is a preview, a record's or a comparison's (shows "Keep Panel Open" in its title bar). */
  previewActive: 'dedupCurator.previewActive',
} as const;
export type ContextKey = (typeof ContextKeys)[keyof typeof ContextKeys];

/** The values of ContextKeys.connection: the session's state kinds (session.ts checks they agree). */
export const CONNECTION_STATES = ['no-connection', 'no-token', 'invalid-url', 'ready'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** Tree items' contextValue, which the menus' `viewItem ==` clauses match. */
export const TreeItemKinds = {
  recommendation: 'recommendation',
  /** A recommendation marked unsure: the same menus, plus Clear Unsure Mark. */
  unsureRecommendation: 'unsureRecommendation',
  location: 'location',
  event: 'event',
  loadMore: 'loadMore',
  /** An entity under a recommendation: no menu yet. */
  recommendationEntity: 'recommendationEntity',
} as const;

/** The status bar item's id (the user can hide it by this id). */
export const STATUS_BAR_ID = 'dedupCurator.connection';
/** The local mirror's status bar item. */
export const MIRROR_STATUS_BAR_ID = 'dedupCurator.mirror';
