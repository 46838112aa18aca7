// Undo within the undo period (issue 13, point 4): approve the first recommendation from its row,
// press the notification's Cancel (it undoes) before the period ends, and see the row and the pending
// count come back; then, once the period is over, check on the service's side that the decision never
// arrived. Last, an approval not undone: its offer closes by itself when the period ends (it used to
// stay, and its Undo then said "Too late"; the walk of issue 13, docs/walks.md).
// The sandbox runs inside the extension host with a token the walk cannot read, but it keeps every
// decision it receives in its data directory (decisions.ndjson in the workspace storage, appended
// before an approval is answered): that file must not grow. Kept apart from e2e-walk.mjs so steps
// added there by others merge without touching these.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { StepError, expect, pane, pendingCount, runCommand, until } from './e2e-walk.mjs';

/** The extension's default `dedupCurator.undoSeconds` (the walk's profile does not change it). */
const UNDO_MS = 5000;

export async function undoWithinTheUndoPeriod(page, sidebar, { screenshot, say, userData }) {
  const decisionsFile = sandboxDecisionsFile(userData);
  // Earlier steps' last decisions may still be waiting out their own undo period: wait until the
  // sandbox's file has been still for longer than one, so any growth later is this step's.
  const before = await quietLineCount(page, decisionsFile);
  // Toasts of earlier approvals can linger with their own (now useless) Undo: clear them first.
  await runCommand(page, 'Notifications: Clear All Notifications');
  await until('no notification toast left', async () => (await page.locator('.notifications-toasts .notification-toast').count()) === 0);
  const recommendations = pane(sidebar, 'Recommendations');
  const pendingBefore = await pendingCount(recommendations);
  const row = recommendations.locator('.monaco-list-row').first();
  const label = (await row.locator('.label-name').first().innerText()).trim();
  await row.hover();
  await expect('the inline "Approve Recommendation" action', row.getByRole('button', { name: /Approve Recommendation/ }).click());
  const approvedAt = Date.now();
  await until('the row to leave the tree after Approve', async () => (await pendingCount(recommendations)) === pendingBefore - 1);

  // This approval's toast: its text begins with the names the row shows after its score.
  const names = label.replace(/^\d+%\s*/, '').slice(0, 15);
  const toast = offerOf(page, names);
  await expect('the "Approving …: sent in 5 s; Cancel undoes it." notification', toast.first().waitFor({ timeout: UNDO_MS }));
  const offer = (await toast.first().innerText()).split('\n').find((l) => /Approving/.test(l))?.trim();
  await page.mouse.move(900, 450);
  await screenshot('e2e-undo');
  await expect('the notification\'s "Cancel" button (it undoes)', toast.first().getByRole('button', { name: 'Cancel' }).click());
  const undoneAfter = Date.now() - approvedAt;
  if (undoneAfter >= UNDO_MS) throw new StepError(`Undo was pressed ${undoneAfter} ms after Approve, past the ${UNDO_MS} ms undo period: the step proves nothing`);
  await until('the pending count to be back after Undo', async () => (await pendingCount(recommendations)) === pendingBefore);
  await until(`"${label}" back in the tree after Undo`, async () => (await recommendations.locator('.monaco-list-row .label-name').allInnerTexts()).some((l) => l.trim() === label));
  say(`approved "${label}", "${offer}", pressed Cancel (it undoes) after ${undoneAfter} ms: pending ${pendingBefore - 1} → ${pendingBefore}, the row is back`);

  // After the period (and a margin for a loaded machine) a decision not undone would have been sent.
  await page.waitForTimeout(Math.max(0, approvedAt + UNDO_MS + 2500 - Date.now()));
  const after = lineCount(decisionsFile);
  if (after !== before) throw new StepError(`the sandbox received ${after - before} decision(s) after Undo (${decisionsFile}: ${before} → ${after} lines)`);
  const stillPending = await pendingCount(recommendations);
  if (stillPending !== pendingBefore) throw new StepError(`after the undo period the pending count reads ${stillPending}, not ${pendingBefore}`);
  say(`${UNDO_MS / 1000} s later the sandbox had received nothing (decisions.ndjson still ${after} lines) and ${stillPending} are pending`);
  await offerEndsWithThePeriod(page, recommendations, { say });
}

/** An approval not undone: its offer is on screen during the period and gone once it is over (it is sent). */
async function offerEndsWithThePeriod(page, recommendations, { say }) {
  const pendingBefore = await pendingCount(recommendations);
  const row = recommendations.locator('.monaco-list-row').first();
  const label = (await row.locator('.label-name').first().innerText()).trim();
  await row.hover();
  await expect('the inline "Approve Recommendation" action', row.getByRole('button', { name: /Approve Recommendation/ }).click());
  const approvedAt = Date.now();
  const toast = offerOf(page, label.replace(/^\d+%\s*/, '').slice(0, 15));
  await expect('the offer to undo the second approval', toast.first().waitFor({ timeout: UNDO_MS }));
  // The period, and a margin for a loaded machine; the offer must be gone by then.
  const deadline = approvedAt + UNDO_MS + 3000;
  while ((await toast.count()) > 0) {
    if (Date.now() > deadline) throw new StepError(`the offer to undo "${label}" is still on screen ${Date.now() - approvedAt} ms after Approve, past the ${UNDO_MS} ms undo period`);
    await page.waitForTimeout(100);
  }
  const goneAfter = Date.now() - approvedAt;
  await until('the pending count to drop once the approval is sent', async () => (await pendingCount(recommendations)) === pendingBefore - 1);
  say(`approved "${label}" and left it: its offer closed by itself ${goneAfter} ms after Approve; pending ${pendingBefore} → ${pendingBefore - 1}`);
}

/** The toast offering to undo the approval of the recommendation whose names begin with `names`. */
function offerOf(page, names) {
  return page.locator('.notifications-toasts .notification-toast', { hasText: /Approving .*sent in \d+ s; Cancel undoes it\./ }).filter({ hasText: names });
}

/** The local sandbox's decision log, in the workspace storage of the walk's profile. */
function sandboxDecisionsFile(userData) {
  const storage = join(userData, 'User', 'workspaceStorage');
  const found = existsSync(storage)
    ? readdirSync(storage, { recursive: true }).map(String).filter((p) => /(^|[/\\])local-sandbox[/\\]decisions\.ndjson$/.test(p))
    : [];
  if (found.length !== 1) throw new StepError(`expected one local-sandbox/decisions.ndjson under ${storage} (the earlier approvals write it), found ${found.length}`);
  return join(storage, found[0]);
}

function lineCount(file) {
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).length;
}

/** The file's line count once it has not changed for longer than an undo period. */
async function quietLineCount(page, file) {
  const deadline = Date.now() + 30000;
  let count = lineCount(file);
  let since = Date.now();
  while (Date.now() - since < UNDO_MS + 1000) {
    if (Date.now() > deadline) throw new StepError(`the sandbox kept receiving decisions for 30 s before the undo step (${file})`);
    await page.waitForTimeout(250);
    const now = lineCount(file);
    if (now !== count) [count, since] = [now, Date.now()];
  }
  return count;
}
