// The Triage panel on a backlog (issue 17's goals: triage of 20,000 recommendations ≤ 2 s in the
// extension host; the panel renders them in ≤ 300 ms). Starts the sandbox with `--auto-merge off`
// (every candidate pending) on 127.0.0.1, lists the backlog, then per run: triage() (features,
// flags, groups, estimates; a fresh feature cache, as after a start), the panel's data
// (triagePanelData), and the page's first content in headless Chromium (the extension's own HTML and
// CSP) from the message to the table laid out and painted. Median (min–max) of --runs.
// Run: npm run build && npx tsx bench/triage-panel.ts [--locations 19700] [--runs 5]
import { join } from 'node:path';
import { DedupClient } from '../src/api/client';
import type { Recommendation } from '../src/api/model';
import { newNonce, panelHtml } from '../src/extension/panels/html';
import { triagePanelData } from '../src/extension/panels/triage-data';
import { FeatureCache, triage } from '../src/triage/triage';
import { openWithStandIn, startHarness, startPageServer, timeToFirstContent } from '../test/webview/page';
import { startServerProcess } from './lib/http-load';
import { machineLine, numberOption, summary } from './lib/stats';

const LOCATIONS = numberOption('--locations', 19700);
const RUNS = numberOption('--runs', 5);
const ROOT = join(__dirname, '..');
const token = 'triage-panel-bench';

async function main(): Promise<void> {
  console.log(machineLine());
  const sandbox = await startServerProcess([join(ROOT, 'dist', 'cli.js'), 'sandbox', '--port', '0', '--token', token, '--auto-merge', 'off', '--locations', String(LOCATIONS), '--events', '0', '--seed', '1'], /^Endpoints: /, { readyMs: 600_000 });
  try {
    const url = /Sandbox listening on (\S+)/.exec(sandbox.banner.join('\n'))?.[1];
    if (!url) throw new Error('no URL in the sandbox banner');
    const client = new DedupClient({ baseUrl: url, token });
    const pending: Recommendation[] = [];
    const listed = performance.now();
    for await (const r of client.allRecommendations({ pageSize: 200 })) pending.push(r);
    console.log(`backlog ${pending.length} pending, listed in ${((performance.now() - listed) / 1000).toFixed(1)} s`);
    const h = await startHarness();
    const { server, origin } = await startPageServer(
      {
        '/dist/triage-webview.js': [join(ROOT, 'dist', 'triage-webview.js'), 'text/javascript'],
        '/media/triage.css': [join(ROOT, 'media', 'triage.css'), 'text/css'],
        '/media/webview.css': [join(ROOT, 'media', 'webview.css'), 'text/css'],
      },
      (o) => panelHtml({ cspSource: o, nonce: newNonce(), scriptUri: `${o}/dist/triage-webview.js`, styleUri: `${o}/media/webview.css`, extraStyleUris: [`${o}/media/triage.css`], title: 'Triage' }),
    );
    const triageMs: number[] = [];
    const dataMs: number[] = [];
    const pageMs: number[] = [];
    let groups = 0;
    try {
      for (let run = 0; run < RUNS; run++) {
        let t = performance.now();
        const result = triage(pending, [], {}, new FeatureCache());
        triageMs.push(performance.now() - t);
        groups = result.groups.length;
        t = performance.now();
        const data = triagePanelData(pending, [], result, (f) => f);
        dataMs.push(performance.now() - t);
        const { page } = await openWithStandIn(h.browser, `${origin}/`);
        pageMs.push(await timeToFirstContent(page, { type: 'triage', data }, 'table.groups tbody tr'));
        await page.close();
      }
    } finally {
      await h.close();
      await new Promise((r) => server.close(r));
    }
    console.log(`triage of ${pending.length} (features, flags, ${groups} groups, estimates): ${summary(triageMs)} ms`);
    console.log(`panel data: ${summary(dataMs)} ms`);
    console.log(`panel first content (histogram, threshold view, ${groups} group rows): ${summary(pageMs)} ms`);
  } finally {
    await sandbox.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : String(e));
  process.exit(1);
});
