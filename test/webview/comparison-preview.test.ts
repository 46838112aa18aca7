// The comparison page of a re-used preview panel (issue 12, point 7): the extension sends a `show`
// for another recommendation at any time, also while the page waits on a decision of the first.
// The page draws the new one from the top with its buttons on, the first one's "Approving…" and
// Undo gone, and later news of the first one (its decision, "decided elsewhere") left out.
// Headless chromium, the built bundle, the extension's HTML and CSP (see page.ts). Needs
// `npm run build` first.
import assert from 'node:assert/strict';
import type { ToWebview } from '../../src/webview/comparison/protocol';
import { CAFE, CAFE_2, view } from './fixtures';
import { openPanel, recorded, send, startHarness, type Harness, chromiumSuite } from './page';

const A = 'urn:recommendation:1';
const B = 'urn:recommendation:2';
const showA = { type: 'show', view: view([CAFE, CAFE_2], A) } as const;
const showB = { type: 'show', view: view([CAFE_2, { ...CAFE, name: 'Zum Goldenen Hirschen' }], B) } as const;

describe('webview: comparison page re-used for another recommendation', function () {
  this.timeout(60000);
  let h: Harness;

  chromiumSuite(startHarness, (started) => (h = started), (started) => started.close());

  it('a show for another recommendation while the first is being approved: the second, from the top, ready to decide', async () => {
    // Narrow and short, so the comparison scrolls.
    const { page, errors } = await openPanel(h, { width: 420 });
    await page.setViewportSize({ width: 420, height: 300 });
    await send(page, showA);
    await page.waitForSelector('#title');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    assert.ok((await page.evaluate(() => window.scrollY)) > 0, 'the page did not scroll');
    await page.getByRole('button', { name: /^Approve/ }).click();
    await send(page, { type: 'decision', recommendationId: A, status: { state: 'working', verdict: 'approve' } });
    assert.equal(await page.locator('button.decide:disabled').count(), 2, 'not mid-decision');
    assert.match(await page.locator('#status').innerText(), /Approving/);

    await send(page, showB);
    assert.equal(await page.locator('.rec-id code').innerText(), B);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the second recommendation is not shown from the top');
    assert.equal(await page.locator('button.decide:disabled').count(), 0, "the first one's busy buttons stayed");
    assert.equal(await page.locator('#status button.undo').count(), 0, "the first one's Undo stayed");
    assert.doesNotMatch(await page.locator('#status').innerText(), /Approving/);
    assert.equal((await recorded(page)).state?.recommendationId, B, 'the saved state (for a restore) is not the second');

    // News of the first one arriving late changes nothing on screen.
    const late: ToWebview[] = [
      { type: 'decision', recommendationId: A, status: { state: 'done', verdict: 'approve', message: 'Approved: the first.' } },
      { type: 'gone', recommendationId: A, message: 'Decided elsewhere.' },
      { type: 'hold', recommendationId: A, message: 'This page showed another recommendation.' },
    ];
    for (const m of late) await send(page, m);
    assert.equal(await page.locator('button.decide:disabled').count(), 0, 'a message about the first one turned the buttons off');
    assert.doesNotMatch(await page.locator('#status').innerText(), /Approved|elsewhere|another/);

    // A decision now is for the second.
    await page.getByRole('button', { name: /^Reject/ }).click();
    assert.deepEqual((await recorded(page)).posted.at(-1), { type: 'decide', recommendationId: B, verdict: 'reject' });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a second show before the page listened, then the replay of the second: drawn once each, the second stays', async () => {
    const { page } = await openPanel(h);
    await send(page, showA);
    await send(page, showB);
    await send(page, { ...showB, replay: true } as unknown as ToWebview);
    assert.equal(await page.locator('.rec-id code').innerText(), B);
    const shown = await page.evaluate(() => performance.getEntriesByType('mark').map((m) => m.name).filter((n) => n.startsWith('shown ')));
    assert.deepEqual(shown, [`shown ${A}`, `shown ${B}`]);
    await page.close();
  });
});
