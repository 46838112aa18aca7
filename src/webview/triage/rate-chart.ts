// The curator's approval rate in a few score bins: a bar per bin with its 95 % interval drawn as an
// error bar, the answers under it, a 0–100 % axis, and the target precision as a line. DOM APIs only.
import { t } from './l10n';
import { numbersTable } from './numbers-table';
import { count, pct, pct0 } from './numbers';
import { el } from '../shared/dom';
import type { RateBin } from './protocol';
import { BOTTOM, LEFT, PLOT_H, PLOT_W, RIGHT, svgEl, titled, TOP, W } from './svg';

const y = (rate: number): number => BOTTOM - rate * PLOT_H;

/**
 * A bin's score range in words, to a tenth of a point ("99.6%–99.9%", or "100.0%" when every answer
 * in it had one score): whole points named two bins of 99.6 % and 99.9 % both "100%".
 */
export function rangeWords(b: RateBin): string {
  return pct(b.from) === pct(b.to) ? pct(b.from) : `${pct(b.from)}–${pct(b.to)}`;
}

/** "Scores 93–97%: 45 of 48 approved (93.8%, 95% interval 83.2%–97.9%)". */
export function rateSentence(b: RateBin): string {
  return t('rateSentence', rangeWords(b), count(b.approved), count(b.n), pct(b.approved / b.n), pct(b.low), pct(b.high));
}

function rateAxis(svg: SVGElement, target: number): void {
  for (const v of [0, 0.25, 0.5, 0.75, 1]) {
    svg.append(svgEl('line', { x1: LEFT, x2: W - RIGHT, y1: y(v).toFixed(1), y2: y(v).toFixed(1), class: 'grid' }));
    svg.append(svgEl('text', { x: LEFT - 4, y: (y(v) + 3).toFixed(1), class: 'axis', 'text-anchor': 'end' }, pct0(v)));
  }
  svg.append(svgEl('text', { x: 10, y: TOP + PLOT_H / 2, class: 'axis-title', 'text-anchor': 'middle', transform: `rotate(-90 10 ${TOP + PLOT_H / 2})` }, t('rateAxis')));
  const line = svgEl('line', { x1: LEFT, x2: W - RIGHT, y1: y(target).toFixed(1), y2: y(target).toFixed(1), class: 'target' });
  svg.append(titled(line, t('targetLine', pct(target))));
}

/** One bin: the bar, its interval with caps, and its range and answers below. */
function rateBar(b: RateBin, x: number, slot: number): SVGElement {
  const g = svgEl('g', { class: 'rate-bin' });
  const width = Math.min(60, slot * 0.6);
  const left = x + (slot - width) / 2;
  const mid = x + slot / 2;
  const rate = b.approved / b.n;
  g.append(svgEl('rect', { x: left.toFixed(1), y: y(rate).toFixed(1), width: width.toFixed(1), height: Math.max(0.5, rate * PLOT_H).toFixed(1), class: 'rate' }));
  const cap = width / 4;
  for (const [x1, y1, x2, y2] of [
    [mid, y(b.low), mid, y(b.high)],
    [mid - cap, y(b.low), mid + cap, y(b.low)],
    [mid - cap, y(b.high), mid + cap, y(b.high)],
  ]) {
    g.append(svgEl('line', { x1: x1.toFixed(1), y1: y1.toFixed(1), x2: x2.toFixed(1), y2: y2.toFixed(1), class: 'interval' }));
  }
  g.append(svgEl('text', { x: mid.toFixed(1), y: BOTTOM + 14, class: 'axis', 'text-anchor': 'middle' }, rangeWords(b)));
  g.append(svgEl('text', { x: mid.toFixed(1), y: BOTTOM + 27, class: 'axis', 'text-anchor': 'middle' }, t('nAnswers', count(b.n))));
  return titled(g, rateSentence(b));
}

export function rateChart(bins: readonly RateBin[], target: number): SVGElement {
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${BOTTOM + 46}`, role: 'img', class: 'chart rates' });
  rateAxis(svg, target);
  const slot = PLOT_W / bins.length;
  bins.forEach((b, i) => svg.append(rateBar(b, LEFT + i * slot, slot)));
  svg.append(svgEl('text', { x: LEFT + PLOT_W / 2, y: BOTTOM + 42, class: 'axis-title', 'text-anchor': 'middle' }, t('scoreAxis')));
  svg.setAttribute('aria-label', t('rateLabel', count(bins.length), count(bins.reduce((n, b) => n + b.n, 0))));
  return svg;
}

/** What the chart's marks mean, in words (the bars, the error bars, the dashed line). */
export function rateCaption(target: number): HTMLElement {
  return el('p', 'chart-caption', t('rateCaption', pct(target)));
}

export function rateTable(bins: readonly RateBin[]): HTMLElement {
  const rows = bins.map((b) => [rangeWords(b), count(b.n), count(b.approved), pct(b.approved / b.n), `${pct(b.low)}–${pct(b.high)}`]);
  return numbersTable(t('showNumbers'), [t('scoreAxis'), t('answersCol'), t('approved'), t('rateCol'), t('intervalCol')], rows);
}
