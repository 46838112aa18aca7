/* global window, document, MutationObserver, requestAnimationFrame -- evaluated inside the browser pages */
// How fast the curator's two most frequent moves feel, measured in the browser VS Code (issue 12,
// point 7; figures in docs/benchmarks.md): the review queue's A → the next item painted (goal: median
// ≤ 50 ms), and a click on a Recommendations row → its comparison panel's first content (goal:
// ≤ 250 ms). Both are read from the browser's own clock: the key press and the click are stamped by
// listeners in the pages, the paint by a requestAnimationFrame after the page drew the item (the
// page marks `shown <id>` with performance.mark). Reported, not asserted against the goals (a loaded
// machine says nothing about the code); the walk fails only if a measurement cannot be taken.
// Kept apart from e2e-walk.mjs so steps added there by others merge without touching these.
import { StepError, expect, pane, queueCounts, until, webviewFrame } from './e2e-walk.mjs';

const QUEUE_PRESSES = 12;
const ROW_CLICKS = 8;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const summary = (xs) => `median ${median(xs).toFixed(0)} ms, min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)} (n=${xs.length})`;

export async function measureSpeed(page, sidebar, { say }) {
  const queueMs = await queueNextItem(page);
  say(`speed: queue A → next item painted: ${summary(queueMs)} [${queueMs.map((x) => x.toFixed(0)).join(', ')}]`);
  const { times: rowMs, phases, reused } = await rowToComparison(page, pane(sidebar, 'Recommendations'));
  say(`speed: row click → comparison first content: first ${rowMs[0].toFixed(0)} ms; then ${summary(rowMs.slice(1))} [${rowMs.map((x) => x.toFixed(0)).join(', ')}]; re-used panel on ${reused.filter(Boolean).length} of ${reused.length} clicks`);
  say(`speed: where the first panel's time goes (ms from the click): ${phaseSummary(phases.slice(0, 1))}`);
  say(`speed: where the later clicks' time goes (medians, ms from the click): ${phaseSummary(phases.slice(1))}`);
  return { queueMs, rowMs };
}

async function queueNextItem(page) {
  await expect('the review queue tab', page.locator('.tabs-container .tab').filter({ has: page.locator('.label-name', { hasText: /^Review Queue/ }) }).first().click());
  const queue = await webviewFrame(page, 'the review queue', (f) => f.locator('.queue-bar .queue-item', { hasText: /pending/ }).first());
  const times = [];
  for (let i = 0; i < QUEUE_PRESSES; i++) {
    const before = await queueCounts(queue);
    const id = (await queue.locator('.rec-id code').innerText()).trim();
    // Stamp the key press (capture phase, before the page's own handler) and the first frame after
    // the page shows another recommendation.
    await queue.evaluate((old) => {
      window.__speed = { keyAt: undefined, paintedAt: undefined };
      document.addEventListener('keydown', (e) => { if (e.key === 'a' && window.__speed.keyAt === undefined) window.__speed.keyAt = performance.now(); }, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        const now = document.querySelector('.rec-id code')?.textContent;
        if (now && now !== old) {
          observer.disconnect();
          requestAnimationFrame(() => (window.__speed.paintedAt = performance.now()));
        }
      });
      observer.observe(document.getElementById('root') ?? document.body, { childList: true, subtree: true });
    }, id);
    await queue.locator('main').focus();
    await page.keyboard.press('a');
    await until('the next item to be painted', () => queue.evaluate(() => window.__speed.paintedAt !== undefined));
    const { keyAt, paintedAt } = await queue.evaluate(() => window.__speed);
    if (keyAt === undefined) throw new StepError('the queue page did not see the key press');
    times.push(paintedAt - keyAt);
    // The outcome follows: wait for it before the next press, as a curator reading the next item would.
    await until('the approval to be counted', async () => (await queueCounts(queue)).done === before.done + 1);
    await until('the extension to show the item the page drew', async () => !/Sending the decision/.test(await queue.locator('#status').innerText()));
  }
  return times;
}

/**
 * The comparison page's marks (src/webview/main.ts) against the click. A new panel (the first click):
 * when its frame started loading (timeOrigin), its script ran, it said ready, the first `show`
 * arrived and was drawn, and when `ready`'s own `show` came back (the round trip the early `show`
 * saves; absent if it never came). A re-used preview panel (every later click, issue 12 point 7):
 * its frame and script are older than the click, so only the `show` received and drawn count.
 */
const PHASES = ['frame', 'script', 'ready', 'show received', 'shown', 'show after ready'];
function phaseSummary(phases) {
  return PHASES.map((p) => {
    const xs = phases.map((x) => x[p]).filter((x) => x !== undefined);
    return `${p} ${xs.length ? median(xs).toFixed(0) : '—'}${xs.length < phases.length ? ` (n=${xs.length})` : ''}`;
  }).join(' · ');
}

async function rowToComparison(page, recommendations) {
  // No panel open: the first click must open a new one (a row whose panel or queue item is open only
  // reveals it); the later ones show their recommendation in that panel, the preview.
  await page.keyboard.press('F1');
  await expect('the command palette', page.locator('.quick-input-widget input').waitFor());
  await page.keyboard.type('View: Close All Editors');
  await expect('the "Close All Editors" command', page.locator('.quick-input-list .monaco-list-row', { hasText: 'Close All Editors' }).first().waitFor());
  await page.keyboard.press('Enter');
  await until('every editor to close', () => page.locator('.tabs-container .tab').count().then((n) => n === 0));
  await page.evaluate(() => {
    window.__downAt = undefined;
    document.addEventListener('mousedown', () => (window.__downAt = performance.timeOrigin + performance.now()), { capture: true });
  });
  const times = [];
  const phases = [];
  const reused = [];
  for (let i = 0; i < ROW_CLICKS; i++) {
    const row = recommendations.locator('.monaco-list-row').nth(i);
    await expect(`row ${i + 1} of the Recommendations view`, row.waitFor());
    const label = (await row.locator('.label-name').first().innerText()).trim();
    await page.evaluate(() => (window.__downAt = undefined));
    await row.locator('.label-name').first().click();
    const downAt = await page.evaluate(() => window.__downAt);
    if (downAt === undefined) throw new StepError('the click on the row was not stamped');
    // The frame that drew a recommendation after this click (a re-used panel's frame is the same one).
    const drewSince = (f) => f.evaluate((t) => performance.getEntriesByType('mark').some((m) => m.name.startsWith('shown ') && performance.timeOrigin + m.startTime > t), downAt);
    // Found by what it drew since the click, not by focus: whether the new panel takes the keyboard
    // from the tree that was clicked is the workbench's race (at load 8 the tree kept it once).
    const frame = await webviewFrame(page, `the comparison panel of "${label}"`, (f) => f.locator('main.comparison h1').first(), async (f) => (await f.locator('.queue-bar').count()) === 0 && (await drewSince(f)));
    const isNew = await frame.evaluate((t) => performance.timeOrigin > t, downAt);
    // Give `ready`'s own show time to come back, so its arrival can be read too.
    if (isNew) await frame.waitForFunction(() => performance.getEntriesByName('comparison: show received').length > 1, undefined, { timeout: 3000 }).catch(() => undefined);
    const marks = await frame.evaluate((t) => {
      const since = (name) => performance.getEntriesByType('mark').filter((m) => (m.name === name || (name === 'shown' && m.name.startsWith('shown '))) && performance.timeOrigin + m.startTime > t).map((m) => performance.timeOrigin + m.startTime);
      const fresh = performance.timeOrigin > t;
      return {
        frame: fresh ? performance.timeOrigin : undefined,
        script: fresh ? since('comparison: script')[0] : undefined,
        ready: fresh ? since('comparison: ready')[0] : undefined,
        'show received': since('comparison: show received')[0],
        shown: since('shown')[0],
        'show after ready': fresh ? since('comparison: show received')[1] : undefined,
      };
    }, downAt);
    reused.push(!isNew);
    times.push(marks.shown - downAt);
    phases.push(Object.fromEntries(Object.entries(marks).map(([k, v]) => [k, v === undefined ? undefined : v - downAt])));
  }
  return { times, phases, reused };
}
