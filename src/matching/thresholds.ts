// Where scores become decisions.

/** Decision threshold on the score: a pair at or above it counts as a predicted match (F1). */
export const MATCH_THRESHOLD = 0.5;
/** Threshold for proposing a pair to a curator: a pair the model thinks more likely one thing than two. */
export const REVIEW_THRESHOLD = 0.5;
