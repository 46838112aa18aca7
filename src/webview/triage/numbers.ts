// Numbers as the page's user reads them: in the webview's locale (the editor's display language).
// One place, so the shared format module, when it lands, replaces these few lines.
const counts = new Intl.NumberFormat(undefined);
const shares = new Intl.NumberFormat(undefined, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
const oneDecimal = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const wholeShares = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 0 });

/** 21,496 (or 21 496, 21.496…). */
export const count = (n: number): string => counts.format(n);
/** 98.6% with one decimal. */
export const pct = (x: number): string => shares.format(x);
/** 95% (axis labels, score ranges). */
export const pct0 = (x: number): string => wholeShares.format(x);
/** 4.5 (expected counts). */
export const dec1 = (x: number): string => oneDecimal.format(x);
