// The page's strings in the user's language. The extension translates each page's catalogue (its
// folder's strings.ts, shipped as dist/<bundle>.l10n.json) with vscode.l10n.t and hands the result
// to the page in the HTML (`data-l10n` on #root, see src/extension/panels/html.ts), so the page has
// it before its first drawing, also when it redraws a saved state before the extension answers.
// The page bundles no catalogue of its own, not even the English one: the strings cost the page
// nothing to load, and only the user's language travels (the catalogue is a type here, for the keys).
// A key missing from what was handed over (a broken install) shows as the key, never as nothing.

/** A page's catalogue: key → English message, with {0}, {1}… for arguments (as vscode.l10n.t). */
export type Catalogue = Readonly<Record<string, string>>;

let bundle: Partial<Record<string, unknown>> | undefined;

/** The strings handed over: a JSON object (anything else counts as none; each value is checked when used). */
function loaded(): Partial<Record<string, unknown>> {
  if (bundle) return bundle;
  let raw: unknown;
  try {
    raw = JSON.parse(document.getElementById('root')?.dataset.l10n ?? '{}');
  } catch {
    raw = undefined;
  }
  bundle = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  return bundle;
}

/** {0}, {1}… replaced by the arguments; other braces stay. */
export function format(message: string, args: readonly (string | number)[]): string {
  return message.replace(/\{(\d+)\}/g, (match, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : match));
}

/** The translate function of a catalogue (given as its type): t('key', arg0, arg1…). */
export function localizer<C extends Catalogue>(): (key: keyof C & string, ...args: (string | number)[]) => string {
  return (key, ...args) => {
    const handed = loaded()[key];
    return format(typeof handed === 'string' ? handed : key, args);
  };
}
