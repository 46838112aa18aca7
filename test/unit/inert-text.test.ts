// inertText: record data shown in notifications, quick picks, progress titles and the status bar
// never forms a link or an icon in VS Code's own parsers, and reads the same.
import * as assert from 'node:assert/strict';
import { inertOptional, inertText } from '../../src/extension/ui/inert-text';
import { showBidiControls } from '../../src/records/bidi-text';
import { ALL_STRING_PAYLOADS, MARKUP_PAYLOADS } from '../support/hostile-corpus';
import { notificationLinks, themeIcons, visible } from '../support/vscode-markup';

describe('inertText', () => {
  it('the payloads are live markup before: the test would catch a regression', () => {
    assert.ok(notificationLinks(MARKUP_PAYLOADS[0]).some((l) => l.startsWith('command:')));
    assert.deepEqual(notificationLinks(MARKUP_PAYLOADS[1]), ['command:workbench.action.terminal.new']);
    assert.deepEqual(themeIcons(MARKUP_PAYLOADS[3]), ['$(alert)']);
  });

  for (const payload of ALL_STRING_PAYLOADS) {
    it(`leaves no link or icon and reads the same: ${JSON.stringify(payload).slice(0, 60)}`, () => {
      // As the decision-failure notification builds it.
      const message = `Dedup Curator: Approving "${payload} ⇄ ${payload}" failed. ${payload}`;
      const out = inertText(message);
      assert.deepEqual(notificationLinks(out), []);
      assert.deepEqual(themeIcons(out), []);
      assert.ok(!/\bcommand:/i.test(out), 'a command: scheme survived');
      assert.equal(visible(out), showBidiControls(visible(message)));
    });
  }

  it('shows bidi controls, so a right-to-left override cannot reverse what the notification says', () => {
    assert.equal(inertText('Approving "\u202EFalcon Hall\u202C"'), 'Approving "[U+202E]Falcon Hall[U+202C]"');
  });

  it('breaks links with spaces before the target and nested brackets', () => {
    for (const s of ['[a] (command:x)', '[[a]](command:x)', '[a](COMMAND:x)', '[a]\n(command:x)', '[a](https://x.example/)']) {
      assert.deepEqual(notificationLinks(inertText(s)), [], s);
    }
  });

  it('is the identity on text without markup, and passes undefined through', () => {
    const plain = 'Café Zürich, 12 Main St — 97% · ids urn:location:42';
    assert.equal(inertText(plain), plain);
    assert.equal(inertOptional(undefined), undefined);
  });
});
