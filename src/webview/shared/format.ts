// Counts and percents in the user's locale, for the extension and the pages alike (pure,
// no DOM, no Node). The extension sets its locale once, from VS Code's display language
// (useLocale(vscode.env.language)); a page's runtime already speaks the editor's language.
// Formatters are made once per locale and options: making one loads locale data.

let locale: string | undefined;
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** The locale every formatter below uses from now on; undefined: the runtime's own. */
export function useLocale(tag: string | undefined): void {
  locale = tag;
  cache.clear();
}

function numberFormat(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

/** 31919 → "31,919" (en), "31.919" (de): a count, grouped, no decimals. */
export function formatCount(n: number): string {
  return numberFormat({ maximumFractionDigits: 0 }).format(n);
}

/**
 * 0.874 → "87%" (en), "87 %" (de). `digits`: decimals shown; `fixed` (default) keeps trailing
 * zeros ("87.0%"), otherwise they are dropped ("87%", "87.5%").
 */
export function formatPercent(share: number, digits = 0, fixed = true): string {
  return numberFormat({ style: 'percent', minimumFractionDigits: fixed ? digits : 0, maximumFractionDigits: digits }).format(share);
}


/** 4.5 → "4.5" (en), "4,5" (de): a number with exactly `digits` decimals. */
export function formatDecimal(n: number, digits = 1): string {
  return numberFormat({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
}
