// The review queue's "most informative first": which pending item a curator is asked
// next, from a triage run's groups, the audit's draws and the questions the approvals settled.
import { drawsOf, withDraws } from './audit';
import type { TriageGroup, TriageResult } from './triage';

/** A stable pseudo-random order within a group (FNV-1a of the id): a sample, not the highest scores. */
function hash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The review queue's "most informative first": one item from each group that is not yet safe, in
 * turn — plain patterns before flagged groups; among them, groups without enough decisions of
 * their own first (largest first), then those a group decision is within reach of (most items per
 * answer still needed), then those whose interval is widest for their size. Items of safe groups are not
 * asked: a group decision takes them. Unsure items are not asked again.
 */
export function informativeOrder(result: TriageResult): string[] {
  const o = result.options;
  // The audit's stratum is asked through its random draws only (its groups' own answers are what
  // the audit replaces); the draws go first of every two questions until the certificate could hold.
  const stratum = new Set(result.audit?.needed ? result.audit.keys : []);
  const open = result.groups.filter((g) => g.safe === null && g.decidable.length > 0 && !stratum.has(g.key));
  const priority = (g: TriageGroup) => {
    const own = g.labels.approve + g.labels.reject;
    // Plain groups first: most of a backlog, and the ones a group decision can take; flagged
    // groups after them (mixed by nature, they mostly need a human item by item).
    // A plain group needs one decision of its own to join a set; a flagged one minOwnLabels.
    // Among groups alike, a chain's leaders before its rivals: a leader's approval is the likelier
    // answer and settles or flags its rivals. (Rivals asked only after every other group, measured
    // at 20,143 with 10 answers between triages: 2,776 answers against 1,976 before; so the leaders
    // go first within a tier, not the rivals last.) But a group within reach of a group decision
    // before a leaders' group out of reach: with a triage after every answer, a mixed leaders' group
    // (93 % right, no field to split it by) was otherwise answered to its last item while the
    // rivals' groups, one answer from a group decision, waited (a backlog of 20,394: 617 answers,
    // 295 with reach first).
    // A leader's group is a trap too: measured, one approval and the plain groups' prior let a
    // leaders' group of 16 in with 13 of them wrong (3,034; they need two decisions of their own).
    // Within a tier, the groups an answer brings closest to a group decision first; groups out of
    // reach after them, by how uncertain they are for their size. Closest means by the items a group decision would take per answer still needed,
    // and a group that needs as many answers as it has items is out of reach (answering it is
    // deciding it by hand). Measured over five backlogs of 8,000–20,000 (docs/benchmarks.md):
    // 3,621 answers by fewest answers first, 3,075 by items per answer.
    const traps = g.flags.length;
    const reach = g.answersToSafe !== undefined && g.answersToSafe < g.decidable.length;
    // (A plain group's second decision in this first tier too — only groups with two teach κ — was
    // measured and not kept: fewer answers at 8,000, more at 12,000 and 20,000; docs/benchmarks.md.)
    const firstTier = own < (traps ? o.minOwnLabels : 1);
    return [traps ? 0 : 1, firstTier ? 1 : 0, reach ? 1 : 0, g.chainLead ? 1 : 0, reach ? g.decidable.length / g.answersToSafe! : g.size * (g.high - g.low)];
  };
  const ranks = new Map(open.map((g) => [g, priority(g)]));
  const before = (a: number[], b: number[]) => a.findIndex((x, i) => x !== b[i]);
  open.sort((a, b) => {
    const [ra, rb] = [ranks.get(a)!, ranks.get(b)!];
    const i = before(ra, rb);
    return i < 0 ? 0 : rb[i] - ra[i];
  });
  const queues = open.map((g) => [...g.decidable].sort((a, b) => hash(a) - hash(b)));
  const order: string[] = [];
  // One question is asked once: an item the approvals settled, or whose question another item asks
  // (A–C and B–C once A–B is approved), is not asked; the decision of the other settles it or teaches.
  const asked = new Set<string>();
  for (let round = 0; queues.some((q) => round < q.length); round++) {
    for (const q of queues) {
      if (round >= q.length) continue;
      const question = result.items.get(q[round])?.question;
      if (question === '' || (question !== undefined && asked.has(question))) continue;
      if (question !== undefined) asked.add(question);
      order.push(q[round]);
    }
  }
  return result.audit ? withDraws(order, result.audit) : order;
}

/** The audit draws this triage asks: item id → draw number (audit.ts drawsOf). */
export const auditDrawsOf = (result: TriageResult): Map<string, number> => drawsOf(result.audit);
