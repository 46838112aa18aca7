// Serves the Triage panel's page (src/extension/panels/html.ts: the extension's HTML and CSP, its
// stylesheets) around the built dist/triage-webview.js from 127.0.0.1, in the chromium that
// test/webview/page.ts starts; `?theme` gives it VS Code's default webview stylesheet (page.ts).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newNonce, panelHtml } from '../../src/extension/panels/html';
import type { GroupRow, TriagePanelData } from '../../src/webview/triage/protocol';
import { deliver, handedStrings, openWithStandIn, startHarness, startPageServer, type Harness, type ThemeName } from './page';

const ROOT = join(__dirname, '..', '..');

export interface TriageHarness {
  base: Harness;
  origin: string;
  close(): Promise<void>;
}

export async function startTriageHarness(): Promise<TriageHarness> {
  const { server, origin } = await startPageServer(
    {
      '/dist/triage-webview.js': [join(ROOT, 'dist', 'triage-webview.js'), 'text/javascript'],
      '/media/triage.css': [join(ROOT, 'media', 'triage.css'), 'text/css'],
      '/media/webview.css': [join(ROOT, 'media', 'webview.css'), 'text/css'],
    },
    (o, url) => panelHtml({ cspSource: o, nonce: newNonce(), scriptUri: `${o}/dist/triage-webview.js`, styleUri: `${o}/media/webview.css`, extraStyleUris: [`${o}/media/triage.css`], title: 'Triage', strings: handedStrings('triage-webview.js', url) }),
  );
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

export function triageGroup(i: number, o: Partial<GroupRow> = {}): GroupRow {
  return { key: `location:name=equal|k${i}`, words: `Locations: name equal, phone equal ${i}`, kind: 'location', size: 10 + i, scoreMin: 0.8, scoreMax: 0.99, approve: i, reject: 0, unsure: 0, p: 0.9 + i / 100, low: 0.8, high: 0.99, safe: null, flags: [], decidable: 10 + i, answers: i, nextAction: `Answer 3 more in this group to approve ${10 + i}.`, ...o };
}

/** A backlog with every part of the page: both charts (enough decisions), groups safe and not, flags, an audit line. */
export function triageData(): TriagePanelData {
  const histogram = Array.from({ length: 20 }, (_, i) => ({ from: i / 20, to: (i + 1) / 20, pending: i, approved: i % 3, rejected: i % 2, unsure: i === 19 ? 1 : 0 }));
  const thresholds = Array.from({ length: 50 }, (_, i) => ({ score: (50 + i) / 100, approved: 140 + (i % 10), n: 150 }));
  const groups = [triageGroup(1, { safe: 'approve' }), triageGroup(2, { safe: 'reject', flags: ['chain'] }), triageGroup(3)];
  return { pending: 400, labels: 150, targetPrecision: 0.99, targetRecall: 0.97, recallBudget: { maxLost: 4.5, used: 1.2 }, histogram, thresholds, groups, audit: { items: 312, groups: 97, answers: 46, wrong: 1, high: 0.065, certified: false } };
}

export async function openTriagePage(h: TriageHarness, o: { theme?: ThemeName } = {}): Promise<Page> {
  const { page } = await openWithStandIn(h.base.browser, `${h.origin}/${o.theme ? '?theme' : ''}`, o);
  await deliver(page, { type: 'triage', data: triageData() });
  await page.waitForSelector('table.groups');
  return page;
}
