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

/** A backlog with every part of the page: both charts, the next step, a bulk set, the re-scoring note, groups safe and not, flags, an audit line. */
export function triageData(): TriagePanelData {
  const histogram = Array.from({ length: 10 }, (_, i) => ({ from: 0.5 + i / 20, to: 0.55 + i / 20, match: i, unsure: 2 + (i % 3), nonMatch: 10 - i }));
  const rates = Array.from({ length: 5 }, (_, i) => ({ from: 0.5 + i / 10, to: 0.59 + i / 10, approved: 20 + 2 * i, n: 30, low: 0.5 + i / 20, high: 0.8 + i / 25 }));
  const groups = [triageGroup(1, { safe: 'approve', bound: 0.006 }), triageGroup(2, { safe: 'reject', flags: ['chain'], bound: 0.02 }), triageGroup(3, { answersToCertify: 3, bound: 0.07 }), triageGroup(4, { answers: 0, approve: 0 })];
  const sets = [{ verdict: 'approve' as const, words: 'The 1 groups safe to approve together', size: 11, answers: 1, bound: 0.006, nextAction: 'Approve… decides these 11: at most 0.6% of them wrong (95% confidence).' }];
  return { pending: 400, labels: 150, targetPrecision: 0.99, targetRecall: 0.97, recallBudget: { maxLost: 4.5, used: 1.2 }, histogram, verdictBands: { match: 0.9, nonMatch: 0.1 }, rates, groups, sets, rescored: { compared: 400, changed: 120, lower: 100, at: Date.UTC(2026, 10, 29, 2, 31) }, audit: { items: 312, groups: 97, answers: 46, wrong: 1, high: 0.065, certified: false } };
}

export async function openTriagePage(h: TriageHarness, o: { theme?: ThemeName } = {}): Promise<Page> {
  const { page } = await openWithStandIn(h.base.browser, `${h.origin}/${o.theme ? '?theme' : ''}`, o);
  await deliver(page, { type: 'triage', data: triageData() });
  await page.waitForSelector('table.groups');
  return page;
}
