// Connections, issue 13 point 6, in the real VS Code: adding a connection tries it with one cheap
// call and says what happened (it works / 401 / unreachable), and it is saved whatever the answer;
// each connection keeps its own way of looking (sort, filters, windows), so the Events "at <location>"
// filter of one service does not follow to another; a switch drops the previous service's pending
// count and badge at once, and the new service's failure is a notification of its own.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { configuredConnections } from '../../src/extension/connection/connections';
import { curatorApi, endBurstWindow, setTokens, settled, spyNotifications, waitFor } from './helpers';
import { capturingNotifications, closedPortUrl } from './messages';

const TOKEN = 'switch-test-token';
const A = 'Switch test A';
const B = 'Switch test B';
const WRONG = 'Switch test wrong token';
// Two loopback addresses where nothing listens: connecting is refused (the ports are set in before()).
const NOWHERE_1 = { name: 'Switch test nowhere 1', baseUrl: '' };
const NOWHERE_2 = { name: 'Switch test nowhere 2', baseUrl: '' };
const portOf = (url: string) => new URL(url).port;

describe('Connections: tried when added, their own view state, a clean switch', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let a: RunningSandbox;
  let b: RunningSandbox;
  let wrong: RunningSandbox;
  let wasActive: string | undefined;

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    NOWHERE_1.baseUrl = await closedPortUrl();
    NOWHERE_2.baseUrl = await closedPortUrl();
    [a, b, wrong] = await Promise.all([
      startSandbox({ port: 0, token: TOKEN, seed: 5, locations: 60, events: 40, integrations: 3 }),
      startSandbox({ port: 0, token: TOKEN, seed: 6, locations: 60, events: 40, integrations: 3 }),
      startSandbox({ port: 0, token: 'the-right-token', seed: 7, locations: 20, events: 10, integrations: 2 }),
    ]);
    // Every token up front: setting one reloads the active connection, and SecretStorage says so a
    // little later, which would land a notification about it in the middle of a test.
    await setTokens(api, [[a.baseUrl, TOKEN], [b.baseUrl, TOKEN], [wrong.baseUrl, 'not-the-token'], [NOWHERE_1.baseUrl, TOKEN], [NOWHERE_2.baseUrl, TOKEN]]);
  });

  after(async () => {
    for (const name of [A, B, WRONG, NOWHERE_1.name, NOWHERE_2.name]) {
      if (configuredConnections().some((c) => c.name === name)) await vscode.commands.executeCommand('dedupCurator.removeConnection', name);
    }
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await Promise.all([a, b, wrong].map((s) => s?.close()));
  });

  it('adding a connection tries it and says it works, with the pending count', async () => {
    const pending = a.store.stats().pendingRecommendations;
    const info = await capturingNotifications(async (shown) => {
      await vscode.commands.executeCommand('dedupCurator.addConnection', { name: A, baseUrl: a.baseUrl });
      return waitFor('the outcome of the try', () => shown.find((m) => m.level === 'info'));
    });
    assert.equal(info.text, `Connection "${A}" works: the service answered, ${pending.toLocaleString('en-US')} pending recommendations.`);
    assert.equal(api.session.active?.name, A);
    await settled(api);
  });

  it('adding a connection whose token the service refuses says so with Update Token…, and saves it', async () => {
    endBurstWindow(api);
    const error = await capturingNotifications(async (shown) => {
      await vscode.commands.executeCommand('dedupCurator.addConnection', { name: WRONG, baseUrl: wrong.baseUrl });
      return waitFor('the outcome of the try', () => shown[0]);
    });
    assert.equal(error.level, 'error', `${error.level}: ${error.text}`);
    assert.match(error.text, /refused the access token/);
    assert.deepEqual(error.items, ['Update Token…']);
    assert.ok(configuredConnections().some((c) => c.name === WRONG), 'the connection was not saved');
    await settled(api);
  });

  it('while its token is refused the status bar says so and a click sets the token; the right token clears it', async () => {
    await waitFor('"token refused" in the status bar', () => /token refused/.test(api.statusBar.text));
    assert.equal(api.statusBar.text, `$(key) ${WRONG}: token refused`);
    assert.equal((api.statusBar.item.command as vscode.Command).command, 'dedupCurator.setToken');
    assert.ok(api.statusBar.item.backgroundColor instanceof vscode.ThemeColor);
    assert.match(String(api.statusBar.item.tooltip), /refused the access token \(401\)\. Click to set a new one\./);
    // The right token: a new client, answered, and the status bar is back to the pending count.
    await setTokens(api, [[wrong.baseUrl, 'the-right-token']]);
    await vscode.commands.executeCommand('dedupCurator.refresh');
    const pending = wrong.store.stats().pendingRecommendations;
    await waitFor('the pending count again', () => api.statusBar.text.includes(`${pending.toLocaleString('en-US')} pending`));
    assert.notEqual((api.statusBar.item.command as vscode.Command).command, 'dedupCurator.setToken');
    await settled(api);
  });

  it('adding a connection that cannot be reached says so with Retry · Change Connection… · Show Log, and saves it', async () => {
    // From a healthy connection: saving a connection reloads the active one once more (a settings
    // change), and the wrong token's 401 would say itself again.
    await vscode.commands.executeCommand('dedupCurator.switchConnection', A);
    await settled(api);
    endBurstWindow(api);
    const error = await capturingNotifications(async (shown) => {
      await vscode.commands.executeCommand('dedupCurator.addConnection', NOWHERE_1);
      return waitFor('the outcome of the try', () => shown.find((m) => m.level === 'error'));
    });
    assert.match(error.text, new RegExp(`Cannot reach the service at 127\\.0\\.0\\.1:${portOf(NOWHERE_1.baseUrl)} \\(connection refused\\)\\.`));
    assert.deepEqual(error.items, ['Retry', 'Change Connection…', 'Show Log']);
    assert.ok(configuredConnections().some((c) => c.name === NOWHERE_1.name), 'the connection was not saved');
    await settled(api);
  });

  it('keeps sort, window and the Events location filter per connection: none of them follows to another', async () => {
    await vscode.commands.executeCommand('dedupCurator.addConnection', { name: B, baseUrl: b.baseUrl });
    await vscode.commands.executeCommand('dedupCurator.switchConnection', A);
    await settled(api);
    api.recommendations.sort = 'score-asc';
    await vscode.commands.executeCommand('dedupCurator.locations.changedSince', '7d');
    await api.events.setFilter({ location: { id: 'urn:location:star-studio', name: 'Star Studio' } });
    await settled(api);

    await vscode.commands.executeCommand('dedupCurator.switchConnection', B);
    await settled(api);
    assert.equal(api.recommendations.sort, 'server', "A's sort order followed to B");
    assert.equal(api.events.filter.location, undefined, 'the "at Star Studio" filter followed to B');
    assert.notDeepEqual(api.locations.window, { kind: 'preset', preset: '7d' }, "A's window followed to B");
    assert.ok(api.events.shown().length > 0, `B's events are filtered by A's location: ${api.events.view?.message}`);
    // B's own choice stays B's.
    api.recommendations.sort = 'score-desc';
    await settled(api);

    await vscode.commands.executeCommand('dedupCurator.switchConnection', A);
    await settled(api);
    assert.equal(api.recommendations.sort, 'score-asc');
    assert.deepEqual(api.events.filter.location, { id: 'urn:location:star-studio', name: 'Star Studio' });
    assert.deepEqual(api.locations.window, { kind: 'preset', preset: '7d' });
    await vscode.commands.executeCommand('dedupCurator.switchConnection', B);
    await settled(api);
    assert.equal(api.recommendations.sort, 'score-desc');
  });

  it("drops the previous connection's pending count and badge at once on a switch", async () => {
    await vscode.commands.executeCommand('dedupCurator.switchConnection', A);
    await settled(api);
    const total = api.recommendations.knownTotal;
    assert.ok(total, 'A has pending recommendations');
    await waitFor("A's badge", () => api.recommendations.view?.badge?.value === total);
    assert.match(api.statusBar.text, /pending/);
    // A service that cannot be reached never answers with a count of its own: what stays is A's.
    await vscode.commands.executeCommand('dedupCurator.switchConnection', NOWHERE_1.name);
    assert.equal(api.recommendations.view?.badge, undefined, "A's badge stayed after the switch");
    assert.doesNotMatch(api.statusBar.text, /pending/, `the status bar: ${api.statusBar.text}`);
    assert.equal(api.recommendations.knownTotal, undefined);
    await settled(api);
    assert.equal(api.recommendations.view?.badge, undefined, "A's badge came back after the failed load");
  });

  it('a failure of the new connection is its own notification, not folded into the one about the old', async () => {
    await vscode.commands.executeCommand('dedupCurator.addConnection', NOWHERE_2);
    await settled(api);
    endBurstWindow(api);
    const spy = spyNotifications(api);
    try {
      await vscode.commands.executeCommand('dedupCurator.switchConnection', NOWHERE_1.name);
      await waitFor('the failure of nowhere 1', () => spy.calls.length === 1, 15_000);
      // At once, within the burst window that folds repeats of one failure together.
      await vscode.commands.executeCommand('dedupCurator.switchConnection', NOWHERE_2.name);
      await waitFor('the failure of nowhere 2', () => spy.calls.length === 2, 15_000);
      assert.match(spy.calls[0], new RegExp(`127\\.0\\.0\\.1:${portOf(NOWHERE_1.baseUrl)}\\b`));
      assert.match(spy.calls[1], new RegExp(`127\\.0\\.0\\.1:${portOf(NOWHERE_2.baseUrl)}\\b`));
    } finally {
      spy.restore();
    }
  });
});
