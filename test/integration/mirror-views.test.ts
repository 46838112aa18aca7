// The mirror in the views and the location panel, in the real VS Code against the local sandbox:
// Search Locations… / Search Events… make the view show the mirror's hits (its message says the
// query, how many and how fresh; Clear Search brings the pages back; a hit opens its panel), and a
// location panel lists its events from the mirror when it is fresh (and says so), from the service
// when it is not.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Event, Location } from '../../src/api/model';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { MIRROR_FRESH_MS } from '../../src/extension/mirror/mirror-service';
import type { RecordPanel } from '../../src/extension/panels/record-panel';
import type { ListNode } from '../../src/extension/views/paged-list';
import { activeClient, curatorApi, settled, waitFor } from './helpers';

describe('Mirror in the views and the location panel (real VS Code)', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;

  before(async () => {
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    api = await curatorApi();
    await settled(api);
    assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'), 'the mirror synced');
  });

  after(async () => {
    api.mirrors.freshForMs = MIRROR_FRESH_MS;
    await vscode.commands.executeCommand('dedupCurator.clearLocationsSearch');
    await vscode.commands.executeCommand('dedupCurator.clearEventsSearch');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the mirror\'s hits in the Locations view, says so, opens one, and clears back to the pages', async () => {
    const mirror = (await api.mirrors.current())!;
    const target = mirror.search<Location>('locations', '', 500).map((h) => h.record).find((l) => (l.name ?? '').split(' ').some((w) => w.length >= 5))!;
    const query = target.name!.split(' ').find((w) => w.length >= 5)!;
    const expected = mirror.search('locations', query, 500).map((h) => h.id);
    assert.ok(expected.includes(target.id));

    const n = await vscode.commands.executeCommand<number>('dedupCurator.searchLocations', query);
    assert.equal(n, expected.length);
    assert.deepEqual(api.locations.shown().map((l) => l.id), expected, 'the view shows the hits, best first');
    const nodes = api.locations.getChildren();
    assert.ok(nodes.every((node) => node.kind === 'record'), 'no "Load more" under search results');
    const count = expected.length === 1 ? '1 result' : `${expected.length} results`;
    assert.equal(api.locations.view?.message, `Search: '${query}' — ${count} from the mirror, synced just now`);

    const node = nodes.find((x) => x.kind === 'record' && x.record.id === target.id) as ListNode<Location>;
    const panel = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openLocation', node);
    assert.equal(panel?.kind, 'location');
    assert.equal(panel.recordId, target.id);

    await vscode.commands.executeCommand('dedupCurator.clearLocationsSearch');
    assert.equal(api.locations.search, undefined);
    assert.deepEqual(api.locations.shown(), api.locations.loaded(), 'the loaded pages again');
    assert.notEqual(api.locations.view?.message, `Search: '${query}' — ${count} from the mirror, synced just now`);
  });

  it('shows event hits in the Events view, and a hit opens as an event', async () => {
    const mirror = (await api.mirrors.current())!;
    const event = mirror.search<Event>('events', '', 200).map((h) => h.record).find((e) => e.name && e.location?.address?.addressLocality)!;
    const query = `${event.name} ${event.location!.address!.addressLocality}`;
    const n = await vscode.commands.executeCommand<number>('dedupCurator.searchEvents', query);
    assert.ok(n && n >= 1);
    assert.ok(api.events.shown().some((e) => e.id === event.id), 'the event is among the hits');
    assert.match(api.events.view?.message ?? '', /^Search: '.+' — \d+ results? from the mirror, synced just now$/);
    const node = api.events.getChildren().find((x) => x.kind === 'record' && x.record.id === event.id)!;
    const panel = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openEvent', node);
    assert.equal(panel?.kind, 'event');
    assert.equal(panel.recordId, event.id);
  });

  /** The ids the events endpoint lists at a location (what the panel must show, whichever its source). */
  async function serviceEventsAt(locationId: string): Promise<string[]> {
    const ids: string[] = [];
    for await (const e of activeClient(api).allEvents({ updatedSince: new Date(0), location: locationId })) ids.push(e.id);
    return ids.sort();
  }

  async function openLocation(location: Location): Promise<RecordPanel> {
    const panel = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openLocation', location);
    await waitFor('the page to say ready', () => panel.isReady, 30_000);
    await panel.loadMoreEvents();
    return panel;
  }

  it('lists a location\'s events from the fresh mirror, saying how fresh, and from the service when it is stale', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'));
    const mirror = (await api.mirrors.current())!;
    // Two locations with events: one opened while the mirror is fresh, one after it went stale.
    const withEvents = [...new Map(mirror.search<Event>('events', '', 1000).flatMap((h) => (h.record.location ? [[h.record.location.id, h.record.location]] : []))).values()] as Location[];
    assert.ok(withEvents.length >= 2, 'the sandbox has events at two locations at least');
    const [fresh, stale] = withEvents;

    const fromMirror = await openLocation(fresh);
    assert.ok(fromMirror.eventsFromMirror, 'answered from the mirror');
    assert.deepEqual(fromMirror.eventsAtLocation.map((e) => e.id).sort(), await serviceEventsAt(fresh.id), 'the same events as the endpoint lists');
    assert.equal(fromMirror.hasMoreEvents, false, 'all of them at once');
    const state = fromMirror.eventsState();
    assert.equal(state.state, 'loaded');
    assert.equal(state.state === 'loaded' ? state.source : undefined, 'From the local mirror, synced just now.');

    api.mirrors.freshForMs = 0; // as if the last sync were long ago
    const fromService = await openLocation(stale);
    while (fromService.hasMoreEvents) await fromService.loadMoreEvents();
    assert.equal(fromService.eventsFromMirror, undefined, 'a stale mirror does not answer');
    assert.deepEqual(fromService.eventsAtLocation.map((e) => e.id).sort(), await serviceEventsAt(stale.id));
    const said = fromService.eventsState();
    assert.equal(said.state === 'loaded' ? said.source : 'not loaded', undefined, 'no mirror note on the service\'s list');
  });

  it('a re-used preview lists the new location\'s events from the mirror, not the previous one\'s', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.mirrors.freshForMs = MIRROR_FRESH_MS;
    assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'));
    const mirror = (await api.mirrors.current())!;
    const byLocation = new Map<string, Location>();
    for (const h of mirror.search<Event>('events', '', 1000)) if (h.record.location) byLocation.set(h.record.location.id, h.record.location);
    const [a, b] = [...byLocation.values()];
    const first = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openLocation', a, { preview: true });
    await waitFor('the page to say ready', () => first.isReady, 30_000);
    await first.loadMoreEvents();
    assert.deepEqual(first.eventsAtLocation.map((e) => e.id).sort(), await serviceEventsAt(a.id));
    const second = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openLocation', b, { preview: true });
    assert.strictEqual(second, first, 'the preview was re-used');
    await second.loadMoreEvents();
    await second.eventsLoading;
    assert.ok(second.eventsFromMirror, 'answered from the mirror again');
    assert.deepEqual(second.eventsAtLocation.map((e) => e.id).sort(), await serviceEventsAt(b.id), 'the new location\'s events');
  });
});
