// Launches Debian's chromium through playwright-core (Playwright's own browser downloads are out of
// reach here). The flags keep it from calling Google services and from needing a GPU or /dev/shm.
import { chromium } from 'playwright-core';
import { join } from 'node:path';
import { CHROMIUM } from './vscode-install.mjs';

const FLAGS = [
  '--no-sandbox', // runs as root in CI; the pages are our own, served from 127.0.0.1
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Opens a headless chromium whose caches and config stay in the run folder; returns { browser, page }. */
export async function openBrowser(run) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    env: {
      ...process.env,
      HOME: run.home,
      XDG_CONFIG_HOME: join(run.home, '.config'),
      XDG_CACHE_HOME: join(run.home, '.cache'),
      TMPDIR: run.tmp,
    },
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  return { browser, page };
}
