// The comparison page's Undo while a decision waits out its undo period (issue 13): beside
// "Approving…" outside the review queue (which has U), posting `undo` for the recommendation on
// screen; the extension validates that message like every other. Needs `npm run build` first.
import assert from 'node:assert/strict';
import { parseWebviewMessage } from '../../src/webview/comparison/from-page';
import { CAFE, CAFE_2, view } from './fixtures';
import { openPanel, recorded, send, startHarness, type Harness, chromiumSuite } from './page';

describe('webview: Undo in the comparison panel', function () {
  this.timeout(60000);
  let h: Harness;

  chromiumSuite(startHarness, (started) => (h = started), (started) => started.close());

  it('offers Undo while the decision is on its way, and posts undo for the one on screen', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2]) });
    await page.waitForSelector('#title');
    await page.getByRole('button', { name: /^Approve/ }).click();
    await page.locator('#status').getByRole('button', { name: 'Undo' }).click();
    assert.deepEqual((await recorded(page)).posted.at(-1), { type: 'undo', recommendationId: 'urn:recommendation:1' });
    await send(page, { type: 'decision', recommendationId: 'urn:recommendation:1', status: { state: 'cancelled', verdict: 'approve' } });
    assert.equal(await page.locator('#status button').count(), 0, 'Undo stays after the outcome');
    assert.equal(await page.locator('button.decide:disabled').count(), 0);
    await page.close();
  });

  it('the extension accepts undo only with an id', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'undo', recommendationId: 'urn:x' }), { type: 'undo', recommendationId: 'urn:x' });
    assert.equal(parseWebviewMessage({ type: 'undo' }), undefined);
    assert.equal(parseWebviewMessage({ type: 'undo', recommendationId: 7 }), undefined);
  });
});
