// A window reload with the Triage panel and the Decision History open (the walk of issue 13 found
// both tabs gone after a reload): packages the VSIX, starts code-server and headless chromium as
// run-e2e.mjs does, starts the local sandbox, opens both, reloads, and checks that both tabs come
// back — the Triage panel with its group table recomputed, the history with its text. Kept apart
// from the walk (one reload, ≈ 2 min) so it can be run on its own:
//   node test/harness/check-restore.mjs
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureInstalled, REPO, HarnessError, stopAllOnExit, killGroup } from './vscode-install.mjs';
import { createRun, removeTmp } from './profile.mjs';
import { startCodeServer, installVsix } from './servers.mjs';
import { openBrowser } from './browser.mjs';
import { StepError, expect, pane, runCommand, until, webviewFrame } from './e2e-walk.mjs';

const t0 = Date.now();
const say = (m) => console.log(`[check-restore ${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
const tab = (page, title) => page.locator('.tabs-container .tab').filter({ has: page.locator('.label-name', { hasText: title }) });

/** As run-e2e.mjs: the VSIX a user installs (scripts/package.mjs builds it). */
function packageVsix() {
  const r = spawnSync(process.execPath, [join(REPO, 'scripts', 'package.mjs'), '--quiet'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new HarnessError('packaging the VSIX failed (npm run package shows why)');
  return r.stdout.trim().split('\n').pop();
}

async function main() {
  await ensureInstalled();
  const vsix = packageVsix();
  const profile = createRun('e2e');
  await installVsix(profile, vsix);
  let server;
  let browser;
  try {
    server = await startCodeServer(profile);
    let page;
    ({ browser, page } = await openBrowser(profile));
    page.setDefaultTimeout(30000);
    await page.goto(`${server.url}/?folder=${encodeURIComponent(profile.workspace)}`);
    const activity = page.locator('.part.activitybar').getByRole('tab', { name: /^Dedup Curator/ });
    await expect('the activity-bar entry', activity.waitFor({ timeout: 90000 }));
    await activity.click();
    const sidebar = page.locator('.part.sidebar');
    const recommendations = pane(sidebar, 'Recommendations');
    await expect('the "Try the Local Sandbox" button', recommendations.getByRole('button', { name: 'Try the Local Sandbox' }).click());
    await expect('rows in the Recommendations view', recommendations.locator('.monaco-list-row').first().waitFor({ timeout: 180000 }));
    say('local sandbox connected');

    await runCommand(page, 'Dedup Curator: Open Triage');
    await webviewFrame(page, 'the Triage panel with its group table', (f) => f.locator('main.triage table.groups tbody tr').first(), undefined, 90000);
    await runCommand(page, 'Dedup Curator: Show Decision History');
    await expect('the Decision History tab', tab(page, /^Decision History/).first().waitFor());
    say('Triage and Decision History open');

    // The web workbench saves which editors are open on a timer: give it time, as a user's reload would.
    await page.waitForTimeout(6000);
    await page.reload();
    await expect('the workbench after the reload', page.locator('.monaco-workbench .part.sidebar').waitFor({ timeout: 90000 }));
    await expect('the Decision History tab after the reload', tab(page, /^Decision History/).first().waitFor({ timeout: 60000 }));
    await tab(page, /^Decision History/).first().click();
    // Monaco draws spaces as no-break spaces.
    const text = () => page.locator('.part.editor .editor-instance .view-lines').first().innerText().then((s) => s.replace(/\u00a0/g, ' '), () => '');
    await until('the Decision History text after the reload', async () => /^Decision history: \d+ attempts/.test(await text()));
    say(`Decision History restored: "${(await text()).split('\n')[0].slice(0, 60)}…"`);
    await expect('the Triage tab after the reload', tab(page, /^Triage/).first().waitFor({ timeout: 60000 }));
    await tab(page, /^Triage/).first().click();
    await webviewFrame(page, 'the restored Triage panel with its group table', (f) => f.locator('main.triage table.groups tbody tr').first(), undefined, 120000);
    say('Triage restored, groups recomputed');
    return 0;
  } catch (e) {
    console.error(`[check-restore] FAILED: ${e instanceof StepError ? e.message : e.stack}`);
    return 1;
  } finally {
    await browser?.close().catch(() => {});
    await killGroup(server?.pgid);
    removeTmp(profile);
  }
}

stopAllOnExit(() => {});
try {
  process.exitCode = await main();
} catch (e) {
  console.error(`[check-restore] ${e instanceof HarnessError ? '' : 'unexpected error: '}${e.message}`);
  process.exitCode = 1;
}
