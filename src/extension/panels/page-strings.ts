// A page's catalogue (key → English, src/webview/<page>/strings.ts) for its HTML: it ships as
// dist/<bundle>.l10n.json beside the page's bundle (esbuild.js writes it) and is read here the
// first time a panel of that page opens, so it is in neither dist/extension.js, which VS Code loads
// on every activation, nor the page's bundle. BasePanel translates it (vscode.l10n.t). Free of
// `vscode`, so the browser tests hand their pages exactly this file.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const catalogues = new Map<string, Readonly<Record<string, string>>>();

/** The catalogue file of a page bundle: dist/webview.js → dist/webview.l10n.json. */
export function catalogueFile(distDir: string, script: string): string {
  return path.join(distDir, script.replace(/\.js$/, '.l10n.json'));
}

/**
 * The catalogue of the page bundle `script` (a file in `distDir`), read once. A missing or broken
 * file (a damaged install) is logged and gives no strings: the page then shows its keys.
 */
export function pageCatalogue(distDir: string, script: string, onError: (message: string) => void): Readonly<Record<string, string>> {
  const file = catalogueFile(distDir, script);
  let catalogue = catalogues.get(file);
  if (!catalogue) {
    catalogue = {};
    try {
      const raw: unknown = JSON.parse(readFileSync(file, 'utf8'));
      if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
        catalogue = Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      } else {
        onError(`${file}: not a JSON object of strings`);
      }
    } catch (e) {
      onError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
    catalogues.set(file, catalogue);
  }
  return catalogue;
}
