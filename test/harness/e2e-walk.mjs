// The end-to-end walk, as a person would do it in the workbench: find the Dedup Curator entry in the
// activity bar, open it, see the Recommendations, Locations and Events views in the side bar, then
// press "Try the Local Sandbox" and see recommendations, locations and events listed, then approve
// the first recommendation from its row and see the pending count drop; click a recommendation to
// open its comparison panel; start the review queue from the view's title bar, approve one by
// pressing A inside the webview and skip one by pressing S, and see the counts change; when the
// extension has record panels, open a location's and an event's from their views. Later steps,
// one file each: the reload, the keyboard, the speed figures, Undo, the Triage panel and Unsure,
// Find Location (docs/testing.md lists them all).
// Each step throws a StepError naming what was not found; the runner takes the failure screenshot.
import { decideFocusedRowByKeyboard } from './e2e-keyboard.mjs';
import { measureSpeed } from './e2e-speed.mjs';
import { reloadWithComparisonAndQueue } from './e2e-reload.mjs';
import { undoWithinTheUndoPeriod } from './e2e-undo.mjs';
import { triagePanelAndUnsure } from './e2e-triage.mjs';
import { findLocationWithATypo } from './e2e-find.mjs';

export const STEP_TIMEOUT_MS = 30000;

export class StepError extends Error {}

/**
 * Runs the walk on `page` (already opened on the workbench URL); `say` prints progress.
 * `welcome` is the first line of the Recommendations view's welcome text (from package.json), if any.
 * `userData` is the profile's user-data folder (the undo step reads the local sandbox's decision log there).
 */
export async function walk(page, { screenshot, say, welcome, recordPanels, userData }) {
  page.setDefaultTimeout(STEP_TIMEOUT_MS);

  await expect('the workbench to render', page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 90000 }));
  say('workbench rendered');

  // The entry appears once VS Code has read the installed extension's contributions.
  const tab = page.locator('.part.activitybar').getByRole('tab', { name: /^Dedup Curator/ });
  await expect('the "Dedup Curator" activity-bar entry', tab.waitFor({ timeout: 60000 }));
  say('activity-bar entry "Dedup Curator" visible');
  await tab.click();

  const sidebar = page.locator('.part.sidebar');
  await expect('the side bar titled "Dedup Curator"', sidebar.locator('.title-label', { hasText: /Dedup Curator/i }).waitFor());
  for (const name of ['Recommendations', 'Locations', 'Events']) {
    await expect(`the "${name}" view in the side bar`, sidebar.locator('.pane-header', { hasText: name }).waitFor());
  }
  say('views Recommendations, Locations and Events visible');

  // With no connection configured, the first view shows its welcome text: what a new user sees first.
  if (welcome) {
    await expect(`the Recommendations welcome text "${welcome}"`, sidebar.getByText(welcome).first().waitFor());
    say('welcome text visible');
  }
  await page.mouse.move(900, 450); // away from the activity bar, whose hover would cover the views
  await page.waitForTimeout(800); // let the side bar and the hover finish their transitions
  await screenshot('e2e-views');

  // The first-run path: the welcome button starts the sandbox inside the extension host (it
  // generates its synthetic data first, hence the longer wait) and the trees fill.
  const recommendations = pane(sidebar, 'Recommendations');
  await expect('the "Try the Local Sandbox" button', recommendations.getByRole('button', { name: 'Try the Local Sandbox' }).click());
  say('pressed "Try the Local Sandbox"');
  for (const name of ['Recommendations', 'Locations', 'Events']) {
    await expect(`rows in the ${name} view after starting the sandbox`, pane(sidebar, name).locator('.monaco-list-row').first().waitFor({ timeout: 120000 }));
  }
  const first = await pane(sidebar, 'Recommendations').locator('.monaco-list-row').first().innerText();
  say(`views filled; first recommendation: ${first.replace(/\s+/g, ' ').slice(0, 80)}`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot('e2e-sandbox');

  // The curator's core move: approve the first recommendation with the ✓ on its row; the row
  // leaves the tree and the pending count in the view's header drops by one.
  const before = await pendingCount(recommendations);
  const row = recommendations.locator('.monaco-list-row').first();
  const label = (await row.locator('.label-name').first().innerText()).trim();
  await row.hover();
  await expect('the inline "Approve Recommendation" action', row.getByRole('button', { name: /Approve Recommendation/ }).click());
  say(`approved "${label}" (${before} pending before)`);
  const deadline = Date.now() + 30000;
  while ((await pendingCount(recommendations)) !== before - 1) {
    if (Date.now() > deadline) throw new StepError(`the pending count did not drop from ${before} (it reads ${await pendingCount(recommendations)})`);
    await page.waitForTimeout(200);
  }
  say(`pending count ${before} → ${await pendingCount(recommendations)}`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot('e2e-approved');

  await comparisonAndQueue(page, recommendations, { screenshot, say });
  // Right after the queue opens (it measures the queue's A), before steps that change the list's
  // order and size; it closes every editor when done.
  await measureSpeed(page, page.locator('.part.sidebar'), { say });
  await wholeListAndBulkReview(page, sidebar, { screenshot, say, recordPanels });
  if (recordPanels) {
    await recordPanel(page, pane(sidebar, 'Locations'), 'location', { screenshot, say });
    const event = await recordPanel(page, pane(sidebar, 'Events'), 'event', { screenshot, say });
    await reloadRestoresPanel(page, 'event', event, { say });
  }
  await reloadWithComparisonAndQueue(page, sidebar, { screenshot, say });
  await decideFocusedRowByKeyboard(page, page.locator('.part.sidebar'), { screenshot, say });
  await undoWithinTheUndoPeriod(page, page.locator('.part.sidebar'), { screenshot, say, userData });
  await triagePanelAndUnsure(page, page.locator('.part.sidebar'), { screenshot, say });
  if (recordPanels) await findLocationWithATypo(page, { screenshot, say });
}

/**
 * A reload of the window (the browser page) brings the open panel back through the extension's
 * WebviewPanelSerializer and the page's saved state, showing the same record.
 */
async function reloadRestoresPanel(page, kind, heading, { say }) {
  // The web workbench writes its editor state (which panels are open) to storage on a timer; give it
  // time to include the panel just opened, as a user's reload would some seconds later.
  await page.waitForTimeout(6000);
  await page.reload();
  await expect('the workbench after the reload', page.locator('.monaco-workbench').waitFor({ timeout: STEP_TIMEOUT_MS }));
  // After a reload the extension host starts again before any panel is restored: on a loaded machine that takes a while.
  const frame = await webviewFrame(page, `the ${kind} panel restored after the reload`, (f) => f.locator(`main.record.${kind} h1`).first(), undefined, 120000);
  const restored = (await frame.locator(`main.record.${kind} h1`).innerText()).trim();
  if (restored !== heading) throw new StepError(`after the reload the ${kind} panel shows "${restored}", not "${heading}"`);
  say(`reloaded the window: the ${kind} panel is restored ("${restored}")`);
}

/** A click on the first row of the Locations (Events) view opens its record panel. */
async function recordPanel(page, view, kind, { screenshot, say }) {
  const row = view.locator('.monaco-list-row').first();
  const label = (await row.locator('.label-name').first().innerText()).trim();
  await row.locator('.label-name').first().click();
  const frame = await webviewFrame(page, `the ${kind} panel of "${label}"`, (f) => f.locator(`main.record.${kind} h1`).first());
  const heading = (await frame.locator(`main.record.${kind} h1`).innerText()).trim();
  say(`${kind} panel: ${heading}`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot(`e2e-${kind}`);
  return heading;
}

/**
 * A click on a recommendation opens its comparison panel; the title bar's "Start Review Queue"
 * opens the queue; A (approve) and S (skip) are pressed inside the webview, as a curator would.
 */
async function comparisonAndQueue(page, recommendations, { screenshot, say }) {
  const row = recommendations.locator('.monaco-list-row').first();
  const label = (await row.locator('.label-name').first().innerText()).trim();
  await row.locator('.label-name').first().click();
  const comparison = await webviewFrame(page, 'the comparison panel', (f) => f.locator('main.comparison h1').first(), (f) => f.locator('.queue-bar').count().then((n) => n === 0));
  const score = await comparison.locator('main.comparison h1').innerText();
  say(`comparison panel of "${label}": ${score}, ${await comparison.locator('tbody tr[data-field]').count()} field rows`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot('e2e-comparison');

  const header = recommendations.locator('.pane-header');
  await header.hover();
  await expect('the "Start Review Queue" action in the Recommendations title bar', header.getByRole('button', { name: 'Start Review Queue' }).click());
  const queue = await webviewFrame(page, 'the review queue', (f) => f.locator('.queue-bar').first());
  const start = await queueCounts(queue);
  const pendingBefore = await pendingCount(recommendations);
  say(`review queue open: ${start.text}`);

  // No click first: the queue takes the keyboard focus when it opens (its main region is focused).
  await until('the focus to be in the queue page', () => queue.evaluate("document.hasFocus() && document.activeElement?.tagName === 'MAIN'"));
  await page.keyboard.press('a');
  await until('the queue to count the approval', async () => (await queueCounts(queue)).done === start.done + 1);
  await until('the pending count to drop after A', async () => (await pendingCount(recommendations)) === pendingBefore - 1);
  const approved = await queueCounts(queue);
  say(`pressed A: ${approved.text}; pending ${pendingBefore} → ${pendingBefore - 1}`);

  await page.keyboard.press('s');
  await until('the queue to count the skip', async () => (await queueCounts(queue)).skipped === start.skipped + 1);
  const skipped = await queueCounts(queue);
  if (skipped.remaining !== approved.remaining - 1) throw new StepError(`S did not lower "remaining" (${approved.text} → ${skipped.text})`);
  say(`pressed S: ${skipped.text}`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot('e2e-queue');
}

/** The done / skipped / remaining figures of the queue's header. */
export async function queueCounts(frame) {
  const text = (await frame.locator('.queue-bar .counts').innerText()).trim();
  const m = /([\d,]+) done · ([\d,]+) skipped · ([\d,]+)\+? remaining/.exec(text);
  if (!m) throw new StepError(`unexpected counts in the review queue's header: "${text}"`);
  const n = (x) => Number(x.replace(/,/g, ''));
  return { text, done: n(m[1]), skipped: n(m[2]), remaining: n(m[3]) };
}

/**
 * The frame of the webview whose page shows `locate(frame)` (and passes `also`, if given). A webview
 * is an iframe inside an iframe; hidden panels keep theirs, so each frame is asked, newest first.
 */
export async function webviewFrame(page, what, locate, also, timeoutMs = STEP_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const frame of page.frames().reverse()) {
      const found = await locate(frame).isVisible().catch(() => false);
      if (found && (!also || (await also(frame).catch(() => false)))) return frame;
    }
    await page.waitForTimeout(250);
  }
  throw new StepError(`did not find ${what} in any webview frame`);
}

export async function until(what, check) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new StepError(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The "N pending" figure in a view's header description. */
export async function pendingCount(view) {
  const text = await view.locator('.pane-header .description').first().innerText();
  const m = /([\d,]+) pending/.exec(text);
  if (!m) throw new StepError(`no pending count in the Recommendations header (it reads "${text}")`);
  return Number(m[1].replace(/,/g, ''));
}

/** The side-bar pane (view) whose header reads `name`. */
export function pane(sidebar, name) {
  return sidebar.locator('.pane').filter({ has: sidebar.page().locator('.pane-header', { hasText: name }) });
}

export async function expect(what, promise) {
  try {
    await promise;
  } catch (e) {
    // Playwright's own message is long and generic; keep its first line for the log.
    throw new StepError(`did not find ${what}: ${String(e.message).split('\n')[0]}`);
  }
}

// ---- Issue 13, points 2, 3 and 7: whole-list sort and search, bulk review, preview panels ----

/** The steps of issue 13 that live in the views: one entry point, so merging with others' steps is one line. */
async function wholeListAndBulkReview(page, sidebar, { screenshot, say, recordPanels }) {
  const recommendations = pane(sidebar, 'Recommendations');
  if (recordPanels) await previewPanels(page, pane(sidebar, 'Locations'), { screenshot, say });
  await sortWholeList(page, recommendations, { screenshot, say });
  if (recordPanels) await searchAllLocations(page, { screenshot, say });
  await bulkReview(page, recommendations, { screenshot, say });
}

/** Runs a command from the palette (F1), typed as a user would. */
export async function runCommand(page, title) {
  // F1 inside a webview's frame does not reach the workbench: give the focus to the side bar first.
  await page.locator('.part.sidebar .title-label').first().click();
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await expect('the command palette', input.waitFor());
  await input.fill(`>${title}`);
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first();
  await expect(`the command "${title}" in the palette`, row.waitFor());
  await row.click();
}

/** The label texts of the quick pick's visible rows. */
async function quickPickRows(page) {
  return page.locator('.quick-input-widget .quick-input-list .monaco-list-row').allInnerTexts();
}

/** Point 7: a click on a location opens a preview that the next click replaces; "Keep Panel Open" keeps it. */
async function previewPanels(page, locations, { screenshot, say }) {
  const rows = locations.locator('.monaco-list-row');
  const locationTabs = () => page.locator('.part.editor .tabs-container .tab', { hasText: /^Location: / }).count();
  for (const i of [0, 1, 2]) {
    const name = (await rows.nth(i).locator('.label-name').first().innerText()).trim();
    await rows.nth(i).locator('.label-name').first().click();
    // This row's own panel, not the previous preview still active on a loaded machine.
    await until(`the location panel of row ${i + 1}`, async () => (await page.locator('.part.editor .tab.active', { hasText: `Location: ${name}` }).count()) === 1);
    await page.waitForTimeout(500);
  }
  const previews = await locationTabs();
  if (previews !== 1) throw new StepError(`three clicks on locations left ${previews} location tabs, not one preview`);
  say('three clicks on locations: one preview tab, replaced at each click');
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot('e2e-preview');
  const keep = page.locator('.part.editor .editor-actions').getByRole('button', { name: /Keep Panel Open/ });
  await expect('the "Keep Panel Open" action in the panel\'s title bar', keep.click());
  // The action leaves the title bar once the panel is kept (its context key is cleared): only then
  // may the next click open a preview beside it, not replace it.
  await until('"Keep Panel Open" to leave the title bar (the panel kept)', async () => (await keep.count()) === 0);
  await rows.nth(3).locator('.label-name').first().click();
  await until('a second location tab after "Keep Panel Open"', async () => (await locationTabs()) === 2);
  say('"Keep Panel Open", then another click: the kept panel stays, a new preview opens beside it');
  // Later steps find panels by their page: leave none of these behind (a replaced preview's frame
  // would vanish under them).
  await runCommand(page, 'View: Close All Editors');
  await until('the editors to close', async () => (await locationTabs()) === 0);
}

/** Point 2: "Score, lowest first" loads the whole list; the last row is a recommendation, not "Load more". */
async function sortWholeList(page, recommendations, { screenshot, say }) {
  const description = () => recommendations.locator('.pane-header .description').first().innerText();
  await runCommand(page, 'Dedup Curator: Sort Recommendations');
  const lowest = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Score, lowest first' });
  await expect('the "Score, lowest first" choice', lowest.click());
  await until('the header to say "score ↑" over the whole list', async () => /score ↑/.test(await description()) && !/among/.test(await description()));
  // The list's end: with the whole list loaded there is no "Load … more" row. The keyboard walks
  // the tree (a click on a row would open its comparison); rows are virtual, so read by position.
  await runCommand(page, 'Dedup Curator: Focus on Recommendations View');
  await page.waitForTimeout(300);
  await page.keyboard.press('End');
  await page.waitForTimeout(500);
  const last = (await recommendations.locator('.monaco-list-row.focused').first().innerText()).replace(/\s+/g, ' ').trim();
  if (/^Load /.test(last)) throw new StepError(`after sorting, the list still ends with "${last}"`);
  await page.keyboard.press('Home');
  await page.waitForTimeout(500);
  const first = (await recommendations.locator('.monaco-list-row[data-index="0"]').first().innerText()).replace(/\s+/g, ' ').trim();
  const m = /^(\d+)%/.exec(first);
  if (!m) throw new StepError(`the first row does not begin with its score: "${first}"`);
  const lastScore = Number(/^(\d+)%/.exec(last)?.[1]);
  if (!(lastScore >= Number(m[1]))) throw new StepError(`lowest first, yet the last row (${last}) is not above the first (${first})`);
  say(`sorted lowest first over the whole list (${await description()}): first row "${first.slice(0, 60)}", last "${last.slice(0, 60)}"`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot('e2e-sorted');
}

/** Point 2: "Open Location" says what it searched, and "Load all and search again" searches all. */
async function searchAllLocations(page, { screenshot, say }) {
  await runCommand(page, 'Dedup Curator: Open Location');
  const title = page.locator('.quick-input-widget .quick-input-title');
  await until('the Open Location search to say what it searched', async () => /among the \d+ loaded|, all \d+/.test(await title.innerText()));
  let text = await title.innerText();
  if (/among/.test(text)) {
    // Typed (the search has the focus): fill() waits on checks that time out on a loaded machine.
    await page.keyboard.type('zzzz-no-such-place');
    const loadAll = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Load all and search again' });
    await expect('"Load all and search again", shown even when nothing matches', loadAll.waitFor());
    await screenshot('e2e-open-location');
    await loadAll.click();
    await until('the search over all locations', async () => /, all \d+/.test(await title.innerText().catch(() => '')));
    text = await title.innerText();
  } else await screenshot('e2e-open-location');
  say(`Open Location: "${text}"`);
  await page.keyboard.press('Escape');
}

/** Point 3: "Approve All Matching…" lists what it will decide, each can be left out, and Approve is not the default. */
async function bulkReview(page, recommendations, { screenshot, say }) {
  const before = await pendingCount(recommendations);
  await runCommand(page, 'Dedup Curator: Approve All Matching');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await expect('the score range input', input.waitFor());
  // A band, not everything above a score: later steps (the reload, the keyboard, the speed figures)
  // need pending rows left after it.
  await input.fill('0.9-0.97');
  await page.keyboard.press('Enter');
  const title = page.locator('.quick-input-widget .quick-input-title');
  await until('the list of what will be approved', async () => /^Approve \d+ recommendations/.test(await title.innerText()));
  const listed = Number(/^Approve (\d+)/.exec(await title.innerText())[1]);
  const rows = await quickPickRows(page);
  if (!rows.length || !rows.every((r) => /^\d+% · .+/.test(r.trim()))) throw new StepError(`rows without score and names: ${JSON.stringify(rows.slice(0, 3))}`);
  // Flagged ones (⚑, issue 17) come first and start unchecked; every other row starts checked.
  const rowLocator = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const isChecked = (row) => row.locator('input[type=checkbox]:checked, .monaco-custom-toggle.checked').count();
  let checked = 0;
  let firstChecked = -1;
  for (let i = 0; i < rows.length; i++) {
    const row = rowLocator.nth(i);
    const on = (await isChecked(row)) > 0;
    const flagged = (await row.innerText()).includes('⚑');
    if (on === flagged) throw new StepError(`row ${i + 1} is ${on ? 'checked' : 'unchecked'} but ${flagged ? '' : 'not '}flagged`);
    if (on) {
      checked++;
      if (firstChecked < 0) firstChecked = i;
    }
  }
  // Leave the first checked one out; with more flagged rows than fit, the checked ones are all below
  // the visible part (the sandbox's data decides), and the dialog's count still says what goes.
  if (firstChecked >= 0) await rowLocator.nth(firstChecked).locator('input[type=checkbox], .monaco-custom-toggle').first().click();
  say(`Approve All Matching 90–97 %: ${listed} listed with score and names, ${checked} visible checked (the rest flagged); ${firstChecked >= 0 ? `left "${rows[firstChecked].trim().slice(0, 50)}" out` : 'every visible row flagged, none left out'}`);
  await screenshot('e2e-bulk-review');
  await expect('the OK button of the list', page.locator('.quick-input-widget').getByRole('button', { name: 'OK' }).click());
  const dialog = page.locator('.monaco-dialog-box');
  await expect('the confirmation dialog', dialog.waitFor());
  const focused = String(await page.evaluate("document.activeElement?.textContent ?? ''")).trim();
  if (/^Approve/.test(focused)) throw new StepError(`the confirmation's default (focused) button is "${focused}"`);
  say(`confirmation: "${(await dialog.locator('.dialog-message-text').innerText()).trim()}", default button "${focused}"`);
  await screenshot('e2e-bulk-confirm');
  // Rows beyond the visible ones follow the same rule, so the count comes from the dialog's own button.
  await expect('the "Approve N" button', dialog.getByRole('button', { name: /^Approve \d+$/ }).click());
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'bulk approve:' });
  await expect('the bulk summary notification', toast.waitFor({ timeout: 60000 }));
  say(`summary: ${(await toast.innerText()).replace(/\s+/g, ' ').slice(0, 300)}; pending ${before} → ${await pendingCount(recommendations)}`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot('e2e-bulk-summary');
}
