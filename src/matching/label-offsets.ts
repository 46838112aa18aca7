// What the curator's answers do to the pairs that look like the answered ones. Every pair has an
// agreement pattern (its levels); the answers for a pattern move the log-odds of all its pairs by
// one offset: the shift that takes the model's mean probability for the answered pairs to the
// Beta posterior mean of the answers, with that mean as the prior. A shift in log-odds, not a
// shared probability: the pairs of one pattern differ in how rare their name is, and one "yes" for
// a pair at 0.55 must not lift a pair the model puts at 0.05 above the threshold.
//
// How many answers the model's mean is worth: its uncertainty is taken as constant in log-odds,
// so a Beta prior of mean p is worth LABEL_PRIOR / (4·p·(1−p)) answers — LABEL_PRIOR at 50 %,
// about fifty at 99 % — but never more than the pattern has unanswered pairs (what the model
// believes of them is all it adds to the answers; once every pair is answered, the answers rule). Two rejections among thousands of pairs the model puts at 99 % move them to about
// 95 %, not to a coin toss; answers that keep coming against the model do move it.

/** How many answers the model's own probability for a pattern is worth where it says 50 %. */
export const LABEL_PRIOR = 2;

export interface PatternAnswers {
  matches: number;
  nonMatches: number;
  /** Sum of the model's probabilities for the answered pairs. */
  modelSum: number;
}

const EDGE = 1e-6;
const logit2 = (p: number): number => Math.log2(p / (1 - p));
const clamp = (p: number): number => Math.min(1 - EDGE, Math.max(EDGE, p));

/** The answers the model's mean probability for a pattern with `unanswered` unanswered pairs is worth. */
export function priorAnswers(mean: number, unanswered = Infinity): number {
  return Math.max(LABEL_PRIOR, Math.min(LABEL_PRIOR / (4 * mean * (1 - mean)), unanswered));
}

/** The offset in bits for a pattern's answers (0 without any); `pairs`: how many pairs the pattern has, answered or not. */
export function answerOffset(a: PatternAnswers, pairs = Infinity): number {
  const n = a.matches + a.nonMatches;
  if (n === 0) return 0;
  const mean = clamp(a.modelSum / n);
  const prior = priorAnswers(mean, pairs - n);
  const target = clamp((prior * mean + a.matches) / (prior + n));
  return logit2(target) - logit2(mean);
}

/** The agreement pattern of levels[at … at+width) as a map key. */
export function levelsKey(levels: ArrayLike<number>, at: number, width: number): string {
  let key = '';
  for (let c = 0; c < width; c++) key += String.fromCharCode(66 + levels[at + c]);
  return key;
}

/**
 * Offsets per pattern from labelled pairs: entry i < count stands for weight(i) pairs (default 1)
 * with label(i) ∈ {1, 0, -1 unlabelled}, pattern keyOf(i) and model probability modelP(i);
 * pairsOf(key): how many pairs, answered or not, have that pattern.
 */
export function patternOffsets(
  count: number,
  label: (i: number) => number,
  keyOf: (i: number) => string,
  modelP: (i: number) => number,
  weight: (i: number) => number = () => 1,
  pairsOf: (key: string) => number = () => Infinity,
): Map<string, number> {
  const answers = new Map<string, PatternAnswers>();
  for (let i = 0; i < count; i++) {
    const l = label(i);
    if (l === -1) continue;
    const key = keyOf(i);
    let a = answers.get(key);
    if (!a) {
      a = { matches: 0, nonMatches: 0, modelSum: 0 };
      answers.set(key, a);
    }
    const w = weight(i);
    if (l === 1) a.matches += w;
    else a.nonMatches += w;
    a.modelSum += w * modelP(i);
  }
  const out = new Map<string, number>();
  for (const [key, a] of answers) out.set(key, answerOffset(a, pairsOf(key)));
  return out;
}
