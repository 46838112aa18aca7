// Serves the real panel page (src/extension/panels/html.ts: same HTML, same CSP) around the built
// dist/webview.js and media/webview.css from 127.0.0.1, and opens it in Debian's chromium with a
// stand-in for acquireVsCodeApi that records what the page posts. Also used without the CSP, to show
// that the renderer itself never interprets data (the CSP is the second line, not the only one).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { newNonce, panelHtml } from '../../src/extension/panels/html';
import type { FromWebview, PanelState, ToWebview } from '../../src/webview/comparison/protocol';
import { pageCatalogue } from '../../src/extension/panels/page-strings';

export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ROOT = join(__dirname, '..', '..');

// The flags of test/harness/browser.mjs: no Google services, no GPU, no /dev/shm, root in CI.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface Harness {
  browser: Browser;
  server: Server;
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves a panel's page from 127.0.0.1: `files` (path → [file, content type]) as they are, and at
 * `/` the HTML `page(origin, url)` builds (as the extension does); `?nocsp` drops its CSP meta tag.
 */
export async function startPageServer(files: Record<string, [string, string]>, page: (origin: string, url: URL) => string): Promise<{ server: Server; origin: string }> {
  for (const [file] of Object.values(files)) if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  let origin = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const file = files[url.pathname];
    if (file) {
      res.writeHead(200, { 'content-type': file[1], 'cache-control': 'no-store' });
      res.end(readFileSync(file[0]));
      return;
    }
    if (url.pathname !== '/') {
      res.writeHead(404).end();
      return;
    }
    let html = page(origin, url);
    if (url.searchParams.has('nocsp')) html = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
    // As VS Code does: its default webview stylesheet goes in front of the page's head (before the CSP).
    if (url.searchParams.has('theme')) html = html.replace('<head>', `<head>\n<style id="_defaultStyles">${VSCODE_THEMES.defaultWebviewCss}</style>`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, origin };
}

/**
 * The hooks every Chromium suite needs: skip the suite when Debian's chromium is absent (saying how
 * to install it), start its harnesses before the first test, close them after the last. `start`
 * returns what the suite keeps (one harness or several); `keep` hands it to the suite's variables.
 */
export function chromiumSuite<T>(start: () => Promise<T>, keep: (started: T) => void, close: (started: T) => Promise<unknown>): void {
  let started: T | undefined;
  before(async function () {
    if (!existsSync(CHROMIUM)) {
      console.log(`    (skipped: no chromium at ${CHROMIUM}; install Debian's chromium: sudo apt-get install -y chromium)`);
      this.skip();
    }
    started = await start();
    keep(started);
  });
  after(async () => {
    if (started !== undefined) await close(started);
  });
}

export async function startHarness(): Promise<Harness> {
  const { server, origin } = await startPageServer(
    {
      '/dist/webview.js': [join(ROOT, 'dist', 'webview.js'), 'text/javascript'],
      '/media/webview.css': [join(ROOT, 'media', 'webview.css'), 'text/css'],
    },
    (o, url) => panelHtml({ cspSource: o, nonce: newNonce(), scriptUri: `${o}/dist/webview.js`, styleUri: `${o}/media/webview.css`, title: 'Comparison', strings: handedStrings('webview.js', url) }),
  );
  const home = mkdtempSync(join(tmpdir(), 'dedup-webview-test-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache') },
  });
  return {
    browser,
    server,
    origin,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** What the stand-in and the page recorded (read with page.evaluate). */
export interface Recorded {
  posted: FromWebview[];
  state: PanelState | undefined;
  /** Incremented by every hostile payload that manages to run. */
  pwned: number;
  cspViolations: string[];
  /** Addresses VS Code's webview host would have opened itself (see VSCODE_HOST_CLICK). */
  hostOpened: string[];
}

/**
 * VS Code's webview host listens for clicks on the page's window and opens every <a href> itself
 * ('did-click-link'), whether or not the page called preventDefault: handleInnerClick in
 * out/vs/workbench/contrib/webview/browser/pre/index.html (code-server 4.139.1), reproduced here
 * with the message recorded instead of posted to the workbench. A page that also posts openLink
 * gets the address opened twice; the page must stop the click from reaching the window.
 */
const VSCODE_HOST_CLICK = `window.addEventListener('click', (event) => {
      if (!event.isTrusted || !event?.view?.document) return;
      for (const node of event.composedPath()) {
        if (node.tagName && node.tagName.toLowerCase() === 'a' && node.href) {
          if (node.getAttribute('href') !== '#' && !(node.hash && node.getAttribute('href') === node.hash)) rec.hostOpened.push(node.href.baseVal || node.href);
          event.preventDefault();
          return;
        }
      }
    });`;

declare global {
  interface Window {
    __rec: Recorded;
  }
}

export interface OpenOptions {
  csp?: boolean;
  width?: number;
  state?: PanelState;
  /** A theme of test/webview/vscode-themes.json ('Light Modern', 'Dark Modern', 'Dark High Contrast'). */
  theme?: ThemeName;
  /** The page gets pseudoLocalized strings, as the extension hands over a translated catalogue. */
  l10n?: boolean;
}

/**
 * What the extension hands the page of bundle `script` (BasePanel): the built catalogue beside it,
 * dist/<bundle>.l10n.json, read by the extension's own pageCatalogue; `?l10n` in the page's address
 * gives it pseudo-translated, as a translated catalogue.
 */
export function handedStrings(script: string, url: URL): Record<string, string> {
  const catalogue = pageCatalogue(join(ROOT, 'dist'), script, (message) => {
    throw new Error(`${message} (run npm run build first)`);
  });
  return url.searchParams.has('l10n') ? pseudoLocalized(catalogue) : { ...catalogue };
}

/** A stand-in translation of a catalogue: every message in ⟦ ⟧, placeholders kept. */
export function pseudoLocalized(catalogue: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(catalogue).map(([key, english]) => [key, `⟦${english}⟧`]));
}

/** Opens the panel page; returns the page and the uncaught page errors (expected: none). */
export async function openPanel(h: Harness, o: OpenOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const query = [o.csp === false ? 'nocsp' : '', o.theme ? 'theme' : '', o.l10n ? 'l10n' : ''].filter(Boolean).join('&');
  return openWithStandIn(h.browser, `${h.origin}/${query ? `?${query}` : ''}`, o);
}

/** The variables and default stylesheet VS Code gives a webview, captured by scripts/capture-vscode-themes.mjs. */
export const VSCODE_THEMES = JSON.parse(readFileSync(join(__dirname, 'vscode-themes.json'), 'utf8')) as {
  source: string;
  defaultWebviewCss: string;
  themes: Record<string, { kind: string; vars: Record<string, string> }>;
};
export type ThemeName = 'Light Modern' | 'Dark Modern' | 'Dark High Contrast';
export const THEME_NAMES: ThemeName[] = ['Light Modern', 'Dark Modern', 'Dark High Contrast'];

/**
 * What VS Code's webview host does to a page for a theme (applyStyles in pre/index.html): the
 * variables on the root element's style, the theme's kind as a class of the body.
 */
function themeScript(name: ThemeName): string {
  const theme = VSCODE_THEMES.themes[name];
  if (!theme) throw new Error(`no theme ${name} in vscode-themes.json`);
  // Init scripts may run before the root element exists: the variables go on it as soon as it does.
  return `(() => {
    const vars = ${JSON.stringify(theme.vars)};
    const apply = () => { for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(k, v); };
    if (document.documentElement) apply();
    else new MutationObserver((_, observer) => { if (document.documentElement) { observer.disconnect(); apply(); } }).observe(document, { childList: true });
    document.addEventListener('DOMContentLoaded', () => {
      document.body.classList.add(${JSON.stringify(theme.kind)});
      document.body.dataset.vscodeThemeKind = ${JSON.stringify(theme.kind)};
    });
  })();`;
}

/**
 * A page of a webview bundle with a stand-in for acquireVsCodeApi that records what the page posts
 * and saves (window.__rec); resolves once the page has posted `ready`. Shared by every panel's tests.
 */
export async function openWithStandIn(browser: Browser, url: string, o: { width?: number; state?: unknown; theme?: ThemeName } = {}): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: o.width ?? 1200, height: 900 } });
  if (o.theme) await page.addInitScript(themeScript(o.theme));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // Init scripts run before the page's own (and are not subject to its CSP): the stand-in API. A
  // string, not a function: tsx's transform would put helpers into a function's source that the
  // page does not have.
  await page.addInitScript(`(() => {
    const rec = { posted: [], state: ${JSON.stringify(o.state ?? null)} ?? undefined, pwned: 0, cspViolations: [], hostOpened: [] };
    window.__rec = rec;
    ${VSCODE_HOST_CLICK}
    document.addEventListener('securitypolicyviolation', (e) => rec.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
    window.acquireVsCodeApi = () => ({
      postMessage: (m) => rec.posted.push(JSON.parse(JSON.stringify(m))),
      getState: () => rec.state,
      setState: (s) => { rec.state = s; },
    });
  })();`);
  await page.goto(url);
  await page.waitForFunction("window.__rec.posted.some((m) => m.type === 'ready')");
  return { page, errors };
}

/** Delivers a message as the extension's webview.postMessage does: a message event on the window. */
export async function send(page: Page, message: ToWebview): Promise<void> {
  await deliver(page, message);
}

/**
 * Posts a message to the page as the extension does, and resolves once the page has handled it:
 * window.postMessage only queues a task, so a key pressed right after could otherwise reach the
 * page first. A second message (a plain string, which the page ignores) follows it in the same
 * FIFO queue; when that one arrives, the first has been dispatched.
 */
export function deliver(page: Page, message: unknown): Promise<void> {
  // A string, not a function: the test runner's transpiler adds helpers (__name) to named functions,
  // which do not exist in the page.
  return page.evaluate(`new Promise((resolve) => {
    const sentinel = 'delivered:' + Math.random();
    window.addEventListener('message', function onMessage(e) {
      if (e.data !== sentinel) return;
      window.removeEventListener('message', onMessage);
      resolve();
    });
    window.postMessage(${JSON.stringify(message)}, '*');
    window.postMessage(sentinel, '*');
  })`);
}

export const recorded = (page: Page): Promise<Recorded> => page.evaluate(() => window.__rec);

/**
 * Milliseconds from posting `message` to the page (as the extension does) until `selector` is in
 * the document and the frame after it has been laid out: the time to the panel's first content.
 */
export async function timeToFirstContent(page: Page, message: unknown, selector = '#title'): Promise<number> {
  // A string, not a function (see deliver).
  return page.evaluate(`new Promise((resolve) => {
    const started = performance.now();
    window.postMessage(${JSON.stringify(message)}, '*');
    const check = () => {
      if (!document.querySelector(${JSON.stringify(selector)})) return requestAnimationFrame(check);
      // Forces the layout of what was rendered, then lets the frame be painted.
      void document.body.getBoundingClientRect();
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
    };
    requestAnimationFrame(check);
  })`);
}
