// The comparison page brought back from its saved state (a window reload, or a hidden panel shown
// again): the copy may be stale, so Approve and Reject stay off until the extension has checked the
// recommendation and sent it again, or said why it cannot be decided (issue 13: a restored panel
// showed a decided recommendation as pending and hung on "Approving…"). Needs `npm run build` first.
import assert from 'node:assert/strict';
import { CAFE, CAFE_2, view } from './fixtures';
import { openPanel, recorded, send, startHarness, type Harness, chromiumSuite } from './page';

describe('webview: comparison page restored from its saved state', function () {
  this.timeout(60000);
  let h: Harness;

  chromiumSuite(startHarness, (started) => (h = started), (started) => started.close());

  const saved = () => ({ recommendationId: 'urn:recommendation:1', view: view([CAFE, CAFE_2]), connection: 'Local sandbox' });

  it('redraws the saved copy with its buttons off and says it is checking', async () => {
    const { page } = await openPanel(h, { state: saved() });
    assert.equal(await page.locator('h1').innerText(), 'Score 93%');
    assert.equal(await page.locator('button.decide:disabled').count(), 2, 'the buttons of a stale copy work');
    assert.match(await page.locator('#status').innerText(), /Checking whether this recommendation is still pending/);
    await page.close();
  });

  it('keeps the connection it was shown for in its state', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2]), connection: 'Staging' });
    await page.waitForSelector('#title');
    assert.equal((await recorded(page)).state?.connection, 'Staging');
    await page.close();
  });

  it('the buttons work again once the extension sends the recommendation', async () => {
    const { page } = await openPanel(h, { state: saved() });
    await send(page, { type: 'show', view: view([CAFE, CAFE_2]) });
    await page.waitForFunction("document.querySelectorAll('button.decide:disabled').length === 0");
    await page.getByRole('button', { name: /^Approve/ }).click();
    assert.deepEqual((await recorded(page)).posted.at(-1), { type: 'decide', recommendationId: 'urn:recommendation:1', verdict: 'approve' });
    await page.close();
  });

  it('a hold says why nothing can be decided, and answers a click that was already in flight', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2]) });
    await page.waitForSelector('#title');
    await page.getByRole('button', { name: /^Approve/ }).click();
    // With the undo period on, the status also offers Undo.
    assert.match(await page.locator('#status').innerText(), /^Approving…/);
    await send(page, { type: 'hold', recommendationId: 'urn:recommendation:1', message: 'No longer pending: decided elsewhere.' });
    assert.equal(await page.locator('#status').innerText(), 'No longer pending: decided elsewhere.');
    assert.equal(await page.locator('button.decide:disabled').count(), 2);
    await page.close();
  });
});
