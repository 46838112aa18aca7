// The sandbox's own endpoint outside the interface: POST {base}/sandbox/explain
// answers why its live matcher scores a pending recommendation as it does. A service that is not
// the sandbox has no such endpoint (the interface does not define one); callers fall back to the
// editor's own estimate. The schema is the wire contract of src/sandbox/store-api.ts's
// RecommendationExplanation.
import * as v from 'valibot';

export const EXPLAIN_PATH = '/sandbox/explain';

const FieldSchema = v.object({
  field: v.string(),
  a: v.optional(v.string()),
  b: v.optional(v.string()),
  similarity: v.nullable(v.number()),
  weight: v.number(),
  level: v.optional(v.string()),
  countedWith: v.optional(v.string()),
});

const PairSchema = v.object({
  score: v.number(),
  logOdds: v.number(),
  prior: v.number(),
  fields: v.array(FieldSchema),
  /** Bits the curator's decisions on pairs of this pattern added (included in logOdds). */
  answers: v.optional(v.number()),
  /** Bits (≤ 0) the pair lost to rival candidates under one-to-one assignment, and the strongest rival (included in logOdds). */
  rivals: v.optional(v.object({ bits: v.number(), rival: v.optional(v.object({ a: v.string(), b: v.string(), score: v.number() })) })),
});

export const ExplanationSchema = v.object({
  id: v.string(),
  kind: v.picklist(['location', 'event']),
  model: v.picklist(['estimated', 'prior']),
  labels: v.number(),
  /** One per entity after the first, each against the first. */
  pairs: v.array(PairSchema),
});

export type ServiceExplanation = v.InferOutput<typeof ExplanationSchema>;
export type ServicePairExplanation = ServiceExplanation['pairs'][number];
