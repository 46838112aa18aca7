// The pages' catalogues as shipped (issue 15, bundle sizes): esbuild.js writes each page's
// catalogue (src/webview/<page>/strings.ts) as dist/<bundle>.l10n.json, the extension reads it when
// it writes a panel's HTML, and neither the page bundles nor dist/extension.js carry the English
// themselves. Needs `npm run build` first, as the other browser tests.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueFile, pageCatalogue } from '../../src/extension/panels/page-strings';
import { COMPARISON_STRINGS } from '../../src/webview/comparison/strings';
import { RECORD_STRINGS } from '../../src/webview/record/strings';
import { TRIAGE_STRINGS } from '../../src/webview/triage/strings';

const DIST = join(__dirname, '..', '..', 'dist');
const PAGES = { 'webview.js': COMPARISON_STRINGS, 'record-webview.js': RECORD_STRINGS, 'triage-webview.js': TRIAGE_STRINGS };
const noError = (message: string) => assert.fail(`${message} (run npm run build first)`);

describe('page catalogues beside the bundles', () => {
  for (const [script, strings] of Object.entries(PAGES)) {
    it(`dist/${script.replace(/\.js$/, '.l10n.json')} is the page's catalogue`, () => {
      assert.deepEqual(pageCatalogue(DIST, script, noError), strings);
    });
  }

  it('no page bundle and not dist/extension.js carries a catalogue message', () => {
    for (const bundle of [...Object.keys(PAGES), 'extension.js']) {
      const code = readFileSync(join(DIST, bundle), 'utf8');
      // Long messages only: a short one ("Name") may be a record field or a key as well.
      const found = Object.values(PAGES)
        .flatMap((c) => Object.values(c))
        .filter((m) => m.length >= 24 && !m.includes('{') && code.includes(m));
      assert.deepEqual(found, [], `${bundle} bundles catalogue messages`);
    }
  });

  it('a missing or broken catalogue is said and gives no strings (the page shows its keys)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dedup-catalogue-'));
    try {
      const said: string[] = [];
      assert.deepEqual(pageCatalogue(dir, 'missing.js', (m) => said.push(m)), {});
      writeFileSync(catalogueFile(dir, 'broken.js'), '["not", "an object"]');
      assert.deepEqual(pageCatalogue(dir, 'broken.js', (m) => said.push(m)), {});
      writeFileSync(catalogueFile(dir, 'mixed.js'), '{"a": "A", "b": 2}');
      assert.deepEqual(pageCatalogue(dir, 'mixed.js', (m) => said.push(m)), { a: 'A' });
      assert.equal(said.length, 2);
      assert.match(said[0], /missing\.l10n\.json/);
      assert.match(said[1], /broken\.l10n\.json: not a JSON object/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
