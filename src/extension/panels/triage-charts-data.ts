// The numbers behind the Triage panel's two charts: pending recommendations by score and by the
// model's verdict, and the curator's approval rate in a few score bins with 95 % intervals. Free of
// `vscode`.
import type { Recommendation } from '../../api/model';
import type { TriageItem, TriageLabel } from '../../triage/triage';
import type { HistogramBin, RateBin } from '../../webview/triage/protocol';

/** Histogram bin width on the score axis. */
const BIN = 0.05;
/**
 * The model's verdict as the histogram colours it: likely a match when it gives 9 to 1 or better,
 * likely not at 1 to 9 or worse, unsure between. Display bands, not decisions: bulk decisions rest
 * on certificates.
 */
export const VERDICT_BANDS = { match: 0.9, nonMatch: 0.1 } as const;
/** The approval-rate chart has at most this many bins, and about this many answers in each. */
const MAX_RATE_BINS = 8;
const ANSWERS_PER_RATE_BIN = 10;
/** z of a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

/** Pending by score, from the lowest score's bin (pending or answered) to 100 %. */
export function histogramBins(pending: readonly Recommendation[], items: ReadonlyMap<string, TriageItem>, answeredScores: readonly number[]): HistogramBin[] {
  let low = 1;
  for (const r of pending) low = Math.min(low, r.score);
  for (const s of answeredScores) low = Math.min(low, s);
  const first = Math.max(0, Math.floor(low / BIN + 1e-9));
  const count = Math.max(1, Math.round(1 / BIN) - first);
  const bins: HistogramBin[] = Array.from({ length: count }, (_, i) => ({ from: (first + i) * BIN, to: (first + i + 1) * BIN, match: 0, unsure: 0, nonMatch: 0 }));
  for (const r of pending) {
    const b = bins[Math.min(count - 1, Math.max(0, Math.floor(r.score / BIN + 1e-9) - first))];
    const p = items.get(r['@id'])?.p;
    if (p !== undefined && p >= VERDICT_BANDS.match) b.match++;
    else if (p !== undefined && p <= VERDICT_BANDS.nonMatch) b.nonMatch++;
    else b.unsure++;
  }
  return bins;
}

/** Wilson's 95 % interval of a share k / n (n > 0). */
export function wilson(k: number, n: number): { low: number; high: number } {
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // At 0 or n the interval reaches the end exactly (rounding left it a hair short of 100 %).
  return { low: k === 0 ? 0 : Math.max(0, centre - half), high: k === n ? 1 : Math.min(1, centre + half) };
}

/**
 * The approval rate in score bins of about equal answers (equal scores stay in one bin, so a
 * backlog scored 100 % throughout gives one bin, not eight of the same), from the last answer about
 * each recommendation that approved or rejected it.
 */
export function rateBins(decided: readonly TriageLabel[]): RateBin[] {
  const sorted = decided.filter((l) => l.verdict !== 'unsure').sort((a, b) => a.features.score - b.features.score);
  if (!sorted.length) return [];
  const k = Math.min(MAX_RATE_BINS, Math.ceil(sorted.length / ANSWERS_PER_RATE_BIN));
  const bins: RateBin[] = [];
  let start = 0;
  for (let i = 1; i <= k && start < sorted.length; i++) {
    let end = i === k ? sorted.length : Math.max(start + 1, Math.round((i * sorted.length) / k));
    while (end < sorted.length && sorted[end].features.score === sorted[end - 1].features.score) end++;
    const part = sorted.slice(start, end);
    const approved = part.filter((l) => l.verdict === 'approve').length;
    bins.push({ from: part[0].features.score, to: part[part.length - 1].features.score, approved, n: part.length, ...wilson(approved, part.length) });
    start = end;
  }
  return bins;
}
