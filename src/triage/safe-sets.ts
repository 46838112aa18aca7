// Which groups may be decided in bulk *together*. The curator's target is a property of everything
// approved in bulk — at most 1 % of those approvals wrong at a 0.99 target — not of each pattern on
// its own: asking that of every group separately would need about 300 approvals per group before a
// 90 % interval's lower end reaches 0.99, whatever the pooling, and a backlog has hundreds of groups.
// So the groups are admitted into one approve set (and one reject set) while the set as a whole
// keeps the target:
//   - a group some decision of the curator's has spoken for counts with its posterior (its Beta,
//     which borrows from the other groups through the fields): expected wrong items n·(1 − p), and
//     their spread, n²·Var(θ) for not knowing θ plus n·E[θ(1 − θ)] for the items themselves;
//   - a group no one has seen counts at its worst: all of it wrong. The model is never trusted on a
//     pattern no human has looked at; such a group gets in only while the set's error budget can
//     absorb it whole, so it is the small tail of a backlog that rides along, never a big group.
//   - a seen group whose mean is below the target never joins. Letting it spend the error budget
//     the near-perfect groups leave (while its own interval still reached the target, and only
//     the slack of its own set) costs answers: over four simulated backlogs of 8,000–12,000 the
//     curator answered 4,345 times with it and 3,697 without (docs/benchmarks.md); the budget it
//     spends is the one later groups need to get in at all. Unless the budget keeps room for them
//     too: a mixed group joins when the bound still holds with every open approve-side group less
//     wrong than it counted in (admitMixed).
// The set's bound is its expected wrong share plus z standard deviations (z of the interval's
// upper tail, 1.645 at the default 90 % coverage) plus the unseen groups' worst case. Flagged
// groups (traps) never ride along unseen: they need their own decisions.
/** What a set needs of a group (triage.ts's TriageGroup has more). */
export interface SetGroup {
  key: string;
  /** Flags its members share: a flagged group never rides along unseen. */
  flags: readonly string[];
  size: number;
  /** What a group decision would decide. */
  decidable: readonly string[];
}

export interface GroupPosterior {
  /** Beta(alpha, beta) of the group's approval share θ. */
  alpha: number;
  beta: number;
  /** Decisions of the curator's in this group (approve + reject). */
  own: number;
}

/**
 * What earlier bulk decisions of the same verdict contributed to the bound: the target holds for
 * everything decided in bulk, so a later set is admitted against the whole, not on its own.
 */
export interface BulkTally {
  /** Items decided. */
  size: number;
  /** Expected wrong among them (as estimated when they were decided). */
  expectedWrong: number;
  /** Variance of that count. */
  variance: number;
  /** Items counted at their worst (all wrong): groups no one had seen. */
  unseen: number;
}

export const EMPTY_TALLY: BulkTally = { size: 0, expectedWrong: 0, variance: 0, unseen: 0 };

/** Two tallies together: what a caller keeps after each bulk run (`add(sofar, set.tally)`). */
export function addTally(a: BulkTally, b: BulkTally): BulkTally {
  return { size: a.size + b.size, expectedWrong: a.expectedWrong + b.expectedWrong, variance: a.variance + b.variance, unseen: a.unseen + b.unseen };
}

export interface SafeSet {
  verdict: 'approve' | 'reject';
  /** The groups in the set (their keys). */
  keys: string[];
  /** Items a bulk decision of the whole set would decide. */
  size: number;
  /** Expected wrong decisions among the items of groups the curator has seen (false approvals, or true matches rejected). */
  expectedWrong: number;
  /** Items of groups no one has seen yet, counted in the bound as if all were wrong. */
  unseen: number;
  /** The bound on the wrong share the set was admitted under (≤ 1 − target, or ≤ the reject limit), earlier bulk decisions included. */
  wrongShareHigh: number;
  /** This set's own part of the bound: add it to the tally once the set is decided. */
  tally: BulkTally;
}

/**
 * What deciding `size` items of a group `verdict` adds to the bulk tally: with its posterior, the
 * expected wrong items and their variance (m²·Var(θ) for not knowing θ, m·E[θ(1 − θ)] for the
 * items); a group no one has seen, at its worst (all of it wrong).
 */
export function groupTally(verdict: 'approve' | 'reject', size: number, post: GroupPosterior): BulkTally {
  if (post.own === 0) return { size, expectedWrong: 0, variance: 0, unseen: size };
  const s = post.alpha + post.beta;
  const wrong = (verdict === 'approve' ? post.beta : post.alpha) / s;
  return { size, expectedWrong: size * wrong, variance: (size * size * post.alpha * post.beta) / (s * s * (s + 1)) + (size * post.alpha * post.beta) / (s * (s + 1)), unseen: 0 };
}

/** The one-sided normal quantile z with P(Z > z) = tail (Acklam's rational approximation, |ε| < 1.2e-9). */
export function normalUpperQuantile(tail: number): number {
  const p = 1 - tail;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/**
 * The largest set of groups that may be decided `verdict` together while the set's wrong share
 * stays within `maxWrongShare` at the interval's upper end. Greedy: the most certain groups the
 * curator has seen first (the longest such prefix that keeps the bound), then unseen plain groups
 * smallest first, each only if the bound still holds with it entirely wrong.
 */
export function safeSet(
  verdict: 'approve' | 'reject',
  groups: readonly SetGroup[],
  posterior: ReadonlyMap<string, GroupPosterior>,
  options: SetOptions,
): SafeSet {
  const sofar = options.sofar ?? EMPTY_TALLY;
  const b = setBuilder(verdict, posterior, options);
  const { seen, unseen } = candidateGroups(b, groups);
  // Earlier bulk decisions count in every bound: their items, expected wrong, spread and worst cases.
  const start: SetRunning = { n: sofar.size, expected: sofar.expectedWrong, variance: sofar.variance, worst: sofar.unseen };
  const keys: string[] = [];
  let run = admitSeenPrefix(b, seen, start, keys);
  run = admitUnseen(b, unseen, run, keys);
  if (verdict === 'approve') run = admitMixed(b, groups, run, keys);
  const { n, expected, variance, worst } = run;
  const tally = { size: n - start.n, expectedWrong: expected - sofar.expectedWrong, variance: variance - sofar.variance, unseen: worst - start.worst };
  return { verdict, keys, size: tally.size, expectedWrong: tally.expectedWrong, unseen: tally.unseen, wrongShareHigh: b.bound(n, expected, variance, worst), tally };
}

interface SetOptions {
  maxWrongShare: number;
  tail: number;
  minOwnLabels: number;
  sofar?: BulkTally;
}

/** A set as it grows: its items, expected wrong, variance, and items counted at their worst. */
interface SetRunning {
  n: number;
  expected: number;
  variance: number;
  worst: number;
}

/** What each step of building a set of `verdict` shares: its measures of a group and the bound. */
function setBuilder(verdict: 'approve' | 'reject', posterior: ReadonlyMap<string, GroupPosterior>, options: SetOptions) {
  const z = normalUpperQuantile(options.tail);
  // θ is the approval share; "wrong" is 1 − θ for approvals, θ for rejections.
  const wrongMean = (g: GroupPosterior) => (verdict === 'approve' ? g.beta : g.alpha) / (g.alpha + g.beta);
  return {
    posterior,
    options,
    wrongMean,
    wrongMeanOf: (g: SetGroup) => wrongMean(posterior.get(g.key)!),
    // A flagged group (a trap) joins only with decisions of its own.
    lacksOwnAnswers: (g: SetGroup, post: GroupPosterior) => g.flags.length > 0 && post.own < Math.min(options.minOwnLabels, g.size),
    bound: (nn: number, e: number, v: number, w: number) => (nn ? (e + z * Math.sqrt(v) + w) / nn : 0),
    contribution: (m: number, post: GroupPosterior): [number, number] => {
      const t = groupTally(verdict, m, post);
      return [t.expectedWrong, t.variance];
    },
  };
}
type SetBuilder = ReturnType<typeof setBuilder>;

/** The groups that may join at all: seen ones most certain first, unseen plain ones smallest first. */
function candidateGroups(b: SetBuilder, groups: readonly SetGroup[]): { seen: SetGroup[]; unseen: SetGroup[] } {
  const { posterior, wrongMean } = b;
  const candidates = groups.filter((g) => {
    const post = posterior.get(g.key);
    if (!post || g.decidable.length === 0) return false;
    if (post.own === 0 && g.flags.length) return false;
    if (b.lacksOwnAnswers(g, post)) return false;
    // Even a group that rides along at its worst must be one the fields call likely.
    return wrongMean(post) <= b.options.maxWrongShare;
  });
  const seen = candidates.filter((g) => posterior.get(g.key)!.own > 0).sort((a, c) => b.wrongMeanOf(a) - b.wrongMeanOf(c) || c.size - a.size);
  const unseen = candidates.filter((g) => posterior.get(g.key)!.own === 0).sort((a, c) => a.decidable.length - c.decidable.length || a.key.localeCompare(c.key));
  return { seen, unseen };
}

/**
 * Seen groups: the longest prefix, most certain first, whose bound holds. (Not greedy one by one:
 * a group may break the bound alone and keep it among others, its spread being the smaller share.)
 */
function admitSeenPrefix(b: SetBuilder, seen: readonly SetGroup[], start: SetRunning, keys: string[]): SetRunning {
  let { n, expected, variance } = start;
  let best = { k: 0, n, expected, variance };
  seen.forEach((g, i) => {
    const post = b.posterior.get(g.key)!;
    const m = g.decidable.length;
    const [e, v] = b.contribution(m, post);
    n += m;
    expected += e;
    variance += v;
    if (b.bound(n, expected, variance, start.worst) <= b.options.maxWrongShare) best = { k: i + 1, n, expected, variance };
  });
  keys.push(...seen.slice(0, best.k).map((g) => g.key));
  return { n: best.n, expected: best.expected, variance: best.variance, worst: start.worst };
}

/** Unseen groups, smallest first, each only if the set can still absorb it entirely wrong. */
function admitUnseen(b: SetBuilder, unseen: readonly SetGroup[], run: SetRunning, keys: string[]): SetRunning {
  let { n, worst } = run;
  for (const g of unseen) {
    const m = g.decidable.length;
    if (b.bound(n + m, run.expected, run.variance, worst + m) > b.options.maxWrongShare) continue;
    keys.push(g.key);
    n += m;
    worst += m;
  }
  return { ...run, n, worst };
}

/**
 * Mixed groups: seen, more often right than wrong, but below the limit, so no answer of their own
 * brings them in (a chain's links a pattern cannot tell apart, 93 % right after 60 answers).
 * Answered one by one they cost what a human cannot spare; approved now, they would spend the
 * budget later groups need. So a mixed group joins only if the bound holds twice: now, and with
 * the seen approve-side groups still open that are less wrong than it counted in as if approved
 * at their mean. Least wrong first.
 */
function admitMixed(b: SetBuilder, groups: readonly SetGroup[], run: SetRunning, keys: string[]): SetRunning {
  const { posterior, wrongMean, bound } = b;
  const max = b.options.maxWrongShare;
  let { n, expected, variance } = run;
  const { worst } = run;
  const inSet = new Set(keys);
  const open = groups.filter((g) => {
    const post = posterior.get(g.key);
    return post !== undefined && post.own > 0 && g.decidable.length > 0 && wrongMean(post) < 0.5 && !inSet.has(g.key);
  });
  // Each open group's part. The reservation a mixed group must leave room for: the open groups
  // less wrong than it — each item of theirs costs less of the budget, so they have it first
  // (least wrong first approves the most items per wrong approval allowed). Not the groups more
  // wrong than it: one group at 0.6, which no budget takes, would keep every mixed group out, and
  // their items would be answered one by one.
  const part = new Map(open.map((g) => [g, [g.decidable.length, ...b.contribution(g.decidable.length, posterior.get(g.key)!)] as const]));
  const isMixed = (g: SetGroup) => b.wrongMeanOf(g) > max;
  let [rn, re, rv] = [0, 0, 0];
  for (const g of open) {
    if (isMixed(g)) continue;
    const [m, e, v] = part.get(g)!;
    [rn, re, rv] = [rn + m, re + e, rv + v];
  }
  const mixed = open.filter(isMixed).sort((a, c) => b.wrongMeanOf(a) - b.wrongMeanOf(c) || c.size - a.size);
  for (const g of mixed) {
    const [m, e, v] = part.get(g)!;
    // With it, and with the less wrong groups still open: the reservation. A flagged group needs
    // its own answers first (it is reserved for meanwhile).
    const fits = !b.lacksOwnAnswers(g, posterior.get(g.key)!) && bound(n + m, expected + e, variance + v, worst) <= max && bound(n + m + rn, expected + e + re, variance + v + rv, worst) <= max;
    if (!fits) {
      // It stays open, ahead of the groups more wrong than it.
      [rn, re, rv] = [rn + m, re + e, rv + v];
      continue;
    }
    keys.push(g.key);
    inSet.add(g.key);
    n += m;
    expected += e;
    variance += v;
  }
  return { n, expected, variance, worst };
}

/**
 * How many more answers agreeing with `verdict` a seen group needs before it could join a set of
 * that verdict next to `base` (the earlier bulk decisions and the set as it stands): the smallest
 * k ≤ maxAnswers for which its mean is at the limit and the whole keeps the bound; undefined when
 * no such k. The review queue asks first in the groups fewest answers away from a group decision
 * (informative-order.ts). An estimate for ordering only: no set is built from it.
 */
export function answersToJoin(
  verdict: 'approve' | 'reject',
  size: number,
  post: GroupPosterior,
  base: BulkTally,
  options: { maxWrongShare: number; tail: number; needOwn: number; maxAnswers: number },
): number | undefined {
  const z = normalUpperQuantile(options.tail);
  for (let k = Math.max(1, options.needOwn - post.own); k <= options.maxAnswers; k++) {
    const p: GroupPosterior = verdict === 'approve' ? { ...post, alpha: post.alpha + k, own: post.own + k } : { ...post, beta: post.beta + k, own: post.own + k };
    const t = groupTally(verdict, size, p);
    if (t.expectedWrong / size > options.maxWrongShare) continue;
    const n = base.size + size;
    if ((base.expectedWrong + t.expectedWrong + z * Math.sqrt(base.variance + t.variance) + base.unseen) / n <= options.maxWrongShare) return k;
  }
  return undefined;
}
