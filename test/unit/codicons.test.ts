// The record panels' icon font as the build writes it (esbuild.js, writeCodicons; issue 6, VSIX
// size): only the icons src/webview/record/icons.ts lists, each with its CSS rule and its glyph in
// the subset font, read back with harfbuzz. Needs `npm run build` first, as the bundle tests.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RECORD_ICONS } from '../../src/webview/record/icons';

const DIR = join(__dirname, '..', '..', 'media', 'codicons');

describe('media/codicons: the record panels\' icons only', () => {
  before(() => {
    for (const f of ['codicon.css', 'codicon.ttf', 'LICENSE']) assert.ok(existsSync(join(DIR, f)), `media/codicons/${f} is missing (run npm run build first)`);
  });

  it('the stylesheet has the font, the base rule and a rule for each listed icon, and no other icon', () => {
    const css = readFileSync(join(DIR, 'codicon.css'), 'utf8');
    assert.match(css, /@font-face \{[^}]*font-family: "codicon";[^}]*url\("\.\/codicon\.ttf/);
    assert.match(css, /\.codicon\[class\*='codicon-'\] \{/);
    const icons = [...css.matchAll(/^\.codicon-([\w-]+):before \{/gm)].map((m) => m[1]);
    assert.deepEqual(icons, [...RECORD_ICONS]);
  });

  it('the font has a glyph for each listed icon, and is a small part of the whole font', async () => {
    const css = readFileSync(join(DIR, 'codicon.css'), 'utf8');
    const font = readFileSync(join(DIR, 'codicon.ttf'));
    const hb = await import('harfbuzzjs');
    const covered = new Set(new hb.Face(new hb.Blob(font)).collectUnicodes());
    for (const name of RECORD_ICONS) {
      const point = parseInt(new RegExp(`^\\.codicon-${name}:before \\{ content: "\\\\([0-9a-f]+)" \\}$`, 'm').exec(css)![1], 16);
      assert.ok(covered.has(point), `the font has no glyph for ${name} (U+${point.toString(16)})`);
    }
    assert.equal(covered.size, new Set(RECORD_ICONS.map((n) => css.match(new RegExp(`codicon-${n}:before \\{ content: "\\\\([0-9a-f]+)"`))![1])).size);
    assert.ok(font.length < 20_000, `codicon.ttf is ${font.length} bytes: the whole font again?`);
  });
});
