// A window reload with the Triage panel, the Decision History and a Triage group's review queue open
// (the walk of issue 13 found the first two gone after a reload; a curator's walk found the queue
// back on the whole list, its group forgotten): packages the VSIX, starts code-server and headless
// chromium as run-e2e.mjs does, and a sandbox service as a process of its own (the configured
// connection, its token handed over as DEDUP_TOKEN), opens the three, reloads, and checks that all
// come back — the Triage panel with its group table recomputed, the history with its text, the
// queue on its group at the item it showed. Then the service is stopped with the queue open, and
// started again (restore-queue-steps.mjs). Kept apart from the walk so it can be run on its own:
//   node test/harness/check-restore.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureInstalled, REPO, HarnessError, stopAllOnExit, killGroup } from './vscode-install.mjs';
import { randomBytes } from 'node:crypto';
import { createRun, removeTmp, writeSettings } from './profile.mjs';
import { startCodeServer, installVsix } from './servers.mjs';
import { openBrowser } from './browser.mjs';
import { StepError, expect, pane, runCommand, until, webviewFrame } from './e2e-walk.mjs';
import { expectGroupQueueRestored, reviewSmallGroup, startSandboxProcess, stoppedServiceWithQueue } from './restore-queue-steps.mjs';

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
  let page;
  let sandbox;
  const token = randomBytes(24).toString('base64url');
  const dataDir = join(profile.dir, 'sandbox-data');
  try {
    sandbox = await startSandboxProcess(profile, { token, dataDir });
    writeSettings(profile, { 'dedupCurator.baseUrl': sandbox.url });
    server = await startCodeServer(profile, { env: { DEDUP_TOKEN: token } });
    ({ browser, page } = await openBrowser(profile));
    page.setDefaultTimeout(30000);
    const shots = join(profile.logs, 'screenshots');
    mkdirSync(shots, { recursive: true });
    const screenshot = async (name) => {
      await page.screenshot({ path: join(shots, `${name}.png`) });
      say(`screenshot ${join(shots, `${name}.png`)}`);
    };
    await page.goto(`${server.url}/?folder=${encodeURIComponent(profile.workspace)}`);
    const activity = page.locator('.part.activitybar').getByRole('tab', { name: /^Dedup Curator/ });
    await expect('the activity-bar entry', activity.waitFor({ timeout: 90000 }));
    await activity.click();
    const sidebar = page.locator('.part.sidebar');
    const recommendations = pane(sidebar, 'Recommendations');
    await expect('rows in the Recommendations view', recommendations.locator('.monaco-list-row').first().waitFor({ timeout: 180000 }));
    say(`sandbox at ${sandbox.url} connected`);

    await runCommand(page, 'Dedup Curator: Open Triage');
    const groupQueue = await reviewSmallGroup(page, { say });
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
    const queue = await expectGroupQueueRestored(page, groupQueue, { say, screenshot });

    const port = sandbox.port;
    await stoppedServiceWithQueue(page, queue, {
      stop: () => killGroup(sandbox.pgid),
      restart: async () => {
        sandbox = await startSandboxProcess(profile, { token, dataDir, port, logName: 'sandbox-again.log' });
      },
      say,
      screenshot,
    });
    return 0;
  } catch (e) {
    console.error(`[check-restore] FAILED: ${e instanceof StepError ? e.message : e.stack}`);
    const file = join(profile.logs, 'check-restore-failure.png');
    await page?.screenshot({ path: file }).catch(() => {});
    console.error(`[check-restore] failure screenshot: ${file}; logs: ${profile.logs}`);
    return 1;
  } finally {
    await browser?.close().catch(() => {});
    await killGroup(server?.pgid);
    await killGroup(sandbox?.pgid);
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
