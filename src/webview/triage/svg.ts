// SVG built with DOM APIs for the Triage page's charts: only numbers reach attributes, text only
// through textContent.
export const SVG_NS = 'http://www.w3.org/2000/svg';

/** The charts' viewBox width and plot area: room on the left for the count labels, below for the score labels. */
export const W = 600;
export const LEFT = 56;
export const RIGHT = 8;
export const TOP = 10;
export const PLOT_H = 140;
export const BOTTOM = TOP + PLOT_H;
export const PLOT_W = W - LEFT - RIGHT;

export function svgEl(name: string, attrs: Record<string, number | string> = {}, text?: string): SVGElement {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

export function titled<E extends SVGElement>(e: E, text: string): E {
  e.append(svgEl('title', {}, text));
  return e;
}

/** "Nice" ticks for a linear count axis from 0 to at least `max`: whole numbers 1, 2 or 5 × 10^k apart, about four. */
export function linearTicks(max: number): number[] {
  const raw = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return ticks;
}

/** Powers of ten from 1 to the first at or above `max`. */
export function logTicks(max: number): number[] {
  const ticks = [1];
  while (ticks[ticks.length - 1] < max) ticks.push(ticks[ticks.length - 1] * 10);
  return ticks;
}
