// The Triage panel and the Unsure verdict (issue 17): "Open Triage" from the command palette shows
// the pattern groups as a table with rows and the score histogram with bars; then a recommendation
// is marked Unsure from its comparison panel's "Unsure…" button with a note, and its row in the
// tree says "unsure" (nothing is sent: it stays pending). Kept apart from e2e-walk.mjs so steps
// added there by others merge without touching these.
import { StepError, expect, pane, pendingCount, runCommand, until, webviewFrame } from './e2e-walk.mjs';

const NOTE = 'e2e: same building, maybe another floor';

export async function triagePanelAndUnsure(page, sidebar, { screenshot, say }) {
  await runCommand(page, 'View: Close All Editors');
  await until('every editor to close', () => page.locator('.tabs-container .tab').count().then((n) => n === 0));

  // The panel reads every pending page before it draws: allow for that on a loaded machine.
  await runCommand(page, 'Dedup Curator: Open Triage');
  const triage = await webviewFrame(page, 'the Triage panel with its group table', (f) => f.locator('main.triage table.groups tbody tr').first(), undefined, 60000);
  const groups = await triage.locator('table.groups tbody tr').count();
  // Two lines of facts: the counts and the target precision, then the target recall and its budget.
  const facts = (await triage.locator('main.triage .facts:not(.recall)').innerText()).trim();
  const recall = (await triage.locator('main.triage .facts.recall').innerText()).trim();
  if (!/target recall \d/.test(recall)) throw new StepError(`the Triage panel's recall line reads "${recall}"`);
  const bars = await triage.locator('svg.chart.histogram rect').evaluateAll((rects) => rects.filter((r) => Number(r.getAttribute('height')) > 0).length);
  if (!bars) throw new StepError('the Triage panel\'s score histogram has no bar with a height');
  const firstGroup = (await triage.locator('table.groups tbody tr td.words').first().innerText()).trim();
  say(`Triage panel: "${facts}"; "${recall}"; ${groups} group rows (first "${firstGroup.slice(0, 70)}"), histogram with ${bars} bars`);
  await page.mouse.move(900, 450);
  await page.waitForTimeout(800);
  await screenshot('e2e-triage');

  // Unsure from the comparison panel: the note goes in the input box the extension opens.
  const recommendations = pane(sidebar, 'Recommendations');
  const pendingBefore = await pendingCount(recommendations);
  const row = recommendations.locator('.monaco-list-row').first();
  const label = (await row.locator('.label-name').first().innerText()).trim();
  await row.locator('.label-name').first().click();
  const comparison = await webviewFrame(page, `the comparison panel of "${label}"`, (f) => f.locator('main.comparison button.unsure').first(), (f) => f.locator('.queue-bar').count().then((n) => n === 0));
  await comparison.locator('main.comparison button.unsure').click();
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await expect('the input box for the unsure note', input.waitFor());
  await input.click();
  await page.keyboard.type(NOTE);
  await page.keyboard.press('Enter');
  await until('the comparison panel to show the unsure mark with its note', async () => (await comparison.locator('.unsure-mark').innerText()).includes(NOTE));

  const rowOf = () => recommendations.locator('.monaco-list-row').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
  await until(`the tree row "${label}" to say unsure`, async () => /^unsure\b/.test((await rowOf().locator('.label-description').innerText()).trim()));
  const description = (await rowOf().locator('.label-description').innerText()).trim();
  if (!(await rowOf().locator('.codicon-question').count())) throw new StepError(`the unsure row "${label}" does not show the question icon`);
  const pendingAfter = await pendingCount(recommendations);
  if (pendingAfter !== pendingBefore) throw new StepError(`marking unsure changed the pending count (${pendingBefore} → ${pendingAfter}): it must stay pending`);
  say(`marked "${label}" unsure with a note: the row reads "${description.slice(0, 60)}", still ${pendingAfter} pending`);
}
