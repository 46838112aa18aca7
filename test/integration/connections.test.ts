// Connections and the token inside a real VS Code: adding, switching and removing connections, the
// missing-token state, 401 and 402 giving exactly one notification each, the legacy baseUrl
// setting, the status bar. A second sandbox runs in this test process with a token we know.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { DedupClient } from '../../src/api/client';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { curatorApi, endBurstWindow, setTokens, settingChange, settled, spyNotifications, waitFor } from './helpers';

const NAME = 'Integration test service';
const TOKEN = 'connections-test-token';

describe('Connections and the access token', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let sandbox: RunningSandbox;
  let wasActive: string | undefined;

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    sandbox = await startSandbox({ port: 0, token: TOKEN, seed: 3, locations: 120, events: 80, integrations: 3 });
  });

  after(async () => {
    if (api.session.connections().some((c) => c.name === NAME)) await vscode.commands.executeCommand('dedupCurator.removeConnection', NAME);
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await sandbox?.close();
  });

  it('adds a connection; without a token it is in the no-token (welcome) state', async () => {
    const added = await vscode.commands.executeCommand<string>('dedupCurator.addConnection', { name: NAME, baseUrl: sandbox.baseUrl });
    assert.equal(added, NAME);
    assert.equal(api.session.active?.name, NAME);
    assert.equal(api.session.state.kind, 'no-token');
    assert.match(api.statusBar.text, new RegExp(NAME));
    assert.ok(api.session.connections().some((c) => c.name === NAME && !c.ephemeral));
    const stored = vscode.workspace.getConfiguration('dedupCurator').get<{ name: string; baseUrl: string }[]>('connections', []);
    assert.ok(stored.some((c) => c.name === NAME && c.baseUrl === sandbox.baseUrl), 'saved in the setting');
    assert.ok(!JSON.stringify(stored).includes(TOKEN));
  });

  it('refuses a duplicate name and a bad URL without changing anything', async () => {
    const before = api.session.connections().length;
    assert.equal(await vscode.commands.executeCommand('dedupCurator.addConnection', { name: NAME, baseUrl: sandbox.baseUrl }), undefined);
    assert.equal(await vscode.commands.executeCommand('dedupCurator.addConnection', { name: 'x', baseUrl: 'ftp://nope' }), undefined);
    assert.equal(api.session.connections().length, before);
  });

  it('with the token in SecretStorage the views list the service, and the status bar shows the pending count', async () => {
    await api.session.tokens.set(sandbox.baseUrl, TOKEN);
    await waitFor('the ready state', () => api.session.state.kind === 'ready');
    await api.recommendations.refresh();
    // The session's change event reloads the views too, and may land after this refresh began (it
    // then supersedes it): wait until no load is in flight before reading the total.
    await settled(api);
    const direct = await new DedupClient({ baseUrl: sandbox.baseUrl, token: TOKEN }).listRecommendations({ pageSize: 1 });
    assert.equal(api.recommendations.knownTotal, direct.total);
    await waitFor('the pending count in the status bar', () => api.statusBar.text.includes(`${direct.total!.toLocaleString('en-US')} pending`));
    const click = api.statusBar.item.command as vscode.Command;
    assert.equal(click.command, 'dedupCurator.recommendations.focus', 'a click opens the Recommendations view');
    await vscode.commands.executeCommand(click.command);
  });

  it('a token stored for another service, the same token again or another connection in the settings leave the loaded list as it is', async () => {
    // Found on CI: SecretStorage's and the settings' change events reloaded the session after the
    // command that caused them had, and every view started over at its first page.
    const config = vscode.workspace.getConfiguration('dedupCurator');
    const pageSize = config.inspect<number>('pageSize.recommendations')?.globalValue;
    const connections = config.inspect<unknown[]>('connections')?.globalValue;
    const elsewhere = 'http://127.0.0.1:9/elsewhere/';
    try {
      await config.update('pageSize.recommendations', 5, vscode.ConfigurationTarget.Global);
      await api.recommendations.refresh();
      await settled(api);
      assert.ok(api.recommendations.hasMore, 'the sandbox has more than one page of 5');
      await api.recommendations.loadMore();
      await settled(api);
      const loaded = api.recommendations.loaded().length;
      assert.equal(loaded, 10, 'two pages loaded');
      const state = api.session.state;
      await setTokens(api, [
        [elsewhere, 'another-token'],
        [sandbox.baseUrl, TOKEN],
      ]);
      await settingChange(api, 'connections', () => config.update('connections', [...(connections ?? []), { name: 'Elsewhere', baseUrl: elsewhere }], vscode.ConfigurationTarget.Global));
      assert.equal(api.session.state, state, 'the same state, the same client');
      assert.equal(api.recommendations.loaded().length, loaded, 'the loaded pages are kept');
      // Marked production: the status bar says so, the client and the loaded pages stay.
      const client = state.kind === 'ready' ? state.client : undefined;
      let marked: unknown;
      await settingChange(api, 'connections', async () => (marked = await vscode.commands.executeCommand('dedupCurator.toggleProduction', true)));
      assert.equal(marked, true);
      await waitFor('the production mark in the status bar', () => api.session.active?.production === true && /production/.test(api.statusBar.text));
      assert.equal(api.session.state.kind === 'ready' && api.session.state.client, client, 'the same client');
      assert.equal(api.recommendations.loaded().length, loaded, 'marking production keeps the loaded pages');
      await vscode.commands.executeCommand('dedupCurator.toggleProduction', false);
      await waitFor('the mark gone', () => api.session.active?.production !== true && !/production/.test(api.statusBar.text));
      const unmarked = api.session.state;
      // A change that does make another client still tells the views.
      await api.session.tokens.set(sandbox.baseUrl, `${TOKEN}-changed`);
      await waitFor('a new state', () => api.session.state !== unmarked);
      const refused = api.session.state;
      await api.session.tokens.set(sandbox.baseUrl, TOKEN);
      await waitFor('the state with the right token again', () => api.session.state !== refused);
      await settled(api);
      await api.recommendations.refresh();
      await settled(api);
      assert.equal(api.recommendations.loaded().length, 5, 'the list loads with the right token');
    } finally {
      await api.session.tokens.clear(elsewhere);
      await config.update('connections', connections, vscode.ConfigurationTarget.Global);
      await config.update('pageSize.recommendations', pageSize, vscode.ConfigurationTarget.Global);
      await settled(api);
    }
  });

  for (const [status, token, kind] of [
    [401, 'a-wrong-token', /refused the access token/],
    [402, 'token with spaces', /malformed/],
  ] as const) {
    it(`a ${status} from every view gives exactly one notification and a message in the view`, async () => {
      // End an earlier test's burst window, so this one's notification is not swallowed.
      endBurstWindow(api);
      const spy = spyNotifications(api);
      try {
        await api.session.tokens.set(sandbox.baseUrl, token);
        await waitFor(`the ${status} message in the Recommendations view`, () => kind.test(api.recommendations.view?.message ?? ''));
        await waitFor('the other views', () => kind.test(api.locations.view?.message ?? '') && kind.test(api.events.view?.message ?? ''));
        // Every view shows its message, so every view has reported: a notification is asked for in
        // the same turn as the report, so none can still be on its way.
        await settled(api);
        assert.equal(spy.calls.length, 1, `notifications: ${JSON.stringify(spy.calls)}`);
        assert.match(spy.calls[0], new RegExp(String(status)));
        assert.ok(!spy.calls[0].includes(token));
      } finally {
        spy.restore();
      }
    });
  }

  it('Clear Access Token returns the connection to the no-token state', async () => {
    await vscode.commands.executeCommand('dedupCurator.clearToken');
    assert.equal(api.session.state.kind, 'no-token');
    assert.equal(await api.session.tokens.get(sandbox.baseUrl), undefined);
  });

  it('switches between the local sandbox and this connection', async () => {
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    assert.equal(api.session.active?.name, 'Local sandbox');
    assert.equal(api.session.state.kind, 'ready');
    assert.ok(api.session.connections().some((c) => c.name === 'Local sandbox' && c.ephemeral), 'the sandbox is a connection of this window');
    assert.ok(!JSON.stringify(vscode.workspace.getConfiguration('dedupCurator').get('connections')).includes('Local sandbox'), 'never in settings');
    await vscode.commands.executeCommand('dedupCurator.switchConnection', NAME);
    assert.equal(api.session.active?.name, NAME);
    await waitFor('the status bar', () => api.statusBar.text.includes(NAME));
    await vscode.commands.executeCommand('dedupCurator.switchConnection', 'Local sandbox');
    assert.equal(api.session.active?.name, 'Local sandbox');
    assert.equal(await vscode.commands.executeCommand('dedupCurator.switchConnection', 'no such connection'), undefined);
    assert.equal(api.session.active?.name, 'Local sandbox', 'an unknown name changes nothing');
  });

  it('reads the legacy dedupCurator.baseUrl as one more connection', async () => {
    const config = vscode.workspace.getConfiguration('dedupCurator');
    await config.update('baseUrl', 'http://127.0.0.1:9/', vscode.ConfigurationTarget.Global);
    try {
      assert.ok(api.session.connections().some((c) => c.name === '127.0.0.1:9'), JSON.stringify(api.session.connections()));
    } finally {
      await config.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('a connection whose base URL is not valid is in the invalid-url (welcome) state', async () => {
    const config = vscode.workspace.getConfiguration('dedupCurator');
    const before = config.inspect('connections')?.globalValue;
    await config.update('connections', [...((before as unknown[]) ?? []), { name: 'Broken', baseUrl: 'htp:/nowhere' }], vscode.ConfigurationTarget.Global);
    try {
      await vscode.commands.executeCommand('dedupCurator.switchConnection', 'Broken');
      assert.equal(api.session.state.kind, 'invalid-url');
      assert.match(api.statusBar.text, /warning.*Broken/);
    } finally {
      await config.update('connections', before, vscode.ConfigurationTarget.Global);
      await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    }
    assert.equal(api.session.active?.name, 'Local sandbox');
  });

  it('removes the connection and its token', async () => {
    await api.session.tokens.set(sandbox.baseUrl, TOKEN);
    await vscode.commands.executeCommand('dedupCurator.removeConnection', NAME);
    assert.ok(!api.session.connections().some((c) => c.name === NAME));
    assert.equal(await api.session.tokens.get(sandbox.baseUrl), undefined);
    assert.equal(api.session.active?.name, 'Local sandbox', 'the active sandbox stays active');
  });
});
