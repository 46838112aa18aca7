// The comparison page when the extension posts its first `show` early (with the HTML, issue 12
// point 7) and replays it in answer to the page's `ready`: a replay of what the page already got is
// dropped (it would redraw an older state over what the page did since), a replay of what never
// arrived is drawn, and messages that are no replay are handled as always. Headless chromium, the built
// bundle, the extension's HTML and CSP (see page.ts). Needs `npm run build` first.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { ToWebview } from '../../src/webview/comparison/protocol';
import { CAFE, CAFE_2, view } from './fixtures';
import { openPanel, send, startHarness, type Harness, chromiumSuite } from './page';

const markCount = (page: Page, name: string) => page.evaluate((n) => performance.getEntriesByType('mark').filter((m) => m.name.startsWith(n)).length, name);

describe('webview: comparison page, the early show and the one ready brings', function () {
  this.timeout(60000);
  let h: Harness;

  chromiumSuite(startHarness, (started) => (h = started), (started) => started.close());

  const show = { type: 'show', view: view([CAFE, CAFE_2]) } as const;
  /** What the extension posts in answer to `ready` after early posts (BasePanel). */
  const replay = <M extends object>(m: M) => ({ ...m, replay: true }) as unknown as ToWebview;

  it('drops the replay of a show it already received, keeping the page as it is', async () => {
    const { page, errors } = await openPanel(h);
    await send(page, show);
    await page.waitForSelector('#title');
    // A property on the drawn table survives only if the table is not drawn again.
    await page.evaluate(() => ((document.querySelector('table.fields') as HTMLElement & { __first?: boolean }).__first = true));
    await send(page, replay(show));
    assert.equal(await page.evaluate(() => (document.querySelector('table.fields') as HTMLElement & { __first?: boolean }).__first), true, 'the replay was drawn again');
    assert.equal(await markCount(page, 'shown '), 1);
    assert.equal(await markCount(page, 'comparison: show received'), 2);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a replay does not undo what the page did since: a click on Approve, a decision in flight', async () => {
    const { page } = await openPanel(h);
    await send(page, show);
    await page.getByRole('button', { name: /^Approve/ }).click();
    const working = { type: 'decision', recommendationId: 'urn:recommendation:1', status: { state: 'working', verdict: 'approve' } } as const;
    await send(page, working);
    await send(page, replay(show));
    await send(page, replay(working));
    assert.equal(await markCount(page, 'shown '), 1, 'the replay drew the old state again');
    assert.equal(await page.locator('button.decide:disabled').count(), 2, 'the buttons came back on');
    assert.equal(await page.locator('#status button.undo').count(), 1, 'one Undo');
    await page.close();
  });

  it('draws a replay it never received (posted before it listened), and a show sent again that is no replay', async () => {
    const { page } = await openPanel(h);
    await send(page, replay(show));
    await page.waitForSelector('#title');
    assert.equal(await markCount(page, 'shown '), 1, 'a replay of something the page never got was dropped');
    await send(page, { type: 'notice', message: 'Something happened.', tone: 'info' });
    await send(page, show);
    await send(page, show);
    assert.equal(await markCount(page, 'shown '), 3, 'a show that is no replay was dropped');
    await page.close();
  });

  it('marks when its script starts and when it says ready, for the speed figures', async () => {
    const { page } = await openPanel(h);
    const names = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name));
    assert.deepEqual(names, ['comparison: script', 'comparison: ready']);
    await page.close();
  });
});
