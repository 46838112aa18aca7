// The groups of flagged items, from coarse to fine. A plain pattern
// group borrows from the others through the fields and joins a set on one answer; a flagged group
// (a trap: chain members, same source, another venue in one building…) needs answers of its own,
// and split by the full agreement pattern the traps fall into hundreds of small groups, each asked
// twice — most of the simulated curator's answers at 20,000. Yet most of those small groups are
// alike: all of a chain's trailing links with a close name and another phone are one kind of item.
// So a flag set's items start as one group, and the curator's answers split it only where they
// disagree: a decision tree on the answers, splitting on the field whose levels separate the
// approvals from the rejections best (the binomial log-likelihood gained), until each leaf's
// answers agree or no field separates them. A leaf no answer has reached yet is its own group.
// The full pattern is the finest it can get, where every field is split: what the groups were.
//
// Honest leaves: the queue asks a group's items in a uniformly random order (a hash of the id), so
// the answers in a leaf are a uniform sample of the leaf — but not the answers that chose the
// split: a split is made where they separate, so the leaf they fall in looks purer than it is (a
// chain leaders' leaf rejected on three rejections held 70 true matches in 130, a real backlog).
// So the answers are halved by a hash of their id, blind to the truth and to the queue's order: one
// half grows the trees (`choosesSplits`), and a leaf made by a split is estimated from the other
// half only (triage.ts answersByGroup) — the honest trees of Athey and Imbens. A flag set not split
// at all counts every answer: its group is made by the flags, not by its answers.
import { type Agreement, PATTERN_FIELDS, patternKey } from './features';
import { mixedHash } from './string-hash';

export interface PartitionLabel {
  agreements: readonly Agreement[];
  match: boolean;
}

export interface PartitionNode {
  /** The field (index into PATTERN_FIELDS[kind]) the node splits on; none: a leaf. */
  field?: number;
  children?: Map<Agreement, PartitionNode>;
}

/**
 * Whether an answer belongs to the half that grows the trees (the other half estimates the leaves
 * they make): a bit of a hash of the id and a tag, so that it is independent of the queue's order
 * within a group (informative-order.ts hashes the bare id).
 */
export function choosesSplits(id: string): boolean {
  return (mixedHash(`split\u0000${id}`) & 1) === 0;
}

/** Whether a flagged group's partial pattern (leafPattern) was made by a split: some field is not `*`. */
export function isSplitLeaf(pattern: string): boolean {
  return pattern.slice(pattern.indexOf(':') + 1).split(',').some((p) => !p.endsWith('=*'));
}

/** a·ln(a/n) + r·ln(r/n): the binomial log-likelihood of a node's answers at its own rate. */
function logLikelihood(approve: number, n: number): number {
  const r = n - approve;
  return (approve ? approve * Math.log(approve / n) : 0) + (r ? r * Math.log(r / n) : 0);
}

/** The tree of one flag set: split while a node's answers disagree and a field separates them. */
export function growPartition(labels: readonly PartitionLabel[], fieldCount: number): PartitionNode {
  const grow = (ls: readonly PartitionLabel[], open: readonly number[]): PartitionNode => {
    const approve = ls.filter((l) => l.match).length;
    if (approve === 0 || approve === ls.length) return {};
    const whole = logLikelihood(approve, ls.length);
    let best: number | undefined;
    let bestGain = 1e-9;
    for (const f of open) {
      const by = new Map<Agreement, { approve: number; n: number }>();
      for (const l of ls) {
        const c = by.get(l.agreements[f]) ?? { approve: 0, n: 0 };
        c.n++;
        if (l.match) c.approve++;
        by.set(l.agreements[f], c);
      }
      let gain = -whole;
      for (const c of by.values()) gain += logLikelihood(c.approve, c.n);
      // Ties go to the earlier field (PATTERN_FIELDS' order): the tree is a function of the answers.
      if (gain > bestGain) [best, bestGain] = [f, gain];
    }
    if (best === undefined) return {};
    const field = best;
    const rest = open.filter((f) => f !== field);
    const children = new Map<Agreement, PartitionNode>();
    const levels = new Set(ls.map((l) => l.agreements[field]));
    for (const level of levels) children.set(level, grow(ls.filter((l) => l.agreements[field] === level), rest));
    return { field, children };
  };
  return grow(labels, Array.from({ length: fieldCount }, (_, i) => i));
}

/** The tree of each flag set (`set`: the kind and the flags, as the group keys write them) from its answers. */
export function growPartitions(labels: readonly (PartitionLabel & { set: string })[]): Map<string, PartitionNode> {
  const bySet = new Map<string, PartitionLabel[]>();
  for (const l of labels) {
    const list = bySet.get(l.set);
    if (list) list.push(l);
    else bySet.set(l.set, [l]);
  }
  return new Map([...bySet].map(([set, ls]) => [set, growPartition(ls, ls[0].agreements.length)]));
}

/**
 * The partial pattern of the leaf `agreements` falls in: the fields split on above it with their
 * levels, the others `*`. A level no answer had at a node ends the walk there (a leaf of its own).
 */
export function leafPattern(kind: 'location' | 'event', agreements: readonly Agreement[], root: PartitionNode): string {
  const shown: (Agreement | '*')[] = PATTERN_FIELDS[kind].map(() => '*');
  let node: PartitionNode | undefined = root;
  while (node?.field !== undefined) {
    shown[node.field] = agreements[node.field];
    node = node.children?.get(agreements[node.field]);
  }
  return patternKey(kind, shown);
}
