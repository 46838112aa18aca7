// `dedup-curator triage --next N`: the recommendations a headless curator should answer next, in
// the review queue's own order (triage/informative-order.ts), one NDJSON line each: the
// recommendation as `recommendations` writes it, with a `triage` member naming its group and why
// it is asked. Fed back through `approve|reject --ids FILE --journal J`, the answers carry their
// group and audit draw into the journal exactly as the queue's do, so the next triage learns from
// them and an audit certificate counts them.
import type { Recommendation } from '../api/model';
import { auditDrawsOf, informativeOrder } from '../triage/informative-order';
import type { TriageGroup, TriageResult } from '../triage/triage';
import type { CommandIo } from './list-command';

/** The `triage` member of a question line (read back by ids-input.ts). */
export interface QuestionTriage {
  group: string;
  pattern: string;
  /** 'audit': a uniform draw whose answer certifies a whole stratum; 'group': its group needs answers of its own. */
  why: 'audit' | 'group';
  /** The audit draw's number, when it is one. */
  audit?: number;
  flags: string[];
  lead?: true;
}

export function writeQuestions(result: TriageResult, pending: readonly Recommendation[], count: number, io: CommandIo): number {
  const order = informativeOrder(result).slice(0, count);
  const draws = auditDrawsOf(result);
  const byId = new Map(pending.map((r) => [r['@id'], r]));
  const groupOf = new Map<string, TriageGroup>();
  for (const g of result.groups) for (const id of g.decidable) groupOf.set(id, g);
  for (const id of order) {
    const rec = byId.get(id);
    const group = groupOf.get(id);
    const item = result.items.get(id);
    if (!rec || !group || !item) continue;
    const audit = draws.get(id);
    const triage: QuestionTriage = {
      group: group.key,
      pattern: group.words,
      why: audit === undefined ? 'group' : 'audit',
      ...(audit === undefined ? {} : { audit }),
      flags: item.flags.filter((f) => f !== 'unsure'),
      ...(item.chainLead ? { lead: true as const } : {}),
    };
    // An audit draw is answered blind, as in the review queue: its score could anchor the answer
    // that certifies the rest of its stratum.
    const { score: _score, ...blind } = rec;
    io.stdout.write(JSON.stringify({ ...(audit === undefined ? rec : blind), triage }) + '\n');
  }
  return order.length;
}
