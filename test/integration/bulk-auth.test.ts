// A bulk run stopped by a token revoked half way, then "Retry Failed Decisions" once it is valid
// again, in a real VS Code. A sandbox with a known token runs in this test process behind a proxy
// that can revoke the token (every request then gets the interface's 401); the sandbox behind it is
// the judge: the journal must say exactly what the sandbox applied, and the retry must finish the rest.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DedupClient } from '../../src/api/client';
import type { BulkSummary } from '../../src/curation/bulk-decisions';
import type { DecisionEntry } from '../../src/curation/journal';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { type RunningSandbox, startSandbox } from '../../src/sandbox';
import { type RevokingProxy, startRevokingProxy } from '../support/revoking-proxy';
import { journalEntries, pendingNow, tempDir } from './curation-helpers';
import { curatorApi, endBurstWindow, settled, spyNotifications, waitFor } from './helpers';

const NAME = 'Revocable service';
const TOKEN = 'bulk-auth-test-token';
const DECIDED_BEFORE_REVOCATION = 5;

describe('A bulk run stopped by a refused token, and Retry Failed', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let sandbox: RunningSandbox;
  let proxy: RevokingProxy;
  let direct: DedupClient;
  let dir: string;
  let wasActive: string | undefined;
  let first: BulkSummary;
  let targets: string[];

  const ours = (entries: DecisionEntry[]) => entries.filter((e) => e.connection.baseUrl.startsWith(proxy.baseUrl));

  before(async () => {
    api = await curatorApi();
    wasActive = api.session.active?.name;
    dir = await tempDir('dedup-bulk-auth-');
    // Nothing merged at start: a backlog large enough for a run to stop in the middle of.
    sandbox = await startSandbox({ port: 0, token: TOKEN, seed: 11, locations: 400, events: 60, integrations: 3, autoMergeThreshold: 2 });
    proxy = await startRevokingProxy(sandbox.baseUrl);
    direct = new DedupClient({ baseUrl: sandbox.baseUrl, token: TOKEN });
    targets = [...(await pendingNow(direct)).keys()];
    assert.ok(targets.length >= 20, `only ${targets.length} pending recommendations in the test sandbox`);
    await vscode.commands.executeCommand('dedupCurator.addConnection', { name: NAME, baseUrl: proxy.baseUrl });
    await api.session.tokens.set(proxy.baseUrl, TOKEN);
    await waitFor('the ready state', () => api.session.state.kind === 'ready' && api.session.active?.name === NAME);
    await settled(api);
  });

  after(async () => {
    if (api.session.connections().some((c) => c.name === NAME)) await vscode.commands.executeCommand('dedupCurator.removeConnection', NAME);
    if (wasActive && api.session.connections().some((c) => c.name === wasActive)) await api.session.useConnection(wasActive);
    await settled(api);
    await proxy?.close();
    await sandbox?.close();
  });

  it('stops at the first 401: one "refused" message, the rest not sent, the journal equal to the sandbox', async () => {
    // End an earlier test's burst window, so this run's notification is not folded into it.
    endBurstWindow(api);
    const spy = spyNotifications(api);
    proxy.revokeAfterDecisions(DECIDED_BEFORE_REVOCATION);
    try {
      first = (await vscode.commands.executeCommand<BulkSummary>('dedupCurator.rejectAllMatching', { minScore: 0, confirm: false }))!;
    } finally {
      spy.restore();
    }
    assert.ok(first, 'the command returned no summary');
    assert.equal(first.total, targets.length);
    assert.equal(first.done.length, DECIDED_BEFORE_REVOCATION);
    const refused = first.failed['invalid-token'] ?? [];
    // Requests already in flight when the first 401 came back are refused too; no new one is sent.
    const concurrency = vscode.workspace.getConfiguration('dedupCurator').get<number>('bulkConcurrency')!;
    assert.ok(refused.length >= 1 && refused.length <= concurrency, `refused ${refused.length} with ${concurrency} at once`);
    assert.deepEqual(Object.keys(first.failed), ['invalid-token']);
    assert.equal(first.notAttempted.length, first.total - first.done.length - refused.length);
    assert.ok(first.notAttempted.length > 0, 'nothing was left unsent');
    assert.equal(spy.calls.length, 1, `notifications: ${JSON.stringify(spy.calls)}`);
    assert.match(spy.calls[0], /401/);

    const pending = await pendingNow(direct);
    const journal = ours(await journalEntries(dir));
    assert.equal(journal.length, first.done.length + refused.length, 'one journal entry per request sent');
    for (const e of journal) {
      assert.ok(e.outcomeRecorded, `${e.id}: no outcome recorded`);
      if (e.outcome === 'ok') assert.ok(!pending.has(e.id), `the journal says ${e.id} was rejected, yet the sandbox lists it`);
      else {
        assert.equal(e.kind, 'invalid-token');
        assert.ok(pending.has(e.id), `the journal says ${e.id} was refused, yet the sandbox decided it`);
      }
    }
    const journaled = new Set(journal.map((e) => e.id));
    for (const id of first.notAttempted) {
      assert.ok(!journaled.has(id), `${id} was never sent, yet it is in the journal`);
      assert.ok(pending.has(id), `${id} was never sent, yet the sandbox decided it`);
    }
    assert.equal(pending.size, targets.length - DECIDED_BEFORE_REVOCATION, 'the sandbox applied exactly the decisions that got through');
  });

  it('"Retry Failed Decisions" sends the refused and the unsent ones once the token is valid again', async () => {
    proxy.restore();
    const retried = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.retryFailedDecisions');
    assert.ok(retried, 'the retry returned no summary');
    const refused = first.failed['invalid-token'] ?? [];
    assert.deepEqual(new Set(retried.done), new Set([...refused.map((f) => f.id), ...first.notAttempted]));
    assert.equal(retried.total, retried.done.length);
    assert.equal((await pendingNow(direct)).size, 0, 'the sandbox still has pending recommendations');
    const journal = ours(await journalEntries(dir));
    assert.equal(journal.filter((e) => e.outcome === 'ok').length, targets.length, 'one successful journal entry per recommendation');
    assert.equal(new Set(journal.filter((e) => e.outcome === 'ok').map((e) => e.id)).size, targets.length, 'a decision journaled twice');
    // Nothing left to retry: the command says so and sends nothing.
    const forwarded = proxy.forwardedDecisions;
    assert.equal(await vscode.commands.executeCommand('dedupCurator.retryFailedDecisions'), undefined);
    assert.equal(proxy.forwardedDecisions, forwarded);
  });
});
