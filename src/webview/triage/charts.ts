// The Triage panel's two charts as inline SVG built with DOM APIs (no library: two small charts,
// and nothing from the data becomes markup — only numbers reach attributes). Each has labelled axes,
// a text alternative (its aria-label and a table of its numbers) and, for the histogram, a legend in
// words and patterns, not colour alone.
import { t } from './l10n';
import { count, pct0 } from './numbers';
import type { HistogramBin } from './protocol';
import { BOTTOM, LEFT, linearTicks, logTicks, PLOT_H, PLOT_W, RIGHT, svgEl, titled, TOP, W } from './svg';
import { el } from '../shared/dom';
import { numbersTable } from './numbers-table';

/**
 * The count axis turns logarithmic when a bar of the histogram would be drawn under 1/30 of the
 * tallest (under 5 px of 140): one bar of 20,196 beside bars of a few dozen left them flat.
 */
const LOG_WHEN_RATIO = 30;

export const VERDICTS = ['match', 'unsure', 'nonMatch'] as const;
export type Verdict = (typeof VERDICTS)[number];
/** How each verdict is filled: a solid colour, or a pattern on its colour (told apart without colour). */
const FILL: Record<Verdict, string> = { match: 'url(#fill-match)', unsure: 'url(#fill-unsure)', nonMatch: 'url(#fill-nonMatch)' };

const total = (b: HistogramBin): number => b.match + b.unsure + b.nonMatch;

/** The fills' patterns: solid for a likely match, stripes for unsure, dots for a likely non-match. */
function patterns(): SVGElement {
  const defs = svgEl('defs');
  const solid = svgEl('pattern', { id: 'fill-match', width: 8, height: 8, patternUnits: 'userSpaceOnUse' });
  solid.append(svgEl('rect', { width: 8, height: 8, class: 'fill match' }));
  const stripes = svgEl('pattern', { id: 'fill-unsure', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' });
  stripes.append(svgEl('rect', { width: 6, height: 6, class: 'fill unsure' }), svgEl('rect', { width: 2, height: 6, class: 'ink' }));
  const dots = svgEl('pattern', { id: 'fill-nonMatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse' });
  dots.append(svgEl('rect', { width: 6, height: 6, class: 'fill nonMatch' }), svgEl('circle', { cx: 3, cy: 3, r: 1.3, class: 'ink' }));
  defs.append(solid, stripes, dots);
  return defs;
}

export function useLogScale(bins: readonly HistogramBin[]): boolean {
  const totals = bins.map(total).filter((n) => n > 0);
  return totals.length > 1 && Math.max(...totals) / Math.min(...totals) > LOG_WHEN_RATIO;
}

function scaleOf(bins: readonly HistogramBin[]): { y: (n: number) => number; ticks: number[]; log: boolean } {
  const max = Math.max(0, ...bins.map(total));
  if (max === 0) return { y: () => BOTTOM, ticks: [0], log: false };
  if (useLogScale(bins)) {
    const ticks = logTicks(max);
    const top = Math.log10(ticks[ticks.length - 1]);
    // log10(n) from 0 (one recommendation) to the top tick; a count of 1 still shows, a little.
    return { y: (n) => (n <= 0 ? BOTTOM : BOTTOM - ((Math.log10(n) + 0.15) / (top + 0.15)) * PLOT_H), ticks, log: true };
  }
  const ticks = linearTicks(max);
  const top = ticks[ticks.length - 1];
  return { y: (n) => BOTTOM - (n / top) * PLOT_H, ticks, log: false };
}

function countAxis(svg: SVGElement, scale: ReturnType<typeof scaleOf>, title: string): void {
  for (const v of scale.ticks) {
    const y = scale.y(v).toFixed(1);
    svg.append(svgEl('line', { x1: LEFT, x2: W - RIGHT, y1: y, y2: y, class: 'grid' }));
    svg.append(svgEl('text', { x: LEFT - 4, y: (scale.y(v) + 3).toFixed(1), class: 'axis', 'text-anchor': 'end' }, count(v)));
  }
  svg.append(svgEl('text', { x: 10, y: TOP + PLOT_H / 2, class: 'axis-title', 'text-anchor': 'middle', transform: `rotate(-90 10 ${TOP + PLOT_H / 2})` }, title));
}

function scoreLabels(svg: SVGElement, bins: readonly HistogramBin[], bw: number): void {
  // A label every few bins, so they never overlap; the first and last stay inside the chart.
  const every = Math.max(1, Math.ceil(bins.length / 8));
  for (let i = 0; i <= bins.length; i += every) {
    const x = LEFT + i * bw;
    const anchor = i === 0 ? 'start' : i >= bins.length ? 'end' : 'middle';
    svg.append(svgEl('text', { x: x.toFixed(1), y: BOTTOM + 14, class: 'axis', 'text-anchor': anchor }, pct0(i < bins.length ? bins[i].from : bins[bins.length - 1].to)));
  }
  if (bins.length % every) {
    svg.append(svgEl('text', { x: W - RIGHT, y: BOTTOM + 14, class: 'axis', 'text-anchor': 'end' }, pct0(bins[bins.length - 1].to)));
  }
  svg.append(svgEl('text', { x: LEFT + PLOT_W / 2, y: BOTTOM + 32, class: 'axis-title', 'text-anchor': 'middle' }, t('scoreAxis')));
}

/** The words of a verdict ("likely match (P ≥ 90%)"). */
export function verdictWords(v: Verdict, bands: { match: number; nonMatch: number }): string {
  if (v === 'match') return t('likelyMatch', pct0(bands.match));
  if (v === 'nonMatch') return t('likelyNonMatch', pct0(bands.nonMatch));
  return t('unsureVerdict');
}

/**
 * One bar: its verdicts stacked, each segment from the running total before it to the running total
 * with it, so a segment's top reads its running total off the axis — also on the log axis, where
 * shares of the bar's height (the first drawing) showed 4,500 of 6,500 at the height of 430.
 */
function bar(bin: HistogramBin, x: number, width: number, scale: ReturnType<typeof scaleOf>, bands: { match: number; nonMatch: number }): SVGElement {
  const g = svgEl('g', { class: 'bar' });
  let below = 0;
  for (const v of VERDICTS) {
    if (!bin[v]) continue;
    const bottom = scale.y(below);
    below += bin[v];
    const top = scale.y(below);
    g.append(titled(svgEl('rect', { x: x.toFixed(1), y: top.toFixed(1), width: width.toFixed(1), height: Math.max(0.5, bottom - top).toFixed(1), fill: FILL[v], class: `seg ${v}` }), t('binTitle', pct0(bin.from), pct0(bin.to), count(bin[v]), verdictWords(v, bands))));
  }
  return g;
}

/** Pending recommendations by score, each bar stacked by the model's verdict, with a count axis (log when one bar dwarfs the rest). */
export function histogram(bins: readonly HistogramBin[], bands: { match: number; nonMatch: number }): SVGElement {
  const svg = svgEl('svg', { viewBox: `0 0 ${W} ${BOTTOM + 40}`, role: 'img', class: 'chart histogram' });
  svg.append(patterns());
  const scale = scaleOf(bins);
  svg.dataset.scale = scale.log ? 'log' : 'linear';
  countAxis(svg, scale, t(scale.log ? 'countAxisLog' : 'countAxis'));
  const bw = PLOT_W / Math.max(1, bins.length);
  bins.forEach((b, i) => {
    if (total(b)) svg.append(bar(b, LEFT + i * bw + 1, Math.max(1, bw - 2), scale, bands));
  });
  svg.append(svgEl('line', { x1: LEFT, x2: W - RIGHT, y1: BOTTOM, y2: BOTTOM, class: 'baseline' }));
  scoreLabels(svg, bins, bw);
  const sum = (v: Verdict) => count(bins.reduce((n, b) => n + b[v], 0));
  svg.setAttribute('aria-label', t(scale.log ? 'histogramLabelLog' : 'histogramLabel', count(bins.reduce((n, b) => n + total(b), 0)), sum('match'), sum('unsure'), sum('nonMatch')));
  return svg;
}

/** The histogram's legend: each verdict's swatch (its colour and pattern) and its words. */
export function histogramLegend(bands: { match: number; nonMatch: number }): HTMLElement {
  const list = el('ul', 'legend');
  list.setAttribute('aria-label', t('legendLabel'));
  for (const v of VERDICTS) {
    const swatch = svgEl('svg', { viewBox: '0 0 14 14', width: 14, height: 14, class: 'swatch', 'aria-hidden': 'true' });
    swatch.append(svgEl('rect', { x: 0.5, y: 0.5, width: 13, height: 13, fill: FILL[v], class: `seg ${v}` }));
    list.append(el('li', `key ${v}`, swatch, verdictWords(v, bands)));
  }
  return list;
}

export function histogramTable(bins: readonly HistogramBin[], bands: { match: number; nonMatch: number }): HTMLElement {
  const rows = bins.filter((b) => total(b) > 0).map((b) => [`${pct0(b.from)}–${pct0(b.to)}`, count(b.match), count(b.unsure), count(b.nonMatch), count(total(b))]);
  return numbersTable(t('showNumbers'), [t('scoreAxis'), ...VERDICTS.map((v) => verdictWords(v, bands)), t('total')], rows);
}
