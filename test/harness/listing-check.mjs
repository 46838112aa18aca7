// The marketplace listing as a user meets it (issue 13.11): the packaged VSIX installed into
// code-server, the Extensions view's details page of Dedup Curator opened in headless chromium. It
// checks that the page shows our 128×128 icon (not VS Code's blank default) and writes a screenshot
// to docs/images/extension-details.png.
// Usage: node test/harness/listing-check.mjs   (under the machine's VS Code lock, like the e2e walk)
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureInstalled, REPO, HarnessError, stopAll, stopAllOnExit } from './vscode-install.mjs';
import { createRun, removeTmp } from './profile.mjs';
import { startCodeServer, installVsix } from './servers.mjs';
import { openBrowser } from './browser.mjs';

const say = (m) => console.log(`[listing] ${m}`);

async function main() {
  await ensureInstalled();
  const r = spawnSync(process.execPath, [join(REPO, 'scripts', 'package.mjs'), '--quiet'], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new HarnessError('packaging failed (run `npm run package` to see why)');
  const vsix = r.stdout.trim().split('\n').pop();
  const run = createRun('listing');
  let browser;
  try {
    await installVsix(run, vsix);
    const server = await startCodeServer(run);
    const opened = await openBrowser(run);
    browser = opened.browser;
    const page = opened.page;
    await page.goto(`${server.url}/?folder=${encodeURIComponent(run.workspace)}`);
    await page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 90000 });
    await page.keyboard.press('Control+Shift+X');
    // The search box is a small editor: focus it and type, as a person does.
    const search = page.locator('.extensions-viewlet .suggest-input-container').first();
    await search.waitFor({ timeout: 30000 });
    await search.click();
    await page.keyboard.type('@installed dedup');
    const item = page.locator('.extensions-list .extension-list-item').filter({ hasText: 'Dedup Curator' }).first();
    await item.waitFor({ timeout: 30000 });
    await item.click();
    const header = page.locator('.extension-editor .header');
    await header.waitFor({ timeout: 30000 });
    const icon = header.locator('img.icon');
    await page.waitForFunction((el) => el.complete && el.naturalWidth > 0, await icon.elementHandle(), { timeout: 15000 });
    const { src, width, height } = await icon.evaluate((el) => ({ src: el.currentSrc || el.src, width: el.naturalWidth, height: el.naturalHeight }));
    say(`details page icon: ${src} (${width}×${height})`);
    if (!/dedup-curator\.png/.test(src) || width !== 128 || height !== 128) {
      throw new HarnessError(`the details page does not show our 128×128 icon: ${src} (${width}×${height})`);
    }
    const shot = join(REPO, 'docs', 'images', 'extension-details.png');
    await page.screenshot({ path: shot });
    say(`screenshot: ${shot}`);
  } finally {
    await browser?.close();
    await stopAll();
    removeTmp(run);
  }
}

stopAllOnExit();
try {
  await main();
} catch (e) {
  console.error(`[listing] ${e instanceof HarnessError ? '' : 'unexpected error: '}${e.message}`);
  process.exitCode = 1;
}
