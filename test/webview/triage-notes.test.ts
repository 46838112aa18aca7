// Issue 17 in the comparison page (dist/webview.js) in headless chromium, in the panel's own page and
// CSP: the flags and the unsure note as text (hostile data stays inert), N and the "Unsure…" button
// post `unsure` for the item on screen, and a blind view shows neither score nor sum. Needs
// `npm run build` first. Skips only without chromium.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { ComparisonView, QueueStatus } from '../../src/webview/comparison/protocol';
import { CAFE, CAFE_2, PAYLOADS, view } from './fixtures';
import { openPanel, recorded, send, startHarness, type Harness, chromiumSuite } from './page';

const ID = 'urn:recommendation:1';
const queue: QueueStatus = { done: 0, approved: 0, rejected: 0, skipped: 0, remaining: 5, more: false, position: 1, item: 'pending', canBack: false, canUndo: false };
const posted = async (page: Page) => (await recorded(page)).posted.slice(1); // after `ready`

describe('webview: triage notes, unsure and blind review in chromium', function () {
  this.timeout(60000);
  let h: Harness;

  chromiumSuite(startHarness, (started) => (h = started), (started) => started.close());

  it('shows the flags and the unsure note as text; hostile text stays inert', async () => {
    const { page, errors } = await openPanel(h);
    const v: ComparisonView = { ...view([CAFE, CAFE_2], ID), triage: { flags: ['An entity is also in another pending recommendation (a chain of merges).', PAYLOADS[0]], unsure: { note: PAYLOADS[1] } } };
    await send(page, { type: 'show', view: v });
    await page.waitForSelector('ul.flags');
    const items = await page.locator('ul.flags li').allInnerTexts();
    assert.deepEqual(items, [`⚑ ${v.triage!.flags[0]}`, `⚑ ${PAYLOADS[0]}`]);
    assert.equal((await page.locator('.unsure-mark').innerText()).replace(/\s*Clear mark$/, ''), `Marked unsure: ${PAYLOADS[1]}`);
    assert.equal((await recorded(page)).pwned, 0, 'a payload ran');
    assert.equal(await page.locator('header img, header script').count(), 0, 'markup from the data became elements');
    assert.equal(await page.locator('h1').innerText(), 'Score 93%');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('says why the queue asks an item (model unsure, audit draw, its group by name), as text; nothing when no reason is given', async () => {
    const { page, errors } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], ID), queue });
    await page.waitForSelector('.queue-bar');
    assert.equal(await page.locator('p.asked').count(), 0);
    const reasons: [ComparisonView['asked'], string][] = [
      [{ why: 'uncertain' }, 'Asked because the model is least sure of this one.'],
      [{ why: 'audit' }, 'Asked as a random audit draw: answers drawn at random certify bulk decisions.'],
      [{ why: 'group', group: PAYLOADS[0] }, `Asked for its group (${PAYLOADS[0]}): your answer brings the group closer to a bulk decision.`],
      [{ why: 'group' }, 'Asked for its group: your answer brings the group closer to a bulk decision.'],
    ];
    for (const [asked, words] of reasons) {
      await send(page, { type: 'show', view: { ...view([CAFE, CAFE_2], ID), asked }, queue });
      await page.waitForFunction((w) => document.querySelector('p.asked')?.textContent === w, words);
    }
    assert.equal((await recorded(page)).pwned, 0, 'a payload ran');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the Unsure… button and N in the queue post `unsure` for the item on screen; N outside the queue does nothing', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], ID) });
    await page.waitForSelector('button.unsure');
    await page.keyboard.press('n');
    assert.deepEqual(await posted(page), [], 'N acted outside the queue');
    await page.getByRole('button', { name: /^Mark as unsure/ }).click();
    assert.deepEqual(await posted(page), [{ type: 'unsure', recommendationId: ID }]);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], 'urn:recommendation:2'), queue });
    await page.waitForSelector('.queue-bar');
    await page.keyboard.press('N');
    assert.deepEqual((await posted(page)).at(-1), { type: 'unsure', recommendationId: 'urn:recommendation:2' });
    await page.keyboard.press('?');
    assert.match(await page.getByRole('dialog', { name: 'Review queue keys' }).innerText(), /N\s+Not sure: mark it unsure/);
    await page.close();
  });

  it('Clear mark beside the mark posts `clearUnsure` for the item on screen (panel and queue); unmarked, there is none', async () => {
    const { page } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], ID) });
    await page.waitForSelector('button.unsure');
    assert.equal(await page.locator('button.clear-unsure').count(), 0, 'Clear mark on an unmarked item');
    await send(page, { type: 'show', view: { ...view([CAFE, CAFE_2], ID), triage: { flags: [], unsure: { note: 'ask' } } } });
    await page.getByRole('button', { name: /^Clear the unsure mark/ }).click();
    assert.deepEqual((await posted(page)).at(-1), { type: 'clearUnsure', recommendationId: ID });
    await send(page, { type: 'show', view: { ...view([CAFE, CAFE_2], 'urn:recommendation:2'), triage: { flags: [], unsure: {} } }, queue });
    await page.waitForSelector('.queue-bar');
    await page.getByRole('button', { name: /^Clear the unsure mark/ }).click();
    assert.deepEqual((await posted(page)).at(-1), { type: 'clearUnsure', recommendationId: 'urn:recommendation:2' });
    await page.close();
  });

  it('a group’s queue says which group and how many are pending (hostile words as text); Full queue posts `fullQueue`; the plain queue has neither', async () => {
    const { page, errors } = await openPanel(h);
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], ID), queue: { ...queue, scope: 'score ↑' } });
    await page.waitForSelector('.queue-bar');
    assert.equal(await page.locator('.queue-group').count(), 0);
    assert.equal(await page.getByRole('button', { name: /^Leave this group/ }).count(), 0);
    const words = `name equal · phone equal ${PAYLOADS[0]}`;
    await send(page, { type: 'show', view: view([CAFE, CAFE_2], ID), queue: { ...queue, remaining: 37, group: { words } } });
    await page.waitForSelector('.queue-group');
    assert.equal(await page.locator('.queue-group').innerText(), `Reviewing group: ${words} (37 pending)`);
    assert.equal(await page.locator('.queue-scope').count(), 0, 'the tree’s scope shown in a group’s queue');
    assert.equal((await recorded(page)).pwned, 0, 'a payload ran');
    await page.getByRole('button', { name: /^Leave this group/ }).click();
    assert.deepEqual((await posted(page)).at(-1), { type: 'queue', action: 'fullQueue', recommendationId: ID, seq: 1 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a blind view shows no score, no flags and no sum', async () => {
    const { page } = await openPanel(h);
    const v: ComparisonView = { ...view([CAFE, CAFE_2], ID), score: 0, explanations: [], blind: true };
    await send(page, { type: 'show', view: v, queue });
    await page.waitForSelector('.queue-bar');
    assert.equal(await page.locator('h1').innerText(), 'Score hidden (blind review)');
    assert.equal(await page.locator('.why-sum').count(), 0);
    assert.equal(await page.locator('ul.flags').count(), 0);
    assert.doesNotMatch(await page.locator('main').innerText(), /\d+%/, 'a percentage is on screen');
    await page.close();
  });

  it('a random audit draw says so, blind: no score, no flags, no sum', async () => {
    const { page } = await openPanel(h);
    const v: ComparisonView = { ...view([CAFE, CAFE_2], ID), score: 0, explanations: [], blind: true, audit: true };
    await send(page, { type: 'show', view: v, queue });
    await page.waitForSelector('.queue-bar');
    assert.equal(await page.locator('h1').innerText(), 'Random audit draw: score hidden (your answer checks a sample of the small groups)');
    assert.equal(await page.locator('.why-sum').count(), 0);
    assert.equal(await page.locator('ul.flags').count(), 0);
    assert.doesNotMatch(await page.locator('main').innerText(), /\d+%/, 'a percentage is on screen');
    await page.close();
  });
});
