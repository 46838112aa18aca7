// The matcher's public shapes. Other parts of the project (sandbox, CLI, comparison panel) code
// against these names, so they change only by agreement.
import type { Address } from '../api/model';
import type { MatchModel } from './model-types';

export interface MatchLocation {
  key: string;
  name?: string | null;
  address?: Address | null;
  telephone?: string | null;
  url?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  integration?: string | null;
}

export interface MatchEvent {
  key: string;
  name?: string | null;
  /** Wire timestamp (see src/api/timestamp.ts). */
  startDate?: string | null;
  location?: MatchLocation | null;
  url?: string | null;
  integration?: string | null;
}

export interface FieldExplanation {
  field: string;
  /** The normalised values compared, for display. */
  a?: string;
  b?: string;
  /** null: a value is missing, so the field says nothing (weight 0). */
  similarity: number | null;
  /** Log-odds contribution in bits (log2). */
  weight: number;
  /** The comparison level the pair fell into ("exact", "< 50 m", … or "missing"); its m and u gave the weight. */
  level?: string;
  /**
   * The "where" field whose agreement counted in full, when this one's agreement was discounted for
   * saying the same thing (address, town, postcode and distance all say where a place is).
   */
  countedWith?: string;
}

export interface PairScore {
  /** Posterior match probability in [0,1]: logistic of logOdds (base 2). */
  score: number;
  /** prior + sum of field weights, in bits. */
  logOdds: number;
  /** Prior log-odds in bits. */
  prior: number;
  fields: FieldExplanation[];
  /**
   * Bits the curator's own decisions on pairs of this agreement pattern added (label-offsets.ts),
   * when a run that learned from them scored the pair; included in logOdds.
   */
  answers?: number;
  /**
   * Bits (≤ 0) the pair lost to rival candidates of its records under one-to-one assignment
   * between deduplicated sources (one-to-one.ts), and the strongest such rival; included in logOdds.
   */
  rivals?: PairRivals;
}

export interface PairRivals {
  bits: number;
  /** The rival pair of source keys and its score. */
  rival?: ScoredPair;
}

export interface CandidateOptions {
  /** The model to score with (default: the hand-set one); 'estimate' learns one from these records. */
  model?: MatchModel | 'estimate';
  /** Labelled pairs of record keys, learned from when estimating. */
  labels?: readonly { a: string; b: string; match: boolean }[];
  /** Pairs scoring at or above this become recommendations. Default REVIEW_THRESHOLD. */
  reviewThreshold?: number;
  /** Blocks larger than this are sub-blocked (sorted-neighbourhood window) and counted as capped. */
  maxBlockSize?: number;
  /** Largest group a candidate may hold; links that would grow a group beyond it stay pairs. */
  maxGroupSize?: number;
  /** true: never propose this pair (e.g. rejected before, or already in the same unified record). */
  exclude?: (keyA: string, keyB: string) => boolean;
}

export interface ScoredPair {
  a: string;
  b: string;
  score: number;
}

export interface Candidate {
  /** 2+ record keys. */
  keys: string[];
  /** The weakest link that holds the group together (min over the links that joined it). */
  score: number;
  /** Every scored pair inside the group at or above the review threshold. */
  pairs: ScoredPair[];
}

export interface BlockingStats {
  records: number;
  /** Distinct pairs scored. */
  comparisons: number;
  /** Distinct block keys holding 2+ records. */
  blocks: number;
  /** Blocks larger than maxBlockSize, sub-blocked rather than compared in full. */
  cappedBlocks: number;
  /** n(n-1)/2: the pairs a full comparison would score. */
  possiblePairs: number;
}
