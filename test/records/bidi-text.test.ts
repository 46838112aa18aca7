// showBidiControls: record text reaching the editor's own UI reads in its stored order, with each
// bidi control character shown as a token the curator can see.
import * as assert from 'node:assert/strict';
import { showBidiControls, showBidiOptional } from '../../src/records/bidi-text';

const CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

describe('showBidiControls', () => {
  it('shows a right-to-left override and its pop instead of reversing the text', () => {
    assert.equal(showBidiControls('\u202EFalcon Hall\u202C \u202Egpj.exe\u202C'), '[U+202E]Falcon Hall[U+202C] [U+202E]gpj.exe[U+202C]');
  });

  for (const c of CONTROLS) {
    const code = c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    it(`shows U+${code} as a visible token`, () => {
      const out = showBidiControls(`a${c}b${c}`);
      assert.equal(out, `a[U+${code}]b[U+${code}]`);
      assert.ok(![...out].some((ch) => CONTROLS.includes(ch)), 'a control survived');
    });
  }

  it('leaves right-to-left letters, zero-width spaces and other text as they are', () => {
    for (const s of ['مقهى שלום', 'zero\u200Bwidth\uFEFF', 'Café ☕️ 👩🏽‍🍳', '']) assert.equal(showBidiControls(s), s);
  });

  it('is idempotent and keeps a missing value missing', () => {
    const once = showBidiControls('x\u202Ey');
    assert.equal(showBidiControls(once), once);
    assert.equal(showBidiOptional(undefined), undefined);
    assert.equal(showBidiOptional(null), null);
    assert.equal(showBidiOptional('\u2067'), '[U+2067]');
  });
});
