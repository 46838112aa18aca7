// The page's strings in the user's language. The extension translates each page's catalogue (its
// folder's strings.ts) with vscode.l10n.t and hands the result to the page in the HTML
// (`data-l10n` on #root, see src/extension/panels/html.ts), so the page has it before its first
// drawing, also when it redraws a saved state before the extension answers. A string missing from
// the bundle (or no bundle: a test page) falls back to the catalogue's English.
import * as v from 'valibot';
import { parseMessage } from './messages';

/** A page's catalogue: key → English message, with {0}, {1}… for arguments (as vscode.l10n.t). */
export type Catalogue = Readonly<Record<string, string>>;

const BundleSchema = v.record(v.string(), v.string());
let bundle: Record<string, string> | undefined;

function loaded(): Record<string, string> {
  if (bundle) return bundle;
  let raw: unknown;
  try {
    raw = JSON.parse(document.getElementById('root')?.dataset.l10n ?? '{}');
  } catch {
    raw = {};
  }
  bundle = parseMessage(BundleSchema, raw) ?? {};
  return bundle;
}

/** {0}, {1}… replaced by the arguments; other braces stay. */
export function format(message: string, args: readonly (string | number)[]): string {
  return message.replace(/\{(\d+)\}/g, (match, i: string) => (Number(i) < args.length ? String(args[Number(i)]) : match));
}

/** The translate function of a catalogue: t('key', arg0, arg1…). */
export function localizer<C extends Catalogue>(catalogue: C): (key: keyof C & string, ...args: (string | number)[]) => string {
  return (key, ...args) => {
    const translated = loaded()[key];
    return format(typeof translated === 'string' ? translated : catalogue[key], args);
  };
}
