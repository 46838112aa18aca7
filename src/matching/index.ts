// The matcher: normalisation, blocking, Fellegi–Sunter pair scores with explanations, and
// duplicate candidates. Editor-independent: serves the sandbox, the CLI and the comparison panel.
export type {
  BlockingStats,
  Candidate,
  CandidateOptions,
  FieldExplanation,
  MatchEvent,
  MatchLocation,
  PairRivals,
  PairScore,
  ScoredPair,
} from './types';
// The normalisation of text, names, streets, phones, URLs, countries and postcodes, all of it.
export * from './normalize';
export { clusterQuality, type ClusterQuality } from './cluster-quality';
export { distanceMeters, jaroWinkler, levenshteinRatio, softOverlap, withinOneEdit } from './similarity';
export { MATCH_THRESHOLD, REVIEW_THRESHOLD } from './thresholds';
export { prepareEvent, prepareLocation, type PreparedEvent, type PreparedLocation } from './prepare';
// The field similarities of locations, all of them (name, address, town, postcode, phone, url, distance, source).
export * from './location-similarity';
export { scoreLocationPair, scorePreparedLocations, WHERE_DISCOUNT } from './score-location';
export { eventLocationSimilarity, scoreEventPair, scorePreparedEvents, startSimilarity } from './score-event';
export { blockPairs, CAPPED_WINDOW, DEFAULT_MAX_BLOCK_SIZE, PARTNER_ONLY, type BlockingResult } from './blocking';
export { BlockTable, hashKey2 } from './block-table';
export { EVENT_GEOHASH_PRECISION, eventBlockKeys, geoQuad, GEOHASH_PRECISION, locationBlockKeys } from './block-keys';
export { DEFAULT_MAX_GROUP_SIZE, groupLinks, type IndexLink } from './grouping';
export { blockEvents, blockLocations, findEventCandidates, findLocationCandidates, type CandidateResult } from './candidates';
export {
  ADDRESS_LEVELS,
  addressLevel,
  DISTANCE_LEVELS,
  distanceLevel,
  EVENT_COMPARISONS,
  EVENT_LOCATION_LEVELS,
  EVENT_URL_LEVELS,
  eventLocationLevel,
  INTEGRATION_LEVELS,
  integrationLevel,
  levelsOf,
  LOCATION_COMPARISONS,
  MISSING,
  NAME_LEVELS,
  nameLevel,
  PHONE_LEVELS,
  phoneLevel,
  POSTCODE_LEVELS,
  postcodeLevel,
  QUALIFIER_LEVELS,
  qualifierLevel,
  START_LEVELS,
  startLevel,
  TOWN_LEVELS,
  townLevel,
  URL_LEVELS,
  urlLevel,
  type Comparison,
} from './levels';
export {
  levelWeight,
  logistic2,
  modelJson,
  pairLogOdds,
  PRIOR_EVENT_MODEL,
  PRIOR_LOCATION_MODEL,
  priorBits,
  priorEventModel,
  priorLocationModel,
  strongestFields,
  type ComparisonParams,
  type EstimationReport,
  type LevelParams,
  type MatchModel,
} from './model';
export { nameFrequencies, nameTfBits, type NameFrequencies } from './term-frequencies';
export { estimateModel, estimateU, PRIOR_PAIRS, type PairLevels } from './estimate';
export { MatchRun, type KeyLabel, type MatchRunOptions } from './match-run';
export { clusterLinks, type GroupingOptions } from './grouping';
