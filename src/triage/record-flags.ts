// The flags of the recommendations a view has loaded, without a whole triage run: what the tree,
// the comparison panel and the bulk confirmation show. "Chain" sees only the recommendations given
// (the loaded ones): an entity shared with a recommendation not loaded yet is not flagged until it is.
// Everything else comes from the same answers a triage run reads (flagContextOfAnswers), so the tree
// and the Triage panel agree: the curator's rejections and the bulk ones, the unsure marks, and the
// clusters the approvals made (a rival of an approved recommendation is a chain member).
import type { Recommendation } from '../api/model';
import { type Flag, flagContextOfAnswers, flagsOf } from './flags';
import { FeatureCache, type TriageLabel } from './triage';

export function recordFlags(records: readonly Recommendation[], labels: readonly TriageLabel[], cache = new FeatureCache(), bulkRejected: readonly (readonly string[])[] = []): Map<string, Flag[]> {
  const last = new Map<string, TriageLabel>();
  for (const l of labels) last.set(l.id, l);
  const { ctx } = flagContextOfAnswers(records, [...last.values()], bulkRejected);
  const out = new Map<string, Flag[]>();
  for (const r of records)
    out.set(
      r['@id'],
      flagsOf(
        cache.of(r),
        r.entities.map((e) => e['@id']),
        ctx,
      ),
    );
  return out;
}
