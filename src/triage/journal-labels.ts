// The curator's decisions as triage labels: every decision in the journal that reached the service
// (outcome ok) is an answer — approve a match, reject a non-match — and every unsure mark that still
// stands is an "unsure" (kept out of the model, flagged, never asked again). Decisions from journals
// older than the entity fields (id and name only) still count, with what they carry. A decision
// taken as part of a group decision triage called safe (it carries a `bulk` share) is no answer: it
// followed from triage's own estimate, and learning from it would make the estimate confirm itself;
// it counts in the bulk tally instead (journal-tally.ts), as in the simulation (bench/triage-sim.ts).
// A group decided knowingly against triage's word carries no share: the curator's own answers.
// Each answer counts for the triage group it was taken in (the journal's `triage`: its flags and
// whether it led its chain), as the simulation's labels do: without it every answer counted for the
// plain group of its pattern, flagged groups never had answers of their own, and the simulated
// curator needed 1,479 answers at 8,137 instead of 455.
import type { Recommendation, RecommendationEntity } from '../api/model';
import type { DecisionEntry, JournalContents, JournalEntity, TriageGroupRef } from '../curation/journal';
import { journalAnswers } from '../curation/unsure';
import { FLAG_TEXT, type Flag } from './flags';
import { FeatureCache, type TriageItem, type TriageLabel } from './triage';

/** An audit draw's number as the journal keeps it: a whole number ≥ 0, anything else is no audit answer. */
const auditOf = (x: unknown): number | undefined => (typeof x === 'number' && Number.isInteger(x) && x >= 0 ? x : undefined);

/**
 * The triage group a decision was taken in, as the journal keeps it (StartedLine.triage): the flags
 * this version knows (a hand-edited or newer line's others are left out) and whether it led its
 * chain. A decision journalled without it (before this, or outside triage's sight) is a plain one.
 */
function groupOf(x: unknown): { flags: Flag[]; chainLead: boolean } | undefined {
  if (typeof x !== 'object' || x === null) return undefined;
  const { flags, lead } = x as { flags?: unknown; lead?: unknown };
  const known = Array.isArray(flags) ? flags.filter((f): f is Flag => typeof f === 'string' && Object.hasOwn(FLAG_TEXT, f)) : [];
  return { flags: [...new Set(known)], chainLead: lead === true };
}

/**
 * What the journal keeps of the group a triage item is in (StartedLine.triage): its flags but unsure,
 * and whether it leads its chain. Undefined for an item the triage did not see.
 */
export function groupRefOf(item: Pick<TriageItem, 'flags' | 'chainLead'> | undefined): TriageGroupRef | undefined {
  return item && { flags: item.flags.filter((f) => f !== 'unsure'), ...(item.chainLead ? { lead: true } : {}) };
}

function label(id: string, verdict: TriageLabel['verdict'], score: number | undefined, entities: readonly JournalEntity[], cache: FeatureCache, decision?: Pick<DecisionEntry, 'audit' | 'triage'>): TriageLabel {
  const rec = {
    '@id': id,
    score: score ?? 0.5,
    entities: entities.map((x) => ({ ...(x.fields ?? {}), '@id': x.id, name: x.name }) as RecommendationEntity),
  } as Recommendation;
  const l: TriageLabel = { id, verdict, features: cache.of(rec), entityIds: rec.entities.map((x) => x['@id']) };
  const a = auditOf(decision?.audit);
  if (a !== undefined) l.audit = a;
  const group = groupOf(decision?.triage);
  if (group) {
    l.flags = group.flags;
    if (group.chainLead) l.chainLead = true;
  }
  return l;
}

export function labelsFromJournal(entries: readonly DecisionEntry[], cache = new FeatureCache()): TriageLabel[] {
  const labels: TriageLabel[] = [];
  for (const e of entries) if (e.outcome === 'ok' && !e.bulk) labels.push(label(e.id, e.verdict, e.score, e.entities, cache, e));
  return labels;
}

/** Decisions and standing unsure marks, in time order. */
export function labelsFromContents(contents: Pick<JournalContents, 'entries' | 'unsure'>, cache = new FeatureCache()): TriageLabel[] {
  const labels: TriageLabel[] = [];
  for (const a of journalAnswers(contents)) {
    if (a.verdict === 'unsure') labels.push(label(a.id, 'unsure', a.score, a.entities, cache));
    else if ((a as DecisionEntry).outcome === 'ok' && !(a as DecisionEntry).bulk) labels.push(label(a.id, a.verdict, a.score, a.entities, cache, a as DecisionEntry));
  }
  return labels;
}
