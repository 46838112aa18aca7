// A location panel's events list fails the way the trees do (issue 15): a 401 goes to the
// ErrorReporter, which is what offers "Update Token…", and the failed page is asked for again
// once the token is right. A sandbox runs in this test process with a token we know, as a
// connection of its own (the local sandbox's token lives in memory and cannot be made wrong).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DedupClient } from '../../src/api';
import type { Event, Location } from '../../src/api/model';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { RecordPanel } from '../../src/extension/panels/record-panel';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { curatorApi, settled, spyNotifications, waitFor } from './helpers';

const TOKEN = 'record-events-auth-token';
const NAME = 'Record events auth sandbox';
const EPOCH = new Date(0);

describe('Record panel events and the ErrorReporter', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let sandbox: RunningSandbox;
  let wasActive: string | undefined;
  let panel: RecordPanel | undefined;

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    sandbox = await startSandbox({ port: 0, token: TOKEN, seed: 9, locations: 60, events: 120, integrations: 3 });
  });

  after(async () => {
    panel?.dispose();
    if (api.session.connections().some((c) => c.name === NAME)) await vscode.commands.executeCommand('dedupCurator.removeConnection', NAME);
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await sandbox?.close();
  });

  it('a 401 while loading the events at a location is reported (Update Token…); the page loads once the token is right', async () => {
    const direct = new DedupClient({ baseUrl: sandbox.baseUrl, token: TOKEN });
    const events: Event[] = [];
    for await (const e of direct.allEvents({ updatedSince: EPOCH })) events.push(e);
    const location = events.find((e) => e.location?.id)?.location as Location;
    assert.ok(location, 'the sandbox lists events with locations');
    const expected: string[] = [];
    for await (const e of direct.allEvents({ updatedSince: EPOCH, location: location.id })) expected.push(e.id);

    await vscode.commands.executeCommand('dedupCurator.addConnection', { name: NAME, baseUrl: sandbox.baseUrl });
    await api.session.tokens.set(sandbox.baseUrl, 'a-revoked-token');
    await settled(api);
    const reports: { kind: string | undefined; doing: string }[] = [];
    const report = api.errors.report;
    api.errors.report = (e, doing, retry) => {
      // The extension's own bundle threw it: its class is not this bundle's, so read the kind.
      reports.push({ kind: (e as { kind?: string } | undefined)?.kind, doing });
      return report.call(api.errors, e, doing, retry);
    };
    // The reporter's notification (with "Update Token…" for this kind) is counted, not shown.
    const spy = spyNotifications(api);
    try {
      panel = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openLocation', location);
      await waitFor('the page to say ready', () => panel!.isReady, 30_000);
      // The page's ready message starts the first load; this joins it (or asks again after it failed).
      await panel.loadMoreEvents();
      const failed = await waitFor('the events failure reported', () => reports.find((r) => r.doing.includes(location.name || location.id)), 30_000);
      assert.equal(failed.kind, 'invalid-token');
      assert.equal(panel.eventsAtLocation.length, 0);
      assert.equal(panel.hasMoreEvents, true, 'the failed page is still to load');

      await api.session.tokens.set(sandbox.baseUrl, TOKEN);
      await settled(api);
      await panel.loadMoreEvents();
      while (panel.hasMoreEvents) await panel.loadMoreEvents();
      assert.deepEqual(panel.eventsAtLocation.map((e) => e.id), expected);
    } finally {
      api.errors.report = report;
      spy.restore();
    }
  });
});
