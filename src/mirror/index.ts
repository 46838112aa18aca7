// The mirror's public surface (editor-independent: the CLI and the extension use it alike).
export { DEFAULT_SEARCH_LIMIT, Mirror, type KindSyncSummary, type MirrorHit, type SyncReport } from './mirror';
export { MirrorError } from './mirror-error';
export { type KindState } from './sync-state';
export { MIRROR_KINDS, type MirrorKind } from './record-set-types';
export { MAX_QUERY_LENGTH, foldTerm } from './indexed-fields';
export { DEFAULT_OVERLAP_MS, EARLIEST_SINCE, type SyncOptions, type SyncProgress } from './sync';
