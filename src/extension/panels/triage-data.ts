// What the Triage panel draws, from a triage run and the curator's answers: the pending backlog by
// score and the model's verdict, the approval rate in a few score bins, the groups and bulk sets
// with their certificates. Free of `vscode` (the flag words come in as a function).
import type { Recommendation } from '../../api/model';
import type { Flag } from '../../triage/flags';
import type { TriageLabel, TriageResult } from '../../triage/triage';
import type { GroupRow, TriagePanelData } from '../../webview/triage/protocol';
import { histogramBins, rateBins, VERDICT_BANDS } from './triage-charts-data';
import { type CertificateWords, ENGLISH_CERTIFICATE_WORDS, groupCertificate, setRows } from './triage-certificates';

export function triagePanelData(pending: readonly Recommendation[], labels: readonly TriageLabel[], result: TriageResult, flagWord: (f: Flag) => string, words: CertificateWords = ENGLISH_CERTIFICATE_WORDS): TriagePanelData {
  // The last answer about each recommendation counts once.
  const last = new Map<string, TriageLabel>();
  for (const l of labels) last.set(l.id, l);
  const decided = [...last.values()].filter((l) => l.verdict !== 'unsure');
  const histogram = histogramBins(pending, result.items, decided.map((l) => l.features.score));
  const groups: GroupRow[] = result.groups.map((g) => ({
    ...groupCertificate(g, result, words),
    key: g.key,
    words: g.words,
    kind: g.kind,
    scoreMin: g.scoreMin,
    scoreMax: g.scoreMax,
    approve: g.labels.approve,
    reject: g.labels.reject,
    unsure: g.labels.unsure,
    p: g.p,
    low: g.low,
    high: g.high,
    safe: g.safe,
    flags: g.flags.map(flagWord),
    decidable: g.decidable.length,
  }));
  const recallBudget = { maxLost: result.sets.reject.maxLost, used: result.sets.reject.lostHigh };
  const a = result.audit;
  const audit = a.items.length || a.answers ? { items: a.items.length, groups: a.keys.length, answers: a.answers, wrong: a.wrong, high: a.wrongHigh, certified: a.certified } : undefined;
  // The decisions counted are those the approval rate shows: one source, not the model's count of its own run.
  return {
    pending: pending.length,
    labels: decided.length,
    targetPrecision: result.options.targetPrecision,
    targetRecall: result.options.targetRecall,
    recallBudget,
    audit,
    histogram,
    verdictBands: { ...VERDICT_BANDS },
    rates: rateBins(decided),
    groups,
    sets: setRows(result, words),
  };
}
