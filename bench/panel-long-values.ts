// Panels with a 1 MB value (issue 12.5): for the comparison panel, the review queue, the location
// panel and the event panel, the time from the extension building the view to the panel's first
// content in headless Chromium (the page and CSP the extension serves: test/webview/page.ts), and
// the time "Show all" takes to put the whole value on screen. Also one pair scored by the matcher.
// Each figure is the median (min–max) of --runs fresh pages.
// Run: npm run build && npx tsx bench/panel-long-values.ts [--runs 5] [--size 1000000]
import { scoreLocationPair } from '../src/matching';
import { PAIR_SCORING } from '../src/triage/pair-scoring';
import { comparisonView } from '../src/extension/panels/comparison-view-model';
import { eventView } from '../src/extension/panels/event-view';
import { locationView } from '../src/extension/panels/location-view';
import { recordJson } from '../src/extension/panels/record-json';
import { longRecommendation, longWords, QUEUE } from '../test/webview/long-fixtures';
import { openPanel, startHarness, timeToFirstContent } from '../test/webview/page';
import { CAFE_LOCATION, CONCERT, OPTIONS } from '../test/webview/record-fixtures';
import { openRecordPage, startRecordHarness } from '../test/webview/record-page';
import { machineLine, numberOption, summary } from './lib/stats';
import type { Page } from 'playwright-core';

const RUNS = numberOption('--runs', 5);
const SIZE = numberOption('--size', 1_000_000);

const time = <T>(f: () => T): [T, number] => {
  const started = performance.now();
  const out = f();
  return [out, performance.now() - started];
};

/** Milliseconds from a click on the first "Show all" in `container` to the whole value laid out and painted. */
async function showAllMs(page: Page, container: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const button = document.querySelector(${JSON.stringify(`${container} button.show-all`)});
    const started = performance.now();
    button.click();
    void document.body.getBoundingClientRect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
  })`);
}

interface Row {
  panel: string;
  view: number[];
  first: number[];
  all: number[];
}

async function main(): Promise<void> {
  console.log(machineLine());
  const rec = longRecommendation(SIZE);
  const location = { ...CAFE_LOCATION, name: longWords(SIZE, 3) };
  const event = { ...CONCERT, name: longWords(SIZE, 4), description: longWords(SIZE, 5) };
  const score: number[] = [];
  const json: number[] = [];
  const jsonWords = { marker: (more: number) => `… [${more} more characters]`, note: () => 'long values are cut' };
  const h = await startHarness();
  const r = await startRecordHarness();
  const rows: Row[] = ['comparison', 'review queue', 'location', 'event'].map((panel) => ({ panel, view: [], first: [], all: [] }));
  try {
    for (let run = 0; run < RUNS; run++) {
      // Open as JSON's document text (the editor's own time to open it is measured inside VS Code:
      // test/integration/record-json.test.ts prints it).
      json.push(time(() => recordJson(event, jsonWords))[1]);
      score.push(time(() => scoreLocationPair({ key: 'a', name: rec.entities[0].name }, { key: 'b', name: rec.entities[1].name }))[1]);
      for (const row of rows) {
        const record = row.panel === 'location' || row.panel === 'event';
        const [message, viewMs] = time(() => {
          if (row.panel === 'location') return { type: 'record', view: locationView(location, OPTIONS) };
          if (row.panel === 'event') return { type: 'record', view: eventView(event, OPTIONS) };
          const view = comparisonView(PAIR_SCORING, rec, { entityLabel: (e) => e['@id'] });
          return row.panel === 'review queue' ? { type: 'show', view, queue: QUEUE } : { type: 'show', view };
        });
        const { page } = record ? await openRecordPage(r) : await openPanel(h);
        row.view.push(viewMs);
        row.first.push(await timeToFirstContent(page, message));
        row.all.push(await showAllMs(page, record ? '[data-field="name"] dd' : 'tr[data-field="name"] td[data-entity="1"]'));
        await page.close();
      }
    }
  } finally {
    await h.close();
    await r.close();
  }
  console.log(`\nOne value of ${SIZE.toLocaleString('en')} characters (the name; the event's description too), ${RUNS} runs, ms: median (min–max)`);
  console.log(`matcher, one location pair: ${summary(score, 1)}`);
  console.log(`Open as JSON, the event's document text (two 1 MB values cut): ${summary(json, 1)}`);
  console.log('| panel | view built (extension) | first content (page) | Show all (page) |');
  console.log('|---|---|---|---|');
  for (const row of rows) console.log(`| ${row.panel} | ${summary(row.view, 0)} | ${summary(row.first, 0)} | ${summary(row.all, 0)} |`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
