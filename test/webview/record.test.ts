// The record panels' front end (dist/record-webview.js) in headless chromium, in the page and CSP
// the extension serves, with a stand-in for acquireVsCodeApi. Views come from the extension's own
// builders (record-fixtures.ts). Needs `npm run build` first; skips only without chromium.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { EventItem, RecordView } from '../../src/webview/record/protocol';
import { clip, MAX_FIELD_CHARS } from '../../src/webview/shared/long-value';
import { chromiumSuite } from './page';
import { eventFixture, hostileEventView, hostileLocationView, locationFixture } from './record-fixtures';
import { openRecordPage, recordRecorded, sendRecord, startRecordHarness, type RecordHarness, type RecordOpenOptions } from './record-page';

const fieldText = (page: Page, key: string) => page.locator(`[data-field="${key}"] dd`).innerText();
const sectionText = (page: Page, key: string) => page.locator(`section[data-section="${key}"]`).innerText();

const ITEMS: EventItem[] = [
  { id: 'urn:event:1', name: 'Morning Jazz', start: { raw: '2024-07-01T08:00:00.000Z', local: '1 Jul 2024, 10:00:00 CEST', utc: '2024-07-01 08:00:00 UTC' }, status: 'Scheduled' },
  { id: 'urn:event:2', name: null, start: null, status: null },
];

/** Every element attribute that could navigate or load: none may hold anything but http(s). */
async function linkTargets(page: Page): Promise<{ hrefs: string[]; srcs: string[]; handlers: number; scripts: number; foreign: number }> {
  return page.evaluate(() => ({
    hrefs: [...document.querySelectorAll('[href]')].filter((e) => e.tagName !== 'LINK').map((e) => e.getAttribute('href') ?? ''),
    srcs: [...document.querySelectorAll('[src]')].filter((e) => e.tagName !== 'SCRIPT').map((e) => e.getAttribute('src') ?? ''),
    handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
    scripts: document.scripts.length,
    foreign: document.querySelectorAll('iframe, svg, style, object, embed, b, script:not([nonce])').length,
  }));
}

describe('webview: record panels in chromium', function () {
  this.timeout(60000);
  let h: RecordHarness;

  chromiumSuite(startRecordHarness, (started) => (h = started), (started) => started.close());

  async function shown(view: RecordView, o: RecordOpenOptions = {}) {
    const opened = await openRecordPage(h, o);
    await sendRecord(opened.page, { type: 'record', view });
    await opened.page.waitForSelector('#title');
    return opened;
  }

  it('posts ready first and shows only a loading line until the record comes', async () => {
    const { page, errors } = await openRecordPage(h);
    assert.deepEqual((await recordRecorded(page)).posted, [{ type: 'ready' }]);
    assert.equal(await page.locator('p.loading').count(), 1);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('shows every field of a location, times in local time and UTC, images listed but not loaded', async () => {
    const { page, errors } = await shown(locationFixture());
    assert.equal(await page.locator('h1').innerText(), 'Café Central');
    assert.match(await page.locator('.rec-id').innerText(), /urn:location:cafe-central/);
    assert.equal(await fieldText(page, 'name'), 'Café Central');
    const address = await fieldText(page, 'address');
    for (const part of ['Street: Herrengasse 14', 'Postal code: 1010', 'Locality: Wien', 'Region: Wien', 'Country: AT']) assert.ok(address.includes(part), part);
    assert.match(await fieldText(page, 'coordinates'), /48\.2104, 16\.3655\s+Open in map/);
    assert.equal(await page.locator('[data-field="coordinates"] a').getAttribute('href'), 'https://www.openstreetmap.org/?mlat=48.2104&mlon=16.3655#map=17/48.2104/16.3655');
    assert.equal(await fieldText(page, 'telephone'), '+43 1 5333763');
    assert.deepEqual(await page.locator('table.sources tbody tr').allInnerTexts(), ['acme\tacme-1', 'globex\tglobex-9']);
    assert.deepEqual(await page.locator('ul.urls a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), ['https://cafecentral.wien/', 'http://central.example/menu']);
    assert.match(await sectionText(page, 'urls'), /acme: https:\/\/cafecentral\.wien\//);
    const images = await page.locator('li.image').allInnerTexts();
    assert.match(images[0], /https:\/\/127\.0\.0\.1:1\/cafe\.jpg\s+640 × 480 px · from acme · representative of the page/);
    assert.match(images[1], /http:\/\/127\.0\.0\.1:1\/plain\.jpg\s+size not given · from globex/);
    assert.equal(await page.locator('img').count(), 0, 'the setting is off');
    assert.match(await sectionText(page, 'images'), /Load Remote Images/);
    assert.match(await sectionText(page, 'integrations'), /acme urn:integration:acme\s+globex urn:integration:globex/);
    assert.match(await fieldText(page, 'created'), /^15 Jan 2024, 10:30:00 CET\s*2024-01-15 09:30:00 UTC$/);
    assert.match(await fieldText(page, 'updated'), /2 Jun 2024, 00:15:30 CEST\s*2024-06-01 22:15:30 UTC/);
    assert.match(await sectionText(page, 'events'), /Loading the events…/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('loads the codicon font from the extension under the CSP', async () => {
    const { page } = await shown(locationFixture());
    const faces = await page.evaluate(async () => (await document.fonts.load('16px codicon')).length);
    assert.ok(faces >= 1, 'the codicon font did not load');
    assert.equal(await page.locator('.codicon').first().evaluate((e) => getComputedStyle(e, '::before').fontFamily), 'codicon');
    // The VSIX carries only the listed icons (src/webview/record/icons.ts): each drawn one has its glyph.
    const drawn = await page.locator('.codicon').evaluateAll((spans) => spans.map((e) => [e.className, getComputedStyle(e, '::before').content] as const));
    assert.ok(drawn.length >= 5, `only ${drawn.length} icons drawn`);
    for (const [name, content] of drawn) assert.match(content, /^"\p{Co}"$/u, `${name} draws no glyph (content ${content})`);
    assert.deepEqual((await recordRecorded(page)).cspViolations, []);
    await page.close();
  });

  it('lists the events at the location: each opens its panel, "Load more" and errors say what happens', async () => {
    const { page } = await shown(locationFixture());
    await sendRecord(page, { type: 'events', locationId: 'urn:location:cafe-central', events: { state: 'loaded', items: ITEMS, hasMore: true } });
    assert.match(await page.locator('.events-state').innerText(), /^2 events loaded; more are available\.$/);
    const buttons = page.locator('ul.events button.open-record');
    assert.equal(await buttons.count(), 2);
    assert.match(await buttons.nth(0).innerText(), /Morning Jazz\s*1 Jul 2024, 10:00:00 CEST · Scheduled\s*2024-07-01 08:00:00 UTC/);
    assert.match(await buttons.nth(1).innerText(), /\(no name\)/);
    await buttons.nth(0).click();
    assert.deepEqual((await recordRecorded(page)).posted.at(-1), { type: 'openRecord', kind: 'event', id: 'urn:event:1' });
    await page.getByRole('button', { name: 'Load more events' }).click();
    assert.deepEqual((await recordRecorded(page)).posted.at(-1), { type: 'loadMoreEvents', locationId: 'urn:location:cafe-central' });
    await sendRecord(page, { type: 'events', locationId: 'urn:location:cafe-central', events: { state: 'failed', items: ITEMS, message: 'HTTP 500 from POST /api/custom/events' } });
    assert.equal(await page.getByRole('alert').innerText(), 'Could not load the events: HTTP 500 from POST /api/custom/events');
    await page.getByRole('button', { name: 'Try again' }).click();
    assert.equal((await recordRecorded(page)).posted.at(-1)?.type, 'loadMoreEvents');
    // Another location's events never land here.
    await sendRecord(page, { type: 'events', locationId: 'urn:location:other', events: { state: 'loaded', items: [], hasMore: false } });
    assert.equal(await buttons.count(), 2);
    await sendRecord(page, { type: 'events', locationId: 'urn:location:cafe-central', events: { state: 'loaded', items: [], hasMore: false } });
    assert.equal(await page.locator('.events-state').innerText(), 'No events at this location.');
    await page.close();
  });

  it('says where a list of events came from when it is the mirror\'s, as text', async () => {
    const { page } = await shown(locationFixture());
    const source = 'From the local mirror, synced 3 min ago. <img src=x onerror="window.pwned=1">';
    await sendRecord(page, { type: 'events', locationId: 'urn:location:cafe-central', events: { state: 'loaded', items: ITEMS, hasMore: false, source } });
    assert.equal(await page.locator('.events-source').innerText(), source);
    assert.equal(await page.locator('.events-body img').count(), 0, 'inserted as text, never markup');
    assert.equal(await page.getByRole('button', { name: 'Load more events' }).count(), 0, 'the mirror gave them all');
    await sendRecord(page, { type: 'events', locationId: 'urn:location:cafe-central', events: { state: 'loaded', items: ITEMS, hasMore: true } });
    assert.equal(await page.locator('.events-source').count(), 0, 'no note on the service\'s list');
    assert.deepEqual((await recordRecorded(page)).cspViolations, []);
    await page.close();
  });

  it('shows every field of an event and its location as a card that opens the location', async () => {
    const { page, errors } = await shown(eventFixture());
    assert.equal(await page.locator('h1').innerText(), 'String Quartet Evening');
    assert.equal(await fieldText(page, 'status'), 'Scheduled');
    assert.equal(await fieldText(page, 'description'), 'Haydn and Schubert in the arcade hall.');
    assert.match(await fieldText(page, 'start'), /4 Jul 2024, 19:30:00 CEST\s*2024-07-04 17:30:00 UTC/);
    assert.match(await fieldText(page, 'accessStart'), /4 Jul 2024, 19:00:00 CEST\s*2024-07-04 17:00:00 UTC/);
    assert.match(await fieldText(page, 'accessEnd'), /4 Jul 2024, 22:00:00 CEST\s*2024-07-04 20:00:00 UTC/);
    assert.equal(await fieldText(page, 'dateConfirmed'), 'yes');
    assert.equal(await fieldText(page, 'timeConfirmed'), 'no');
    assert.match(await fieldText(page, 'prices'), /^min 12 · average 18\.5 · max 30/);
    assert.equal(await fieldText(page, 'listingCount'), '3');
    assert.match(await fieldText(page, 'categories'), /Music urn:category:music/);
    assert.deepEqual(await page.locator('ul.keywords li').allInnerTexts(), ['chamber', 'classical']);
    assert.deepEqual(await page.locator('table.sources tbody tr').allInnerTexts(), ['tix\ttix-77']);
    assert.match(await sectionText(page, 'urls'), /tix: https:\/\/tix\.example\/quartet/);
    assert.match(await sectionText(page, 'images'), /1200 × 800 px · from tix/);
    assert.match(await fieldText(page, 'created'), /1 May 2024, 10:00:00 CEST\s*2024-05-01 08:00:00 UTC/);
    assert.match(await fieldText(page, 'updated'), /2 May 2024/);
    const card = page.getByRole('group', { name: 'Location: Café Central' });
    assert.match(await card.innerText(), /Café Central\s+Herrengasse 14, 1010 Wien, AT\s+urn:location:cafe-central/);
    await card.getByRole('button', { name: 'Open location' }).click();
    assert.deepEqual((await recordRecorded(page)).posted.at(-1), { type: 'openRecord', kind: 'location', id: 'urn:location:cafe-central' });
    assert.equal(await page.locator('section[data-section="events"]').count(), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('says "not given" for every missing field', async () => {
    const { page } = await shown({ ...eventFixture(), name: null, description: null, status: null, start: null, dateConfirmed: null, listingCount: null, keywords: [], categories: [], location: null, sources: [], urls: [], images: [], integrations: [] });
    assert.equal(await page.locator('h1').innerText(), '(no name)');
    for (const key of ['name', 'description', 'status', 'start', 'dateConfirmed', 'listingCount', 'keywords', 'categories']) assert.equal(await fieldText(page, key), 'not given', key);
    for (const [key, text] of [['sources', 'No source records.'], ['urls', 'No URLs.'], ['images', 'No images.'], ['integrations', 'No integrations.'], ['location', 'The event has no location.']]) {
      assert.match(await sectionText(page, key), new RegExp(text.replace('.', '\\.')), key);
    }
    await page.close();
  });

  it('posts Open as JSON, Copy Id and links (map, URLs) to the extension, and shows its notices', async () => {
    const { page } = await shown(locationFixture());
    await page.getByRole('button', { name: 'Open as JSON' }).click();
    await page.getByRole('button', { name: 'Copy Id' }).click();
    await page.getByRole('link', { name: 'Open in map' }).click();
    await page.locator('ul.urls a').nth(1).click();
    assert.deepEqual((await recordRecorded(page)).posted.slice(1), [
      { type: 'action', action: 'openJson', id: 'urn:location:cafe-central' },
      { type: 'action', action: 'copyId', id: 'urn:location:cafe-central' },
      { type: 'openLink', url: 'https://www.openstreetmap.org/?mlat=48.2104&mlon=16.3655#map=17/48.2104/16.3655' },
      { type: 'openLink', url: 'http://central.example/menu' },
    ]);
    assert.equal(new URL(page.url()).pathname, '/', 'a click navigated the page');
    assert.deepEqual((await recordRecorded(page)).hostOpened, [], "VS Code's webview host would open the links a second time");
    assert.equal(page.context().pages().length, 1, 'a click opened a tab');
    await sendRecord(page, { type: 'notice', message: 'Copied the id urn:location:cafe-central', tone: 'info' });
    assert.equal(await page.getByRole('status').first().innerText(), 'Copied the id urn:location:cafe-central');
    await page.close();
  });

  it('loads https images only when the view says so, under a CSP that then allows https', async () => {
    const { page } = await shown(locationFixture({ loadRemoteImages: true }), { images: true });
    assert.deepEqual(await page.locator('img').evaluateAll((imgs) => imgs.map((i) => [i.getAttribute('src'), i.getAttribute('alt')])), [['https://127.0.0.1:1/cafe.jpg', 'Image from acme']]);
    assert.equal(await page.locator('section[data-section="images"] p.muted').count(), 0);
    await page.close();
  });

  it('keeps its state and redraws from it after a reload, before any message', async () => {
    const first = await shown(locationFixture());
    await sendRecord(first.page, { type: 'events', locationId: 'urn:location:cafe-central', events: { state: 'loaded', items: ITEMS, hasMore: false } });
    const state = (await recordRecorded(first.page)).state;
    assert.equal(state?.kind, 'location');
    assert.equal(state?.id, 'urn:location:cafe-central');
    await first.page.close();
    const { page } = await openRecordPage(h, { state });
    assert.equal(await page.locator('h1').innerText(), 'Café Central');
    assert.equal(await page.locator('ul.events button').count(), 2);
    await page.close();
  });

  it('stays usable at a narrow width', async () => {
    for (const view of [locationFixture(), eventFixture()]) {
      const { page } = await shown(view, { width: 320 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 1, `the ${view.kind} page scrolls sideways by ${overflow}px`);
      assert.ok(await page.getByRole('button', { name: 'Copy Id' }).isVisible());
      await page.close();
    }
  });

  for (const csp of [true, false]) {
    for (const kind of ['location', 'event'] as const) {
      it(`renders a hostile ${kind} as text: nothing runs, no link but http(s) (${csp ? 'with' : 'even without'} the CSP, remote images allowed)`, async () => {
        const view = kind === 'location' ? hostileLocationView({ loadRemoteImages: true }) : hostileEventView({ loadRemoteImages: true });
        const { page, errors } = await shown(view, { csp, images: true });
        if (kind === 'location') {
          const items = [{ id: view.id, name: view.name, start: view.created, status: view.name }, ...ITEMS];
          await sendRecord(page, { type: 'events', locationId: view.id, events: { state: 'failed', items, message: view.name ?? '' } });
        }
        await page.waitForTimeout(300); // time for any image error or frame load a payload might trigger
        const rec = await recordRecorded(page);
        assert.equal(rec.pwned, 0, 'a payload ran');
        assert.deepEqual(rec.cspViolations, [], 'something tried to run or load against the CSP');
        assert.deepEqual(errors, []);
        const dom = await linkTargets(page);
        assert.equal(dom.scripts, 1, 'only the panel script');
        assert.equal(dom.foreign, 0);
        assert.equal(dom.handlers, 0);
        assert.deepEqual(dom.hrefs, [], 'no data link: every URL here is hostile');
        assert.deepEqual(dom.srcs, [], 'no image: none of the URLs is https');
        // The payloads are there, as text.
        assert.equal(await page.locator('h1').innerText(), view.name);
        assert.ok((await page.locator('header .rec-id').innerText()).includes(view.id));
        assert.ok((await sectionText(page, 'urls')).includes('javascript:window.__rec.pwned++ (not a web address)'));
        assert.ok((await sectionText(page, 'urls')).includes('command:workbench.action.quit'));
        await page.close();
      });
    }
  }

  // Mostly Latin text: 1 MB of emoji takes chromium's font fallback tens of seconds whatever the page does.
  it('shows a 1 MB name in both panels and in the events list, still posting actions', async () => {
    const huge = `مقهى 👩🏽‍🍳 ${'Grand Café '.repeat(100_000)}`.slice(0, 1_000_000);
    for (const view of [{ ...locationFixture(), name: huge }, { ...eventFixture(), name: `${huge}<script>window.__rec.pwned++</script>` }]) {
      const { page, errors } = await shown(view);
      // Its start (300 characters) in the heading; in the Name field its start, and all of it after Show all.
      assert.equal(await page.locator('h1').evaluate((e) => e.textContent ?? ''), `${(view.name ?? '').slice(0, 300)}…`);
      const name = page.locator('[data-field="name"] dd');
      assert.ok((await name.evaluate((e) => e.textContent ?? '')).startsWith((view.name ?? '').slice(0, MAX_FIELD_CHARS)));
      await name.getByRole('button', { name: /^Show all/ }).click();
      assert.equal((await name.evaluate((e) => e.textContent ?? '')).length, (view.name ?? '').length);
      if (view.kind === 'location') {
        // Inside the event's button (no second control can go there): its start only.
        await sendRecord(page, { type: 'events', locationId: view.id, events: { state: 'loaded', items: [{ ...ITEMS[0], name: huge }], hasMore: false } });
        assert.equal(await page.locator('ul.events .name').evaluate((e) => e.textContent ?? ''), clip(huge));
      }
      await page.getByRole('button', { name: 'Copy Id' }).click();
      const rec = await recordRecorded(page);
      assert.equal(rec.pwned, 0);
      assert.deepEqual(rec.posted.at(-1), { type: 'action', action: 'copyId', id: view.id });
      assert.deepEqual(errors, []);
      await page.close();
    }
  });
});

