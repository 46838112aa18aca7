// The walk's window reload with a comparison panel and the review queue open (issue 13): after the
// reload the views fill without VS Code's "no data provider" message, the active connection is
// still "Local sandbox", the queue continues (not "finished"), and a decision is made from the
// restored queue (A) and from the restored comparison panel (Approve), each reaching the service
// (the pending count drops). A comparison of a recommendation decided before the reload says it is
// no longer pending, with its buttons off. Kept apart from e2e-walk.mjs so steps added there by
// others merge without touching these.
import { STEP_TIMEOUT_MS, StepError, expect, pane, pendingCount, queueCounts, until, webviewFrame } from './e2e-walk.mjs';

const NO_PROVIDER = 'There is no data provider registered';

/**
 * Expects the review queue open (from the walk's earlier steps) and the side bar showing the views.
 * Opens a comparison of a pending recommendation away from the queue's item, reloads, decides.
 */
export async function reloadWithComparisonAndQueue(page, sidebar, { screenshot, say }) {
  const recommendations = pane(sidebar, 'Recommendations');
  // A row well below the queue's position (the queue walks the tree's order from the top).
  const rows = recommendations.locator('.monaco-list-row');
  await expect('six rows in the Recommendations view', rows.nth(5).waitFor());
  const row = rows.nth(5);
  const label = (await row.locator('.label-name').first().innerText()).trim();
  // A click while the tree re-sorts under it (the sandbox re-scores after it learns) can land on no
  // row at all on a loaded machine (CI once saw no panel open): click again, a few times at most.
  const opened = (f) => f.locator('main.comparison h1').first();
  const ready = async (f) => (await f.locator('.queue-bar').count()) === 0 && (await f.locator('button.decide.approve').isEnabled());
  let comparison;
  for (let attempt = 1; !comparison; attempt++) {
    await row.locator('.label-name').first().click();
    try {
      comparison = await webviewFrame(page, `the comparison panel of "${label}"`, opened, ready, attempt < 3 ? 15_000 : STEP_TIMEOUT_MS);
    } catch (e) {
      if (!(e instanceof StepError) || attempt >= 3) throw e;
      say(`no comparison panel 15 s after click ${attempt} on "${label}": clicking again`);
    }
  }
  const id = (await comparison.locator('.rec-id code').innerText()).trim();
  // The tab names what the panel shows: the tree may have re-sorted between reading the row and the
  // click (the sandbox re-scores its list after it learns from decisions), so the row's label is not
  // proof of what opened; the active tab is.
  const tab = (await page.locator('.tabs-container .tab.active .label-name').first().innerText()).trim();
  if (!tab.startsWith('Compare: ')) throw new StepError(`the active tab after the click is not a comparison: "${tab}"`);
  say(`opened the comparison of "${label}" (${id}; tab "${tab}") before the reload`);
  if (!(await editorTab(page, /^Review Queue/).count())) {
    // Later steps of the walk close every editor: open the queue again, as a user would.
    const header = recommendations.locator('.pane-header');
    await header.hover();
    await expect('the "Start Review Queue" action in the Recommendations title bar', header.getByRole('button', { name: 'Start Review Queue' }).click());
    await webviewFrame(page, 'the review queue', (f) => f.locator('.queue-bar').first());
    say('opened the review queue again before the reload');
  }
  if (!(await editorTab(page, /^Review Queue/).count())) throw new StepError('the review queue is not open before the reload');

  // The web workbench saves which editors are open on a timer: give it time, as a user's reload would.
  await page.waitForTimeout(6000);
  const reloadedAt = Date.now();
  await page.reload();
  await expect('the workbench after the reload', page.locator('.monaco-workbench .part.sidebar').waitFor({ timeout: STEP_TIMEOUT_MS }));
  const after = page.locator('.part.sidebar');
  // Watch the side bar until the rows are back: VS Code's raw "no data provider" must never show.
  const timeline = [];
  let last = '';
  const deadline = Date.now() + 120000;
  for (;;) {
    const rows = await pane(after, 'Recommendations').locator('.monaco-list-row').count();
    const noProvider = await after.getByText(NO_PROVIDER).count();
    const welcome = await after.locator('.welcome-view-content').count();
    const now = `${noProvider ? 'no-provider ' : ''}${welcome ? 'welcome ' : ''}${rows ? 'rows' : ''}`.trim() || 'blank';
    if (now !== last) timeline.push(`${Date.now() - reloadedAt} ms ${now}`);
    last = now;
    if (rows > 0) break;
    if (Date.now() > deadline) throw new StepError(`no rows in the Recommendations view within 120 s of the reload (${timeline.join(', ')})`);
    await page.waitForTimeout(100);
  }
  say(`reloaded: side bar after the reload: ${timeline.join(' → ')}`);
  // Until the extension host has started and read the extension's contributions, VS Code shows its
  // own message (our code is not running yet: that span is the host's start, reported above). Once
  // our rows are there, all three tree data providers must be too — they are registered together,
  // before activation awaits anything — so the message must not show in any view from then on.
  for (let i = 0; i < 20; i++) {
    if ((await after.getByText(NO_PROVIDER).count()) > 0) throw new StepError(`"${NO_PROVIDER}" shows in a view while the Recommendations view has rows (${timeline.join(' → ')})`);
    await page.waitForTimeout(150);
  }
  const status = await page.locator('.part.statusbar').getByText(/Local sandbox/).first().innerText().catch(() => '');
  if (!status) throw new StepError(`after the reload the status bar does not name "Local sandbox" (it reads "${(await page.locator('.part.statusbar').innerText()).replace(/\s+/g, ' ')}")`);
  say(`status bar after the reload: ${status.replace(/\s+/g, ' ')}`);

  // The restored queue continues where it was and A decides from it.
  const views = pane(after, 'Recommendations');
  await expect('the review queue tab after the reload', editorTab(page, /^Review Queue/).first().click());
  const queue = await webviewFrame(page, 'the restored review queue', (f) => f.locator('.queue-bar').first(), undefined, 120000);
  const itemText = await queue.locator('.queue-item').innerText();
  if (/End of the queue/.test(itemText)) throw new StepError(`the restored queue says it is finished: ${(await queue.locator('#status').innerText()).trim()}`);
  await until('the restored queue to show a pending item', async () => /pending/.test(await queue.locator('.queue-item').innerText()));
  const start = await queueCounts(queue);
  const pendingBefore = await pendingCount(views);
  await queue.locator('main').focus();
  await page.keyboard.press('a');
  await until('the restored queue to count the approval', async () => (await queueCounts(queue)).done === start.done + 1);
  await until('the pending count to drop after A in the restored queue', async () => (await pendingCount(views)) === pendingBefore - 1);
  say(`restored queue: pressed A (${start.text} → ${(await queueCounts(queue)).text}); pending ${pendingBefore} → ${pendingBefore - 1}`);

  // The restored comparison decides too: its buttons work once it has read the recommendation again.
  // Its tab is named by the names; the tree's row starts with the score.
  await expect(`the comparison tab "${tab}" after the reload`, editorTab(page, new RegExp(`^${escape(tab.slice(0, 40))}`)).first().click());
  const restored = await webviewFrame(page, `the restored comparison "${tab}"`, (f) => f.locator('.rec-id code', { hasText: id }).first(), (f) => f.locator('.queue-bar').count().then((n) => n === 0));
  await until('the restored comparison’s Approve to be enabled', () => restored.locator('button.decide.approve').isEnabled());
  const beforeApprove = await pendingCount(views);
  await restored.locator('button.decide.approve').click();
  await until('the restored comparison to say the approval was made', async () => /Approved:/.test(await restored.locator('#status').innerText()));
  await until('the pending count to drop after Approve in the restored comparison', async () => (await pendingCount(views)) === beforeApprove - 1);
  say(`restored comparison: Approve → "${(await restored.locator('#status').innerText()).trim().slice(0, 90)}"; pending ${beforeApprove} → ${beforeApprove - 1}`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot('e2e-reload-decided');
}

/** An editor tab whose title matches. */
function editorTab(page, title) {
  return page.locator('.tabs-container .tab').filter({ has: page.locator('.label-name', { hasText: title }) });
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
