// The review queue's front end (dist/webview.js in queue mode) in headless chromium, in the panel's
// own page and CSP, with the stand-in for acquireVsCodeApi: each key, the help overlay, the focus
// and its visible ring, the counts. Needs `npm run build` first. Skips only without chromium.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { QueueStatus } from '../../src/webview/comparison/protocol';
import { CAFE, CAFE_2, hostileView, view } from './fixtures';
import { openPanel, recorded, send, startHarness, type Harness, chromiumSuite } from './page';

const ID = 'urn:recommendation:1';

function status(o: Partial<QueueStatus> = {}): QueueStatus {
  return { done: 0, approved: 0, rejected: 0, skipped: 0, remaining: 5, more: false, position: 1, item: 'pending', canBack: false, canUndo: false, ...o };
}

const posted = async (page: Page) => (await recorded(page)).posted.slice(1); // after `ready`
const focused = (page: Page) => page.evaluate(() => {
  const a = document.activeElement as HTMLElement | null;
  return a ? `${a.tagName.toLowerCase()}${a.className ? `.${a.className.split(' ').join('.')}` : ''}` : null;
});
const counts = (page: Page) => page.locator('.queue-bar .counts').innerText();

describe('webview: review queue in chromium', function () {
  this.timeout(60000);
  let h: Harness;

  chromiumSuite(startHarness, (started) => (h = started), (started) => started.close());

  async function queued(q = status(), o: Parameters<typeof openPanel>[1] = {}) {
    const opened = await openPanel(h, o);
    await send(opened.page, { type: 'show', view: view([CAFE, CAFE_2], ID), queue: q });
    await opened.page.waitForSelector('.queue-bar');
    return opened;
  }

  it("says in its header that it follows the Recommendations view's sort and filter, and nothing when it does not", async () => {
    const { page } = await queued(status({ scope: 'filtered: ≥ 80% · score ↑ · among 50 loaded of 206' }));
    assert.equal(await page.locator('.queue-scope').innerText(), 'Follows the Recommendations view: filtered: ≥ 80% · score ↑ · among 50 loaded of 206');
    await send(page, { type: 'queueStatus', queue: status() });
    await page.waitForFunction(() => !document.querySelector('.queue-scope'));
    await page.close();
  });

  it('shows the counts in the header, focuses the main region and draws a visible focus ring', async () => {
    const { page, errors } = await queued(status({ done: 2, skipped: 1, remaining: 40, more: true, position: 4 }));
    assert.equal(await counts(page), '2 done · 1 skipped · 40+ remaining');
    assert.match(await page.locator('.queue-item').innerText(), /Item 4 · pending/);
    assert.equal(await focused(page), 'main.comparison');
    // VS Code defines the theme's colours as variables on the page; here one is set by hand.
    const ring = await page.locator('main').evaluate((m) => {
      document.documentElement.style.setProperty('--vscode-focusBorder', 'rgb(0, 127, 212)');
      const s = getComputedStyle(m);
      return { style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor };
    });
    assert.deepEqual(ring, { style: 'solid', width: '1px', color: 'rgb(0, 127, 212)' });
    assert.equal(await page.getByRole('group', { name: 'Review queue' }).count(), 1);
    assert.equal(await page.getByRole('button', { name: /^Approve/ }).getAttribute('aria-keyshortcuts'), 'A');
    assert.equal((await recorded(page)).state?.queue, true, 'the state says queue, for the serializer');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('redrawn without the focus (the user is in a quick pick), it does not take it; given the focus, its main region takes it', async () => {
    const { page } = await queued();
    // The frame loses the focus to the workbench: in VS Code a quick pick closes when a webview takes it.
    await page.evaluate(() => {
      (document.activeElement as HTMLElement | null)?.blur();
      document.hasFocus = () => false;
    });
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], ID), queue: status({ done: 1 }) });
    assert.equal(await counts(page), '1 done · 0 skipped · 5 remaining');
    assert.equal(await focused(page), 'body', 'a background redraw took the focus');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    assert.equal(await focused(page), 'main.comparison');
    await page.close();
  });

  it('A approves the item on screen, once; R rejects after a failure', async () => {
    const { page } = await queued();
    await page.keyboard.press('a');
    assert.deepEqual(await posted(page), [{ type: 'decide', recommendationId: ID, verdict: 'approve', seq: 1 }]);
    assert.equal(await page.locator('button.decide:disabled').count(), 2);
    await page.keyboard.press('a');
    await page.keyboard.press('r');
    assert.equal((await posted(page)).length, 1, 'keys while the decision is on its way are ignored');
    await send(page, { type: 'decision', recommendationId: ID, status: { state: 'failed', verdict: 'approve', message: 'HTTP 500' } });
    await page.keyboard.press('R');
    assert.deepEqual((await posted(page)).at(-1), { type: 'decide', recommendationId: ID, verdict: 'reject', seq: 2 });
    await page.close();
  });

  it('S and → skip, ← goes back, U undoes a skip: each names the item on screen', async () => {
    const { page } = await queued(status({ canBack: true, canUndo: true }));
    for (const key of ['s', 'ArrowRight', 'ArrowLeft', 'u']) await page.keyboard.press(key);
    // Each move is numbered, so the extension can say which it had received (what it posted before a move is dropped).
    assert.deepEqual(await posted(page), ['skip', 'skip', 'back', 'undo'].map((action, i) => ({ type: 'queue', action, recommendationId: ID, seq: i + 1 })));
    await page.close();
  });

  it('says when there is nothing to go back to or undo, without asking the extension', async () => {
    const { page } = await queued();
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.locator('#status').innerText(), 'This is the first item of the queue.');
    await page.keyboard.press('u');
    assert.equal(await page.locator('#status').innerText(), 'There is nothing to undo.');
    assert.deepEqual(await posted(page), []);
    assert.equal(await page.getByRole('button', { name: 'Undo the last decision not sent yet, or the last skip' }).isDisabled(), true);
    await page.close();
  });

  it('ignores a held key and keys with Ctrl, Alt or Cmd', async () => {
    const { page } = await queued();
    await page.keyboard.down('s');
    await page.keyboard.down('s'); // the auto-repeat of a held key
    await page.keyboard.up('s');
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Alt+r');
    assert.deepEqual(await posted(page), [{ type: 'queue', action: 'skip', recommendationId: ID, seq: 1 }]);
    await page.close();
  });

  it('? opens the keys as a modal dialog: focus inside, Tab stays, other keys do nothing, Escape closes', async () => {
    const { page } = await queued();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Review queue keys' });
    assert.ok(await dialog.isVisible());
    assert.equal(await dialog.getAttribute('aria-modal'), 'true');
    assert.match(await dialog.innerText(), /A\s+Approve[\s\S]*S or →\s+Skip[\s\S]*U\s+Undo: a decision not sent yet/);
    assert.equal(await focused(page), 'button.nav');
    assert.equal(await page.locator('main').getAttribute('inert'), '', 'the page behind is not inert');
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'button.nav', 'Tab left the dialog');
    await page.keyboard.press('a');
    await page.keyboard.press('s');
    assert.deepEqual(await posted(page), [], 'keys went through the dialog');
    await page.keyboard.press('Escape');
    assert.equal(await dialog.isVisible(), false);
    assert.equal(await focused(page), 'main.comparison', 'focus did not return');
    assert.equal(await page.locator('main').getAttribute('inert'), null);
    await page.keyboard.press('?');
    await page.keyboard.press('?');
    assert.equal(await dialog.isVisible(), false, '? toggles');
    // The button opens it too, and Close closes it.
    await page.getByRole('button', { name: 'Show the keyboard keys' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    assert.equal(await dialog.isVisible(), false);
    await page.close();
  });

  it('every key has a button: Back, Skip, Undo post the same messages', async () => {
    const { page } = await queued(status({ canBack: true, canUndo: true }));
    await page.getByRole('button', { name: 'Skip this recommendation for now' }).click();
    await page.getByRole('button', { name: 'Back to the previous item' }).click();
    await page.getByRole('button', { name: 'Undo the last decision not sent yet, or the last skip' }).click();
    assert.deepEqual((await posted(page)).map((m) => m.type === 'queue' && m.action), ['skip', 'back', 'undo']);
    await page.close();
  });

  it('updates the counts in place, keeping the focus', async () => {
    const { page } = await queued(status({ canUndo: true }));
    await page.getByRole('button', { name: 'Undo the last decision not sent yet, or the last skip' }).focus();
    await send(page, { type: 'queueStatus', queue: status({ done: 1, approved: 1, remaining: 4, canUndo: true }) });
    await page.waitForFunction(() => document.querySelector('.counts')?.textContent?.startsWith('1 done'));
    assert.equal(await counts(page), '1 done · 0 skipped · 4 remaining');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Undo the last decision not sent yet, or the last skip');
    await page.close();
  });

  it('a decided item shown again is read-only; one decided elsewhere too, until it is pending again', async () => {
    const { page } = await queued(status({ item: 'approved', canBack: true }));
    await send(page, { type: 'decision', recommendationId: ID, status: { state: 'done', verdict: 'approve', message: 'Approved: Café Central.' } });
    await page.keyboard.press('a');
    assert.deepEqual(await posted(page), []);
    assert.equal(await page.locator('#status').innerText(), 'Approved: Café Central.');
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], 'urn:recommendation:2'), queue: status({ position: 2 }) });
    await send(page, { type: 'gone', recommendationId: 'urn:recommendation:2', message: 'Decided elsewhere.' });
    await page.keyboard.press('r');
    assert.deepEqual(await posted(page), []);
    assert.equal(await page.locator('#status').innerText(), 'Decided elsewhere.');
    await send(page, { type: 'pending', recommendationId: 'urn:recommendation:2', message: 'Pending again.' });
    await page.keyboard.press('r');
    assert.deepEqual(await posted(page), [{ type: 'decide', recommendationId: 'urn:recommendation:2', verdict: 'reject', seq: 1 }]);
    await page.close();
  });

  it('shows the end of the queue; ← and U there name no item', async () => {
    const { page } = await queued();
    await send(page, { type: 'queueEnd', queue: status({ item: undefined, position: 0, done: 3, approved: 2, rejected: 1, skipped: 1, remaining: 0, canBack: true, canUndo: true }), message: 'Nothing left to review.' });
    await page.waitForSelector('main.queue-end');
    assert.equal(await page.locator('h1').innerText(), 'Review queue finished');
    assert.equal(await counts(page), '3 done · 1 skipped · 0 remaining');
    assert.equal(await focused(page), 'main.comparison.queue-end');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('u');
    assert.deepEqual(await posted(page), [{ type: 'queue', action: 'back', seq: 1 }, { type: 'queue', action: 'undo', seq: 2 }]);
    await page.close();
  });

  it('at the end Skip has nothing to act on: the button is disabled and S says so without asking the extension', async () => {
    const { page } = await queued();
    await send(page, { type: 'queueEnd', queue: status({ item: undefined, position: 0, remaining: 0 }), message: 'No pending recommendations.' });
    await page.waitForSelector('main.queue-end');
    const skip = page.getByRole('button', { name: 'Skip this recommendation for now' });
    assert.equal(await skip.isDisabled(), true, 'Skip is enabled on the empty queue');
    // The other buttons with nothing to act on are disabled too; Keys always works.
    assert.equal(await page.getByRole('button', { name: /^Back/ }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: /^Undo/ }).isDisabled(), true);
    await page.keyboard.press('s');
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(await posted(page), []);
    assert.equal(await page.locator('#status').innerText(), 'There is nothing to skip: the queue is at its end.');
    await page.close();
  });

  it('at an end reached because a page failed to load, Skip stays enabled: it tries again', async () => {
    const { page } = await queued();
    await send(page, { type: 'queueEnd', queue: status({ item: undefined, position: 0, remaining: 0, retry: true }), message: 'Could not load more recommendations. Press S to try again.' });
    await page.waitForSelector('main.queue-end');
    assert.equal(await page.getByRole('button', { name: 'Skip this recommendation for now' }).isDisabled(), false);
    await page.keyboard.press('s');
    assert.deepEqual(await posted(page), [{ type: 'queue', action: 'skip', seq: 1 }]);
    await page.close();
  });

  it('the end of a queue stopped by a connection switch has its own heading, as text', async () => {
    const { page } = await queued();
    await send(page, { type: 'queueEnd', queue: status({ item: undefined, position: 0, remaining: 0 }), message: 'The active connection changed.', heading: 'Review queue stopped <b>x</b>' });
    await page.waitForSelector('main.queue-end');
    assert.equal(await page.locator('h1').innerText(), 'Review queue stopped <b>x</b>');
    assert.equal(await page.locator('h1 b').count(), 0);
    assert.equal(await page.locator('#status').innerText(), 'The active connection changed.');
    await page.close();
  });

  it('outside the queue the keys keep their usual meaning', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], ID) });
    await page.waitForSelector('#title');
    for (const key of ['a', 'r', 's', '?']) await page.keyboard.press(key);
    assert.deepEqual(await posted(page), []);
    assert.equal(await page.locator('.queue-bar, [role="dialog"]').count(), 0);
    await page.close();
  });

  it('renders a hostile corpus as text in queue mode too, and its keys still name the hostile id verbatim', async () => {
    const v = hostileView();
    const { page, errors } = await openPanel(h);
    await send(page, { type: 'show', view: v, queue: status() });
    await page.waitForSelector('.queue-bar');
    await page.keyboard.press('a');
    await page.waitForTimeout(300); // time for any image error or frame load a payload might trigger
    const rec = await recorded(page);
    assert.equal(rec.pwned, 0, 'a payload ran');
    assert.deepEqual(rec.cspViolations, []);
    assert.deepEqual(errors, []);
    assert.deepEqual(rec.posted.at(-1), { type: 'decide', recommendationId: v.recommendationId, verdict: 'approve', seq: 1 });
    assert.equal(await page.evaluate(() => document.querySelectorAll('img, iframe, svg, style, object, embed, script:not([nonce])').length), 0);
    await page.close();
  });

  it('stays usable at a narrow width, the bar included', async () => {
    const { page } = await queued(status(), { width: 320 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
    assert.ok(await page.getByRole('button', { name: 'Skip this recommendation for now' }).isVisible());
    await page.close();
  });

  // With the service down (the walk): an offline sign in the bar, A and R send nothing while
  // paused, every decision not sent listed by name (as text), and the ways on as buttons.
  it('says the service is unreachable, pauses A and R, lists the decisions not sent and offers Try Again, Go On and Retry', async () => {
    const failed = [
      { verdict: 'approve' as const, names: 'Café Uno ⇄ <img src=x onerror=alert(1)>', reason: 'Cannot reach the service at 127.0.0.1:9 (connection refused).' },
      { verdict: 'reject' as const, names: 'Owl ⇄ Fox', reason: 'Cannot reach the service at 127.0.0.1:9 (connection refused).' },
    ];
    const { page, errors } = await queued(status({ offline: { message: 'Cannot reach the service at 127.0.0.1:9 (connection refused).', paused: true }, failed, failedMore: 3 }));
    const box = page.locator('.queue-offline');
    assert.equal(await box.getAttribute('role'), 'alert');
    assert.match(await box.innerText(), /Service unreachable: Cannot reach the service at 127\.0\.0\.1:9 \(connection refused\)\. The queue is paused/);
    assert.deepEqual(await box.locator('li').allInnerTexts(), [`Approve ${failed[0].names} — ${failed[0].reason}`, `Reject ${failed[1].names} — ${failed[1].reason}`, 'and 3 more']);
    assert.match(await box.innerText(), /Not sent \(5\)/);
    await page.keyboard.press('a');
    await page.keyboard.press('r');
    assert.deepEqual(await posted(page), [], 'a key sent a decision while paused');
    assert.match(await page.locator('#status').innerText(), /Paused, nothing was sent/);
    assert.equal(await page.getByRole('button', { name: 'Send the decisions that did not reach the service again' }).isDisabled(), true, 'Retry offered while nothing can reach the service');
    await page.getByRole('button', { name: 'Ask the service now whether it answers' }).click();
    await page.getByRole('button', { name: /^Unpause/ }).click();
    assert.deepEqual(await posted(page), ['tryAgain', 'goOn'].map((action, i) => ({ type: 'queue', action, recommendationId: ID, seq: i + 1 })));
    // Going on: A is sent again; the list stays, with Retry. (The extension's answer names the moves it has received.)
    await send(page, { type: 'queueStatus', queue: status({ offline: { message: 'Cannot reach the service at 127.0.0.1:9 (connection refused).', paused: false }, failed }), seq: 2 });
    await page.getByRole('button', { name: 'Send the decisions that did not reach the service again' }).click();
    await page.keyboard.press('a');
    assert.deepEqual((await posted(page)).slice(2), [{ type: 'queue', action: 'retryFailed', recommendationId: ID, seq: 3 }, { type: 'decide', recommendationId: ID, verdict: 'approve', seq: 4 }]);
    assert.equal((await recorded(page)).pwned, 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a group’s queue keeps its group in the saved state (a reload brings the queue back on it)', async () => {
    const { page } = await queued(status({ group: { words: 'Locations: name equal', key: 'location:name=equal' } }));
    assert.deepEqual((await recorded(page)).state?.group, { key: 'location:name=equal', words: 'Locations: name equal' });
    await send(page, { type: 'queueEnd', queue: status({ item: undefined, position: 0, group: { words: 'Locations: name equal', key: 'location:name=equal' } }), message: 'Nothing left.' });
    await page.waitForSelector('main.queue-end');
    assert.deepEqual((await recorded(page)).state?.group, { key: 'location:name=equal', words: 'Locations: name equal' });
    await page.close();
  });
});
