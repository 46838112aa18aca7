// Issue 17's editor parts in the real VS Code, against a sandbox of its own with nothing merged at
// start: the Triage panel's Review opens the review queue on that group only (and Full queue goes
// back to the whole list); an unsure mark shows in the decision history with its note and survives
// a reload (the journal); Clear Unsure Mark journals the clearing, shows in the history, and makes
// the recommendation part of a group decision again. The sandbox is the judge of what was decided.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { Recommendation } from '../../src/api/model';
import type { BulkSummary } from '../../src/curation/bulk-decisions';
import { DecisionJournal, readJournal } from '../../src/curation/journal';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { ComparisonPanel } from '../../src/extension/panels/comparison-panel';
import type { TriagePanel } from '../../src/extension/panels/triage-panel';
import { TriageState } from '../../src/extension/triage/triage-state';
import { triage } from '../../src/triage/triage';
import { pendingNow, recordNode, serviceAnswers } from './curation-helpers';
import { settled, waitFor } from './helpers';
import { type SandboxConnection, sandboxConnection } from './sandbox-connection';
import type { ToTriageWebview } from '../../src/webview/triage/protocol';

const NAME = 'Triage review test service';
const TOKEN = 'triage-review-token';
const NOTE = 'same building? <b>ask</b> the venue';

describe('Triage review samples, unsure in the history, Clear Unsure Mark', function () {
  this.timeout(180_000);
  let api: DedupCuratorApi;
  let direct: DedupClient;
  let fixture: SandboxConnection;
  const log = vscode.window.createOutputChannel('Dedup Curator triage review test', { log: true });

  before(async () => {
    fixture = await sandboxConnection(NAME, { token: TOKEN, seed: 1717, locations: 300, events: 0, integrations: 4, autoMergeThreshold: 2 });
    api = fixture.api;
    direct = fixture.direct;
    await waitFor('the backlog in the tree', () => api.recommendations.loaded().length >= 10, 30_000);
    await settled(api);
  });

  after(async () => {
    api.comparisons.queue?.view.dispose();
    await fixture?.close();
    log.dispose();
  });

  /**
   * The history document's row about `id` with the verdict word. An open history document is
   * re-read when the command runs again, asynchronously: the row is waited for.
   */
  async function historyRow(id: string, verdict: RegExp): Promise<string | undefined> {
    const doc = (await vscode.commands.executeCommand('dedupCurator.showDecisionHistory')) as vscode.TextDocument;
    const row = () =>
      doc
        .getText()
        .split('\n')
        .find((l) => l.includes(id) && verdict.test(l));
    for (let i = 0; i < 50 && !row(); i++) await new Promise((r) => setTimeout(r, 100));
    return row();
  }

  it('Review on a group opens the review queue holding only that group’s pending members; Full queue goes back to the whole list', async () => {
    const panel = (await vscode.commands.executeCommand('dedupCurator.openTriage')) as TriagePanel;
    await waitFor('the triage page to say ready', () => panel.isReady, 30000);
    // A group with a few members, not the largest: a queue of the whole list would show others first.
    const g = [...panel.groups].reverse().find((x) => x.decidable.length >= 3)!;
    assert.ok(g, 'no group of three or more');
    await panel.handleMessage({ type: 'group', action: 'review', key: g.key });
    const queue = await waitFor('the group’s queue', () => api.comparisons.queue?.group && api.comparisons.queue);
    await waitFor('the queue’s page to say ready', () => queue.view.isReady, 30000);
    assert.equal(queue.group?.key, g.key);
    assert.match(queue.group!.words, new RegExp(`^${g.words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const status = queue.queue.status();
    assert.equal(status.remaining, g.decidable.length, 'the header’s count is not the group’s');
    // Walk it by S (skip): every item is a member, every member comes, then the end.
    const seen = [queue.recommendation!['@id']];
    for (let i = 0; i < g.decidable.length + 2 && !queue.queue.atEnd; i++) {
      await queue.view.handleMessage({ type: 'queue', action: 'skip', recommendationId: queue.recommendationId });
      if (!queue.queue.atEnd) seen.push(queue.recommendation!['@id']);
    }
    assert.ok(queue.queue.atEnd, 'the group’s queue did not end');
    assert.deepEqual([...seen].sort(), [...g.decidable].sort());
    // Back to the whole list, in the same panel: the tree's first pending recommendation.
    await queue.view.handleMessage({ type: 'queue', action: 'fullQueue' });
    assert.equal(queue.group, undefined);
    assert.equal(api.comparisons.queue, queue);
    assert.equal(queue.recommendation?.['@id'], api.recommendations.shown()[0]['@id']);
    queue.view.dispose();
    panel.dispose();
  });

  // The walk of the journal fix (issue 17): a member of a flagged group reviewed from the Triage panel
  // is not among the tree's loaded ones, and its answer was journalled with no group at all.
  it('an answer in a flagged group’s queue journals that group, also for a member the tree has not loaded', async () => {
    const panel = (await vscode.commands.executeCommand('dedupCurator.openTriage')) as TriagePanel;
    await waitFor('the triage page to say ready', () => panel.isReady, 30000);
    // Triage read the whole backlog into the tree; a refresh of the tree leaves it its first page.
    await api.recommendations.refresh();
    const loadedIds = new Set(api.recommendations.loaded().map((r) => r['@id']));
    const g = panel.groups.find((x) => x.flags.includes('chain') && x.decidable.some((id) => !loadedIds.has(id)));
    assert.ok(g, 'the backlog needs a chain group with a member the tree has not loaded');
    await panel.handleMessage({ type: 'group', action: 'review', key: g.key });
    const queue = await waitFor('the group’s queue', () => api.comparisons.queue?.group?.key === g.key && api.comparisons.queue);
    await waitFor('the queue’s page to say ready', () => queue.view.isReady, 30000);
    const unloaded = g.decidable.find((id) => !loadedIds.has(id))!;
    await queue.begin(unloaded);
    assert.equal(queue.recommendationId, unloaded);
    const totalBefore = api.recommendations.knownTotal;
    assert.ok(totalBefore !== undefined, 'the tree knows the total');
    await queue.view.handleMessage({ type: 'decide', recommendationId: unloaded, verdict: 'reject' });
    // (An undo period may hold it a few seconds before it is sent.)
    const until = Date.now() + 30_000;
    while ((await pendingNow(direct)).has(unloaded) && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    assert.ok(!(await pendingNow(direct)).has(unloaded), 'the rejection did not reach the service');
    // The tree's total (and the status bar's count) loses the unloaded one too.
    await waitFor(`the tree's total to fall from ${totalBefore} (${api.recommendations.knownTotal})`, () => api.recommendations.knownTotal === totalBefore! - 1);
    await waitFor(`the status bar's count (${api.statusBar.text})`, () => api.statusBar.text.includes(`${(totalBefore! - 1).toLocaleString('en-US')} pending`));
    const line = (await readJournal(api.triage.journalPath)).entries.filter((e) => e.id === unloaded).pop();
    assert.deepEqual(line?.triage?.flags, g.flags, 'the answer was journalled without its group');
    assert.equal(line?.triage?.lead === true, g.chainLead === true);
    queue.view.dispose();
    panel.dispose();
  });

  it('after answers in a group’s queue, the Triage header’s pending count is the Recommendations view’s', async () => {
    const panel = (await vscode.commands.executeCommand('dedupCurator.openTriage')) as TriagePanel;
    await waitFor('the triage page to say ready', () => panel.isReady, 30000);
    // The tree keeps its first page only: most members of a group are then not loaded there.
    await api.recommendations.refresh();
    const loadedIds = new Set(api.recommendations.loaded().map((r) => r['@id']));
    const g = panel.groups.find((x) => x.decidable.filter((id) => !loadedIds.has(id)).length >= 2);
    assert.ok(g, 'the backlog needs a group with two members the tree has not loaded');
    await panel.handleMessage({ type: 'group', action: 'review', key: g.key });
    const queue = await waitFor('the group’s queue', () => api.comparisons.queue?.group?.key === g.key && api.comparisons.queue);
    await waitFor('the queue’s page to say ready', () => queue.view.isReady, 30000);
    const answered = g.decidable.filter((id) => !loadedIds.has(id)).slice(0, 2);
    // A decision in the queue resolves with its outcome (after its undo period).
    for (const id of answered) {
      await queue.begin(id);
      await queue.view.handleMessage({ type: 'decide', recommendationId: id, verdict: 'reject' });
    }
    assert.deepEqual(answered.map((id) => queue.queue.entry(id)?.state), ['rejected', 'rejected'], 'the answers were not sent');
    const atService = await direct.listRecommendations({ page: 0, pageSize: 1 });
    await waitFor(`the tree's total at the service's ${atService.total} (it says ${api.recommendations.knownTotal})`, () => api.recommendations.knownTotal === atService.total, 30_000);
    const drawn: number[] = [];
    const target = panel as unknown as { post(m: ToTriageWebview): void };
    const post = target.post.bind(panel);
    target.post = (m) => {
      if (m.type === 'triage') drawn.push(m.data.pending);
      post(m);
    };
    queue.view.dispose();
    panel.panel.reveal();
    const header = await waitFor('the Triage page drawn again', () => drawn.length > 0 && drawn[0], 30_000);
    assert.equal(header, api.recommendations.knownTotal, 'the header’s pending count lags behind the tree’s');
    panel.dispose();
  });

  it('an unsure mark shows in the decision history with its note, and survives a reload', async () => {
    const rec = api.recommendations.loaded()[2];
    assert.equal(await vscode.commands.executeCommand('dedupCurator.markUnsure', recordNode(rec), undefined, { note: NOTE }), true);
    const row = await historyRow(rec['@id'], /\? unsure/);
    assert.ok(row, 'no unsure row in the history');
    assert.match(row, /kept pending \(not sent\)/);
    assert.ok(row.includes(`note: ${NOTE}`), `the note is not on the row: ${row}`);
    assert.equal(String(api.recommendations.getTreeItem(recordNode(rec) as never).contextValue), 'unsureRecommendation');
    // What a window reload does: a new state reads the journal from disk.
    const fresh = new TriageState(new DecisionJournal(api.triage.journalPath), log);
    await fresh.loaded;
    assert.equal(fresh.unsure(rec['@id'])?.note, NOTE);
    fresh.dispose();
    // Clear mark on the comparison page: journalled, the page shows it pending, the history says so.
    const compared = (await vscode.commands.executeCommand('dedupCurator.openComparison', rec)) as ComparisonPanel;
    await compared.view.handleMessage({ type: 'clearUnsure', recommendationId: rec['@id'] });
    assert.equal(api.triage.isUnsure(rec['@id']), false);
    assert.ok(await historyRow(rec['@id'], /unsure cleared/), 'no clearing row in the history');
    assert.equal(String(api.recommendations.getTreeItem(recordNode(rec) as never).contextValue), 'recommendation');
    const reloaded = new TriageState(new DecisionJournal(api.triage.journalPath), log);
    await reloaded.loaded;
    assert.equal(reloaded.isUnsure(rec['@id']), false, 'the clearing did not survive a reload');
    reloaded.dispose();
    compared.view.dispose();
    assert.ok((await pendingNow(direct)).has(rec['@id']), 'unsure or its clearing reached the service');
  });

  it('Clear Unsure Mark (the tree’s command) makes the recommendation part of a group decision again', async () => {
    const rec: Recommendation = api.recommendations.loaded()[4];
    assert.equal(await vscode.commands.executeCommand('dedupCurator.markUnsure', recordNode(rec), undefined, { note: 'later' }), true);
    const groupOf = async () => {
      const answers = await serviceAnswers(api);
      const result = triage([...(await pendingNow(direct)).values()], answers.labels, { bulkSoFar: answers.bulkSoFar, bulkRejected: answers.bulkRejected });
      return result.groups.find((g) => g.decidable.includes(rec['@id']));
    };
    assert.equal(await groupOf(), undefined, 'a marked recommendation is decidable in a group');
    assert.equal(await vscode.commands.executeCommand('dedupCurator.clearUnsure', recordNode(rec)), true);
    assert.equal(await vscode.commands.executeCommand('dedupCurator.clearUnsure', recordNode(rec)), false, 'cleared twice');
    const group = await groupOf();
    assert.ok(group, 'after the clearing no group holds it');
    const summary = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.decideGroup', { group: group.key, verdict: 'reject', confirm: false });
    assert.ok(summary?.done.includes(rec['@id']), 'the group decision left it out');
    assert.ok(!(await pendingNow(direct)).has(rec['@id']), 'the service still has it pending');
  });
});
