// The curator's decisions as triage labels: every decision in the journal that reached the service
// (outcome ok) is an answer — approve a match, reject a non-match. Decisions from journals older
// than the entity fields (id and name only) still count, with what they carry.
import type { Recommendation, RecommendationEntity } from '../api/model';
import type { DecisionEntry } from '../curation/journal';
import { FeatureCache, type TriageLabel } from './triage';

export function labelsFromJournal(entries: readonly DecisionEntry[], cache = new FeatureCache()): TriageLabel[] {
  const labels: TriageLabel[] = [];
  for (const e of entries) {
    if (e.outcome !== 'ok') continue;
    const rec = {
      '@id': e.id,
      score: e.score ?? 0.5,
      entities: e.entities.map((x) => ({ ...(x.fields ?? {}), '@id': x.id, name: x.name }) as RecommendationEntity),
    } as Recommendation;
    labels.push({ id: e.id, verdict: e.verdict, features: cache.of(rec), entityIds: rec.entities.map((x) => x['@id']) });
  }
  return labels;
}
