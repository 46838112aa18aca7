// The comparison page when the extension posts its first `show` early (with the HTML, issue 12
// point 7) and again after the page's `ready`: the repeat is not drawn a second time, while the same
// `show` after anything else on the page (a message, a click) is. Headless chromium, the built
// bundle, the extension's HTML and CSP (see page.ts). Needs `npm run build` first.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { CAFE, CAFE_2, view } from './fixtures';
import { CHROMIUM, openPanel, recorded, send, startHarness, type Harness } from './page';

const markCount = (page: Page, name: string) => page.evaluate((n) => performance.getEntriesByType('mark').filter((m) => m.name.startsWith(n)).length, name);

describe('webview: comparison page, the early show and the one ready brings', function () {
  this.timeout(60000);
  let h: Harness;

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      console.log(`    (skipped: no chromium at ${CHROMIUM}; install Debian's chromium: sudo apt-get install -y chromium)`);
      this.skip();
    }
    h = await startHarness();
  });
  after(async () => h?.close());

  it('draws a show repeated with nothing in between only once, keeping the page as it is', async () => {
    const { page, errors } = await openPanel(h);
    const show = { type: 'show', view: view([CAFE, CAFE_2]) } as const;
    await send(page, show);
    await page.waitForSelector('#title');
    // A property on the drawn table survives only if the table is not drawn again.
    await page.evaluate(() => ((document.querySelector('table.fields') as HTMLElement & { __first?: boolean }).__first = true));
    await send(page, show);
    assert.equal(await page.evaluate(() => (document.querySelector('table.fields') as HTMLElement & { __first?: boolean }).__first), true, 'the repeat was drawn again');
    assert.equal(await markCount(page, 'shown '), 1);
    assert.equal(await markCount(page, 'comparison: show received'), 2);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('draws the same show again after another message or a click, and a changed one at once', async () => {
    const { page } = await openPanel(h);
    const show = { type: 'show', view: view([CAFE, CAFE_2]) } as const;
    await send(page, show);
    await send(page, { type: 'notice', message: 'Something happened.', tone: 'info' });
    await send(page, show);
    assert.equal(await markCount(page, 'shown '), 2, 'a show after a notice was dropped');
    // A click on Approve turns the buttons off; the same show after it must turn them on again.
    await page.getByRole('button', { name: /^Approve/ }).click();
    assert.deepEqual((await recorded(page)).posted.at(-1), { type: 'decide', recommendationId: 'urn:recommendation:1', verdict: 'approve' });
    await send(page, show);
    assert.equal(await markCount(page, 'shown '), 3, 'a show after a click was dropped');
    assert.equal(await page.locator('button.decide:disabled').count(), 0);
    await send(page, { ...show, notice: 'Now with a notice.' });
    assert.equal(await markCount(page, 'shown '), 4, 'a changed show was dropped');
    assert.equal(await page.locator('#status').innerText(), 'Now with a notice.');
    await page.close();
  });

  it('marks when its script starts and when it says ready, for the speed figures', async () => {
    const { page } = await openPanel(h);
    const names = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name));
    assert.deepEqual(names, ['comparison: script', 'comparison: ready']);
    await page.close();
  });
});
