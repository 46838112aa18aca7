// The Triage panel's two charts as inline SVG built with DOM APIs (no library: two bar charts are a
// few dozen lines, and nothing from the data becomes markup — only numbers reach attributes).
import { t } from './l10n';
import type { HistogramBin, ThresholdPoint } from './protocol';

const SVG = 'http://www.w3.org/2000/svg';

function svgEl(name: string, attrs: Record<string, number | string>): SVGElement {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

const W = 600;
const H = 160;

/** The score histogram, each bar stacked: approved, rejected, unsure (your decisions), then pending. */
export function histogram(bins: readonly HistogramBin[]): SVGElement {
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H + 20}`, role: 'img', class: 'chart histogram' });
  const max = Math.max(1, ...bins.map((b) => b.pending + b.approved + b.rejected + b.unsure));
  const bw = W / Math.max(1, bins.length);
  bins.forEach((b, i) => {
    let y = H;
    for (const [cls, n] of [['approved', b.approved], ['rejected', b.rejected], ['unsure', b.unsure], ['pending', b.pending]] as const) {
      if (!n) continue;
      const h = (n / max) * H;
      y -= h;
      const rect = svgEl('rect', { x: (i * bw + 1).toFixed(1), y: y.toFixed(1), width: (bw - 2).toFixed(1), height: h.toFixed(1), class: cls });
      const title = document.createElementNS(SVG, 'title');
      title.textContent = t('binTitle', Math.round(b.from * 100), Math.round(b.to * 100), n, t(cls));
      rect.append(title);
      svg.append(rect);
    }
  });
  for (const x of [0, 0.25, 0.5, 0.75, 1]) {
    // Anchored so that 0% and 100% stay inside the chart (100% was cut to "10").
    const label = svgEl('text', { x: (x * W).toFixed(0), y: H + 15, class: 'axis', 'text-anchor': x === 0 ? 'start' : x === 1 ? 'end' : 'middle' });
    label.textContent = `${x * 100}%`;
    svg.append(label);
  }
  svg.setAttribute('aria-label', t('histogramLabel', bins.reduce((n, b) => n + b.pending, 0).toLocaleString(), bins.reduce((n, b) => n + b.approved + b.rejected, 0).toLocaleString()));
  return svg;
}

/**
 * Approval rate of your decisions with a score at or above each threshold (the threshold view): a
 * bar only where at least `minDecisions` stand behind it — one approval drew a full green bar (the
 * second browser walk of 2026-11-26: a wall of 100 % under "Not enough decisions yet").
 */
export function thresholdChart(points: readonly ThresholdPoint[], minDecisions: number): SVGElement {
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H + 20}`, role: 'img', class: 'chart thresholds' });
  const bw = W / Math.max(1, points.length);
  points.forEach((p, i) => {
    if (p.n < minDecisions) return;
    const rate = p.n ? p.approved / p.n : 0;
    const h = rate * H;
    const rect = svgEl('rect', { x: (i * bw + 1).toFixed(1), y: (H - h).toFixed(1), width: Math.max(1, bw - 2).toFixed(1), height: h.toFixed(1), class: 'rate' });
    const title = document.createElementNS(SVG, 'title');
    title.textContent = thresholdSentence(p);
    rect.append(title);
    svg.append(rect);
  });
  svg.setAttribute('aria-label', t('thresholdLabel'));
  return svg;
}

/** "Scores ≥ 93% were approved 99% of the time (n = 150)". */
export function thresholdSentence(p: ThresholdPoint): string {
  return t('thresholdSentence', Math.round(p.score * 100), p.n ? Math.round((p.approved / p.n) * 100) : 0, p.n);
}
