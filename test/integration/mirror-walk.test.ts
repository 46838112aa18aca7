// What the walk of issue 18 found in the mirror's features (docs/walks.md): Find on an empty mirror,
// or a query nothing matches, showed a blank box under the input; a view search on an empty mirror
// said "0 results" as if it had failed; a view's search was gone after a reload, and after a switch
// to another connection and back (the first mirror still there, its search not). Now Find says why
// nothing is listed, the view says the mirror is empty, and a search is kept per connection. Counts
// of thousands in the sync's progress and the status bar's tooltip read 1,160, not 1160. With a
// scheduled sync, a location panel's events come from a mirror as old as the schedule allows, not
// only from one synced within the fixed quarter hour. A searched view's header says "search in the
// mirror", not the view's window ("last 30 days"), which the hits do not come from.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Event, Location } from '../../src/api/model';
import { configuredConnections } from '../../src/extension/connection/connections';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { MIRROR_FRESH_MS } from '../../src/extension/mirror/mirror-service';
import type { RecordPanel } from '../../src/extension/panels/record-panel';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { acceptItem, curatorApi, sessionIdle, settled, waitFor } from './helpers';
import { capturingNotifications } from './messages';

const TOKEN = 'mirror-walk-token';
const A = 'Mirror walk A';
const B = 'Mirror walk B';
const EMPTY = 'Mirror walk empty';

describe('Mirror on an empty service, a query without answer, and a search kept per connection', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let a: RunningSandbox;
  let b: RunningSandbox;
  let empty: RunningSandbox;
  let wasActive: string | undefined;

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    [a, b, empty] = await Promise.all([
      // Over a thousand locations: the counts of the progress and the tooltip are formatted.
      startSandbox({ port: 0, token: TOKEN, seed: 21, locations: 1100, events: 20, integrations: 3 }),
      startSandbox({ port: 0, token: TOKEN, seed: 22, locations: 60, events: 20, integrations: 3 }),
      startSandbox({ port: 0, token: TOKEN, seed: 23, locations: 0, events: 0, integrations: 2 }),
    ]);
    for (const s of [a, b, empty]) await api.session.tokens.set(s.baseUrl, TOKEN);
    for (const [name, s] of [[A, a], [B, b], [EMPTY, empty]] as const) await vscode.commands.executeCommand('dedupCurator.addConnection', { name, baseUrl: s.baseUrl });
    await settled(api);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    for (const name of [A, B, EMPTY]) {
      if (api.session.active?.name === name) {
        await vscode.commands.executeCommand('dedupCurator.clearLocationsSearch');
        await vscode.commands.executeCommand('dedupCurator.clearEventsSearch');
      }
      if (configuredConnections().some((c) => c.name === name)) await vscode.commands.executeCommand('dedupCurator.removeConnection', name);
    }
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await Promise.all([a, b, empty].map((s) => s?.close()));
  });

  async function use(name: string): Promise<void> {
    await api.session.useConnection(name);
    await settled(api);
    assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'), `the mirror of ${name} synced`);
  }

  it('the first sync of an empty service says the service lists nothing, not that nothing changed since a last sync', async () => {
    await api.session.useConnection(EMPTY);
    await settled(api);
    const shown = await capturingNotifications(async (messages) => {
      assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'), 'the empty mirror synced');
      return [...messages];
    });
    assert.deepEqual(shown.map((m) => [m.level, m.text]), [['info', 'Dedup Curator: mirror synced; the service lists no locations and no events.']]);
  });

  it('a sync that finds every record gone says what went and that the service now lists nothing', async () => {
    const name = 'Mirror walk emptied';
    let service = await startSandbox({ port: 0, token: TOKEN, seed: 24, locations: 12, events: 3, integrations: 2 });
    const port = Number(new URL(service.baseUrl).port);
    try {
      await api.session.tokens.set(service.baseUrl, TOKEN);
      await vscode.commands.executeCommand('dedupCurator.addConnection', { name, baseUrl: service.baseUrl });
      await use(name);
      const mirror = (await api.mirrors.current())!;
      const held = { locations: mirror.count('locations'), events: mirror.count('events') };
      assert.ok(held.locations > 0 && held.events > 0, `the mirror holds ${held.locations} locations and ${held.events} events`);
      // The service restarted on the same address with nothing in it.
      await service.close();
      service = await startSandbox({ port, token: TOKEN, seed: 24, locations: 0, events: 0, integrations: 2 });
      const shown = await capturingNotifications(async (messages) => {
        assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'), 'the emptied mirror synced');
        return [...messages];
      });
      const text = `Dedup Curator: mirror synced; locations: 0 added, 0 updated, ${held.locations} removed; events: 0 added, 0 updated, ${held.events} removed; the service now lists no locations and no events.`;
      assert.deepEqual(shown.map((m) => [m.level, m.text]), [['info', text]]);
    } finally {
      await vscode.commands.executeCommand('dedupCurator.removeConnection', name);
      await settled(api);
      await service.close();
    }
  });

  it('Find on an empty mirror says the mirror holds nothing, and Enter on that line keeps the quick pick open', async () => {
    await use(EMPTY);
    const done = vscode.commands.executeCommand('dedupCurator.findLocation');
    const qp = await waitFor('the Find quick pick', () => api.finder.active);
    await waitFor('a line saying why nothing is listed', () => qp.items.length === 1 && qp.items[0].label === 'The mirror holds no locations');
    assert.equal(qp.items[0].record, undefined, 'the line is no record');
    assert.equal(qp.items[0].detail, 'The service listed none at the last sync (just now).');
    qp.value = 'owl';
    await waitFor('the answer to "owl"', () => api.finder.answered === 'owl');
    assert.equal(qp.items[0]?.label, 'The mirror holds no locations', 'typing changes nothing: the mirror is empty');
    // The finder hears Enter first (it subscribed first): when this listener runs, it has answered it.
    const accepted = new Promise<void>((resolve) => {
      const once = qp.onDidAccept(() => (once.dispose(), resolve()));
    });
    await acceptItem(qp, qp.items[0]);
    await accepted;
    // One more round trip to the workbench, after any hide it would have been told of: a closed quick
    // pick's onDidHide arrives before this answer does.
    qp.value = 'owls';
    await waitFor('the answer to "owls"', () => api.finder.answered === 'owls' || api.finder.active !== qp);
    assert.equal(api.finder.active, qp, 'Enter on the line closed the quick pick');
    qp.hide();
    assert.equal(await done, undefined, 'nothing opened');
  });

  it('a view search on an empty mirror says the mirror holds no locations, not "0 results"', async () => {
    const n = await vscode.commands.executeCommand<number>('dedupCurator.searchLocations', 'owl');
    assert.equal(n, 0);
    assert.equal(api.locations.view?.message, "Search: 'owl' — the mirror holds no locations (synced just now)");
    await vscode.commands.executeCommand('dedupCurator.clearLocationsSearch');
  });

  it('formats the counts of the sync\'s progress and of the status bar\'s tooltip', async () => {
    await api.session.useConnection(A);
    await settled(api);
    const messages: string[] = [];
    const w = vscode.window as unknown as { withProgress: typeof vscode.window.withProgress };
    const original = w.withProgress;
    w.withProgress = (options, task) =>
      original(options, (progress, token) =>
        task({ report: (v) => (v.message && messages.push(v.message), progress.report(v)) }, token),
      );
    try {
      assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'), 'the mirror of A synced');
    } finally {
      w.withProgress = original;
    }
    const count = (await api.mirrors.current())!.count('locations');
    assert.ok(count >= 1000, `A has ${count} locations, not a thousand`);
    assert.ok(messages.some((m) => /^locations: 1,000 received, 1,000 in the mirror(; events: [\d,]+ received, [\d,]+ in the mirror)?$/.test(m)), `progress: ${messages.join(' / ')}`);
    await waitFor('the tooltip with the formatted count', () => String(api.mirrorStatus.item.tooltip).includes(`${count.toLocaleString('en-US')} locations`));
  });

  it('Find says that nothing matches a query, among how many', async () => {
    await use(A);
    const done = vscode.commands.executeCommand('dedupCurator.findLocation');
    const qp = await waitFor('the Find quick pick', () => api.finder.active);
    await waitFor('the index to be ready', () => !qp.busy);
    qp.value = 'zzqxj wvvkq';
    const count = (await api.mirrors.current())!.count('locations');
    await waitFor('the line for no match', () => qp.items.length === 1 && qp.items[0].label === "No location matches 'zzqxj wvvkq'");
    assert.equal(qp.items[0].detail, `Every word must match; ${count.toLocaleString('en-US')} searched, mirror synced just now.`);
    qp.hide();
    await done;
  });

  it('with a scheduled sync, a panel\'s events come from a mirror older than a quarter hour, as long as the schedule allows', async () => {
    await use(A);
    const config = vscode.workspace.getConfiguration('dedupCurator');
    const mirror = (await api.mirrors.current())!;
    const at = mirror.search<Event>('events', '', 1000).map((h) => h.record.location).find((l) => l?.id) as Location;
    assert.ok(at, 'an event with its location');
    const open = async (): Promise<RecordPanel> => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const panel = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openLocation', at);
      await waitFor('the page to say ready', () => panel.isReady, 30_000);
      await panel.loadMoreEvents();
      return panel;
    };
    api.mirrors.freshForMs = 0; // past the fixed quarter hour
    try {
      assert.equal((await open()).eventsFromMirror, undefined, 'without a schedule, a mirror past the fixed freshness does not answer');
      await config.update('mirror.syncIntervalMinutes', 60, vscode.ConfigurationTarget.Global);
      const panel = await open();
      assert.ok(panel.eventsFromMirror, 'synced within the hourly schedule: the mirror answers');
      const state = panel.eventsState();
      assert.equal(state.state === 'loaded' ? state.source : undefined, 'From the local mirror, synced just now.');
    } finally {
      api.mirrors.freshForMs = MIRROR_FRESH_MS;
      await config.update('mirror.syncIntervalMinutes', undefined, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('keeps a view search per connection: gone on another one, back on switching back, forgotten by Clear Search', async () => {
    await use(A);
    const mirror = (await api.mirrors.current())!;
    const target = mirror.search<Location>('locations', '', 500).map((h) => h.record).find((l) => (l.name ?? '').split(' ').some((w) => w.length >= 5))!;
    const query = target.name!.split(' ').find((w) => w.length >= 5)!;
    const expected = mirror.search('locations', query, 500).map((h) => h.id);
    await vscode.commands.executeCommand('dedupCurator.searchLocations', query);
    assert.deepEqual(api.locations.shown().map((l) => l.id), expected);
    assert.equal(api.locations.view?.description, 'search in the mirror', 'the header does not name the view\'s window over the whole mirror\'s hits');

    await use(B);
    await waitFor('B without A\'s search', () => api.locations.search === undefined);
    assert.doesNotMatch(api.locations.view?.message ?? '', /^Search:/, 'B\'s view says nothing of A\'s search');

    await api.session.useConnection(A);
    await settled(api);
    await waitFor(`A's search "${query}" back`, () => api.locations.search?.query === query, 15_000);
    assert.deepEqual(api.locations.shown().map((l) => l.id), expected, 'the same hits');
    assert.match(api.locations.view?.message ?? '', new RegExp(`^Search: '${query}' — `));

    await vscode.commands.executeCommand('dedupCurator.clearLocationsSearch');
    assert.equal(api.locations.view?.description, api.locations.scopeText(), 'the window again');
    await api.session.useConnection(B);
    await settled(api);
    await api.session.useConnection(A);
    await sessionIdle(api);
    assert.equal(api.locations.search, undefined, 'a cleared search stays cleared');
  });
});
