// The flags of the recommendations a view has loaded, without a whole triage run: what the tree,
// the comparison panel and the bulk confirmation show. "Chain" sees only the recommendations given
// (the loaded ones): an entity shared with a recommendation not loaded yet is not flagged until it is.
import type { Recommendation } from '../api/model';
import { type Flag, flagContext, flagsOf } from './flags';
import { FeatureCache, type TriageLabel } from './triage';

export function recordFlags(records: readonly Recommendation[], labels: readonly TriageLabel[], cache = new FeatureCache()): Map<string, Flag[]> {
  const last = new Map<string, TriageLabel>();
  for (const l of labels) last.set(l.id, l);
  const answers = [...last.values()];
  const ctx = flagContext(
    records,
    answers.filter((l) => l.verdict === 'reject').map((l) => l.entityIds),
    answers.filter((l) => l.verdict === 'unsure').map((l) => l.id),
  );
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
