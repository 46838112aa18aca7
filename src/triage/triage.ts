// Triage of a backlog: every pending recommendation's features, flags and estimated P(approve);
// the pattern groups with their estimate and interval; which groups are safe to decide in bulk at
// the curator's target precision. Each group's estimate is a Beta posterior, the hierarchical
// Beta–binomial of empirical Bayes: the groups' rates are drawn around what the fields say
// (pooled-model.ts, without the pattern's own effect) with a concentration κ estimated from the
// decisions themselves — large when the labelled groups all sit where the fields predict (they
// borrow from each other), small when they scatter (each must speak for itself). κ never exceeds
// the number of decisions behind it. Jeffreys' half-decision each way keeps a group with no
// evidence honest.
import { betaQuantile } from './beta';
import type { Recommendation } from '../api/model';
import { describePattern, FeatureCache, type Features } from './features';

export { FeatureCache } from './features';
import { type Flag, flagContextOfAnswers, flagsOf } from './flags';
import { chainLeaders, questionOf } from './chains';
import { fitPooledModel, type PooledModel } from './pooled-model';
import { choosesSplits, growPartitions, isSplitLeaf, leafPattern } from './flagged-partition';
import { concentration, concentrationBySide, fieldsPrior, MIN_DECISIONS_FOR_KAPPA } from './concentration';
import { addTally, answersToJoin, type BulkTally, EMPTY_TALLY, type GroupPosterior, groupTally, type SafeSet, safeSet } from './safe-sets';
import { answersToReject, matchesLowerBound, type RecallSet, recallSet } from './recall-budget';
import type { BulkShare } from '../curation/journal';
import { type AuditState, auditState, withAudit } from './audit';
import { fitRobustPrior, robustPosterior } from './robust-prior';

export type LabelVerdict = 'approve' | 'reject' | 'unsure';

/** A decision of the curator's, with the features of the recommendation it was about. */
export interface TriageLabel {
  id: string;
  verdict: LabelVerdict;
  features: Features;
  entityIds: readonly string[];
  /** The flags it carried when it was decided (it counts for the group of its pattern and flags). */
  flags?: readonly Flag[];
  /** It led its chain when it was decided (chains.ts): it counts for the leaders' group. */
  chainLead?: boolean;
  /** It answered audit draw number N (audit.ts): it counts for the audit's certificate too. */
  audit?: number;
}

export interface TriageOptions {
  /** Bulk decisions must keep at least this precision. Default 0.99. */
  targetPrecision?: number;
  /** A flagged group needs this many decisions of its own before it may be decided in bulk (a plain group one, within a set). Default 2. */
  minOwnLabels?: number;
  /**
   * Bulk rejections together may lose at most 1 − this of the backlog's true matches, at the honest
   * ends of both (recall-budget.ts). Default 0.97.
   */
  targetRecall?: number;
  /** Groups no one has seen ride along in a reject set only while, counted as all matches, they stay within this share of it. Default 0.02. */
  maxApprovalToReject?: number;
  /** The interval's coverage. Default 0.9 (5 % below, 5 % above). */
  coverage?: number;
  /**
   * What the curator already decided in bulk (the sum of the decided sets' `tally`): the target
   * holds for everything approved together — these, and the labels' approvals, none of them
   * wrong — so later sets are admitted against the whole. Default none.
   */
  bulkSoFar?: { approve: BulkTally; reject: BulkTally };
  /**
   * The entities of the recommendations rejected in bulk (journal-labels.ts bulkRejections): with
   * the curator's own rejections they keep a chain's remaining links flagged (flags.ts
   * 'rival-rejected') and their pairs 'rejected-before'. Default none.
   */
  bulkRejected?: readonly (readonly string[])[];
  /**
   * Audit answers with a draw number below this were spent by an earlier certificate (audit.ts
   * auditSpentFromJournal): a new stratum is certified only by draws taken after it. Default 0.
   */
  auditSpent?: number;
}


export interface TriageItem {
  id: string;
  features: Features;
  /** The pooled model's P(approve) for this item. */
  p: number;
  flags: Flag[];
  /** A chain member ahead of every recommendation it shares an entity with (chains.ts). */
  chainLead: boolean;
  /**
   * Which clusters it would connect, given the curator's approvals (chains.ts questionOf): items
   * with one question are answered by one decision; '' when approvals already connected them all.
   * Undefined when no approval touched its entities: its question is its own.
   */
  question?: string;
}

export interface TriageGroup {
  /** The pattern and the flags its members share: flagged items form groups of their own. */
  key: string;
  pattern: string;
  /** What every member is flagged with (none: the plain pattern group). */
  flags: Flag[];
  /** Its members lead their chains (the likeliest of the recommendations they compete with). */
  chainLead?: boolean;
  words: string;
  kind: 'location' | 'event';
  /** Pending recommendations in the group. */
  size: number;
  scoreMin: number;
  scoreMax: number;
  /** The curator's decisions in this pattern so far (also of recommendations no longer pending). */
  labels: { approve: number; reject: number; unsure: number };
  /** Estimated share of the group's unflagged items a curator would approve, with its interval. */
  p: number;
  low: number;
  high: number;
  /**
   * 'approve' / 'reject' when the group belongs to the set that may be decided in bulk together at
   * the target precision (see safe-sets.ts): the bound holds for the whole set.
   */
  safe: 'approve' | 'reject' | null;
  /** Pending, not marked unsure: what a group decision would decide. */
  decidable: string[];
  /**
   * For a group not yet safe: how many more answers agreeing with its likelier verdict would let it
   * join that verdict's set (safe-sets.ts answersToJoin); undefined when not within reach.
   */
  answersToSafe?: number;
}

export interface TriageResult {
  items: Map<string, TriageItem>;
  /** Largest first. */
  groups: TriageGroup[];
  model: PooledModel;
  options: Required<TriageOptions>;
  /** The groups that may be approved together, and those that may be rejected together. */
  sets: { approve: SafeSet; reject: RecallSet };
  /**
   * What a group decision of `key` adds to the bulk tally, per decision: journalled with each
   * decision of the run (journal.ts BulkShare), so the next triage knows what it spent. Undefined
   * for a key with nothing to decide.
   */
  bulkShare(key: string, verdict: 'approve' | 'reject'): BulkShare | undefined;
  /**
   * How many decisions' worth the fields' estimate is to a group (κ): per side of the target for
   * plain groups, the leaders' own, the other flagged groups' own; and the share of those flagged
   * groups the robust prior takes to be like the fields say (robust-prior.ts π).
   */
  kappa: { high: number; low: number; lead: number; flagged: number; flaggedAlike: number };
  /** The small groups certified together by a random audit sample (audit.ts): the stratum, its answers, its certificate. */
  audit: AuditState;
  /**
   * The group a recommendation with these features, flags and chain lead is in at this triage (an
   * item's, or the one an answer counts for): its pattern, or for a flagged one the part of its
   * pattern the answers in its flag set split on (flagged-partition.ts), with the flags.
   */
  keyOf(features: Features, flags?: readonly Flag[], chainLead?: boolean): string;
}

/** How far ahead the queue looks for a group's way to a group decision (answers): a bound on work, not a threshold. */
const MAX_ANSWERS_AHEAD = 64;

export const DEFAULT_TRIAGE_OPTIONS: Required<TriageOptions> = {
  targetPrecision: 0.99,
  targetRecall: 0.97,
  minOwnLabels: 2,
  maxApprovalToReject: 0.02,
  coverage: 0.9,
  bulkSoFar: { approve: EMPTY_TALLY, reject: EMPTY_TALLY },
  bulkRejected: [],
  auditSpent: 0,
};

export function triage(pending: readonly Recommendation[], labels: readonly TriageLabel[], options: TriageOptions = {}, cache = new FeatureCache()): TriageResult {
  // An option given as undefined (a CLI flag not set, a journal not read) keeps its default.
  const o = { ...DEFAULT_TRIAGE_OPTIONS, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) } as Required<TriageOptions>;
  // The last decision about a recommendation is the curator's answer (an unsure may be revised).
  const lastById = new Map<string, TriageLabel>();
  for (const l of labels) lastById.set(l.id, l);
  const decided = [...lastById.values()];
  const model = fitPooledModel(decided.filter((l) => l.verdict !== 'unsure').map((l) => ({ features: l.features, flags: l.flags, chainLead: l.chainLead, match: l.verdict === 'approve' })));
  const { items, leaders } = estimateItems(pending, decided, model, o, cache);
  const keyOf = groupKeyOfAnswers(decided);
  const members = membersByGroup(items, leaders, model, keyOf);
  const answers = answersByGroup(decided, keyOf);
  const tail = (1 - o.coverage) / 2;
  const priors = fitGroupPriors(model, answers, o.targetPrecision);
  const { groups, posterior } = groupPosteriors(members, answers.own, model, priors, o, tail);
  const { sets, approvedSoFar, base } = bulkSets(groups, posterior, decided, o, tail);
  markAnswersToSafe(groups, posterior, base, sets.reject.maxLost, o, tail);
  // The small groups no answer of their own can cheaply bring to a group decision: certified
  // together by a random audit sample of their items, never by the model (audit.ts).
  const audit = auditState(
    groups,
    decided.filter((l) => l.audit !== undefined).map((l) => ({ verdict: l.verdict, audit: l.audit! })),
    { targetPrecision: o.targetPrecision, tail, spent: o.auditSpent, base: base.approve, afterBulk: o.bulkSoFar.approve.size + sets.approve.tally.size > 0 },
  );
  const audited = new Set(audit.certified ? audit.keys : []);
  for (const g of groups) if (audited.has(g.key)) g.safe = 'approve';
  sets.approve = withAudit(sets.approve, audit, approvedSoFar, tail);
  const bulkShare = bulkShareOf(groups, posterior, audit, audited);
  const kappa = { ...priors.kappaBySide, lead: priors.leadKappa, flagged: priors.flaggedPrior.kappa, flaggedAlike: priors.flaggedPrior.weight };
  return { items, groups, model, options: o, sets, bulkShare, kappa, audit, keyOf: (f, flags = [], lead = false) => keyOf(f, flags, lead) };
}

type KeyOf = (f: Features, flags: readonly Flag[], lead?: boolean) => string;

/** Every pending item's features, flags and estimate, and which chained items lead their chains. */
function estimateItems(pending: readonly Recommendation[], decided: readonly TriageLabel[], model: PooledModel, o: Required<TriageOptions>, cache: FeatureCache): { items: Map<string, TriageItem>; leaders: Set<string> } {
  const { ctx, clusters } = flagContextOfAnswers(pending, decided, o.bulkRejected);
  const items = new Map<string, TriageItem>();
  const chained: { item: TriageItem; entityIds: string[] }[] = [];
  for (const rec of pending) {
    const features = cache.of(rec);
    const entityIds = rec.entities.map((e) => e['@id']);
    const flags = flagsOf(features, entityIds, ctx);
    const item: TriageItem = { id: rec['@id'], features, p: model.probability(features, { flags }), flags, chainLead: false, question: clusters.size && entityIds.some((id) => clusters.has(id)) ? questionOf(entityIds, clusters) : undefined };
    items.set(item.id, item);
    if (flags.includes('chain')) chained.push({ item, entityIds });
  }
  // A chain's members ranked by the service's score (chains.ts); the leaders' estimate then carries
  // the model's weight for leading. Not by the model's estimate: that moves as the curator answers,
  // and with it which links lead, so a leaders' group would be answered on one population and decided
  // on another (18 of 217 leaders were approved wrong after 33 approvals when ranked by the model,
  // the answered ones of score 0.997 on average, the wrong ones 0.955).
  // A rival of an approved recommendation leads nothing: the approved one, its chain's leader, is ahead of it.
  const leaders = chainLeaders(chained.filter(({ item }) => item.question === undefined).map(({ item, entityIds }) => ({ id: item.id, entityIds, score: item.features.score })));
  return { items, leaders };
}

/**
 * The group key of an item or answer. Flagged items are grouped from coarse to fine by what the
 * curator's answers in their flag set disagree on — the half of them that chooses splits
 * (flagged-partition.ts) —; plain items by their full pattern.
 */
function groupKeyOfAnswers(decided: readonly TriageLabel[]): KeyOf {
  const partitions = growPartitions(
    decided.flatMap((l) => {
      const suffix = groupKey('', l.flags ?? [], l.chainLead);
      return l.verdict === 'unsure' || !suffix || !choosesSplits(l.id) ? [] : [{ set: `${l.features.kind}${suffix}`, agreements: l.features.agreements, match: l.verdict === 'approve' }];
    }),
  );
  return (f, flags, lead) => {
    const suffix = groupKey('', flags, lead);
    if (!suffix) return f.pattern;
    return `${leafPattern(f.kind, f.agreements, partitions.get(`${f.kind}${suffix}`) ?? {})}${suffix}`;
  };
}

/** The pending items per group, the chains' leaders marked and re-estimated as leaders first. */
function membersByGroup(items: ReadonlyMap<string, TriageItem>, leaders: ReadonlySet<string>, model: PooledModel, keyOf: KeyOf): Map<string, TriageItem[]> {
  const members = new Map<string, TriageItem[]>();
  for (const item of items.values()) {
    if (leaders.has(item.id)) {
      item.chainLead = true;
      item.p = model.probability(item.features, { flags: item.flags, chainLead: true });
    }
    const key = keyOf(item.features, item.flags, item.chainLead);
    let list = members.get(key);
    if (!list) members.set(key, (list = []));
    list.push(item);
  }
  return members;
}

/** The curator's answers per group: counted by verdict (`own`), and the decisive ones themselves. */
interface GroupAnswers {
  own: Map<string, TriageGroup['labels']>;
  labelledByKey: Map<string, TriageLabel[]>;
}

function answersByGroup(decided: readonly TriageLabel[], keyOf: KeyOf): GroupAnswers {
  const own = new Map<string, TriageGroup['labels']>();
  const labelledByKey = new Map<string, TriageLabel[]>();
  for (const l of decided) {
    const key = keyOf(l.features, l.flags ?? [], l.chainLead);
    // A leaf a split made is estimated from the answers that did not choose the split (flagged-partition.ts).
    if (choosesSplits(l.id) && key.includes('|') && isSplitLeaf(key.split('|')[0])) continue;
    let c = own.get(key);
    if (!c) own.set(key, (c = { approve: 0, reject: 0, unsure: 0 }));
    c[l.verdict]++;
    if (l.verdict === 'unsure') continue;
    const list = labelledByKey.get(key);
    if (list) list.push(l);
    else labelledByKey.set(key, [l]);
  }
  return { own, labelledByKey };
}

/** How much each kind of group borrows from what the fields say: κ per side for plain groups, the leaders' κ, the flagged groups' robust prior. */
interface GroupPriors {
  kappaBySide: { high: number; low: number };
  kappaFor: (mu: number) => number;
  leadKappa: number;
  flaggedPrior: ReturnType<typeof fitRobustPrior>;
}

function fitGroupPriors(model: PooledModel, { own, labelledByKey }: GroupAnswers, targetPrecision: number): GroupPriors {
  const spreadOf = (keep: (key: string) => boolean) =>
    [...own]
      .filter(([key, c]) => c.approve + c.reject >= MIN_DECISIONS_FOR_KAPPA && keep(key))
      .map(([key, c]) => {
        const labelled = labelledByKey.get(key) ?? [];
        const mu = model.labels ? labelled.reduce((sum, l) => sum + model.probability(l.features, { pattern: false, flags: l.flags, chainLead: l.chainLead }), 0) / labelled.length : 0.5;
        return { mu, approve: c.approve, n: c.approve + c.reject };
      });
  // Plain groups only: flagged ones are traps by nature and scatter; they do not lend. Nor do they
  // borrow from the plain groups: a flag set's group spans many patterns (flagged-partition.ts),
  // and with the plain groups' κ, near 100, two approvals let a trailing links' group of 63 in
  // with 8 of them wrong. They borrow with a κ of their own, from the flagged groups' scatter, like
  // the leaders. (With one group per pattern this cost answers, 584 against 432 at 3,000: their
  // own answers were too few to stand alone.)
  // κ per side of the target: a group borrows from the labelled groups the fields put on its side
  // of the target precision. One κ for all collapsed to 1–2 as soon as a few groups the fields
  // called 0.7–0.8 turned out mostly non-matches, although every group the fields called ≥ 0.99
  // had been approved throughout (the moments weigh a group by μ(1 − μ), so the near-certain
  // groups, most of the evidence, hardly count); each near-certain group then needed ~50
  // approvals of its own. How well the fields predict where they are unsure says little of how
  // well they predict where they are sure: each side is estimated from its own groups.
  const kappaBySide = concentrationBySide(spreadOf((key) => !key.includes('|')), targetPrecision);
  const kappaFor = (mu: number) => (mu >= targetPrecision ? kappaBySide.high : kappaBySide.low);
  // Leaders borrow with a κ of their own, from the leaders' groups the curator has answered: the
  // fields of a sibling venue's listing look like a true pair's, and the plain groups' κ made the
  // fields' word outweigh a leaders' group's own answers (3,034: a group of 15 approved on two
  // approvals, 12 of them wrong). Leaders that scatter by pattern get a small κ: their own answers count.
  const leadKey = (key: string) => key.endsWith('+lead');
  const decisionsOf = (keep: (key: string) => boolean) => [...own].filter(([key]) => keep(key)).reduce((n, [, c]) => n + c.approve + c.reject, 0);
  // κ from the scatter of the groups `keep` selects, capped by their decisions.
  const kappaOf = (keep: (key: string) => boolean) => concentration(spreadOf(keep), decisionsOf(keep));
  const leadKappa = kappaOf(leadKey);
  // Flagged groups but the leaders' (they have theirs, above): their κ, from their own scatter.
  const flaggedKey = (key: string) => key.includes('|') && !leadKey(key);
  // Their prior is robust (robust-prior.ts): a group whose answers depart far from the fields is
  // not held to them. Its κ is fitted with it, capped by the flagged groups' decisions as κ is.
  const flaggedPrior = fitRobustPrior(spreadOf(flaggedKey), decisionsOf(flaggedKey));
  return { kappaBySide, kappaFor, leadKappa, flaggedPrior };
}

/** What the fields say for a group, without its own pattern effect (its decisions enter once, in its posterior). */
function fieldEstimate(model: PooledModel, list: readonly TriageItem[]): number {
  if (!model.labels) return 0.5;
  // A group of a flag set not split down to one pattern mixes patterns: their mean.
  if (list[0].flags.some((f) => f !== 'unsure') && list.some((i) => i.features.pattern !== list[0].features.pattern)) return list.reduce((sum, i) => sum + model.probability(i.features, { pattern: false, flags: i.flags, chainLead: i.chainLead }), 0) / list.length;
  const typical = [...list].sort((a, b) => a.features.score - b.features.score)[list.length >> 1];
  return model.probability(typical.features, { pattern: false, flags: typical.flags, chainLead: typical.chainLead });
}

/** Each group's Beta posterior and interval, and whether it is safe to approve on its own evidence; largest first. */
function groupPosteriors(members: ReadonlyMap<string, TriageItem[]>, own: ReadonlyMap<string, TriageGroup['labels']>, model: PooledModel, priors: GroupPriors, o: Required<TriageOptions>, tail: number): { groups: TriageGroup[]; posterior: Map<string, GroupPosterior> } {
  const withAnswers = ([a, b]: [number, number], c: TriageGroup['labels']): [number, number] => [a + c.approve, b + c.reject];
  const groups: TriageGroup[] = [];
  const posterior = new Map<string, GroupPosterior>();
  for (const [key, list] of members) {
    const labelsOf = own.get(key) ?? { approve: 0, reject: 0, unsure: 0 };
    const clean = list.filter((i) => !i.flags.includes('unsure'));
    const mu = fieldEstimate(model, clean.length ? clean : list);
    const pattern = key.split('|')[0];
    const flags = list[0].flags.filter((f) => f !== 'unsure');
    const chainLead = list[0].chainLead;
    // Flagged groups but the leaders' with their robust prior; the others with the fields' prior worth κ.
    const [alpha, beta] = !chainLead && flags.length ? robustPosterior(mu, priors.flaggedPrior, labelsOf.approve, labelsOf.reject) : withAnswers(fieldsPrior(mu, chainLead ? priors.leadKappa : priors.kappaFor(mu)), labelsOf);
    const low = betaQuantile(tail, alpha, beta);
    const high = betaQuantile(1 - tail, alpha, beta);
    posterior.set(key, { alpha, beta, own: labelsOf.approve + labelsOf.reject });
    // Safe on its own evidence (the group alone keeps the target), or, later, as part of a set.
    const enough = labelsOf.approve + labelsOf.reject >= Math.min(o.minOwnLabels, list.length);
    // Rejections are safe only within the recall budget, which is the set's to keep.
    const alone = !enough || clean.length === 0 ? null : low >= o.targetPrecision ? 'approve' : null;
    const scores = list.map((i) => i.features.score);
    groups.push({
      key,
      pattern,
      flags,
      chainLead,
      words: chainLead ? `${describePattern(pattern)} (each the likeliest of its chain)` : describePattern(pattern),
      kind: list[0].features.kind,
      size: list.length,
      scoreMin: Math.min(...scores),
      scoreMax: Math.max(...scores),
      labels: labelsOf,
      p: alpha / (alpha + beta),
      low,
      high,
      safe: alone,
      decidable: clean.map((i) => i.id),
    });
  }
  groups.sort((a, b) => b.size - a.size || a.key.localeCompare(b.key));
  return { groups, posterior };
}

/** The approve set and the reject set (marked on their groups), and the bulk tallies they stand on. */
function bulkSets(groups: TriageGroup[], posterior: ReadonlyMap<string, GroupPosterior>, decided: readonly TriageLabel[], o: Required<TriageOptions>, tail: number) {
  const setOptions = { tail, minOwnLabels: o.minOwnLabels };
  // The true matches of the backlog at their lower end: the recall budget of bulk rejections.
  const handApprovals = decided.filter((l) => l.verdict === 'approve').length;
  const matchesLow = matchesLowerBound({ handApprovals, bulkApproved: o.bulkSoFar.approve, pending: groups.map((g) => ({ size: g.decidable.length, post: posterior.get(g.key)! })), tail });
  // The target is the precision of everything approved: the curator's own approvals are in it, none wrong.
  const approvedSoFar = addTally(o.bulkSoFar.approve, { size: handApprovals, expectedWrong: 0, variance: 0, unseen: 0 });
  const sets = {
    approve: safeSet('approve', groups, posterior, { ...setOptions, maxWrongShare: 1 - o.targetPrecision, sofar: approvedSoFar }),
    reject: recallSet(groups, posterior, { ...setOptions, targetRecall: o.targetRecall, matchesLow, unseenShare: o.maxApprovalToReject, sofar: o.bulkSoFar.reject }),
  };
  const approveKeys = new Set(sets.approve.keys);
  const rejectKeys = new Set(sets.reject.keys);
  for (const g of groups) g.safe ??= approveKeys.has(g.key) ? 'approve' : rejectKeys.has(g.key) ? 'reject' : null;
  // What each open group still needs is measured next to what is decided or decidable now.
  const base = { approve: addTally(approvedSoFar, sets.approve.tally), reject: addTally(o.bulkSoFar.reject, sets.reject.tally) };
  return { sets, approvedSoFar, base };
}

/**
 * Each open group's answers to a group decision. The queue asks where an answer brings a group
 * closest to either kind of group decision: a reject group by the recall budget it would join.
 */
function markAnswersToSafe(groups: TriageGroup[], posterior: ReadonlyMap<string, GroupPosterior>, base: { approve: BulkTally; reject: BulkTally }, maxLost: number, o: Required<TriageOptions>, tail: number): void {
  for (const g of groups) {
    const post = posterior.get(g.key);
    if (g.safe || !post || !g.decidable.length) continue;
    const ahead = { tail, needOwn: g.flags.length ? Math.min(o.minOwnLabels, g.size) : 1, maxAnswers: MAX_ANSWERS_AHEAD };
    g.answersToSafe =
      g.p >= 0.5
        ? answersToJoin('approve', g.decidable.length, post, base.approve, { ...ahead, maxWrongShare: 1 - o.targetPrecision })
        : answersToReject(g.decidable.length, post, base.reject, { ...ahead, maxLost });
  }
}

/** A group decision's share of the bulk tally, per decision (TriageResult.bulkShare). */
function bulkShareOf(groups: readonly TriageGroup[], posterior: ReadonlyMap<string, GroupPosterior>, audit: AuditState, audited: ReadonlySet<string>): TriageResult['bulkShare'] {
  const byKey = new Map(groups.map((g) => [g.key, g]));
  return (key, verdict) => {
    const post = posterior.get(key);
    const m = byKey.get(key)?.decidable.length ?? 0;
    if (!post || m === 0) return undefined;
    // A group certified by the audit carries the stratum's share per item (its items together are
    // the stratum's tally) and spends the audit answers the certificate rested on.
    if (verdict === 'approve' && audited.has(key)) {
      const n = audit.items.length;
      return { group: key, expectedWrong: audit.tally.expectedWrong / n, variance: audit.tally.variance / n, unseen: 0, audit: audit.nextDraw };
    }
    const t = groupTally(verdict, m, post);
    return { group: key, expectedWrong: t.expectedWrong / m, variance: t.variance / m, unseen: t.unseen / m };
  };
}

/**
 * The group of a pattern and flags: `pattern` alone, or `pattern|flag+flag`, and `…|chain+…+lead`
 * for the chain members that lead their chains. Unsure is not a group: it is kept out.
 */
export function groupKey(pattern: string, flags: readonly Flag[], chainLead = false): string {
  const f: string[] = flags.filter((x) => x !== 'unsure').sort();
  if (chainLead && f.includes('chain')) f.push('lead');
  return f.length ? `${pattern}|${f.join('+')}` : pattern;
}
