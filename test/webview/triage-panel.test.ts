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
  const histogram = Array.from({ length: 20 }, (_, i) => ({ from: i / 20, to: (i + 1) / 20, pending: i, approved: i % 3, rejected: i % 2, unsure: i === 19 ? 1 : 0 }));
  const thresholds = Array.from({ length: 50 }, (_, i) => ({ score: (50 + i) / 100, approved: 140 + (i % 10), n: 150 }));
  return { pending: 400, labels: 150, targetPrecision: 0.99, targetRecall: 0.97, recallBudget: { maxLost: 4.5, used: 1.2 }, histogram, thresholds, groups };
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
    assert.equal(await page.locator('svg.histogram rect').count() > 20, true);
    assert.equal(await page.locator('svg.thresholds rect').count(), 50);
    assert.match(await page.locator('.threshold').innerText(), /^Scores ≥ 99% were approved 99% of the time \(n = 150\)$/);
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
    assert.equal(await last.textContent(), '100%');
    const [label, chart] = await Promise.all([last.boundingBox(), page.locator('svg.histogram').boundingBox()]);
    assert.ok(label && chart && label.x + label.width <= chart.x + chart.width + 0.5, `the 100% label ends inside the chart (${JSON.stringify({ label, chart })})`);
    const approve = await page.getByRole('button', { name: 'Approve the group: name equal 1' }).boundingBox();
    assert.ok(approve && approve.x + approve.width <= 520, `Approve… is in view at 520 px (${JSON.stringify(approve)})`);
    await page.close();
  });

  it('a group with no decision and an interval over almost everything says there is no evidence yet, not 50%; the sorted column shows its direction', async () => {
    const { page } = await open([group(1, { approve: 0, p: 0.5, low: 0.006, high: 0.994 }), group(2, { approve: 0, p: 0.995, low: 0.98, high: 0.999 }), group(3)]);
    const estimates = await page.locator('tbody td.estimate').allInnerTexts();
    assert.deepEqual(estimates, ['93.0% [80.0%–99.0%] · not safe yet', '99.5% [98.0%–99.9%] · not safe yet', 'no evidence yet: Review a few']);
    const arrow = () => page.locator('th[aria-sort] button.sort').evaluate((b) => getComputedStyle(b, '::after').content);
    assert.equal(await arrow(), '" ▼"');
    await page.getByRole('button', { name: 'Count' }).click();
    assert.equal(await arrow(), '" ▲"');
    await page.close();
  });

  it('draws a threshold bar only where 10 decisions stand behind it, and no chart without any', async () => {
    const { page } = await openWithStandIn(h.browser, `${origin}/`);
    const few = data([group(1)]);
    few.thresholds = few.thresholds.map((p, i) => ({ ...p, approved: i < 5 ? 12 : 1, n: i < 5 ? 12 : 1 }));
    await deliver(page, { type: 'triage', data: few });
    await page.waitForSelector('table.groups');
    assert.equal(await page.locator('svg.thresholds rect').count(), 5);
    await deliver(page, { type: 'triage', data: { ...few, thresholds: few.thresholds.map((p) => ({ ...p, approved: 1, n: 1 })) } });
    await page.waitForSelector('svg.thresholds', { state: 'detached' });
    assert.equal(await page.locator('.threshold').innerText(), 'Not enough decisions yet (at least 10 at one threshold).');
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
    await deliver(page, { type: 'triage', data: { ...data([]), pending: 0, labels: 0, histogram: [], thresholds: [], connection: 'empty' } });
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
        if (n.textContent.trim() && !n.parentElement.closest('td.num, td.flags, td.words, svg')) out.push(n.textContent.trim());
      }
      return out;
    })()`);
    assert.deepEqual((own as string[]).filter((t) => !/^⟦.*⟧$/.test(t) && t !== '·'), []);
    // The group's words are the extension's (describePattern, already in the user's language).
    assert.equal(await page.locator('tbody td.words').first().innerText(), 'name equal 2');
    assert.match((await page.locator('svg.histogram').getAttribute('aria-label')) ?? '', /^⟦Score histogram: \d+ pending, \d+ decided⟧$/);
    assert.match(await page.locator('.threshold').innerText(), /^⟦Scores ≥ 99% were approved 99% of the time \(n = 150\)⟧$/);
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
