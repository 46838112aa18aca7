// Undo within the undo period (issue 13, point 4): approve the first recommendation from its row,
// press the notification's Undo before the period ends, and see the row and the pending count come
// back; then, once the period is over, check on the service's side that the decision never arrived.
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
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: /Approving .* in \d+ s\./ }).filter({ hasText: names });
  await expect('the "Approving … in 5 s." notification', toast.first().waitFor({ timeout: UNDO_MS }));
  const offer = (await toast.first().innerText()).trim().split('\n')[0];
  await page.mouse.move(900, 450);
  await screenshot('e2e-undo');
  await expect('the notification\'s "Undo" button', toast.first().getByRole('button', { name: 'Undo' }).click());
  const undoneAfter = Date.now() - approvedAt;
  if (undoneAfter >= UNDO_MS) throw new StepError(`Undo was pressed ${undoneAfter} ms after Approve, past the ${UNDO_MS} ms undo period: the step proves nothing`);
  await until('the pending count to be back after Undo', async () => (await pendingCount(recommendations)) === pendingBefore);
  await until(`"${label}" back in the tree after Undo`, async () => (await recommendations.locator('.monaco-list-row .label-name').allInnerTexts()).some((l) => l.trim() === label));
  say(`approved "${label}", "${offer}", pressed Undo after ${undoneAfter} ms: pending ${pendingBefore - 1} → ${pendingBefore}, the row is back`);

  // After the period (and a margin for a loaded machine) a decision not undone would have been sent.
  await page.waitForTimeout(Math.max(0, approvedAt + UNDO_MS + 2500 - Date.now()));
  const after = lineCount(decisionsFile);
  if (after !== before) throw new StepError(`the sandbox received ${after - before} decision(s) after Undo (${decisionsFile}: ${before} → ${after} lines)`);
  const stillPending = await pendingCount(recommendations);
  if (stillPending !== pendingBefore) throw new StepError(`after the undo period the pending count reads ${stillPending}, not ${pendingBefore}`);
  say(`${UNDO_MS / 1000} s later the sandbox had received nothing (decisions.ndjson still ${after} lines) and ${stillPending} are pending`);
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
