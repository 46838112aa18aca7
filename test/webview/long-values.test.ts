// Every panel with a 1 MB value (issue 12: a 100 KB name took the comparison panel 6.5 s and the
// location panel 12.5 s): the first content comes within a generous bound (the goal, 500 ms, is
// measured by bench/panel-long-values.ts), the value shows its start and a "Show all" button, and
// the button (a real one: mouse and keyboard) shows the whole value.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { MAX_CELL_CHARS, MAX_FIELD_CHARS } from '../../src/webview/shared/long-value';
import { longComparison, longEvent, longLocation, MB, QUEUE } from './long-fixtures';
import { openPanel, recorded, timeToFirstContent, type Harness, startHarness, chromiumSuite } from './page';
import { openRecordPage, startRecordHarness, type RecordHarness } from './record-page';

/** Generous: the machine these run on may be busy; before the fix the panels took 6–12 s for 100 KB. */
const BOUND_MS = 3000;

/** Checks the value in `container`: its start and a Show all button; Enter on the button shows all of it. */
async function showsStartThenAll(page: Page, container: string, full: number, shown: number): Promise<void> {
  const box = page.locator(container);
  const button = box.getByRole('button', { name: /^Show all \([\d,]+ more characters\)$/ });
  assert.equal(await button.count(), 1, `a Show all button in ${container}`);
  const before = await box.evaluate((e) => e.textContent?.length ?? 0);
  assert.ok(before < shown + 100, `${container} shows ${before} characters before Show all`);
  await button.focus();
  await page.keyboard.press('Enter');
  assert.equal(await button.count(), 0, 'the button is gone once the value is shown');
  assert.equal(await box.evaluate((e) => e.textContent?.length ?? 0), full, `${container} shows the whole value`);
  assert.ok(await box.evaluate((e) => e === document.activeElement || e.contains(document.activeElement)), 'the focus stays on the value');
}

describe('webview: panels with a 1 MB value', function () {
  this.timeout(120000);
  let h: Harness;
  let r: RecordHarness;

  chromiumSuite(
    async () => [await startHarness(), await startRecordHarness()] as const,
    (started) => ([h, r] = started),
    (started) => Promise.all(started.map((x) => x.close())),
  );

  for (const queue of [false, true]) {
    it(`${queue ? 'review queue' : 'comparison'}: first content within the bound, the names cut with Show all, decisions still work`, async () => {
      const view = longComparison();
      const { page, errors } = await openPanel(h);
      const ms = await timeToFirstContent(page, queue ? { type: 'show', view, queue: QUEUE } : { type: 'show', view });
      assert.ok(ms < BOUND_MS, `first content after ${Math.round(ms)} ms`);
      await showsStartThenAll(page, 'tr[data-field="name"] td[data-entity="1"] .cell', MB, MAX_CELL_CHARS);
      await page.getByRole('button', { name: /^Approve/ }).click();
      assert.equal((await recorded(page)).posted.at(-1)?.type, 'decide');
      assert.deepEqual(errors, []);
      await page.close();
    });
  }

  it('location panel: first content within the bound, the name cut in the heading and with Show all in its field', async () => {
    const { page, errors } = await openRecordPage(r);
    const ms = await timeToFirstContent(page, { type: 'record', view: longLocation() });
    assert.ok(ms < BOUND_MS, `first content after ${Math.round(ms)} ms`);
    assert.ok((await page.locator('h1').innerText()).length < 400);
    await showsStartThenAll(page, '[data-field="name"] dd', MB, MAX_FIELD_CHARS);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('event panel: first content within the bound, name and description each with Show all', async () => {
    const { page, errors } = await openRecordPage(r);
    const ms = await timeToFirstContent(page, { type: 'record', view: longEvent() });
    assert.ok(ms < BOUND_MS, `first content after ${Math.round(ms)} ms`);
    await showsStartThenAll(page, '[data-field="description"] dd', MB, MAX_FIELD_CHARS);
    await showsStartThenAll(page, '[data-field="name"] dd', MB, MAX_FIELD_CHARS);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
