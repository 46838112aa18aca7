// The comparison panel's front end (dist/webview.js) in headless chromium, in the same page and CSP
// the extension serves, with a stand-in for acquireVsCodeApi. Needs `npm run build` first (the
// suite loads the built bundle, as VS Code does). Skips only when chromium is not installed.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { FIELD_KEYS } from '../../src/webview/comparison/fields';
import { CAFE, CAFE_2, eventView, hostileView, view } from './fixtures';
import { comparisonView } from '../../src/extension/panels/comparison-view-model';
import { describePattern, featuresOf } from '../../src/triage/features';
import { PAIR_SCORING } from '../../src/triage/pair-scoring';
import type { Recommendation } from '../../src/api/model';
import { openPanel, recorded, send, startHarness, type Harness, chromiumSuite } from './page';

const cellText = (page: Page, field: string, entity: number) => page.locator(`tr[data-field="${field}"] td[data-entity="${entity}"]`).innerText();
const marks = (page: Page, field: string, entity: number) => page.locator(`tr[data-field="${field}"] td[data-entity="${entity}"] mark.diff`).allInnerTexts();

describe('webview: comparison panel in chromium', function () {
  this.timeout(60000);
  let h: Harness;

  chromiumSuite(startHarness, (started) => (h = started), (started) => started.close());

  async function shown(o: Parameters<typeof openPanel>[1] = {}, v = view([CAFE, CAFE_2])) {
    const opened = await openPanel(h, o);
    await send(opened.page, { type: 'show', view: v });
    await opened.page.waitForSelector('#title');
    return opened;
  }

  // The walk: a Triage group named "name equal … phone equal" whose comparison marked name and
  // telephone "differs" (the rows compared the raw text, triage the matcher's normalised values).
  it("names each field's agreement with triage's word: a group's \"name equal, phone equal\" is not \"differs\" here", async () => {
    const entity = (id: string, name: string, telephone: string) => ({ '@id': id, '@type': 'https://schema.org/Place', integration: `urn:integration:${id}`, name, telephone, address: { streetAddress: 'Rua Augusta 12', postalCode: '1100-053', addressLocality: 'Lisboa', addressCountry: 'PT' } });
    const rec: Recommendation = { '@id': 'urn:recommendation:silva', '@type': 'DeduplicationRecommendation', score: 0.97, entities: [entity('a', "SILVA'S TAVERN", '+351 21 342 1234'), entity('b', 'Silvas Tavern', '(+351) 213-421-234')] };
    const words = describePattern(featuresOf(rec).pattern);
    assert.match(words, /name equal/);
    assert.match(words, /phone equal/);
    const { page } = await shown({}, comparisonView(PAIR_SCORING, rec));
    const badge = (field: string) => page.locator(`tr[data-field="${field}"] .badge`).innerText();
    assert.equal(await badge('name'), 'equal', `the group says: ${words}`);
    assert.equal(await badge('telephone'), 'equal', `the group says: ${words}`);
    // Every row a pattern field speaks for alone says that field's word of the group's name.
    for (const [row, field] of [['street', 'address'], ['postalCode', 'postcode']]) {
      const word = new RegExp(`${field} (equal|close|differs)`).exec(words)?.[1];
      assert.equal(await badge(row), word, `${row}: the group says ${words}`);
    }
    // A field triage does not group by keeps the text comparison.
    assert.equal(await badge('integration'), 'differs');
    await page.close();
  });

  it('posts ready first and shows nothing but a loading line until the data comes', async () => {
    const { page, errors } = await openPanel(h);
    assert.deepEqual((await recorded(page)).posted, [{ type: 'ready' }]);
    assert.equal(await page.locator('p.loading').count(), 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows the score and every field for every entity, with missing values said', async () => {
    const { page, errors } = await shown();
    assert.equal(await page.locator('h1').innerText(), 'Score 93%');
    assert.deepEqual(await page.locator('tbody tr[data-field]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.field)), [...FIELD_KEYS]);
    for (const key of FIELD_KEYS) {
      for (const [i, e] of [CAFE, CAFE_2].entries()) {
        const text = await cellText(page, key, i);
        assert.equal(text.trim(), e[key] === null ? 'missing' : e[key], `${key} of entity ${i}`);
      }
    }
    assert.equal(await page.locator('tr[data-field="telephone"] td[data-entity="1"].missing').count(), 1);
    assert.equal(await page.locator('tr[data-field="telephone"]').getAttribute('data-state'), 'missing');
    assert.equal(await page.locator('table.fields thead th[scope="col"]').count(), 4);
    assert.equal(await page.locator('table.fields tbody th[scope="row"]').count(), FIELD_KEYS.length);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('marks differences inside values and equal rows as equal', async () => {
    const { page } = await shown();
    assert.deepEqual(await marks(page, 'name', 1), ['Cafe', 'Wien']);
    // Case and accents: "Café" and "Cafe" differ as tokens, so both sides mark them.
    assert.deepEqual(await marks(page, 'name', 0), ['Café']);
    for (const key of ['street', 'postalCode', 'locality', 'country', 'type']) {
      assert.equal(await page.locator(`tr[data-field="${key}"]`).getAttribute('data-state'), 'equal', key);
      assert.deepEqual(await marks(page, key, 1), [], key);
    }
    assert.equal(await page.locator('tr[data-field="name"]').getAttribute('data-state'), 'differ');
    assert.match(await page.locator('tr[data-field="street"] .badge').innerText(), /equal/);
    await page.close();
  });

  it('explains each row and sums the weights to the score', async () => {
    const { page } = await shown();
    assert.match(await page.locator('tr[data-field="name"] td.why').innerText(), /similarity 0\.87 · \+4\.20 bits/);
    assert.match(await page.locator('tr[data-field="telephone"] td.why').innerText(), /not compared/);
    assert.match(await page.locator('tr[data-field="region"] td.why').innerText(), /not scored/);
    const sum = await page.locator('table.sum').innerText();
    assert.match(sum, /prior\s+−7\.50/);
    assert.match(sum, /distance\s+\+0\.00\s+no coordinates/);
    assert.match(sum, /log-odds\s+\+3\.33\s+→ this editor's estimate 91% \(the service's score: 93%\)/);
    await page.close();
  });

  // Issue 13, point 8.
  it("shows an event's start (local, UTC below) and venue side by side, marking what differs", async () => {
    const v = eventView();
    const { page, errors } = await shown({}, v);
    assert.deepEqual((await page.locator('tbody tr[data-field]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.field))).slice(0, 3), ['name', 'start', 'venue']);
    assert.match(await page.locator('tr[data-field="start"] th').innerText(), /^Starts/);
    assert.deepEqual((await cellText(page, 'start', 0)).split('\n'), ['1 Jun 2025, 21:00:00 CEST', '2025-06-01 19:00:00 UTC']);
    assert.deepEqual((await cellText(page, 'start', 1)).split('\n'), ['1 Jun 2025, 21:30:00 CEST', '2025-06-01 19:30:00 UTC']);
    // Half an hour apart is "close" to the matcher, as the recommendation's triage group says.
    assert.equal(await page.locator('tr[data-field="start"]').getAttribute('data-state'), 'close');
    // Only the local time is compared and marked (the minutes); the UTC line below is a note.
    assert.deepEqual(await marks(page, 'start', 1), ['30']);
    assert.equal((await cellText(page, 'venue', 0)).trim(), 'Star Studio, Herrengasse 14, 1010, Wien, AT');
    assert.equal((await cellText(page, 'venue', 1)).trim(), 'Herrengasse 14, 1010, Wien, AT');
    assert.match(await page.locator('tr[data-field="start"] td.why').innerText(), /similarity 0\.80/);
    assert.equal(await page.locator('tr[data-field="street"]').count(), 0, 'the venue row holds the address');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it("says which score is the service's and which this editor's estimate, when they differ", async () => {
    const v = eventView(0.78);
    const estimate = Math.round(v.explanations[0].score * 100);
    assert.notEqual(estimate, 78, 'the fixture needs an estimate unlike the service score');
    const { page } = await shown({}, v);
    assert.equal(await page.locator('h1').innerText(), 'Score 78%');
    assert.equal(await page.locator('#score-note').innerText(), `78% is the service's score. This editor's estimate from the fields it sees: ${estimate}% (why below).`);
    // The same number twice needs no note.
    await send(page, { type: 'show', view: eventView(v.explanations[0].score) });
    await page.waitForFunction((t) => document.querySelector('h1')?.textContent === t, `Score ${estimate}%`);
    assert.equal(await page.locator('#score-note').count(), 0);
    await page.close();
  });

  // Issue 16, point 6: whose weights the sum is, said on the page; the service's own bits as text.
  it("says whose weights explain the score: this editor's hand-set ones, or the service's own with the curator's answers", async () => {
    const { page } = await shown();
    assert.equal(await page.locator('#weights-source').getAttribute('data-source'), 'editor');
    assert.match(await page.locator('#weights-source').innerText(), /this editor's hand-set model/);
    const v = view([CAFE, CAFE_2]);
    const p = v.explanations[0];
    const answers = -2.5;
    const own = {
      ...v,
      weights: { source: 'service' as const, model: 'estimated' as const, labels: 14 },
      explanations: [{ ...p, answers, rivals: -1.25, logOdds: p.logOdds + answers - 1.25, score: 1 / (1 + 2 ** -(p.logOdds + answers - 1.25)), evidence: p.evidence.map((e) => ({ ...e, level: e.field === 'name' ? '<img src=x onerror=alert(1)> close' : 'exact', ...(e.field === 'town' ? { countedWith: 'address' } : {}) })) }],
    };
    await send(page, { type: 'show', view: own });
    await page.waitForFunction(() => document.querySelector('#weights-source')?.getAttribute('data-source') === 'service');
    // The service counts labelled pairs, not decisions (a decision on three records labels three
    // pairs): "20 labelled pairs (decisions)" after 14 decisions said otherwise.
    const note = await page.locator('#weights-source').innerText();
    assert.match(note, /the service's own model, estimated from its data and 14 labelled pairs of records \(a decision labels every pair of records in its recommendation/);
    assert.doesNotMatch(note, /pairs \(decisions\)/);
    const sum = await page.locator('table.sum').innerText();
    assert.match(sum, /your decisions\s+−2\.50/);
    // What rival candidates took under one-to-one assignment is a row of the sum too.
    assert.match(sum, /rivals\s+−1\.25\s+each source lists a place once/);
    assert.match(sum, /town\s+[+−]\d+\.\d\d\s+.*exact · the same place again: address counted it/);
    assert.match(sum, /→ the service's matcher: \d+% \(the listed score: 93%\)/);
    // A level is text, whatever it holds.
    assert.match(sum, /<img src=x onerror=alert\(1\)> close/);
    assert.equal(await page.locator('table.sum img').count(), 0);
    assert.match(await page.locator('#score-note').innerText(), /is the service's score \(its weakest link\)\. Its matcher scores this pair/);
    await page.close();
  });

  it('posts approve and reject with the recommendation id, and shows the outcome', async () => {
    const { page } = await shown();
    await page.getByRole('button', { name: /^Approve/ }).click();
    assert.deepEqual((await recorded(page)).posted.slice(1), [{ type: 'decide', recommendationId: 'urn:recommendation:1', verdict: 'approve' }]);
    assert.equal(await page.locator('button.decide:disabled').count(), 2, 'buttons wait for the outcome');
    await send(page, { type: 'decision', recommendationId: 'urn:recommendation:1', status: { state: 'failed', verdict: 'approve', message: 'HTTP 500' } });
    assert.equal(await page.locator('#status').innerText(), 'HTTP 500');
    await page.getByRole('button', { name: /^Reject/ }).click();
    assert.deepEqual((await recorded(page)).posted.at(-1), { type: 'decide', recommendationId: 'urn:recommendation:1', verdict: 'reject' });
    await send(page, { type: 'decision', recommendationId: 'urn:recommendation:1', status: { state: 'done', verdict: 'reject', message: 'Rejected.' } });
    assert.equal(await page.locator('#status').innerText(), 'Rejected.');
    assert.equal(await page.locator('button.decide:disabled').count(), 2);
    await page.close();
  });

  it('opens http(s) links through the extension only: one openLink per click, no navigation, nothing for VS Code to open too', async () => {
    const { page } = await shown();
    const tabs = page.context().pages().length;
    const a = page.locator('tr[data-field="url"] td[data-entity="1"] a');
    await a.click();
    await a.click({ modifiers: ['Control'] });
    await a.click({ button: 'middle' });
    await a.focus();
    await page.keyboard.press('Enter');
    const rec = await recorded(page);
    const link = { type: 'openLink', url: 'http://central.example/menu' };
    // Click, Ctrl+click and Enter: one message each; the middle click nothing.
    assert.deepEqual(rec.posted.slice(1), [link, link, link]);
    assert.deepEqual(rec.hostOpened, [], "VS Code's webview host would open the link a second time");
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(page.context().pages().length, tabs, 'a click opened a tab');
    await page.close();
  });

  it('keeps its state and redraws from it after a reload, before any message', async () => {
    const first = await shown();
    const state = (await recorded(first.page)).state;
    assert.equal(state?.recommendationId, 'urn:recommendation:1');
    await first.page.close();
    const { page } = await openPanel(h, { state });
    assert.equal(await page.locator('h1').innerText(), 'Score 93%');
    await page.close();
  });

  it('shows the distance between the candidates when their coordinates are known', async () => {
    const v = view([CAFE, CAFE_2]);
    v.explanations[0] = { ...v.explanations[0], meters: 14.2, evidence: v.explanations[0].evidence.map((e) => (e.field === 'distance' ? { ...e, similarity: 1, weight: 1.5 } : e)) };
    const { page } = await shown({}, v);
    assert.match(await page.locator('.facts').innerText(), /14 m apart/);
    assert.match(await page.locator('table.sum').innerText(), /distance\s+\+1\.50\s+similarity 1\.00 · 14 m apart/);
    const three = view([CAFE, CAFE_2, CAFE_2]);
    three.explanations = three.explanations.map((p, i) => ({ ...p, meters: i ? 1234 : 14.2 }));
    await send(page, { type: 'show', view: three });
    await page.waitForFunction(() => document.querySelector('.facts')?.textContent?.includes('km'));
    assert.match(await page.locator('.facts').innerText(), /2: 14 m, 3: 1\.2 km from 1/);
    await page.close();
  });

  it('shows three entities in three columns, each explained against the first', async () => {
    const third = { ...CAFE_2, name: 'Central Kaffeehaus', identifier: 'urn:location:3' };
    const { page } = await shown({}, view([CAFE, CAFE_2, third]));
    assert.equal(await page.locator('tr[data-field="name"] td.value').count(), 3);
    assert.equal(await page.locator('table.sum').count(), 2);
    assert.match(await page.locator('tr[data-field="name"] td.why').innerText(), /2: .*\n3: /s);
    assert.deepEqual(await marks(page, 'name', 2), ['Kaffeehaus']);
    await page.close();
  });

  it('stays usable at a narrow width', async () => {
    const { page } = await shown({ width: 320 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow}px`);
    assert.ok(await page.getByRole('button', { name: /^Approve/ }).isVisible());
    await page.close();
  });

  for (const csp of [true, false]) {
    it(`renders a hostile corpus as text: nothing runs, no link but http(s) (${csp ? 'with' : 'even without'} the CSP)`, async () => {
      const v = hostileView();
      const { page, errors } = await shown({ csp }, v);
      await page.waitForTimeout(300); // time for any image error or frame load a payload might trigger
      const rec = await recorded(page);
      assert.equal(rec.pwned, 0, 'a payload ran');
      assert.deepEqual(rec.cspViolations, [], 'something tried to run or load against the CSP');
      assert.deepEqual(errors, []);
      const dom = await page.evaluate(() => ({
        scripts: document.scripts.length,
        foreign: document.querySelectorAll('img, iframe, svg, style, object, embed, b').length,
        handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
        hrefs: [...document.querySelectorAll('[href]')].map((e) => e.getAttribute('href')),
      }));
      assert.equal(dom.scripts, 1, 'only the panel script');
      assert.equal(dom.foreign, 0);
      assert.equal(dom.handlers, 0);
      assert.deepEqual(dom.hrefs, [`${h.origin}/media/webview.css`], 'no data link: every URL here is hostile');
      // The payloads are there, as text.
      assert.ok((await cellText(page, 'name', 0)).includes('<script>window.__rec.pwned++</script>'));
      assert.ok((await page.locator('.rec-id').innerText()).includes('<img src=x onerror='));
      assert.equal((await cellText(page, 'url', 0)).trim(), 'javascript:window.__rec.pwned++');
      await page.close();
    });
  }

  it('survives a 1 MB name, still posting decisions', async () => {
    const huge = 'Grand Café '.repeat(100_000).slice(0, 1_000_000);
    const started = Date.now();
    const { page, errors } = await shown({}, view([{ ...CAFE, name: huge }, { ...CAFE_2, name: `${huge}<script>window.__rec.pwned++</script>` }]));
    assert.ok(Date.now() - started < 20000, `rendering took ${Date.now() - started} ms`);
    // Its start is shown, the rest on request (test/webview/long-values.test.ts).
    assert.ok((await cellText(page, 'name', 0)).startsWith('Grand Café Grand Café'));
    await page.locator('tr[data-field="name"] td[data-entity="0"]').getByRole('button', { name: /^Show all/ }).click();
    assert.equal((await cellText(page, 'name', 0)).length, 1_000_000);
    await page.getByRole('button', { name: /^Approve/ }).click();
    const rec = await recorded(page);
    assert.equal(rec.pwned, 0);
    assert.equal(rec.posted.at(-1)?.type, 'decide');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
