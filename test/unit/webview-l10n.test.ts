// The webview pages' strings reach translators and come back: package.json names the l10n folder,
// its English bundle holds every message of every page's catalogue (npm run l10n writes it), and
// each message's placeholders are the positional ones the pages fill ({0}, {1}…, none skipped).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPARISON_STRINGS } from '../../src/webview/comparison/strings';
import { RECORD_STRINGS } from '../../src/webview/record/strings';
import { TRIAGE_STRINGS } from '../../src/webview/triage/strings';

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { l10n?: string };
const CATALOGUES = { comparison: COMPARISON_STRINGS, record: RECORD_STRINGS, triage: TRIAGE_STRINGS };

describe('webview strings: the l10n bundle', () => {
  it('package.json points VS Code at the l10n folder, which holds the English bundle', () => {
    assert.equal(manifest.l10n, './l10n');
    const bundle = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, string>;
    for (const [page, catalogue] of Object.entries(CATALOGUES)) {
      const missing = Object.values(catalogue).filter((m) => bundle[m] !== m);
      assert.deepEqual(missing, [], `${page}: messages missing from l10n/bundle.l10n.json (run npm run l10n)`);
    }
  });

  it('every message uses positional placeholders only, none skipped', () => {
    for (const [page, catalogue] of Object.entries(CATALOGUES)) {
      for (const [key, message] of Object.entries(catalogue)) {
        const used = [...message.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
        assert.ok(used.every((u) => /^\d+$/.test(u)), `${page}.${key}: "${message}" has a named placeholder`);
        const numbers = [...new Set(used.map(Number))].sort((a, b) => a - b);
        assert.deepEqual(numbers, numbers.map((_, i) => i), `${page}.${key}: "${message}" skips a placeholder`);
      }
    }
  });
});
