// What the walk of issue 18 left (docs/walks.md), in the real VS Code against two local sandboxes:
// a location panel kept saying its events came "from the local mirror" after a switch to another
// connection (the previous connection's mirror); Sync Mirror ended silently, the counts only in a
// tooltip; the status bar's "N min ago" was redrawn by a one-minute ticker started at activation,
// so it lagged the panels by up to a minute.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Event, Location } from '../../src/api/model';
import { DedupClient } from '../../src/api';
import { configuredConnections } from '../../src/extension/connection/connections';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { RecordPanel } from '../../src/extension/panels/record-panel';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { curatorApi, settled, waitFor } from './helpers';
import { capturingNotifications } from './messages';

const TOKEN = 'mirror-after-walk-token';
const SYNCED = 'Mirror after walk, synced';
const OTHER = 'Mirror after walk, never synced';

describe('Mirror: the panel follows the active connection, a sync says what changed, the age keeps up', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let synced: RunningSandbox;
  let other: RunningSandbox;
  let wasActive: string | undefined;

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    [synced, other] = await Promise.all([
      startSandbox({ port: 0, token: TOKEN, seed: 31, locations: 80, events: 60, integrations: 3 }),
      startSandbox({ port: 0, token: TOKEN, seed: 32, locations: 40, events: 20, integrations: 2 }),
    ]);
    for (const s of [synced, other]) await api.session.tokens.set(s.baseUrl, TOKEN);
    for (const [name, s] of [[SYNCED, synced], [OTHER, other]] as const) await vscode.commands.executeCommand('dedupCurator.addConnection', { name, baseUrl: s.baseUrl });
    await api.session.useConnection(SYNCED);
    await settled(api);
  });

  after(async () => {
    api.mirrorStatus.now = Date.now;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const name of [SYNCED, OTHER]) {
      if (configuredConnections().some((c) => c.name === name)) await vscode.commands.executeCommand('dedupCurator.removeConnection', name);
    }
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await Promise.all([synced, other].map((s) => s?.close()));
  });

  const client = (s: RunningSandbox) => new DedupClient({ baseUrl: s.baseUrl, token: TOKEN });

  it('Sync Mirror on demand says what it added, updated and removed; a scheduled one says nothing', async () => {
    const first = await capturingNotifications(async (shown) => {
      const report = await vscode.commands.executeCommand<{ kinds: { kind: string; count: number }[] }>('dedupCurator.syncMirror');
      assert.ok(report, 'the mirror synced');
      return { report, shown: [...shown] };
    });
    const [locations, events] = first.report.kinds.map((k) => k.count);
    assert.deepEqual(
      first.shown.map((m) => [m.level, m.text]),
      [['info', `Dedup Curator: mirror synced; locations: ${locations} added, 0 updated, 0 removed; events: ${events} added, 0 updated, 0 removed.`]],
    );

    const again = await capturingNotifications(async (shown) => {
      assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'));
      return [...shown];
    });
    // The overlap of a sync lists the last minutes' records again: they are updated, not added.
    assert.equal(again.length, 1);
    assert.match(again[0].text, /^Dedup Curator: mirror synced; (nothing changed since the last sync\.|locations: 0 added, \d+ updated, 0 removed; events: 0 added, \d+ updated, 0 removed\.)$/);

    // A merge: the survivor is updated, the others removed.
    const rec = (await client(synced).listRecommendations({ pageSize: 50 })).data[0];
    assert.ok(rec, 'a pending recommendation to approve');
    await client(synced).approve(rec['@id']);
    const merged = await capturingNotifications(async (shown) => {
      assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'));
      return [...shown];
    });
    assert.equal(merged.length, 1);
    const removed = [...merged[0].text.matchAll(/(\d+) removed/g)].reduce((s, m) => s + Number(m[1]), 0);
    assert.ok(removed >= 1, `the records merged away are counted as removed: ${merged[0].text}`);
    assert.doesNotMatch(merged[0].text, /[1-9]\d* added/, 'a merge adds nothing');

    const quiet = await capturingNotifications(async (shown) => {
      assert.ok(await api.mirrors.sync({ quiet: true }));
      return [...shown];
    });
    assert.deepEqual(quiet, [], 'a scheduled sync does not interrupt');
  });

  it('the status bar\'s age changes when it is due, and says "just now" right after a sync', async () => {
    await waitFor('the status bar to say just now', () => /Mirror: just now/.test(api.mirrorStatus.text));
    // As if the sync were 59.4 s old: the next minute is 0.6 s away, not up to a minute.
    api.mirrorStatus.now = () => Date.now() + 59_400;
    await api.mirrorStatus.update();
    assert.match(api.mirrorStatus.text, /Mirror: just now/);
    await waitFor('the age to turn to 1 min', () => /Mirror: 1 min ago/.test(api.mirrorStatus.text), 3_000);
    api.mirrorStatus.now = () => Date.now() + 5 * 60_000;
    await api.mirrorStatus.update();
    assert.match(api.mirrorStatus.text, /Mirror: 5 min ago/);
    api.mirrorStatus.now = Date.now;
    assert.ok(await vscode.commands.executeCommand('dedupCurator.syncMirror'));
    await waitFor('the status bar to say just now after the sync', () => /Mirror: just now/.test(api.mirrorStatus.text), 1_000);
  });

  it('a location panel says its events come from the mirror only while the active connection\'s mirror is fresh', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const mirror = (await api.mirrors.current())!;
    const at = mirror.search<Event>('events', '', 1000).map((h) => h.record.location).find((l) => l?.id) as Location;
    assert.ok(at, 'an event with its location');
    const panel = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openLocation', at);
    await waitFor('the page to say ready', () => panel.isReady, 30_000);
    await panel.loadMoreEvents();
    assert.ok(panel.eventsFromMirror, 'from the fresh mirror of the active connection');

    // Another connection, whose mirror never synced: the events come from its service, and the
    // panel no longer speaks of a mirror.
    await api.session.useConnection(OTHER);
    await settled(api);
    await waitFor('the panel to leave the previous connection\'s mirror', () => panel.eventsFromMirror === undefined, 10_000);
    await panel.eventsLoading;
    const state = panel.eventsState();
    assert.equal(state.state, 'loaded');
    assert.equal(state.state === 'loaded' ? state.source : 'not loaded', undefined, 'no mirror note');
    const wanted: string[] = [];
    for await (const e of client(other).allEvents({ updatedSince: new Date(0), location: at.id })) wanted.push(e.id);
    assert.deepEqual(panel.eventsAtLocation.map((e) => e.id).sort(), wanted.sort(), 'the events the active service lists');

    // Back on the first connection, a panel that lists from it again says nothing of the mirror
    // until it asks the mirror again (a fresh open), and the mirror answers once more.
    await api.session.useConnection(SYNCED);
    await settled(api);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const reopened = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openLocation', at);
    await waitFor('the page to say ready', () => reopened.isReady, 30_000);
    await reopened.loadMoreEvents();
    assert.ok(reopened.eventsFromMirror, 'the first connection\'s fresh mirror answers again');
  });
});
