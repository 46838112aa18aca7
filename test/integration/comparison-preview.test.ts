// Comparison panels opened from the Recommendations tree are previews (issue 12, point 7): the next
// click shows its recommendation in the same panel — the same webview, its page sent the new
// recommendation by message — instead of creating a panel (≈ 400 ms of VS Code's own work). Acting
// on the panel keeps it; one panel per recommendation holds; with VS Code's
// workbench.editor.enablePreview off every click opens its own panel. Other suites decide
// recommendations too, so ids are read from the live tree.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Recommendation } from '../../src/api/model';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { type ComparisonPanel, recommendationNames } from '../../src/extension/panels/comparison-panel';
import { curatorApi, expectWebviewTabs, settled, waitFor, webviewTabs } from './helpers';

const VIEW_TYPE = 'dedupCurator.comparison';

const comparisonTabs = () => webviewTabs(VIEW_TYPE);
const expectTabs = (count: number) => expectWebviewTabs(VIEW_TYPE, count);

/** What the extension posts to a panel's page, with whether VS Code delivered it (postMessage's answer). */
function recordPosts(panel: ComparisonPanel): { type: string; id?: string; delivered: boolean }[] {
  const posts: { type: string; id?: string; delivered: boolean }[] = [];
  const webview = panel.view.panel.webview;
  const post = webview.postMessage.bind(webview);
  webview.postMessage = async (message: { type: string; view?: { recommendationId: string } }) => {
    const entry = { type: message.type, id: message.view?.recommendationId, delivered: false };
    posts.push(entry);
    entry.delivered = await post(message);
    return entry.delivered;
  };
  return posts;
}

describe('Comparison previews from the Recommendations tree', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;

  /** Runs a row's click command, as VS Code does on a click. */
  async function click(rec: Recommendation): Promise<ComparisonPanel> {
    const item = api.recommendations.getTreeItem({ kind: 'record', record: rec });
    assert.equal(item.command?.command, 'dedupCurator.openComparison');
    return (await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []))) as ComparisonPanel;
  }

  /** Pending recommendations no panel shows, in the tree's order. */
  const notOnScreen = () => api.recommendations.shown().filter((r) => !api.comparisons.get(r['@id']) && api.comparisons.queue?.recommendationId !== r['@id']);

  before(async () => {
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    api = await curatorApi();
    await settled(api);
    await api.recommendations.refresh();
    for (const tab of comparisonTabs()) await vscode.window.tabGroups.close(tab);
    assert.ok(api.recommendations.shown().length >= 4, 'the sandbox should leave a few recommendations pending');
  });

  afterEach(async () => {
    await vscode.workspace.getConfiguration('workbench.editor').update('enablePreview', undefined, vscode.ConfigurationTarget.Global);
    for (const tab of comparisonTabs()) await vscode.window.tabGroups.close(tab);
    await waitFor('every comparison panel to be released', () => api.comparisons.size === 0);
  });

  it('two clicks on two rows: one panel, its page sent the second recommendation', async () => {
    const [a, b] = notOnScreen();
    const first = await click(a);
    assert.strictEqual(api.comparisons.preview, first);
    await waitFor('the page to say ready', () => first.view.isReady, 30_000);
    const posts = recordPosts(first);
    const second = await click(b);
    assert.strictEqual(second, first, 'the second click created another panel');
    await expectTabs(1);
    assert.equal(second.recommendationId, b['@id']);
    assert.equal(second.recommendation?.['@id'], b['@id']);
    assert.equal(second.view.panel.title, `Compare: ${recommendationNames(b)}`);
    // Filed under the recommendation it shows: opening the first again is a new panel's job.
    assert.equal(api.comparisons.get(a['@id']), undefined);
    assert.strictEqual(api.comparisons.get(b['@id']), second);
    await waitFor('VS Code to deliver the show', () => posts.some((p) => p.type === 'show' && p.id === b['@id'] && p.delivered), 10_000);
    assert.ok(!posts.some((p) => p.type === 'show' && p.id === a['@id']), 'the first recommendation was sent again');
  });

  it('the same row clicked twice: one panel', async () => {
    const [a] = notOnScreen();
    const first = await click(a);
    const again = await click(a);
    assert.strictEqual(again, first);
    assert.strictEqual(api.comparisons.preview, first, 'a second click kept the preview');
    await expectTabs(1);
  });

  it('approving in the preview keeps it: the next click opens a second panel', async () => {
    const [a, b] = notOnScreen();
    const used = await click(a);
    await waitFor('the page to say ready', () => used.view.isReady, 30_000);
    // Exactly what a click on Approve posts.
    await used.view.handleMessage({ type: 'decide', recommendationId: a['@id'], verdict: 'approve' });
    assert.equal(api.comparisons.preview, undefined, 'the panel acted on is still the preview');
    const shownByKept = used.recommendationId;
    const target = b['@id'] === shownByKept ? notOnScreen()[0] : b;
    const other = await click(target);
    assert.notStrictEqual(other, used);
    assert.equal(other.recommendationId, target['@id']);
    assert.equal(used.recommendationId, shownByKept, 'the kept panel changed');
    await expectTabs(2);
    // A row whose recommendation the kept panel shows (it moved on to the next pending one) reveals
    // that panel; the preview stays as it is.
    const next = used.recommendation;
    assert.ok(next, 'the kept panel did not move on to a pending recommendation');
    assert.strictEqual(await click(next), used);
    assert.equal(other.recommendationId, target['@id']);
    await expectTabs(2);
  });

  it('"Keep Panel Open" keeps a comparison preview', async () => {
    const [a, b] = notOnScreen();
    const first = await click(a);
    await waitFor('the preview in front', () => first.view.panel.active, 10_000);
    const kept = await vscode.commands.executeCommand<ComparisonPanel>('dedupCurator.keepPanelOpen');
    assert.strictEqual(kept, first);
    const second = await click(b);
    assert.notStrictEqual(second, first);
    assert.equal(first.recommendationId, a['@id']);
    await expectTabs(2);
  });

  it('follows workbench.editor.enablePreview: off, every click opens its own panel', async () => {
    await vscode.workspace.getConfiguration('workbench.editor').update('enablePreview', false, vscode.ConfigurationTarget.Global);
    const [a, b] = notOnScreen();
    const first = await click(a);
    const second = await click(b);
    assert.notStrictEqual(second, first);
    assert.equal(api.comparisons.preview, undefined);
    await expectTabs(2);
  });
});
