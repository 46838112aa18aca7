// The Triage page's number formats, named for what they show, made by the shared format module
// (the page's runtime speaks the editor's display language).
import { formatCount, formatDecimal, formatPercent } from '../shared/format';

/** 21,496 (or 21 496, 21.496…). */
export const count = (n: number): string => formatCount(n);
/** 98.6% with one decimal. */
export const pct = (x: number): string => formatPercent(x, 1);
/** 95% (axis labels, score ranges). */
export const pct0 = (x: number): string => formatPercent(x, 0);
/** 4.5 (expected counts). */
export const dec1 = (x: number): string => formatDecimal(x, 1);
