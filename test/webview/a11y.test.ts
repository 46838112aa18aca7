// Accessibility of every panel (issue 12.3) in VS Code's Light Modern, Dark Modern and Dark High
// Contrast: the pages as VS Code shows them (the theme's real --vscode-* variables and VS Code's
// default webview stylesheet, test/webview/vscode-themes.json), checked by axe-core with all its
// rules. No serious or critical violation may remain; the counts by panel and theme are printed
// (and recorded in docs/panels.md).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { axeViolations, describe as describeViolations, serious, type Violation } from './axe';
import { CAFE, CAFE_2, view } from './fixtures';
import { QUEUE } from './long-fixtures';
import { CHROMIUM, deliver, openPanel, startHarness, THEME_NAMES, VSCODE_THEMES, type Harness, type ThemeName } from './page';
import { eventFixture, locationFixture, longEventFixture, longLocationFixture } from './record-fixtures';
import { openRecordPage, startRecordHarness, type RecordHarness } from './record-page';
import { openTriagePage, startTriageHarness, type TriageHarness } from './triage-page';

/** "#1f1f1f" as getComputedStyle writes it: "rgb(31, 31, 31)". */
function cssColor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

type PanelName = 'comparison' | 'queue' | 'location' | 'event' | 'location, long values' | 'event, long values' | 'triage';
const PANELS: PanelName[] = ['comparison', 'queue', 'location', 'event', 'location, long values', 'event, long values', 'triage'];

describe('webview: accessibility of every panel in light, dark and high-contrast themes (axe-core)', function () {
  this.timeout(120000);
  let h: Harness;
  let r: RecordHarness;
  let tr: TriageHarness;
  const figures: string[] = [];

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      console.log(`    (skipped: no chromium at ${CHROMIUM})`);
      this.skip();
    }
    h = await startHarness();
    r = await startRecordHarness();
    tr = await startTriageHarness();
  });
  after(async () => {
    await h?.close();
    await r?.close();
    await tr?.close();
    if (figures.length) console.log(`\n    axe violations (all impacts) by panel and theme:\n${figures.map((f) => `      ${f}`).join('\n')}`);
  });

  /** The panel with its data, in the states that show the most: statuses, missing values, differences, events. */
  async function shown(panel: PanelName, theme: ThemeName): Promise<Page> {
    if (panel === 'triage') return openTriagePage(tr, { theme });
    if (panel === 'comparison' || panel === 'queue') {
      const { page } = await openPanel(h, { theme });
      const v = view([CAFE, CAFE_2]);
      await deliver(page, panel === 'queue' ? { type: 'show', view: v, queue: { ...QUEUE, skipped: 1, canUndo: true, canBack: true, position: 2 } } : { type: 'show', view: v });
      // An outcome in the status line: a success in the comparison, a failure in the queue.
      const status = panel === 'queue' ? ({ state: 'failed', verdict: 'approve', message: 'The service answered 503.' } as const) : ({ state: 'done', verdict: 'approve', message: 'Approved.' } as const);
      await deliver(page, { type: 'decision', recommendationId: v.recommendationId, status });
      await page.waitForSelector('#title');
      return page;
    }
    const { page } = await openRecordPage(r, { theme });
    // Long values at a narrow width: the clipped boxes that scroll (address, title, categories).
    if (panel.endsWith('long values')) await page.setViewportSize({ width: 420, height: 700 });
    const v = panel === 'location' ? locationFixture() : panel === 'event' ? eventFixture() : panel === 'location, long values' ? longLocationFixture() : longEventFixture();
    await deliver(page, { type: 'record', view: v });
    if (v.kind === 'location') {
      await deliver(page, { type: 'events', locationId: v.id, events: { state: 'failed', message: 'The service answered 503.', items: [{ id: 'urn:event:1', name: 'Morning Jazz', start: { raw: '2024-07-01T08:00:00.000Z', local: '1 Jul 2024, 10:00:00 CEST', utc: '2024-07-01 08:00:00 UTC' }, status: 'Scheduled' }, { id: 'urn:event:2', name: null, start: null, status: null }] } });
    }
    await deliver(page, { type: 'notice', message: 'Copied the id', tone: 'info' });
    await page.waitForSelector('#title');
    return page;
  }

  for (const theme of THEME_NAMES) {
    for (const panel of PANELS) {
      it(`${panel} panel, ${theme}: no serious or critical violation`, async () => {
        const page = await shown(panel, theme);
        // The theme is on (else axe would check black on white and prove nothing).
        const applied = (await page.evaluate(`[getComputedStyle(document.body).backgroundColor, document.body.className]`)) as string[];
        assert.deepEqual(applied, [cssColor(VSCODE_THEMES.themes[theme].vars['--vscode-editor-background']), VSCODE_THEMES.themes[theme].kind]);
        const found: Violation[] = await axeViolations(page);
        figures.push(`${theme} · ${panel}: ${found.length ? found.map((v) => `${v.id} ${v.impact} ×${v.nodes.length}`).join(', ') : 'none'}`);
        assert.deepEqual(serious(found).map((v) => v.id), [], describeViolations(serious(found)));
        if (panel === 'triage') {
          // The group table is named by a caption (a screen reader says it when it enters the table).
          assert.ok(((await page.locator('table.groups caption').textContent()) ?? '').trim() !== '', 'the group table has no caption');
        }
        if (panel !== 'comparison' && panel !== 'queue' && panel !== 'triage') {
          // Clipped boxes that scroll take the focus with a name; those that fit add no tab stop.
          const boxes = (await page.evaluate(`[...document.querySelectorAll('[data-scroll-region]')].map((b) => [b.tagName, b.tabIndex, b.tagName === 'H1' ? b.textContent.slice(0, 20) : (document.getElementById(b.getAttribute('aria-labelledby') ?? '')?.textContent ?? '').trim()])`)) as [string, number, string][];
          if (panel.endsWith('long values')) assert.ok(boxes.length >= (panel.startsWith('event') ? 4 : 1), `clipped boxes not focusable: ${JSON.stringify(boxes)}`);
          else assert.deepEqual(boxes, [], 'a value that fits its box became a tab stop');
          for (const [tag, tabIndex, name] of boxes) assert.ok(tabIndex === 0 && name !== '', `${tag}: tabindex ${tabIndex}, name '${name}'`);
        }
        await page.close();
      });
    }
  }
});
