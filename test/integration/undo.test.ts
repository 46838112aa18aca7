// The undo period in the real VS Code (issue 13): with dedupCurator.undoSeconds set, a decision from
// the tree waits and "Undo the Last Decision" cancels it (nothing reaches the sandbox, the row comes
// back, the journal says cancelled); in the review queue, A moves on at once and U takes the decision
// back (the item is pending again and on screen); one not undone is sent when the period is over.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { QueuePanel } from '../../src/extension/panels/queue-panel';
import { listenToPage } from './page-posts';
import { journalEntries, pendingNow, recordNode, tempDir, withSandbox } from './curation-helpers';
import { waitFor } from './helpers';
import { showCountdown } from '../../src/extension/ui/notify';

const setUndo = (seconds: number | undefined) => vscode.workspace.getConfiguration('dedupCurator').update('undoSeconds', seconds, vscode.ConfigurationTarget.Global);

describe('Undo period of single decisions', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;
  let client: DedupClient;
  let queue: QueuePanel | undefined;

  before(async () => {
    ({ api, client } = await withSandbox());
    await api.recommendations.refresh();
    await setUndo(3);
  });
  after(async () => {
    await setUndo(undefined);
    queue?.view.dispose();
  });

  it('a decision from the tree waits; Undo cancels it before anything is sent', async () => {
    const rec = api.recommendations.shown()[0];
    const deciding = vscode.commands.executeCommand('dedupCurator.approve', recordNode(rec));
    await waitFor('the row to leave the tree', () => !api.recommendations.find(rec['@id']));
    assert.equal(await vscode.commands.executeCommand('dedupCurator.undoDecision'), rec['@id']);
    await deciding;
    assert.ok(api.recommendations.find(rec['@id']), 'the row did not come back');
    assert.ok((await pendingNow(client)).has(rec['@id']), 'an undone decision reached the sandbox');
    const mine = (await journalEntries(await tempDir('dedup-undo-'))).filter((e) => e.id === rec['@id']);
    assert.equal(mine.at(-1)?.outcome, 'cancelled');
  });

  it('one not undone is sent when the period is over', async () => {
    const rec = api.recommendations.shown()[0];
    const started = Date.now();
    await vscode.commands.executeCommand('dedupCurator.approve', recordNode(rec));
    assert.ok(Date.now() - started >= 2500, 'sent before the undo period was over');
    assert.ok(!(await pendingNow(client)).has(rec['@id']));
  });

  it('in the queue, A moves on at once and U takes the decision back', async () => {
    api.comparisons.queue?.view.dispose();
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    await waitFor('the page to say ready', () => queue?.view.isReady, 30000);
    const id = queue.recommendationId;
    const deciding = queue.view.handleMessage({ type: 'decide', recommendationId: id, verdict: 'approve' });
    await waitFor('the queue to move on', () => queue?.recommendationId !== id);
    assert.equal(queue.queue.status().done, 1);
    assert.equal(queue.queue.entry(id)?.state, 'approved');
    await queue.view.handleMessage({ type: 'queue', action: 'undo', recommendationId: queue.recommendationId });
    await deciding;
    assert.equal(queue.recommendationId, id, 'U did not go back to the decision it took back');
    assert.equal(queue.queue.entry(id)?.state, 'pending');
    assert.equal(queue.queue.status().done, 0);
    assert.ok((await pendingNow(client)).has(id), 'an undone decision reached the sandbox');
  });

  // The walk: "Approving … in 5 s: U undoes it." stayed at 5 s with the queue's Undo off, until the outcome.
  it('in the queue, the line counts the seconds down and U is on while the decision waits', async () => {
    api.comparisons.queue?.view.dispose();
    queue = (await vscode.commands.executeCommand('dedupCurator.startReviewQueue')) as QueuePanel;
    await waitFor('the page to say ready', () => queue?.view.isReady, 30000);
    const posted = listenToPage(queue);
    const id = queue.recommendationId;
    await queue.view.handleMessage({ type: 'decide', recommendationId: id, verdict: 'approve' });
    const notices = posted.flatMap((m) => (m.type === 'notice' ? [m.message] : m.type === 'show' && m.notice ? [m.notice] : []));
    const seconds = notices.flatMap((n) => /^Approving .* in (\d) s: U undoes it\.$/.exec(n)?.[1] ?? []).map(Number);
    assert.deepEqual([...new Set(seconds)], [3, 2, 1], `the seconds said while it waited: ${JSON.stringify(notices)}`);
    // While it waited the page was told that U can take it back.
    const waitingStatus = posted.filter((m) => m.type === 'queueStatus' && m.queue.canUndo);
    assert.ok(waitingStatus.length > 0, `U was never on while the decision waited: ${JSON.stringify(posted.map((m) => m.type))}`);
    assert.match(notices.at(-1) ?? '', /^Approved: /);
  });

  it('the offer to undo is a notification that closes itself when the period ends (its task ends with it)', async () => {
    // VS Code takes a progress notification down when its task ends: the offer's task must end with
    // the hold (the e2e walk's undo step watches the toast itself). A plain message stayed on screen.
    // The period ends when the test ends it, once the offer has said its first second.
    let periodEnded = false;
    let endPeriod!: () => void;
    const period = new Promise<void>((resolve) => (endPeriod = resolve));
    let cancelled = false;
    const seconds: number[] = [];
    const tell = (s: number) => {
      seconds.push(s);
      setImmediate(() => ((periodEnded = true), endPeriod()));
      return `sent in ${s} s`;
    };
    await showCountdown('Approving "test"', 800, period, tell, () => (cancelled = true));
    assert.ok(periodEnded, 'the offer ended before its period');
    assert.equal(cancelled, false);
    assert.equal(seconds[0], 1, 'the countdown starts at the period, rounded up');
  });
});
