// Decisions inside a real VS Code against the in-process sandbox: a single approve from a tree node,
// a multi-selection run as one bulk decision, partial failure grouped by reason, "Approve All
// Matching" by score, a cancelled bulk run, and the decision journal matching the sandbox's state.
// The sandbox is shared with the other test files, so every expectation is computed from its live state.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { BulkSummary } from '../../src/curation/bulk-decisions';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { DecisionJournal, journalConnection } from '../../src/curation/journal';
import { runLine } from '../../src/curation/journal-runs';
import { journalEntries, pendingNow, recordNode, tempDir, withSandbox } from './curation-helpers';
import { waitFor } from './helpers';

describe('Decisions in the real VS Code', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;
  let client: DedupClient;
  let dir: string;

  before(async () => {
    ({ api, client } = await withSandbox());
    dir = await tempDir('dedup-decisions-');
  });

  beforeEach(() => api.recommendations.refresh());

  it('approves one recommendation from its tree node: it leaves the tree, the total drops, the journal says ok', async () => {
    const list = api.recommendations;
    const before = list.knownTotal;
    assert.ok(before && before > 0, `pending total ${before}`);
    const rec = list.shown()[0];
    const journalBefore = (await journalEntries(dir)).length;
    await vscode.commands.executeCommand('dedupCurator.approve', recordNode(rec));
    assert.ok(!list.shown().some((r) => r['@id'] === rec['@id']), 'the approved item is still in the tree');
    assert.equal(list.knownTotal, before - 1);
    assert.ok(!(await pendingNow(client)).has(rec['@id']), 'the sandbox still lists it as pending');
    const added = (await journalEntries(dir)).slice(journalBefore);
    assert.deepEqual(
      added.map((e) => [e.id, e.verdict, e.outcome, e.score]),
      [[rec['@id'], 'approve', 'ok', rec.score]],
    );
    assert.equal(added[0].connection.label, 'Local sandbox');
    assert.deepEqual(added[0].entities.map((e) => e.id), rec.entities.map((e) => e['@id']));
  });

  it('decides a multi-selection as one bulk run, with partial failure grouped by reason', async () => {
    const shown = api.recommendations.shown();
    assert.ok(shown.length >= 4, `only ${shown.length} shown`);
    const [decidedElsewhere, a, b] = shown;
    await client.reject(decidedElsewhere['@id']); // 409 when the bulk run gets to it
    const unknownId = recordNode({ '@id': 'urn:dedup-curator-test:no-such-recommendation', score: 0.5, entities: [] } as never);
    const nodes = [recordNode(a), recordNode(b), recordNode(decidedElsewhere), unknownId];
    const summary = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.reject', nodes[0], nodes, { confirm: false });
    assert.ok(summary, 'the command returned no summary');
    assert.equal(summary.total, 4);
    assert.deepEqual(summary.failed['not-found']?.map((f) => f.id), [unknownId.record['@id']]);
    assert.ok(summary.failed.conflict?.some((f) => f.id === decidedElsewhere['@id']));
    const pending = await pendingNow(client);
    for (const id of summary.done) assert.ok(!pending.has(id), `${id} rejected yet pending`);
    assert.ok(summary.done.includes(a['@id']) || summary.failed.conflict?.some((f) => f.id === a['@id']));
    await api.recommendations.loading;
    for (const id of summary.done) assert.ok(!api.recommendations.shown().some((r) => r['@id'] === id), `${id} is still in the tree`);
  });

  it('"Approve All Matching" decides every pending recommendation at or above the score', async () => {
    const scores = [...(await pendingNow(client)).values()].map((r) => r.score).sort((x, y) => y - x);
    const minScore = scores[Math.min(2, scores.length - 1)];
    const expected = scores.filter((s) => s >= minScore).length;
    const summary = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.approveAllMatching', { minScore, confirm: false });
    assert.ok(summary, 'the command returned no summary');
    assert.equal(summary.total, expected);
    assert.equal(summary.cancelled, false);
    const pending = await pendingNow(client);
    for (const id of summary.done) assert.ok(!pending.has(id), `${id} approved yet pending`);
    // Anything not done was made moot by an earlier approval in the same run (merged entities).
    assert.deepEqual(Object.keys(summary.failed).filter((k) => k !== 'conflict'), []);
    await api.recommendations.loading;
    assert.equal(api.recommendations.knownTotal, pending.size);
  });

  it('a cancelled bulk run leaves a journal that matches the sandbox', async () => {
    const journalBefore = (await journalEntries(dir)).length;
    const controller = new AbortController();
    // Items leave the tree as they are decided: cancel once three have.
    let decided = 0;
    const sub = api.backlog.onDidChangePending((change) => {
      if (!change.pending && ++decided === 3) controller.abort();
    });
    let summary: BulkSummary | undefined;
    try {
      summary = await vscode.commands.executeCommand<BulkSummary>('dedupCurator.rejectAllMatching', { minScore: 0, confirm: false, signal: controller.signal });
    } finally {
      sub.dispose();
    }
    assert.ok(summary, 'the command returned no summary');
    assert.equal(summary.cancelled, true);
    assert.ok(summary.notAttempted.length > 0, 'the run ended before the cancel landed');
    const added = (await journalEntries(dir)).slice(journalBefore);
    assert.equal(added.length, summary.total - summary.notAttempted.length, 'one journal entry per attempt');
    const pending = await pendingNow(client);
    for (const e of added) {
      assert.ok(e.outcomeRecorded, `${e.id}: no outcome recorded`);
      if (e.outcome === 'ok') assert.ok(!pending.has(e.id), `the journal says ${e.id} was rejected, yet it is pending`);
    }
    const attempted = new Set(added.map((e) => e.id));
    for (const id of summary.notAttempted) {
      assert.ok(!attempted.has(id), `${id} was not attempted, yet it is in the journal`);
      assert.ok(pending.has(id), `${id} was not attempted, yet it is no longer pending`);
    }
  });

  it('"Show Decision History" lists the attempts newest first', async () => {
    const entries = await journalEntries(dir);
    assert.ok(entries.length > 0);
    const doc = await vscode.commands.executeCommand<vscode.TextDocument>('dedupCurator.showDecisionHistory');
    const text = doc.getText();
    // Counts are grouped as the status bar groups them (1,377 in a full run).
    assert.match(text, new RegExp(`^Decision history: ${entries.length.toLocaleString('en-US')} attempts`));
    const newest = text.indexOf(entries.at(-1)!.id);
    const oldest = text.lastIndexOf(entries[0].id);
    assert.ok(newest > 0 && oldest > 0 && newest <= oldest, 'not newest first');
    // The open document follows the next decision by itself.
    const rec = api.recommendations.shown()[0];
    await vscode.commands.executeCommand('dedupCurator.reject', recordNode(rec));
    const deadline = Date.now() + 5000;
    while (!doc.getText().includes(rec['@id']) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.match(doc.getText(), new RegExp(`^Decision history: ${(entries.length + 1).toLocaleString('en-US')} attempts`));
    // A run without its end (cut short, or still going): its unsent decisions have no row, the run says how many.
    const cut = { ...runLine(journalConnection('http://127.0.0.1:1', 'history test'), 'approve', 1200, 'group "cut short in a test"'), pid: 2 ** 22 + 1 };
    const journal = new DecisionJournal(api.triage.journalPath);
    await journal.append(cut);
    await journal.close();
    // Show Decision History again re-reads the journal; the open document's text follows.
    const again = await vscode.commands.executeCommand<vscode.TextDocument>('dedupCurator.showDecisionHistory');
    await waitFor('the history to read the run line', () => again.getText().includes('cut short in a test') || undefined);
    assert.match(again.getText(), /a bulk approve of 1,200 \(group "cut short in a test"\) has not ended: 0 attempted, 1,200 not sent/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
