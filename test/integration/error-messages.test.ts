// What a user reads when the service cannot be reached: what happened in their
// terms and what they can do, never the HTTP method and path (those are for the log).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { curatorApi, endBurstWindow, settled, waitFor } from './helpers';
import { capturingNotifications, closedPortUrl } from './messages';

const NAME = 'Nothing listens here';

describe('Error messages a user can act on', function () {
  this.timeout(90_000);
  let api: DedupCuratorApi;
  let wasActive: string | undefined;
  let BASE_URL: string;

  before(async () => {
    BASE_URL = await closedPortUrl();
    api = await curatorApi();
    wasActive = api.session.active?.name;
  });

  after(async () => {
    if (api.session.connections().some((c) => c.name === NAME)) await vscode.commands.executeCommand('dedupCurator.removeConnection', NAME);
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
  });

  it('"Cannot reach the service at 127.0.0.1:<port> (connection refused)." with Retry · Change Connection… · Show Log', async () => {
    // End an earlier test's burst window, so this failure is not folded into it.
    endBurstWindow(api);
    const error = await capturingNotifications(async (shown) => {
      await api.session.tokens.set(BASE_URL, 'some-token');
      await vscode.commands.executeCommand('dedupCurator.addConnection', { name: NAME, baseUrl: BASE_URL });
      return waitFor('an error notification', () => shown.find((m) => m.level === 'error'), 60_000);
    });
    // The reason is found in the error's cause chain (VS Code's extension host wraps fetch).
    assert.match(error.text, new RegExp(`Cannot reach the service at 127\\.0\\.0\\.1:${new URL(BASE_URL).port} \\(connection refused\\)\\.`));
    assert.doesNotMatch(error.text, /POST|\/api\/|network error/);
    assert.deepEqual(error.items, ['Retry', 'Change Connection…', 'Show Log']);
    await settled(api);
    const inView = String(api.recommendations.view?.message ?? '');
    assert.match(inView, /Cannot reach the service/);
    assert.doesNotMatch(inView, /POST|\/api\//);
  });
});
