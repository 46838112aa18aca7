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

  it('counts are grouped as the status bar groups them (a backlog of thousands)', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], 'urn:rec:1'), queue: status({ done: 1200, skipped: 3, remaining: 21639 }) });
    await page.waitForSelector('.queue-bar');
    assert.match(await page.locator('.queue-bar .counts').innerText(), /^1\D200 done · 3 skipped · 21\D639 remaining$/);
  });

  it('A draws the next item at once with the counts moved, and posts the decision for the previous one', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], 'urn:rec:1'), queue: status(), next: view([CAFE_2, CAFE], 'urn:rec:2') });
    await page.waitForSelector('.queue-bar');
    await page.keyboard.press('a');
    // No message from the extension in between: the page drew it by itself.
    assert.equal(await shownId(page), 'urn:rec:2');
    assert.equal(await page.locator('.queue-bar .counts').innerText(), '1 done · 0 skipped · 4 remaining');
    // Numbered, with the item drawn for it: the extension moves there and names the move in what it posts.
    assert.deepEqual((await recorded(page)).posted.at(-1), { type: 'decide', recommendationId: 'urn:rec:1', verdict: 'approve', seq: 1, ahead: 'urn:rec:2' });
    assert.equal(await page.locator('button.decide:disabled').count(), 0, 'the next item cannot be decided');
    await send(page, { type: 'notice', message: 'Approved: Café (93%).', tone: 'ok' });
    assert.equal(await page.locator('#status').innerText(), 'Approved: Café (93%).');
    await page.close();
  });

  it('what the extension posted before it received the move does not replace the item drawn ahead; its answer to the move does', async () => {
    const { page } = await openPanel(h);
    const first = status({ remaining: 5 });
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], 'urn:rec:1'), queue: first, next: view([CAFE_2, CAFE], 'urn:rec:2') });
    await page.waitForSelector('.queue-bar');
    await page.keyboard.press('a');
    const ahead = '1 done · 0 skipped · 4 remaining';
    assert.equal(await page.locator('.queue-bar .counts').innerText(), ahead);
    // Sent while the decision was on its way to the extension: the counts and the item before A.
    await send(page, { type: 'queueStatus', queue: first });
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], 'urn:rec:1'), queue: first, next: view([CAFE_2, CAFE], 'urn:rec:2') });
    assert.equal(await shownId(page), 'urn:rec:2', 'an older show drew the decided item again');
    assert.equal(await page.locator('.queue-bar .counts').innerText(), ahead, 'older counts replaced the ones after A');
    // Its outcome, said in the status line, still shows.
    await send(page, { type: 'notice', message: 'Approved: Café (93%).', tone: 'ok' });
    assert.equal(await page.locator('#status').innerText(), 'Approved: Café (93%).');
    // The extension's answer to the move: the counts are its own from now on.
    await send(page, { type: 'show', view: view([CAFE_2, CAFE], 'urn:rec:2'), queue: status({ done: 1, approved: 1, remaining: 4, position: 2 }), seq: 1 });
    await send(page, { type: 'queueStatus', queue: status({ done: 1, approved: 1, remaining: 3, position: 2 }), seq: 1 });
    assert.equal(await page.locator('.queue-bar .counts').innerText(), '1 done · 0 skipped · 3 remaining');
    await page.close();
  });

  it('S draws the next item too; without a copy ahead, A waits for the extension', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], 'urn:rec:1'), queue: status(), next: view([CAFE_2, CAFE], 'urn:rec:2') });
    await page.waitForSelector('.queue-bar');
    await page.keyboard.press('s');
    assert.equal(await shownId(page), 'urn:rec:2');
    assert.equal(await page.locator('.queue-bar .counts').innerText(), '0 done · 1 skipped · 4 remaining');
    await send(page, { type: 'show', view: view([CAFE_2, CAFE], 'urn:rec:2'), queue: status({ skipped: 1, remaining: 4, position: 2 }), seq: 1 });
    await page.keyboard.press('a');
    assert.equal(await shownId(page), 'urn:rec:2', 'moved without a copy ahead');
    assert.equal(await page.locator('#status').innerText(), 'Approving…');
    await page.close();
  });
});
