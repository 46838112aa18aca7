// Before a list's first page is in, its view does not say the list is empty (the walk of issue 13,
// docs/walks.md: on every reload of a 31,919 backlog the Recommendations view said "No pending
// recommendations: every candidate duplicate has been decided." for 0.7 s before the rows came).
// Against a sandbox that answers each request after 1.5 s, sampling the view's message throughout
// a switch to it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { configuredConnections } from '../../src/extension/connection/connections';
import { curatorApi, settled, waitFor } from './helpers';

const TOKEN = 'loading-message-token';
const SLOW = 'Slow service';

describe('A view before its first page', function () {
  this.timeout(90_000);
  let api: DedupCuratorApi;
  let slow: RunningSandbox;
  let wasActive: string | undefined;

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    slow = await startSandbox({ port: 0, token: TOKEN, seed: 21, locations: 60, events: 20, integrations: 3, faults: 'latency=1500ms' });
    await api.session.tokens.set(slow.baseUrl, TOKEN);
  });

  after(async () => {
    if (configuredConnections().some((c) => c.name === SLOW)) await vscode.commands.executeCommand('dedupCurator.removeConnection', SLOW);
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await slow?.close();
  });

  /** The view's messages while `act` runs, each change once. */
  async function messagesDuring(act: () => Promise<void>): Promise<(string | undefined)[]> {
    const seen: (string | undefined)[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const m = api.recommendations.view?.message;
        if (seen[seen.length - 1] !== m) seen.push(m);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    try {
      await act();
    } finally {
      sampling = false;
      await sampler;
    }
    return seen;
  }
  const saidEmpty = (seen: (string | undefined)[]) => seen.some((m) => m !== undefined && /every candidate duplicate has been decided/.test(m));

  it('says the list is loading, never that it is empty, until the service has answered', async () => {
    assert.ok(slow.store.stats().pendingRecommendations > 0, 'the slow service needs pending recommendations');
    const seen = await messagesDuring(async () => {
      await vscode.commands.executeCommand('dedupCurator.addConnection', { name: SLOW, baseUrl: slow.baseUrl });
      await api.session.useConnection(SLOW);
      await settled(api);
    });
    assert.ok(api.recommendations.loaded().length > 0, 'the rows came');
    assert.ok(!saidEmpty(seen), `said empty while loading: ${JSON.stringify(seen)}`);
    assert.ok(seen.includes('Loading pending recommendations…'), `said it was loading: ${JSON.stringify(seen)}`);
  });

  it('the same when the sort changes while the first page is on its way (as view choices restored on a reload)', async () => {
    try {
      const seen = await messagesDuring(async () => {
        const refreshed = vscode.commands.executeCommand('dedupCurator.refresh');
        await waitFor('the first page to be on its way', () => api.recommendations.view?.message === 'Loading pending recommendations…');
        api.recommendations.sort = 'score-asc';
        await refreshed;
        await settled(api);
      });
      assert.ok(api.recommendations.loaded().length > 0, 'the rows came');
      assert.ok(!saidEmpty(seen), `said empty while loading: ${JSON.stringify(seen)}`);
    } finally {
      api.recommendations.sort = 'server';
      await settled(api);
    }
  });
});
