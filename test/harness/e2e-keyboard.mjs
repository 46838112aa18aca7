// Deciding from the Recommendations tree by keyboard alone (issue 12): focus the view, move to a
// row with the arrow keys (focus, not selection: Enter would also open its comparison), press
// Ctrl+Alt+A. That row is approved — not the first, not a selected one — and no panel opens.
// Kept apart from e2e-walk.mjs so steps added there by others merge without touching these.
import { StepError, expect, pane, pendingCount, until } from './e2e-walk.mjs';

export async function decideFocusedRowByKeyboard(page, sidebar, { screenshot, say }) {
  const view = pane(sidebar, 'Recommendations');
  await expect('three rows in the Recommendations view', view.locator('.monaco-list-row').nth(2).waitFor());
  const tabsBefore = await page.locator('.tabs-container .tab').count();
  // The command palette's "Focus on Recommendations View": no click on a row.
  await page.keyboard.press('F1');
  await expect('the command palette', page.locator('.quick-input-widget input').waitFor());
  await page.keyboard.type('Focus on Recommendations View');
  await expect('the "Focus on Recommendations View" command', page.locator('.quick-input-list .monaco-list-row', { hasText: 'Focus on Recommendations View' }).first().waitFor());
  await page.keyboard.press('Enter');
  await until('the keyboard focus in the Recommendations tree', () => view.locator('.monaco-list:focus-within').count().then((n) => n > 0));
  // One key at a time, each seen by the tree before the next (on a loaded machine a key pressed
  // while the list re-renders after the reload can be lost), until the third row has the focus.
  const focused = view.locator('.monaco-list-row.focused');
  const focusedIndex = async () => ((await focused.count()) === 1 ? Number(await focused.getAttribute('data-index')) : -1);
  await page.keyboard.press('Home');
  await until('the first row focused', async () => (await focusedIndex()) === 0);
  for (let i = 0; i < 6 && (await focusedIndex()) < 2; i++) {
    const from = await focusedIndex();
    await page.keyboard.press('ArrowDown');
    await until('the focus to move down', async () => (await focusedIndex()) > from).catch(() => undefined);
  }
  // A row is named by its label and its integrations: two recommendations may join namesakes from
  // different sources and read the same ("0% Paper Falcon Bar Studio ⇄ Bar Paper Falcon").
  const rowText = (text) => text.replace(/\s+/g, ' ').trim();
  const label = rowText(await focused.locator('.monaco-icon-label').first().innerText());
  const index = await focusedIndex();
  if (index !== 2) throw new StepError(`the arrow keys focused row ${index}, not the third`);
  if ((await view.locator('.monaco-list-row.selected').count()) > 0 && (await focused.getAttribute('aria-selected')) === 'true') {
    throw new StepError('the focused row is also selected: the step would not tell focus from selection');
  }
  const before = await pendingCount(view);
  await page.keyboard.press('Control+Alt+a');
  await until(`the pending count to drop after Ctrl+Alt+A on "${label}"`, async () => (await pendingCount(view)) === before - 1);
  const labels = await view.locator('.monaco-list-row .monaco-icon-label').allInnerTexts();
  if (labels.some((l) => rowText(l) === label)) throw new StepError(`"${label}" is still in the tree after Ctrl+Alt+A`);
  const tabsAfter = await page.locator('.tabs-container .tab').count();
  if (tabsAfter !== tabsBefore) throw new StepError(`Ctrl+Alt+A opened or closed an editor (${tabsBefore} → ${tabsAfter} tabs)`);
  say(`keyboard only: focused the third row "${label}" with the arrow keys, Ctrl+Alt+A approved it (pending ${before} → ${before - 1}), no panel opened`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(500);
  await screenshot('e2e-keyboard-approve');
}
