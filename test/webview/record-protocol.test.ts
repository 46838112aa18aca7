// The record panels' message validator (what the extension accepts from the page) and the view
// builders (what the extension sends): plain functions, no browser, no VS Code.
import assert from 'node:assert/strict';
import { statusText } from '../../src/extension/event-status';
import { coordinatesView } from '../../src/extension/panels/location-view';
import { imagesView, timeView } from '../../src/extension/panels/record-panel-fields';
import { parseRecordMessage, recordStateKey } from '../../src/webview/record/from-page';
import { CONCERT, eventFixture, locationFixture } from './record-fixtures';

describe('record panels: messages from the page', () => {
  it('accepts the messages the page posts, as they are', () => {
    const ok = [
      { type: 'ready' },
      { type: 'openLink', url: 'https://www.openstreetmap.org/?mlat=1&mlon=2' },
      { type: 'action', action: 'openJson', id: 'urn:location:1' },
      { type: 'action', action: 'copyId', id: 'urn:event:1' },
      { type: 'openRecord', kind: 'event', id: 'urn:event:1' },
      { type: 'openRecord', kind: 'location', id: 'urn:location:1' },
      { type: 'loadMoreEvents', locationId: 'urn:location:1' },
    ];
    for (const m of ok) assert.deepEqual(parseRecordMessage(m), m);
  });

  it('drops members it does not know', () => {
    assert.deepEqual(parseRecordMessage({ type: 'action', action: 'copyId', id: 'x', extra: '<script>' }), { type: 'action', action: 'copyId', id: 'x' });
  });

  it('refuses anything else', () => {
    const bad: unknown[] = [
      null,
      'ready',
      [],
      { type: 'decide', recommendationId: 'x', verdict: 'approve' }, // the comparison's, not ours
      { type: 'openLink', url: 'javascript:alert(1)' },
      { type: 'openLink', url: 'command:workbench.action.quit' },
      { type: 'openLink', url: 'file:///etc/passwd' },
      { type: 'openLink', url: 42 },
      { type: 'action', action: 'delete', id: 'x' },
      { type: 'action', action: 'copyId' },
      { type: 'action', action: 'copyId', id: '' },
      { type: 'action', action: 'copyId', id: 'x'.repeat(4097) },
      { type: 'openRecord', kind: 'recommendation', id: 'x' },
      { type: 'openRecord', kind: 'event', id: { toString: () => 'x' } },
      { type: 'loadMoreEvents' },
      { type: 'loadMoreEvents', locationId: 7 },
      { type: '__proto__' },
    ];
    for (const m of bad) assert.equal(parseRecordMessage(m), undefined, JSON.stringify(m));
  });

  it('reads kind and id from a saved state, and nothing from a malformed one', () => {
    assert.deepEqual(recordStateKey({ kind: 'event', id: 'urn:event:1', view: {} }), { kind: 'event', id: 'urn:event:1' });
    for (const s of [undefined, null, {}, { kind: 'comparison', id: 'x' }, { kind: 'event', id: '' }, { kind: 'location' }]) assert.equal(recordStateKey(s), undefined);
  });
});

describe('record panels: views built in the extension', () => {
  it('shows times in the given zone and in UTC, and keeps a text that is no instant', () => {
    assert.deepEqual(timeView('2024-01-15T09:30:00.000Z', { locale: 'en-GB', timeZone: 'America/New_York' }), {
      raw: '2024-01-15T09:30:00.000Z',
      local: '15 Jan 2024, 04:30:00 GMT-5',
      utc: '2024-01-15 09:30:00 UTC',
    });
    assert.deepEqual(timeView('tomorrow', {}), { raw: 'tomorrow', local: 'tomorrow', utc: 'not a valid timestamp' });
    assert.equal(timeView('  ', {}), null);
    assert.equal(timeView(null, {}), null);
  });

  it('builds the map link from parsed numbers only', () => {
    assert.equal(coordinatesView('48.2', '16.3')?.mapUrl, 'https://www.openstreetmap.org/?mlat=48.2&mlon=16.3#map=17/48.2/16.3');
    assert.equal(coordinatesView(-33.86, 151.2)?.mapUrl, 'https://www.openstreetmap.org/?mlat=-33.86&mlon=151.2#map=17/-33.86/151.2');
    assert.deepEqual(coordinatesView('91', '0'), { text: '91, 0', mapUrl: null });
    assert.deepEqual(coordinatesView('48.2"><script>', '16'), { text: '48.2"><script>, 16', mapUrl: null });
    assert.deepEqual(coordinatesView(null, '16'), { text: '?, 16', mapUrl: null });
    assert.equal(coordinatesView(null, undefined), null);
  });

  it('loads an image only with the setting on and an https address', () => {
    const images = [{ contentUrl: 'https://x.test/a.png', width: 2, height: 1 }, { contentUrl: 'http://x.test/b.png' }, { contentUrl: 'javascript:alert(1)' }, { contentUrl: null }];
    assert.deepEqual(imagesView(images, { loadRemoteImages: true }).map((i) => [i.url, i.load, i.size]), [
      ['https://x.test/a.png', true, '2 × 1 px'],
      ['http://x.test/b.png', false, null],
      ['javascript:alert(1)', false, null],
    ]);
    assert.ok(imagesView(images, {}).every((i) => !i.load));
  });

  it('carries every field of a location and an event', () => {
    const l = locationFixture();
    assert.equal(l.address.length, 5);
    assert.equal(l.sources.length, 2);
    assert.equal(l.urls.length, 2);
    assert.equal(l.images.length, 2);
    assert.equal(l.remoteImagesOff, true);
    assert.deepEqual(l.integrations.map((i) => i.name), ['acme', 'globex']);
    const e = eventFixture();
    assert.deepEqual(e.prices, { minimum: '12', average: '18.5', maximum: '30' });
    assert.equal(e.listingCount, '3');
    assert.equal(e.status, 'Scheduled');
    assert.deepEqual(e.location, { id: CONCERT.location?.id, name: 'Café Central', address: 'Herrengasse 14, 1010 Wien, AT' });
    assert.equal(statusText('EventCancelled'), 'Cancelled');
    assert.equal(statusText('Event'), 'Event');
  });
});
