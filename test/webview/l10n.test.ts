// The pages in the user's language, and the pages' own checks of what reaches them, in headless
// chromium in the real page HTML and CSP: the strings the extension hands over in the HTML
// (data-l10n, see src/webview/shared/l10n.ts) replace the English ones everywhere, placeholders
// filled; a message or a saved state that does not fit the page's protocol schema is dropped.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { contentSecurityPolicy, panelHtml } from '../../src/extension/panels/html';
import type { QueueStatus } from '../../src/webview/comparison/protocol';
import { format } from '../../src/webview/shared/l10n';
import { CAFE, CAFE_2, view } from './fixtures';
import { longWords } from './long-fixtures';
import { openPanel, recorded, send, startHarness, type Harness, chromiumSuite } from './page';
import { eventFixture, locationFixture } from './record-fixtures';
import { openRecordPage, sendRecord, startRecordHarness, type RecordHarness } from './record-page';

const QUEUE: QueueStatus = { done: 1, approved: 1, rejected: 0, skipped: 2, remaining: 7, more: false, position: 4, item: 'pending', canBack: true, canUndo: false };

/** Every non-blank text node of the page's main region outside record data (cells, ids, names). */
const uiTexts = (page: Page): Promise<string[]> =>
  page.evaluate(`(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent.trim()) continue;
      const p = n.parentElement;
      if (p.closest('td.value, .cell, code, kbd, td.num, .compared, .evidence, .codicon, dd, .name, .facts, .utc, .local, caption.sources-none, .integration, .address, a, .time')) continue;
      if (p.closest('th[scope="row"]') && p.closest('table.sum') && !p.closest('tr.total')) continue;
      out.push(n.textContent.trim());
    }
    return out;
  })()`);

// Data, not strings: the entities' column headings ("1. Café Central …") and the icons ✓ ✕.
const untranslated = (texts: string[]) => texts.filter((t) => !/⟦[^⟧]*⟧/.test(t) && !/^[·:,()\s\d%.+−–-]+$/.test(t) && !/^\d+\. /.test(t) && !/^[✓✕]$/.test(t));

describe('webview: strings in the user language and checked messages', function () {
  this.timeout(60000);
  let h: Harness;
  let r: RecordHarness;

  chromiumSuite(
    async () => [await startHarness(), await startRecordHarness()] as const,
    (started) => ([h, r] = started),
    (started) => Promise.all(started.map((x) => x.close())),
  );

  it('the HTML carries the strings as an escaped attribute, and the CSP refuses form submissions', () => {
    const html = panelHtml({ cspSource: 'https://x', nonce: 'n', scriptUri: 's', styleUri: 'c', title: 't', strings: { a: '"><script>alert(1)</script>' } });
    assert.ok(!html.includes('<script>alert'), 'markup from a string reached the HTML');
    const attribute = /<div id="root" data-l10n="([^"]*)"><\/div>/.exec(html)?.[1] ?? '';
    const decoded = attribute.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    assert.deepEqual(JSON.parse(decoded), { a: '"><script>alert(1)</script>' });
    assert.match(contentSecurityPolicy('https://x', 'n'), /; form-action 'none'/);
  });

  it('fills placeholders by position and leaves others', () => {
    assert.equal(format('{0} of {1}, {2}', ['a', 3]), 'a of 3, {2}');
    assert.equal(format('{x} {0}', ['y']), '{x} y');
  });

  it('draws the comparison and the review queue in the language handed over', async () => {
    const { page, errors } = await openPanel(h, { l10n: true });
    assert.equal(await page.locator('p.loading').innerText(), '⟦Loading the comparison…⟧');
    const long = { ...CAFE, name: longWords(3000) };
    await send(page, { type: 'show', view: view([long, CAFE_2]), queue: QUEUE });
    await page.waitForSelector('#title');
    assert.equal(await page.locator('h1').innerText(), '⟦Score 93%⟧');
    assert.equal(await page.locator('[data-count="skipped"]').innerText(), '⟦2 skipped⟧');
    assert.equal(await page.locator('.queue-item').innerText(), '⟦Item 4 · ⟦pending⟧⟧');
    assert.match(await page.locator('button.show-all').first().innerText(), /^⟦Show all \(\d[\d,]* more characters\)⟧$/);
    // The help dialog's texts too.
    await page.keyboard.press('?');
    assert.deepEqual(untranslated(await uiTexts(page)), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('draws a location and an event in the language handed over', async () => {
    for (const v of [locationFixture(), eventFixture()]) {
      const { page, errors } = await openRecordPage(r, { l10n: true });
      assert.equal(await page.locator('p.loading').innerText(), '⟦Loading the record…⟧');
      await sendRecord(page, { type: 'record', view: v });
      await page.waitForSelector('#title');
      if (v.kind === 'location') await sendRecord(page, { type: 'events', locationId: v.id, events: { state: 'loaded', items: [], hasMore: false } });
      const headings = await page.locator('h2').allInnerTexts();
      assert.ok(headings.length > 5);
      for (const heading of headings) assert.match(heading.trim(), /^⟦.*⟧$/);
      const labels = await page.locator('dt').allInnerTexts();
      for (const label of labels) assert.match(label.trim(), /^⟦.*⟧$/);
      assert.deepEqual(errors, []);
      await page.close();
    }
  });

  it('keeps English without a bundle (the catalogue is the fallback)', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2]) });
    await page.waitForSelector('#title');
    assert.equal(await page.locator('h1').innerText(), 'Score 93%');
    await page.close();
  });

  it('drops a message from the extension that does not fit the protocol, and goes on with the next', async () => {
    const { page, errors } = await openPanel(h);
    const good = view([CAFE, CAFE_2]);
    for (const bad of [
      { type: 'show', view: { ...good, rows: undefined } },
      { type: 'show', view: { ...good, score: '93%' } },
      { type: 'show', view: { ...good, kind: 'venue' } },
      { type: 'notice', message: 'x', tone: 'loud' },
      { type: 'unknown' },
      null,
    ]) await send(page, bad as never);
    assert.equal(await page.locator('p.loading').count(), 1, 'a malformed message was drawn');
    await send(page, { type: 'show', view: good });
    await page.waitForSelector('#title');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('ignores a saved state that does not fit (another version of the page) and asks afresh', async () => {
    const { page, errors } = await openPanel(h, { state: { recommendationId: 'urn:recommendation:1', view: { recommendationId: 'urn:recommendation:1', rows: 'old' } } as never });
    assert.equal(await page.locator('p.loading').count(), 1);
    assert.deepEqual((await recorded(page)).posted, [{ type: 'ready' }]);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
