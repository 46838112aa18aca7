// Captures the --vscode-* CSS variables that VS Code's built-in themes give a webview, for the
// accessibility tests of the panels (test/webview/a11y.test.ts): the panels' colours come only from
// these variables, so the tests must use the real ones, not invented colours.
//
// Starts the code-server the test harness installs (test/harness/), once per theme with that theme
// in the user settings, opens the workbench in headless Chromium and reads the variables VS Code
// defines for its colour registry (the same registry and theme VS Code hands a webview:
// webviewThemeDataProvider). Only the variables that media/*.css and VS Code's default webview
// stylesheet use are kept. Also copies that default stylesheet (the one VS Code puts in front of
// every webview page) from out/vs/workbench/contrib/webview/browser/pre/index.html.
// Writes test/webview/vscode-themes.json.
//
// Run (heavy: one VS Code at a time on a shared machine):
//   DEDUP_CURATOR_HARNESS_CACHE=/work/main/.cache/vscode-harness flock /tmp/dc-vscode.lock node scripts/capture-vscode-themes.mjs
/* global document, getComputedStyle -- the page.evaluate / waitForFunction callbacks run in the workbench page */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, killGroup, paths, REPO, stopAllOnExit } from '../test/harness/vscode-install.mjs';
import { createRun, removeTmp } from '../test/harness/profile.mjs';
import { startCodeServer } from '../test/harness/servers.mjs';
import { openBrowser } from '../test/harness/browser.mjs';

/** The themes the tests use: settings id → what the webview's body class says (its kind). */
const THEMES = [
  { id: 'Light Modern', label: 'Light Modern', file: 'light_modern', kind: 'vscode-light' },
  { id: 'Dark Modern', label: 'Dark Modern', file: 'dark_modern', kind: 'vscode-dark' },
  { id: 'Default High Contrast', label: 'Dark High Contrast', file: 'hc_black', kind: 'vscode-high-contrast' },
];
const OUT = join(REPO, 'test', 'webview', 'vscode-themes.json');

function webviewIndexHtml() {
  const dir = join(paths.vscodePackage, '..', 'out', 'vs', 'workbench', 'contrib', 'webview', 'browser', 'pre');
  return readFileSync(join(dir, 'index.html'), 'utf8');
}

/** VS Code's default webview stylesheet (the `_defaultStyles` element of pre/index.html). */
function defaultWebviewCss(html) {
  const m = /defaultStyles\.textContent = `([\s\S]*?)`;/.exec(html);
  if (!m) throw new Error('the default webview styles were not found in pre/index.html');
  return m[1].replace(/^\t\t/gm, '').trim();
}

const varsIn = (css) => new Set([...css.matchAll(/var\((--vscode-[\w-]+)/g)].map((m) => m[1]));

async function capture(theme, names) {
  const run = createRun('themes', { settings: { 'workbench.colorTheme': theme.id } });
  let server;
  let browser;
  try {
    server = await startCodeServer(run);
    let page;
    ({ browser, page } = await openBrowser(run));
    await page.goto(`${server.url}/?folder=${encodeURIComponent(run.workspace)}`);
    await page.waitForSelector('.monaco-workbench', { timeout: 120000 });
    // The workbench starts in a built-in default and applies the theme once the theme extension's
    // contributions are read: it then names the theme's file in a class (vscode-theme-defaults-themes-<file>-json).
    await page.waitForFunction((file) => [...document.querySelectorAll('*')].some((e) => e.classList.contains(`vscode-theme-defaults-themes-${file}-json`)), theme.file, { timeout: 180000, polling: 500 });
    const found = await page.evaluate((list) => {
      const style = getComputedStyle(document.querySelector('.monaco-workbench'));
      const themed = [...document.querySelectorAll('*')].find((e) => [...e.classList].some((c) => c.startsWith('vscode-theme-')));
      const out = {};
      for (const name of list) {
        const value = style.getPropertyValue(name).trim();
        if (value) out[name] = value;
      }
      return { vars: out, themeClass: themed ? themed.className : '', fontFamily: style.fontFamily };
    }, [...names]);
    return found;
  } finally {
    await browser?.close().catch(() => {});
    await killGroup(server?.pgid);
    removeTmp(run);
  }
}

async function main() {
  const stamp = await ensureInstalled({ quiet: true });
  const html = webviewIndexHtml();
  const css = defaultWebviewCss(html);
  const media = join(REPO, 'media');
  const ours = readdirSync(media).filter((f) => f.endsWith('.css')).map((f) => readFileSync(join(media, f), 'utf8')).join('\n');
  const names = new Set([...varsIn(ours), ...varsIn(css)]);
  const themes = {};
  for (const theme of THEMES) {
    const { vars, themeClass, fontFamily } = await capture(theme, names);
    // The webview's own font variables (webviewThemeDataProvider): the workbench font, 13px.
    vars['--vscode-font-family'] ??= fontFamily;
    vars['--vscode-font-weight'] ??= 'normal';
    vars['--vscode-font-size'] ??= '13px';
    themes[theme.label] = { id: theme.id, kind: theme.kind, workbenchClass: themeClass, vars: Object.fromEntries(Object.entries(vars).sort()) };
    console.log(`${theme.label}: ${Object.keys(vars).length} variables`);
  }
  const out = {
    source: `code-server ${stamp.codeServer} (VS Code ${stamp.vscode}), captured by scripts/capture-vscode-themes.mjs`,
    defaultWebviewCss: css,
    themes,
  };
  writeFileSync(OUT, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`wrote ${OUT}`);
}

stopAllOnExit(() => {});
await main();
