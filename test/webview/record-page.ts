// Serves the record panels' page (src/extension/panels/html.ts: same HTML and CSP as the extension,
// with the same stylesheets) around the built dist/record-webview.js from 127.0.0.1, in the chromium
// that test/webview/page.ts starts, with a stand-in for acquireVsCodeApi that records what the page
// posts. `?images` builds the CSP of a panel with remote images allowed, `?nocsp` drops the CSP.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newNonce, panelHtml } from '../../src/extension/panels/html';
import type { FromRecordWebview, RecordPanelState, ToRecordWebview } from '../../src/webview/record/protocol';
import { deliver, handedStrings, openWithStandIn, startHarness, startPageServer, type Harness, type ThemeName } from './page';

const ROOT = join(__dirname, '..', '..');
const STYLES = ['codicons/codicon.css', 'webview.css', 'record.css'];

export interface RecordHarness {
  base: Harness;
  origin: string;
  close(): Promise<void>;
}

export async function startRecordHarness(): Promise<RecordHarness> {
  const files: Record<string, [string, string]> = { '/dist/record-webview.js': [join(ROOT, 'dist', 'record-webview.js'), 'text/javascript'] };
  for (const s of STYLES) files[`/media/${s}`] = [join(ROOT, 'media', s), 'text/css'];
  files['/media/codicons/codicon.ttf'] = [join(ROOT, 'media', 'codicons', 'codicon.ttf'), 'font/ttf'];
  const { server, origin } = await startPageServer(files, (o, url) => {
    const [style, ...extra] = STYLES.map((s) => `${o}/media/${s}`);
    return panelHtml({
      cspSource: o,
      nonce: newNonce(),
      scriptUri: `${o}/dist/record-webview.js`,
      styleUri: style,
      extraStyleUris: extra,
      remoteImages: url.searchParams.has('images'),
      title: 'Record',
      strings: handedStrings('record-webview.js', url),
    });
  });
  const base = await startHarness();
  return {
    base,
    origin,
    async close() {
      await base.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface RecordRecorded {
  posted: FromRecordWebview[];
  state: RecordPanelState | undefined;
  pwned: number;
  cspViolations: string[];
  hostOpened: string[];
}

export interface RecordOpenOptions {
  csp?: boolean;
  images?: boolean;
  width?: number;
  state?: RecordPanelState;
  theme?: ThemeName;
  /** The page gets pseudoLocalized strings (see page.ts). */
  l10n?: boolean;
}

export async function openRecordPage(h: RecordHarness, o: RecordOpenOptions = {}): Promise<{ page: Page; errors: string[] }> {
  const query = [o.csp === false ? 'nocsp' : '', o.images ? 'images' : '', o.theme ? 'theme' : '', o.l10n ? 'l10n' : ''].filter(Boolean).join('&');
  return openWithStandIn(h.base.browser, `${h.origin}/${query ? `?${query}` : ''}`, o);
}

export async function sendRecord(page: Page, message: ToRecordWebview): Promise<void> {
  await deliver(page, message);
}

export const recordRecorded = (page: Page): Promise<RecordRecorded> => page.evaluate(() => (window as unknown as { __rec: RecordRecorded }).__rec);
