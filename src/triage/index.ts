// The scoring core the extension loads on first use as dist/triage.js (esbuild.js, lazyCorePlugin):
// triage (features, flags, the pooled model, safe sets, the informative order) and the matcher's
// pair scores the comparison panel explains. Together with the parts of src/matching they use,
// they are a sixth of what the extension bundle carried; dist/extension.js only loads this bundle
// (src/extension/triage/triage-core.ts) and knows its types.
export { FeatureCache, triage } from './triage';
export { auditDrawsOf, informativeOrder } from './informative-order';
export { recordFlags } from './record-flags';
export { groupRefOf, labelsFromContents } from './journal-labels';
export { bulkRejectionsFromJournal, bulkTallyFromJournal } from './journal-tally';
export { auditSpentFromJournal } from './audit';
export { PAIR_SCORING, type PairScoring } from './pair-scoring';
