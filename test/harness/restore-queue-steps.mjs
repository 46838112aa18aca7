// The review queue's steps of check-restore.mjs (a curator's walk found both): a Triage group's
// queue open across a window reload comes back on its group, at the item it showed; with the
// service stopped, the queue and the status bar say it is unreachable, the queue pauses (A sends
// nothing), the decision not sent is listed, Retry Failed Decisions is in the command palette, and
// once the service is back the queue goes on and Retry sends the decision.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HarnessError, REPO, startGroup } from './vscode-install.mjs';
import { StepError, expect, until, webviewFrame } from './e2e-walk.mjs';

const tab = (page, title) => page.locator('.tabs-container .tab').filter({ has: page.locator('.label-name', { hasText: title }) });

/**
 * The sandbox as a process of its own (`dedup-curator sandbox`), so the walk can stop it and start
 * it again on the same port and data: { url, port, pgid, exited }.
 */
export async function startSandboxProcess(profile, { token, dataDir, port = 0, logName = 'sandbox.log' }) {
  const logFile = join(profile.logs, logName);
  const group = startGroup(process.execPath, [join(REPO, 'dist', 'cli.js'), 'sandbox', '--port', String(port), '--data-dir', dataDir], {
    cwd: REPO,
    // The token by environment, not argv: `ps` does not show it.
    env: { ...process.env, DEDUP_SANDBOX_TOKEN: token },
    logFile,
  });
  let exited;
  group.exited.then((c) => (exited = c));
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    const m = /Sandbox listening on (http:\/\/\S+)/.exec(readFileSync(logFile, 'utf8'));
    if (m) {
      const url = m[1].replace(/\/$/, '');
      return { url, port: Number(new URL(url).port), pgid: group.pgid, exited: group.exited };
    }
    if (exited !== undefined) throw new HarnessError(`the sandbox stopped before it was ready (${exited}); see ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new HarnessError(`the sandbox did not say "Sandbox listening on …" within 60 s; see ${logFile}`);
}

/**
 * With the Triage panel open: Review on a small group (two or more pending), S once, so the item on
 * screen is not the group's first. Returns what the queue showed: { words, id }.
 */
export async function reviewSmallGroup(page, { say }) {
  const triage = await webviewFrame(page, 'the Triage panel with its group table', (f) => f.locator('main.triage table.groups tbody tr').first(), undefined, 90000);
  const rows = triage.locator('main.triage table.groups tbody tr');
  const n = await rows.count();
  let chosen;
  // The smallest group of two or more: the whole list's queue would walk far more than it.
  for (let i = n - 1; i >= 0 && !chosen; i--) {
    const count = Number((await rows.nth(i).locator('td.count').innerText()).replace(/\D/g, ''));
    const review = rows.nth(i).locator('button.group-review');
    if (count >= 3 && (await review.isEnabled())) chosen = { row: rows.nth(i), count };
  }
  if (!chosen) throw new StepError('no group of three or more pending in the Triage table');
  const words = (await chosen.row.locator('td.words').innerText()).trim();
  await chosen.row.locator('button.group-review').click();
  const queue = await webviewFrame(page, `the review queue on the group "${words}"`, (f) => f.locator('.queue-bar .queue-group').first(), undefined, 60000);
  await until('the group’s first item', async () => /pending/.test(await queue.locator('.queue-item').innerText()));
  const first = (await queue.locator('.rec-id code').innerText()).trim();
  await queue.locator('main').focus();
  await page.keyboard.press('s');
  await until('the group’s second item after S', async () => (await queue.locator('.rec-id code').innerText()).trim() !== first && /Item 2/.test(await queue.locator('.queue-item').innerText()));
  const id = (await queue.locator('.rec-id code').innerText()).trim();
  const line = (await queue.locator('.queue-group').innerText()).trim();
  say(`group queue open: "${line}", at ${id} (the group's second; ${chosen.count} in the group)`);
  return { words, line, id };
}

/** After the reload: the queue's tab is back on its group, at the item it showed. */
export async function expectGroupQueueRestored(page, before, { say, screenshot }) {
  await expect('the review queue tab after the reload', tab(page, /^Review Queue/).first().waitFor({ timeout: 60000 }));
  await tab(page, /^Review Queue/).first().click();
  const queue = await webviewFrame(page, 'the restored review queue', (f) => f.locator('.queue-bar').first(), (f) => f.locator('.queue-item', { hasText: /pending/ }).isVisible(), 120000);
  const group = await queue.locator('.queue-group').innerText().catch(() => '');
  const header = (await queue.locator('.queue-bar').innerText()).replace(/\s+/g, ' ');
  if (!group.includes(before.words.slice(0, 40))) throw new StepError(`the restored queue lost its group: its header reads "${header}"`);
  const id = (await queue.locator('.rec-id code').innerText()).trim();
  if (id !== before.id) throw new StepError(`the restored queue shows ${id}, not ${before.id}, the item shown before the reload (header "${header}")`);
  const status = (await queue.locator('#status').innerText()).trim();
  if (!/Back at the item shown before the reload, in the same group/.test(status)) throw new StepError(`the restored queue says "${status}"`);
  say(`restored: "${group.trim()}", at ${id}: "${status}"`);
  await page.mouse.move(900, 450);
  await screenshot('restore-group-queue');
  return queue;
}

/**
 * The service stopped with the queue open: A, then the offline sign in the queue and the status bar,
 * the queue paused, the decision listed; the palette finds Retry Failed Decisions. Then the service
 * back (`restart`): the queue goes on, and Retry sends the decision.
 */
export async function stoppedServiceWithQueue(page, queue, { stop, restart, say, screenshot }) {
  await stop();
  say('sandbox stopped');
  const id = (await queue.locator('.rec-id code').innerText()).trim();
  await queue.locator('main').focus();
  await page.keyboard.press('a');
  // The decision waits out its undo period (5 s), then cannot reach the service.
  const offline = queue.locator('.queue-offline');
  await until('the offline sign in the queue', () => offline.isVisible());
  const text = (await offline.innerText()).replace(/\s+/g, ' ');
  if (!/Service unreachable: Cannot reach the service at 127\.0\.0\.1:\d+/.test(text) || !/The queue is paused/.test(text)) throw new StepError(`the queue's offline sign reads "${text}"`);
  const listed = await offline.locator('.failed-list li').allInnerTexts();
  if (listed.length !== 1 || !/^Approve /.test(listed[0])) throw new StepError(`the decisions not sent are listed as ${JSON.stringify(listed)}`);
  await until('the status bar to say the service is unreachable', async () => (await page.locator('.part.statusbar').getByText(/unreachable/).count()) > 0);
  // Paused: A on the item now on screen sends nothing and the queue stays.
  const onScreen = (await queue.locator('.rec-id code').innerText()).trim();
  await queue.locator('main').focus();
  await page.keyboard.press('a');
  await until('the queue to say it is paused', async () => /Paused, nothing was sent/.test(await queue.locator('#status').innerText()));
  if ((await queue.locator('.rec-id code').innerText()).trim() !== onScreen) throw new StepError('the paused queue moved on after A');
  say(`service down: "${text.slice(0, 160)}…"; listed: ${listed[0].slice(0, 80)}`);
  await page.mouse.move(900, 450);
  await screenshot('queue-offline');

  // The command palette finds it (it said "No matching commands" while no bulk run had failed).
  await page.locator('.part.sidebar .title-label').first().click();
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget .quick-input-box input');
  await expect('the command palette', input.waitFor());
  await input.fill('>Retry Failed Decisions');
  await expect('"Retry Failed Decisions" in the command palette', page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Retry Failed Decisions' }).first().waitFor());
  await page.keyboard.press('Escape');

  await restart();
  say('sandbox started again on the same port and data');
  await until('the queue to go on once the service answers', async () => !(await offline.locator('.offline-line').isVisible().catch(() => false)));
  await until('the status bar without "unreachable"', async () => (await page.locator('.part.statusbar').getByText(/unreachable/).count()) === 0);
  await page.locator('.part.sidebar .title-label').first().click();
  await page.keyboard.press('F1');
  await input.fill('>Retry Failed Decisions');
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Retry Failed Decisions' }).first().click();
  await until('the list of decisions not sent to empty', async () => (await queue.locator('.queue-offline').count()) === 0);
  say(`service back: the queue goes on; Retry Failed Decisions sent the approval of ${id}`);
}
