// The comparison panel in the real VS Code: opened from a recommendation's tree item, revealed (not
// duplicated) when opened again, its page loading under the CSP and saying ready, and a decision
// posted by the page changing the sandbox's state. Other suites decide recommendations too, so every
// expectation is read from the live sandbox, not assumed.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Recommendation } from '../../src/api/model';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { ComparisonPanel } from '../../src/extension/panels/comparison-panel';
import { activeClient, curatorApi, expectWebviewTabs, settled, waitFor, webviewTabs } from './helpers';
import { COMPARISON_STRINGS } from '../../src/webview/comparison/strings';

/** An attribute's value as the HTML parser reads it (html.ts escapes &, ", < and >). */
const decodeAttribute = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

const VIEW_TYPE = 'dedupCurator.comparison';

/** Every pending id the service lists now, all pages. */
async function pendingIds(api: DedupCuratorApi): Promise<Set<string>> {
  const ids = new Set<string>();
  for (let page = 0; ; page++) {
    const p = await activeClient(api).listRecommendations({ page, pageSize: 200 });
    for (const r of p.data) ids.add(r['@id']);
    if (!p.hasNextPage) return ids;
  }
}

/** The tab model follows panel changes asynchronously: wait for the count to settle there. */
const expectTabs = (count: number) => expectWebviewTabs(VIEW_TYPE, count);
const comparisonTabs = () => webviewTabs(VIEW_TYPE);

describe('Comparison panel in the real VS Code', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;
  let panel: ComparisonPanel;
  let first: Recommendation;

  before(async () => {
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    api = await curatorApi();
    await settled(api);
    await api.recommendations.refresh();
    assert.ok(api.recommendations.shown().length >= 3, 'the sandbox should leave a few recommendations pending');
  });

  after(async () => {
    await vscode.workspace.getConfiguration('dedupCurator').update('panels.advanceAfterDecision', undefined, vscode.ConfigurationTarget.Global);
    for (const tab of comparisonTabs()) await vscode.window.tabGroups.close(tab);
  });

  it('opens from a recommendation tree item (its click command) and loads the page under the CSP', async () => {
    first = api.recommendations.shown()[0];
    const item = api.recommendations.getTreeItem({ kind: 'record', record: first });
    assert.equal(item.command?.command, 'dedupCurator.openComparison');
    panel = (await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []))) as ComparisonPanel;
    // The first `show` went out with the HTML, not a round trip after `ready`.
    assert.ok(panel.view.postedEarly >= 1, 'the first show waited for the page to say ready');
    assert.ok(panel, 'the command returned no panel');
    assert.equal(panel.view.panel.viewType, VIEW_TYPE);
    assert.equal(panel.recommendationId, first['@id']);
    await expectTabs(1);
    const options = panel.view.panel.webview.options;
    assert.equal(options.enableCommandUris, false);
    assert.equal(options.enableScripts, true);
    assert.deepEqual(options.localResourceRoots?.map((u) => u.path.split('/').pop()), ['dist', 'media']);
    const html = panel.view.panel.webview.html;
    assert.match(html, /default-src 'none'; script-src 'nonce-[A-Za-z0-9+/=]{24}'/);
    assert.match(html, /form-action 'none'/);
    // The page's strings, passed through vscode.l10n.t (English here), placeholders kept for the page.
    const strings = JSON.parse(decodeAttribute(/data-l10n="([^"]*)"/.exec(html)?.[1] ?? '{}')) as Record<string, string>;
    assert.deepEqual(Object.keys(strings).sort(), Object.keys(COMPARISON_STRINGS).sort());
    assert.equal(strings.approve, 'Approve');
    assert.equal(strings.score, 'Score {0}');
    // The page carries no data (nor any secret): everything arrives by message and goes in as text.
    for (const e of first.entities) if (e.name) assert.ok(!html.includes(e.name), 'record data in the HTML');
    assert.ok(!html.includes(api.session.baseUrl ?? '\u0000'), 'the service URL in the HTML');
    // Our script ran under that CSP in VS Code's webview: it said ready.
    await waitFor('the page to say ready', () => panel.view.isReady, 30000);
  });

  it('reveals the same panel when the recommendation is opened again', async () => {
    const again = await vscode.commands.executeCommand<ComparisonPanel>('dedupCurator.openComparison', first['@id']);
    assert.strictEqual(again, panel);
    await expectTabs(1);
  });

  // Issue 16, point 6: the sandbox explains its scores; the panel shows its bits, not a hand-set estimate.
  it("explains the score with the sandbox's own model: the bits of the score the tree shows", async () => {
    const pair = api.recommendations.shown().find((r) => r.entities.length === 2 && r['@id'] !== first['@id']);
    assert.ok(pair, 'a pending recommendation of two entities');
    const opened = await vscode.commands.executeCommand<ComparisonPanel>('dedupCurator.openComparison', pair);
    await waitFor("the service's explanation on the page", () => opened.view.viewShown?.weights?.source === 'service', 30000);
    const view = opened.view.viewShown!;
    assert.equal(view.recommendationId, pair['@id']);
    assert.deepEqual(view.weights, { source: 'service', model: 'estimated', labels: (view.weights as { labels: number }).labels });
    const [why] = view.explanations;
    assert.ok(Math.abs(why.score - pair.score) < 1e-6, `explained ${why.score}, listed ${pair.score}`);
    const sum = why.evidence.reduce((s, e) => s + e.weight, why.prior + (why.answers ?? 0));
    assert.ok(Math.abs(sum - why.logOdds) < 1e-9);
    assert.ok(why.evidence.some((e) => e.level !== undefined), 'the levels the model weighed');
    // The window's tab model learns of the new tab a little after the page answers (late on a slow
    // machine: CI once saw its tab arrive after the dispose had been counted); wait for it first.
    await expectTabs(2);
    opened.view.panel.dispose();
    await expectTabs(1);
  });

  it('ignores malformed or stale messages from the page', async () => {
    await panel.view.handleMessage({ type: 'decide', recommendationId: first['@id'], verdict: 'merge' });
    await panel.view.handleMessage({ type: 'decide', recommendationId: 'urn:not-this-one', verdict: 'approve' });
    await panel.view.handleMessage({ type: 'openLink', url: 'command:workbench.action.quit' });
    assert.ok(api.recommendations.find(first['@id']), 'the recommendation left the tree');
    assert.ok((await pendingIds(api)).has(first['@id']), 'the service no longer lists it');
  });

  it('approving from the panel changes the sandbox, and the panel moves to the next pending one', async () => {
    const before = await pendingIds(api);
    assert.ok(before.has(first['@id']), 'decided elsewhere in the meantime');
    // Exactly what a click on Approve posts.
    await panel.view.handleMessage({ type: 'decide', recommendationId: first['@id'], verdict: 'approve' });
    const after = await pendingIds(api);
    assert.ok(!after.has(first['@id']), 'still listed by the service after approval');
    assert.ok(after.size < before.size);
    assert.equal(api.recommendations.find(first['@id']), undefined, 'still in the tree');
    assert.notEqual(panel.recommendationId, first['@id'], 'the panel did not move on');
    assert.ok(after.has(panel.recommendationId), 'the panel moved to a recommendation that is not pending');
    await expectTabs(1);
  });

  it('with advanceAfterDecision off, rejecting keeps the panel on the decided recommendation', async () => {
    await vscode.workspace.getConfiguration('dedupCurator').update('panels.advanceAfterDecision', false, vscode.ConfigurationTarget.Global);
    const id = panel.recommendationId;
    await panel.view.handleMessage({ type: 'decide', recommendationId: id, verdict: 'reject' });
    assert.ok(!(await pendingIds(api)).has(id), 'still listed by the service after rejection');
    assert.equal(panel.recommendationId, id);
  });

  it('a recommendation whose entities belong to two merged records is named as the pair it is', async () => {
    // The sandbox's entities are source records; several can belong to one record merged already.
    const records = (r: Recommendation) => new Set(r.entities.map((e) => e.identifier)).size;
    while (api.recommendations.hasMore && !api.recommendations.shown().some((r) => r.entities.length > records(r))) await api.recommendations.loadMore();
    const rec = api.recommendations.shown().find((r) => r.entities.length > records(r) && records(r) === 2);
    assert.ok(rec, 'the sandbox proposes no pair of merged records with more than two entities');
    const pairLabel = (label: string) => label.split(' ⇄ ').length === 2 && !/ \+\d+$/.test(label);
    const row = api.recommendations.getTreeItem({ kind: 'record', record: rec });
    const rowLabel = typeof row.label === 'string' ? row.label : (row.label?.label ?? '');
    assert.ok(pairLabel(rowLabel), `the tree row names ${rec.entities.length} entities for 2 records: ${rowLabel}`);
    const opened = await vscode.commands.executeCommand<ComparisonPanel>('dedupCurator.openComparison', rec);
    assert.ok(pairLabel(opened.view.panel.title.replace(/^Compare: /, '')), `the tab title: ${opened.view.panel.title}`);
    await opened.view.handleMessage({ type: 'decide', recommendationId: rec['@id'], verdict: 'reject' });
    const message = (opened.decisionStatus as { message?: string } | undefined)?.message ?? '';
    assert.match(message, /^Rejected: /);
    assert.ok(pairLabel(message.replace(/^Rejected: /, '').replace(/ \(\d+%\)\.$/, '')), `the outcome: ${message}`);
    opened.view.panel.dispose();
  });

  it('closing the panel releases it, and opening again creates a new one', async () => {
    const next = api.recommendations.shown()[0];
    const opened = await vscode.commands.executeCommand<ComparisonPanel>('dedupCurator.openComparison', next);
    await waitFor('the page to say ready', () => opened.view.isReady, 30000);
    opened.view.panel.dispose();
    const reopened = await vscode.commands.executeCommand<ComparisonPanel>('dedupCurator.openComparison', next);
    assert.notStrictEqual(reopened, opened);
    await waitFor('the page to say ready', () => reopened.view.isReady, 30000);
  });
});
