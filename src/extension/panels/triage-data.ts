// What the Triage panel draws, from a triage run and the curator's answers: the score histogram of
// the pending backlog and of the decisions, the approval rate at or above each score (the threshold
// view), and the groups as rows. Free of `vscode` (the flag words come in as a function).
import type { Recommendation } from '../../api/model';
import type { Flag } from '../../triage/flags';
import type { TriageLabel, TriageResult } from '../../triage/triage';
import type { GroupRow, HistogramBin, ThresholdPoint, TriagePanelData } from '../../webview/triage/protocol';
import { type CertificateWords, ENGLISH_CERTIFICATE_WORDS, groupCertificate, setRows } from './triage-certificates';

const BINS = 20;

export function triagePanelData(pending: readonly Recommendation[], labels: readonly TriageLabel[], result: TriageResult, flagWord: (f: Flag) => string, words: CertificateWords = ENGLISH_CERTIFICATE_WORDS): TriagePanelData {
  const histogram: HistogramBin[] = Array.from({ length: BINS }, (_, i) => ({ from: i / BINS, to: (i + 1) / BINS, pending: 0, approved: 0, rejected: 0, unsure: 0 }));
  const bin = (score: number) => histogram[Math.min(BINS - 1, Math.max(0, Math.floor(score * BINS)))];
  for (const r of pending) bin(r.score).pending++;
  // The last answer about each recommendation counts once.
  const last = new Map<string, TriageLabel>();
  for (const l of labels) last.set(l.id, l);
  for (const l of last.values()) {
    const b = bin(l.features.score);
    if (l.verdict === 'approve') b.approved++;
    else if (l.verdict === 'reject') b.rejected++;
    else b.unsure++;
  }
  const decided = [...last.values()].filter((l) => l.verdict !== 'unsure').sort((a, b) => b.features.score - a.features.score);
  const thresholds: ThresholdPoint[] = [];
  for (let t = 50; t <= 99; t++) {
    const at = decided.filter((l) => l.features.score >= t / 100);
    thresholds.push({ score: t / 100, approved: at.filter((l) => l.verdict === 'approve').length, n: at.length });
  }
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
  // The decisions counted are those the histogram and the approval rate show: one source, not the model's count of its own run.
  return { pending: pending.length, labels: decided.length, targetPrecision: result.options.targetPrecision, targetRecall: result.options.targetRecall, recallBudget, audit, histogram, thresholds, groups, sets: setRows(result, words) };
}
