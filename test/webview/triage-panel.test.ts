// The Triage panel's page (dist/triage-webview.js, src/webview/triage/) in headless chromium, in the
// extension's own HTML and CSP: hostile group words and flags stay text, no CSP violation, the charts
// are drawn, the table sorts by a header, the actions post validated messages; the message parser
// refuses anything else. Needs `npm run build` first. Skips only without chromium.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newNonce, panelHtml } from '../../src/extension/panels/html';
import { parseTriageMessage } from '../../src/webview/triage/from-page';
import type { GroupRow, TriagePanelData } from '../../src/webview/triage/protocol';
import { PAYLOADS } from './fixtures';
import { CHROMIUM, deliver, handedStrings, type Harness, openWithStandIn, recorded, startHarness, startPageServer } from './page';

const ROOT = join(__dirname, '..', '..');

function group(i: number, o: Partial<GroupRow> = {}): GroupRow {
  return { key: `location:name=equal|k${i}`, words: `name equal ${i}`, kind: 'location', size: 10 + i, scoreMin: 0.8, scoreMax: 0.99, approve: i, reject: 0, unsure: 0, p: 0.9 + i / 100, low: 0.8, high: 0.99, safe: null, flags: [], decidable: 10 + i, answers: i, nextAction: `Answer 3 more in this group to approve ${10 + i}.`, ...o };
}

function data(groups: GroupRow[]): TriagePanelData {
  const histogram = Array.from({ length: 10 }, (_, i) => ({ from: 0.5 + i / 20, to: 0.55 + i / 20, match: i, unsure: 2 + (i % 3), nonMatch: 10 - i }));
  const rates = Array.from({ length: 5 }, (_, i) => ({ from: 0.5 + i / 10, to: 0.59 + i / 10, approved: 20 + 2 * i, n: 30, low: 0.5 + i / 20, high: 0.8 + i / 25 }));
  return { pending: 400, labels: 150, targetPrecision: 0.99, targetRecall: 0.97, recallBudget: { maxLost: 4.5, used: 1.2 }, histogram, verdictBands: { match: 0.9, nonMatch: 0.1 }, rates, groups };
}

describe('webview: the Triage panel in chromium', function () {
  this.timeout(60000);
  let h: Harness;
  let server: Server;
  let origin: string;

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      console.log(`    (skipped: no chromium at ${CHROMIUM})`);
      this.skip();
    }
    h = await startHarness();
    ({ server, origin } = await startPageServer(
      {
        '/dist/triage-webview.js': [join(ROOT, 'dist', 'triage-webview.js'), 'text/javascript'],
        '/media/triage.css': [join(ROOT, 'media', 'triage.css'), 'text/css'],
        '/media/webview.css': [join(ROOT, 'media', 'webview.css'), 'text/css'],
      },
      (o, url) =>
        panelHtml({ cspSource: o, nonce: newNonce(), scriptUri: `${o}/dist/triage-webview.js`, styleUri: `${o}/media/webview.css`, extraStyleUris: [`${o}/media/triage.css`], title: 'Triage', strings: handedStrings('triage-webview.js', url) }),
    ));
  });
  after(async () => {
    await h?.close();
    await new Promise((r) => server?.close(r));
  });

  const open = async (groups: GroupRow[]): Promise<{ page: Page; errors: string[] }> => {
    const opened = await openWithStandIn(h.browser, `${origin}/`);
    await deliver(opened.page, { type: 'triage', data: data(groups) });
    await opened.page.waitForSelector('table.groups');
    return opened;
  };

  // Seen in the walk as "0.0 of 0.0 matches used, 0.0 left": before any approval the page says why.
  it('says the recall budget is nothing yet, and why, before the curator approved a match', async () => {
    const opened = await openWithStandIn(h.browser, `${origin}/`);
    await deliver(opened.page, { type: 'triage', data: { ...data([group(1)]), labels: 0, recallBudget: { maxLost: 0, used: 0 } } });
    await opened.page.waitForSelector('table.groups');
    assert.equal(await opened.page.locator('.facts.recall').innerText(), 'target recall 97.0% · no bulk rejections yet: their budget grows with the matches the curator approves');
    await opened.page.close();
  });

  it('the audit sample: its own line (not one of the two .facts lines), open or certified; none without a stratum', async () => {
    const opened = await openWithStandIn(h.browser, `${origin}/`);
    await deliver(opened.page, { type: 'triage', data: { ...data([group(1)]), audit: { items: 312, groups: 97, answers: 46, wrong: 1, high: 0.065, certified: false } } });
    await opened.page.waitForSelector('table.groups');
    assert.equal(await opened.page.locator('p.audit').innerText(), 'small groups: 312 items in 97 groups, 46 audited at random, 1 wrong; upper bound 6.5%');
    assert.equal(await opened.page.locator('main.triage .facts:not(.recall)').count(), 1, 'the walk reads one counts line');
    await deliver(opened.page, { type: 'triage', data: { ...data([group(1)]), audit: { items: 80, groups: 20, answers: 14, wrong: 0, high: 0.17, certified: true } } });
    await opened.page.waitForFunction(() => document.querySelector('p.audit')?.textContent?.includes('certified'));
    assert.equal(await opened.page.locator('p.audit').innerText(), 'small groups: 80 items in 20 groups certified together by 14 random audit answers (0 wrong; upper bound 17.0%): safe to approve');
    await deliver(opened.page, { type: 'triage', data: data([group(1)]) });
    await opened.page.waitForFunction(() => !document.querySelector('p.audit'));
    await opened.page.close();
  });

  it('draws the charts and the groups; hostile words and flags stay text; no CSP violation', async () => {
    const { page, errors } = await open([group(1, { words: PAYLOADS[0], flags: [PAYLOADS[1], 'chain'], safe: 'approve' }), group(2)]);
    // Ten bars of three verdicts, less the empty segments (match 0 in the first bin).
    assert.equal(await page.locator('svg.histogram rect.seg').count(), 29);
    assert.equal(await page.locator('svg.rates g.rate-bin').count(), 5);
    // Both targets are shown, and the recall budget's use.
    assert.match(await page.locator('.facts').first().innerText(), /target precision 99\.0%/);
    assert.equal(await page.locator('.facts.recall').innerText(), 'target recall 97.0% · recall budget of bulk rejections: 1.2 of 4.5 matches used, 3.3 left');
    const words = await page.locator('tbody td.words').allInnerTexts();
    assert.ok(words.includes(PAYLOADS[0]), words.join('\n'));
    assert.ok((await page.locator('tbody td.flags').allInnerTexts()).includes(`⚑ ${PAYLOADS[1]}, chain`));
    const rec = await recorded(page);
    assert.equal(rec.pwned, 0, 'a payload ran');
    assert.deepEqual(rec.cspViolations, []);
    assert.equal(await page.locator('tbody img, tbody script, tbody a').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  // Found in the walk of 2026-11-26: an empty backlog drew an empty histogram, a blank chart and a
  // table of headers; the title did not say which connection the groups were of; counts had no
  // separators (21496 next to the tree's 21,496); the axis's "100%" was cut to "10"; the actions
  // were past the right edge of a narrow editor.
  it('names its connection, writes counts as the tree does, keeps 100% inside the axis and the actions in view in a narrow editor', async () => {
    const { page } = await openWithStandIn(h.browser, `${origin}/`);
    await page.setViewportSize({ width: 520, height: 700 });
    await deliver(page, { type: 'triage', data: { ...data([group(1, { size: 21496, decidable: 21496 }), group(2)]), connection: 'big <b>sandbox</b>', pending: 21507 } });
    await page.waitForSelector('table.groups');
    assert.equal(await page.locator('h1').innerText(), 'Triage of big <b>sandbox</b>');
    assert.match(await page.locator('.facts').first().innerText(), /^21,507 pending in 2 groups/);
    assert.deepEqual(await page.locator('tbody tr td.count').allInnerTexts(), ['21,496', '12']);
    const last = page.locator('svg.histogram text.axis').last();
    assert.equal(await last.textContent(), '100%', 'the score axis ends at 100%');
    const [label, chart] = await Promise.all([last.boundingBox(), page.locator('svg.histogram').boundingBox()]);
    assert.ok(label && chart && label.x + label.width <= chart.x + chart.width + 0.5, `the 100% label ends inside the chart (${JSON.stringify({ label, chart })})`);
    const approve = await page.getByRole('button', { name: 'Approve the group: name equal 1' }).boundingBox();
    assert.ok(approve && approve.x + approve.width <= 520, `Approve… is in view at 520 px (${JSON.stringify(approve)})`);
    await page.close();
  });

  it('each group: its answers, its certified bound (or none yet) and the next action in words; the sorted column shows its direction', async () => {
    const { page } = await open([
      group(1, { approve: 0, answers: 0, bound: undefined, nextAction: 'No answers here yet: Review a few to learn what this group is.' }),
      group(2, { approve: 40, reject: 1, answers: 41, bound: 0.0712, answersToCertify: 23, size: 2712, decidable: 2712, nextAction: 'Answer 23 more in this group to approve 2,712.' }),
      group(3, { safe: 'approve', bound: 0.0061, nextAction: 'Approve… decides these 13: at most 0.6% of them wrong (95% confidence).' }),
      group(4, { p: 0.02, low: 0.001, high: 0.08, answers: 30, approve: 0, reject: 30, bound: 0.08, answersToCertify: 40, nextAction: 'Answer 40 more in this group to reject 14.' }),
    ]);
    const rows = await page.locator('table.groups tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td.answers, td.bound, td.next')].map((td) => td.textContent)));
    assert.deepEqual(rows, [
      ['40/1/0', '≤ 7.1% wrong if approved', 'Answer 23 more in this group to approve 2,712.'],
      ['0/30/0', '≤ 8.0% matches if rejected', 'Answer 40 more in this group to reject 14.'],
      ['3/0/0', '≤ 0.6% wrong if approved', 'Approve… decides these 13: at most 0.6% of them wrong (95% confidence).'],
      ['0/0/0', 'none yet', 'No answers here yet: Review a few to learn what this group is.'],
    ]);
    // The header names the group where answers go furthest.
    assert.equal(await page.locator('p.next-step').innerText(), 'Next step — name equal 2: Answer 23 more in this group to approve 2,712.');
    const arrow = () => page.locator('th[aria-sort] button.sort').evaluate((b) => getComputedStyle(b, '::after').content);
    assert.equal(await arrow(), '" ▼"');
    // Next step sorts the certified first, then the fewest answers to go, the out of reach last.
    await page.getByRole('button', { name: 'Next step' }).click();
    assert.equal(await arrow(), '" ▲"');
    assert.deepEqual(await page.locator('tbody td.words').allInnerTexts(), ['name equal 3', 'name equal 2', 'name equal 4', 'name equal 1']);
    // The walk: no group within reach, and no next step said. Then the largest open group's.
    await deliver(page, { type: 'triage', data: data([group(1, { size: 130, decidable: 130, flags: ['chain'], nextAction: 'No answers here yet: Review a few to learn what this group is.' }), group(2, { safe: 'approve' }), group(3)]) });
    await page.waitForFunction(() => document.querySelector('p.next-step')?.textContent?.includes('name equal 1'));
    assert.equal(await page.locator('p.next-step').innerText(), 'Next step — name equal 1 (⚑ chain): No answers here yet: Review a few to learn what this group is.');
    await page.close();
  });

  it('the sets ready for a bulk decision, with their size, answers and bound; none listed when there are none', async () => {
    const { page } = await openWithStandIn(h.browser, `${origin}/`);
    const sets = [{ verdict: 'approve' as const, words: 'The 3 groups safe to approve together', size: 2712, answers: 230, bound: 0.0092, nextAction: 'Approve… decides these 2,712: at most 0.9% of them wrong (95% confidence).' }];
    await deliver(page, { type: 'triage', data: { ...data([group(1)]), sets } });
    await page.waitForSelector('ul.sets');
    assert.equal(await page.locator('ul.sets li').innerText(), 'The 3 groups safe to approve together: 2,712 recommendations, 230 answers, error at most 0.9%. Approve… decides these 2,712: at most 0.9% of them wrong (95% confidence).');
    await deliver(page, { type: 'triage', data: { ...data([group(1)]), sets: [] } });
    await page.waitForSelector('ul.sets', { state: 'detached' });
    await page.close();
  });

  it('the histogram: a labelled count axis, linear while the bars are alike, log (and said so) when one bar dwarfs the rest; a legend in words and patterns', async () => {
    const { page } = await open([group(1)]);
    const svg = page.locator('svg.histogram');
    assert.equal(await svg.getAttribute('data-scale'), 'linear');
    assert.equal(await svg.locator('text.axis-title').first().textContent(), 'Pending');
    const ticks = async () => (await svg.locator('text.axis[text-anchor="end"]').allTextContents()).filter((x) => !x.endsWith('%'));
    assert.deepEqual(await ticks(), ['0', '5', '10', '15']);
    // The walk: one bar of 20,196 and the rest flat, on a linear axis without labels.
    const skewed = data([group(1)]);
    skewed.histogram = skewed.histogram.map((b, i) => (i === 9 ? { ...b, match: 20196, unsure: 0, nonMatch: 0 } : { ...b, match: 0, unsure: i + 1, nonMatch: 0 }));
    await deliver(page, { type: 'triage', data: skewed });
    await page.waitForSelector('svg.histogram[data-scale="log"]');
    assert.equal(await svg.locator('text.axis-title').first().textContent(), 'Pending (log scale)');
    assert.deepEqual(await ticks(), ['1', '10', '100', '1,000', '10,000', '100,000']);
    assert.match((await svg.getAttribute('aria-label')) ?? '', /^Pending recommendations by score, counts on a log scale: 20,241 in all; 20,196 likely matches, 45 unsure, 0 likely non-matches$/);
    // The smallest bar (1) is still drawn visibly on the log axis.
    const heights = await svg.locator('rect.seg').evaluateAll((rs) => rs.map((r) => Number(r.getAttribute('height'))));
    assert.ok(Math.min(...heights) >= 2, `a bar of 1 is ${Math.min(...heights)} units tall`);
    assert.equal(await svg.locator('rect.seg.match title').first().textContent(), 'Scores 95%–100%: 20,196 likely match (P ≥ 90%)');
    // A stacked bar on the log axis: each segment's top reads its running total off the axis (the
    // walk: 4,500 likely matches under 2,000 unsure were drawn at the height of 430).
    const mixed = data([group(1)]);
    mixed.histogram = mixed.histogram.map((b, i) => (i === 9 ? { ...b, match: 4500, unsure: 2000, nonMatch: 0 } : { ...b, match: 0, unsure: 1, nonMatch: 0 }));
    await deliver(page, { type: 'triage', data: mixed });
    await page.waitForFunction(() => document.querySelectorAll('svg.histogram rect.seg.match').length === 1);
    const gridY = await svg.locator('line.grid').evaluateAll((ls) => ls.map((l) => Number(l.getAttribute('y1'))));
    const atLog = (n: number) => gridY[0] + (gridY[1] - gridY[0]) * Math.log10(n);
    const tops = await svg.locator('rect.seg').evaluateAll((rs) => rs.slice(-2).map((r) => Number(r.getAttribute('y'))));
    assert.ok(Math.abs(tops[0] - atLog(4500)) < 0.2 && Math.abs(tops[1] - atLog(6500)) < 0.2, `segment tops ${tops} against ${atLog(4500)}, ${atLog(6500)}`);
    // Not colour alone: each verdict has its words and its own fill (solid, stripes, dots).
    assert.deepEqual(await page.locator('ul.legend li').allInnerTexts(), ['likely match (P ≥ 90%)', 'unsure', 'likely non-match (P ≤ 10%)']);
    assert.deepEqual(await page.locator('ul.legend rect').evaluateAll((rs) => rs.map((r) => r.getAttribute('fill'))), ['url(#fill-match)', 'url(#fill-unsure)', 'url(#fill-nonMatch)']);
    // The numbers as a table, the chart's text alternative.
    await page.locator('section.chart-box').first().getByText('Show the numbers').click();
    assert.deepEqual(await page.locator('section.chart-box').first().locator('table.numbers tbody tr').last().locator('th, td').allInnerTexts(), ['95%–100%', '4,500', '2,000', '0', '6,500']);
    await page.close();
  });

  it('the approval rate: a few score bins with their answers and 95% intervals as error bars; without answers, an empty state, not a chart', async () => {
    const { page } = await open([group(1)]);
    const bins = page.locator('svg.rates g.rate-bin');
    assert.equal(await bins.count(), 5);
    assert.equal(await bins.first().locator('title').textContent(), 'Scores 50.0%–59.0%: 20 of 30 approved (66.7%; 95% interval 50.0%–80.0%)');
    assert.deepEqual(await bins.first().locator('text').allTextContents(), ['50.0%–59.0%', 'n = 30']);
    // The error bar spans the interval on the 0–100% axis: 50% to 80% of the plot's 140 units.
    const ys = await bins.first().locator('line.interval').first().evaluate((l) => [Number(l.getAttribute('y1')), Number(l.getAttribute('y2'))]);
    assert.deepEqual(ys, [80, 38]);
    assert.deepEqual(await page.locator('svg.rates text.axis[text-anchor="end"]').allTextContents(), ['0%', '25%', '50%', '75%', '100%']);
    assert.match(await page.locator('.rates-box p.chart-caption').innerText(), /Dashed line: the target precision, 99\.0%\.$/);
    // The walk: two bins of 99.6 % and 99.9 % both read "100%".
    const near = [0.996, 0.999].map((x) => ({ from: x, to: x, approved: 5, n: 7, low: 0.35, high: 0.92 }));
    await deliver(page, { type: 'triage', data: { ...data([group(1)]), rates: near } });
    await page.waitForFunction(() => document.querySelectorAll('svg.rates g.rate-bin').length === 2);
    assert.deepEqual(await page.locator('svg.rates g.rate-bin text:first-of-type').allTextContents(), ['99.6%', '99.9%']);
    await deliver(page, { type: 'triage', data: { ...data([group(1)]), labels: 0, rates: [] } });
    await page.waitForSelector('svg.rates', { state: 'detached' });
    assert.equal(await page.locator('.rates-box p.empty-chart').innerText(), 'No answers yet: your approval rate by score appears here after your first answers (Review on a group).');
    await page.close();
  });

  it('says when the service re-scored the backlog between two reads, with how many scores changed which way', async () => {
    const { page } = await open([group(1)]);
    assert.equal(await page.locator('p.rescored').count(), 0);
    const at = Date.UTC(2026, 10, 29, 2, 31);
    await deliver(page, { type: 'triage', data: { ...data([group(1)]), rescored: { compared: 20196, changed: 20113, lower: 12001, at } } });
    await page.waitForSelector('p.rescored');
    const when = await page.evaluate((ms) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(ms)), at);
    assert.equal(await page.locator('p.rescored').innerText(), `⚠ The service re-scored the backlog (seen at ${when}): 20,113 of the 20,196 recommendations read again have a new score, 12,001 lower and 8,112 higher. The groups and charts use the new scores.`);
    await page.close();
  });

  it('drops the groups it shows when told there are none (no active connection), and says why', async () => {
    const { page, errors } = await open([group(1), group(2)]);
    await deliver(page, { type: 'none', message: 'There is no active connection: <b>connect</b>' });
    await page.waitForSelector('table.groups', { state: 'detached' });
    assert.equal(await page.locator('#status').textContent(), 'There is no active connection: <b>connect</b>');
    assert.equal(await page.locator('svg, table, button').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('says plainly that nothing is pending, with no chart and no table', async () => {
    const { page, errors } = await openWithStandIn(h.browser, `${origin}/`);
    await deliver(page, { type: 'triage', data: { ...data([]), pending: 0, labels: 0, histogram: [], rates: [], connection: 'empty' } });
    await page.waitForSelector('p.empty');
    assert.match(await page.locator('p.empty').innerText(), /^Nothing is pending on this connection/);
    assert.equal(await page.locator('svg, table').count(), 0);
    assert.equal(await page.getByRole('button', { name: 'Refresh' }).count(), 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('sorts by a header; the actions post the group key; a group with nothing decidable cannot be decided', async () => {
    const { page } = await open([group(1), group(3), group(2, { decidable: 0 })]);
    const sizes = () => page.locator('tbody tr td.count').allInnerTexts();
    assert.deepEqual(await sizes(), ['13', '12', '11'], 'largest first');
    await page.getByRole('button', { name: 'Count' }).click();
    assert.deepEqual(await sizes(), ['11', '12', '13']);
    await page.getByRole('button', { name: 'Approve the group: name equal 3' }).click();
    await page.getByRole('button', { name: 'Review samples (the review queue on this group only): name equal 1' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    assert.deepEqual((await recorded(page)).posted.slice(1), [
      { type: 'group', action: 'approve', key: 'location:name=equal|k3' },
      { type: 'group', action: 'review', key: 'location:name=equal|k1' },
      { type: 'refresh' },
    ]);
    assert.equal(await page.getByRole('button', { name: 'Reject the group: name equal 2' }).isDisabled(), true);
    await page.close();
  });

  it('draws every word of its own in the language handed over (the catalogue in the HTML)', async () => {
    const { page, errors } = await openWithStandIn(h.browser, `${origin}/?l10n`);
    assert.equal(await page.locator('p.loading').innerText(), '⟦Reading every pending recommendation…⟧');
    await deliver(page, { type: 'triage', data: data([group(1, { safe: 'approve' }), group(2, { kind: 'event' })]) });
    await page.waitForSelector('table.groups');
    const own = await page.evaluate(`(() => {
      const out = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (n.textContent.trim() && !n.parentElement.closest('td.num, td.flags, td.words, td.next, table.numbers tbody, svg')) out.push(n.textContent.trim());
      }
      return out;
    })()`);
    assert.deepEqual((own as string[]).filter((t) => !/^⟦.*⟧$/.test(t) && t !== '·'), []);
    // The group's words are the extension's (describePattern, already in the user's language).
    assert.equal(await page.locator('tbody td.words').first().innerText(), 'name equal 2');
    assert.match((await page.locator('svg.histogram').getAttribute('aria-label')) ?? '', /^⟦Pending recommendations by score: [\d,]+ in all; \d+ likely matches, \d+ unsure, \d+ likely non-matches⟧$/);
    assert.match((await page.locator('svg.rates g.rate-bin title').first().textContent()) ?? '', /^⟦Scores 50.0%–59.0%: 20 of 30 approved .*⟧$/);
    assert.match(await page.locator('ul.legend li').first().innerText(), /^⟦likely match \(P ≥ 90%\)⟧$/);
    assert.equal(await page.getByRole('button', { name: '⟦Approve the group: name equal 1⟧' }).count(), 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('drops a message from the extension that does not fit its protocol, and goes on with the next', async () => {
    const { page, errors } = await openWithStandIn(h.browser, `${origin}/`);
    const good = data([group(1)]);
    for (const bad of [{ type: 'triage', data: { ...good, groups: 'many' } }, { type: 'triage', data: { ...good, pending: '400' } }, { type: 'triage', data: { ...good, groups: [{ ...group(1), kind: 'venue' }] } }, { type: 'notice' }, { type: 'unknown' }, null]) {
      await deliver(page, bad);
    }
    assert.equal(await page.locator('p.loading').count(), 1, 'a malformed message was drawn');
    await deliver(page, { type: 'triage', data: good });
    await page.waitForSelector('table.groups');
    await deliver(page, { type: 'notice', message: PAYLOADS[0] });
    assert.equal(await page.locator('#status').textContent(), PAYLOADS[0]);
    assert.equal((await recorded(page)).pwned, 0, 'a payload ran');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('says a notice that comes before any data (a restored panel with no connection), as text', async () => {
    const { page, errors } = await openWithStandIn(h.browser, `${origin}/`);
    await page.waitForSelector('p.loading');
    await deliver(page, { type: 'notice', message: 'There is no active connection: connect to a service, then run Open Triage again.' });
    assert.equal(await page.locator('#status').textContent(), 'There is no active connection: connect to a service, then run Open Triage again.');
    assert.equal(await page.locator('table.groups').count(), 0, 'groups drawn without data');
    await deliver(page, { type: 'notice', message: PAYLOADS[0] });
    assert.equal(await page.locator('#status').textContent(), PAYLOADS[0]);
    assert.equal((await recorded(page)).pwned, 0, 'a payload ran');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the extension accepts only ready, refresh and group actions with a key', () => {
    assert.deepEqual(parseTriageMessage({ type: 'group', action: 'reject', key: 'k', extra: 1 }), { type: 'group', action: 'reject', key: 'k' });
    for (const bad of [null, [], { type: 'group', action: 'delete', key: 'k' }, { type: 'group', action: 'approve' }, { type: 'group', action: 'approve', key: 'x'.repeat(5000) }, { type: 'openLink', url: 'https://x' }]) {
      assert.equal(parseTriageMessage(bad), undefined, JSON.stringify(bad)?.slice(0, 60));
    }
  });
});
