// The shape of a Fellegi–Sunter model (model.ts builds and applies one), apart from model.ts so
// that types.ts can name MatchModel without importing the levels and, through them, itself again.
import type { NameFrequencies } from './term-frequencies';

export interface LevelParams {
  label: string;
  m: number;
  u: number;
}

/**
 * u of a field among different things that already agree on other fields. Fields are not
 * independent among different things: two shows of one act at one venue share the title AND are
 * hours apart, which random pairs almost never are. Where the condition holds, this u replaces the
 * level's u (m stays: among true pairs each field's noise is its own).
 */
export interface ConditionalU {
  /** Field → weakest level that still counts as agreeing (levels 0…n of that field). */
  when: Record<string, number>;
  /** u per level under that condition. */
  u: number[];
  /** Pairs of different things it was counted on (pairs within one source). */
  pairs: number;
}

export interface ComparisonParams {
  field: string;
  levels: LevelParams[];
  given?: ConditionalU;
}

/** What estimation did, for the start-up line, --print-model and the benchmarks. */
export interface EstimationReport {
  records: number;
  /** Random pairs u was counted on. */
  randomPairs: number;
  /** Blocked pairs EM ran over. */
  blockedPairs: number;
  /** Blocked pairs the deterministic rules call matches, and the λ they imply. */
  ruleMatches: number;
  lambdaFromRules: number;
  iterations: number;
  converged: boolean;
  /** Largest change of an m in the last iteration. */
  lastChange: number;
  /** Pairs within one source each conditional u was counted on, by field. */
  conditionalPairs?: Record<string, number>;
  /** Labelled pairs used (matches, non-matches). */
  labels: { matches: number; nonMatches: number };
  /** Why the hand-set model was kept, when it was. */
  fallback?: string;
  millis: number;
}

/** What estimation found about the sources (sources.ts): expected matches within and across them. */
export interface SourceReport {
  within: number;
  across: number;
  withinPairs: number;
  acrossPairs: number;
  /** Each source taken for deduplicated: scores assign one-to-one between sources. */
  oneToOne: boolean;
}

export interface MatchModel {
  kind: 'location' | 'event';
  /** 'prior': the hand-set model; 'estimated': learned from the data (and labels, if any). */
  source: 'prior' | 'estimated';
  /** λ: the probability that two records compared are the same thing. */
  lambda: number;
  comparisons: ComparisonParams[];
  /**
   * Fields that all say where a thing is (address, town, postcode, distance) are far from
   * independent: two venues in one building agree on all of them. Only the strongest of their
   * agreements counts in full; the others count this share. Disagreements count in full.
   */
  whereDiscount: number;
  /** Which comparisons belong to that group (by field name). */
  whereFields: string[];
  /** Name frequencies of the data set, for term-frequency adjustments (not serialised). */
  tf?: NameFrequencies;
  sources?: SourceReport;
  report?: EstimationReport;
}
