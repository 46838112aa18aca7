// The review queue's page draws the next item itself on A, R or S, from the copy the extension sent
// ahead (`next` in `show`), before the extension answers (issue 12: next item within 50 ms); the
// decision's outcome comes later as a notice. Without a copy ahead it waits, as before. Needs
// `npm run build` first. Skips only without chromium.
import assert from 'node:assert/strict';
import type { QueueStatus } from '../../src/webview/comparison/protocol';
import { CAFE, CAFE_2, view } from './fixtures';
import { openPanel, recorded, send, startHarness, type Harness, chromiumSuite } from './page';

const status = (o: Partial<QueueStatus> = {}): QueueStatus => ({ done: 0, approved: 0, rejected: 0, skipped: 0, remaining: 5, more: false, position: 1, item: 'pending', canBack: false, canUndo: false, ...o });
const shownId = (page: import('playwright-core').Page) => page.locator('.rec-id code').innerText();

describe('webview: review queue draws the next item ahead', function () {
  this.timeout(60000);
  let h: Harness;

  chromiumSuite(startHarness, (started) => (h = started), (started) => started.close());

  it('A draws the next item at once with the counts moved, and posts the decision for the previous one', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], 'urn:rec:1'), queue: status(), next: view([CAFE_2, CAFE], 'urn:rec:2') });
    await page.waitForSelector('.queue-bar');
    await page.keyboard.press('a');
    // No message from the extension in between: the page drew it by itself.
    assert.equal(await shownId(page), 'urn:rec:2');
    assert.equal(await page.locator('.queue-bar .counts').innerText(), '1 done · 0 skipped · 4 remaining');
    assert.deepEqual((await recorded(page)).posted.at(-1), { type: 'decide', recommendationId: 'urn:rec:1', verdict: 'approve' });
    assert.equal(await page.locator('button.decide:disabled').count(), 0, 'the next item cannot be decided');
    await send(page, { type: 'notice', message: 'Approved: Café (93%).', tone: 'ok' });
    assert.equal(await page.locator('#status').innerText(), 'Approved: Café (93%).');
    await page.close();
  });

  it('S draws the next item too; without a copy ahead, A waits for the extension', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], 'urn:rec:1'), queue: status(), next: view([CAFE_2, CAFE], 'urn:rec:2') });
    await page.waitForSelector('.queue-bar');
    await page.keyboard.press('s');
    assert.equal(await shownId(page), 'urn:rec:2');
    assert.equal(await page.locator('.queue-bar .counts').innerText(), '0 done · 1 skipped · 4 remaining');
    await send(page, { type: 'show', view: view([CAFE_2, CAFE], 'urn:rec:2'), queue: status({ skipped: 1, remaining: 4, position: 2 }) });
    await page.keyboard.press('a');
    assert.equal(await shownId(page), 'urn:rec:2', 'moved without a copy ahead');
    assert.equal(await page.locator('#status').innerText(), 'Approving…');
    await page.close();
  });
});
