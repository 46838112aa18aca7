// Record panels opened from the trees are previews (issue 13, point 7): the next click in a tree
// shows its record in the preview (the same webview, issue 12 point 7) instead of adding a tab, unless the panel was kept ("Keep Panel Open", or
// any use of it); with VS Code's workbench.editor.enablePreview off, every click keeps its tab.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { RecordPanel } from '../../src/extension/panels/record-panel';
import { curatorApi, expectWebviewTabs, settled, waitFor, webviewTabs } from './helpers';

const LOCATION = 'dedupCurator.location';
const EVENT = 'dedupCurator.event';

const tabs = webviewTabs;
const expectTabs = expectWebviewTabs;

/** Runs a tree item's click command, as VS Code does. */
async function click(item: vscode.TreeItem): Promise<RecordPanel> {
  assert.ok(item.command, 'the tree item has no click command');
  return (await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []))) as RecordPanel;
}

describe('Record panels open as previews from the trees', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  const locationItem = (i: number) => api.locations.getTreeItem({ kind: 'record', record: api.locations.shown()[i] });

  before(async () => {
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    api = await curatorApi();
    await settled(api);
    assert.ok(api.locations.shown().length >= 3, 'the sandbox should list at least 3 locations');
    assert.ok(api.events.shown().length >= 1, 'the sandbox should list events');
    for (const tab of [...tabs(LOCATION), ...tabs(EVENT)]) await vscode.window.tabGroups.close(tab);
  });

  afterEach(async () => {
    await vscode.workspace.getConfiguration('workbench.editor').update('enablePreview', undefined, vscode.ConfigurationTarget.Global);
    for (const tab of [...tabs(LOCATION), ...tabs(EVENT)]) await vscode.window.tabGroups.close(tab);
  });

  it('the next click shows its record in the preview (the same panel), and replaces it across kinds', async () => {
    const a = await click(locationItem(0));
    await expectTabs(LOCATION, 1);
    await waitFor('the page to say ready', () => a.isReady, 30_000);
    const b = await click(locationItem(1));
    // Re-used (issue 12, point 7): the same webview, filed under the record it shows now.
    assert.strictEqual(b, a);
    assert.equal(b.recordId, api.locations.shown()[1].id);
    assert.equal(b.record?.record.id, api.locations.shown()[1].id);
    await expectTabs(LOCATION, 1);
    // Its events are the new location's, loaded for it.
    await b.eventsLoading;
    for (const e of b.eventsAtLocation) assert.equal(e.location?.id, b.recordId);
    await click(api.events.getTreeItem({ kind: 'record', record: api.events.shown()[0] }));
    await expectTabs(EVENT, 1);
    await expectTabs(LOCATION, 0);
  });

  it('"Keep Panel Open" and any use of the panel keep it: the next click opens a tab of its own', async () => {
    await click(locationItem(0));
    const kept = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.keepPanelOpen');
    assert.ok(kept, 'no preview to keep');
    const used = await click(locationItem(1));
    await expectTabs(LOCATION, 2);
    await waitFor('the page to say ready', () => used.isReady, 30_000);
    await used.handleMessage({ type: 'action', action: 'copyId', id: used.recordId });
    await click(locationItem(2));
    await expectTabs(LOCATION, 3);
    // Opening a kept record again reveals its panel, without a new tab.
    await click(locationItem(0));
    await expectTabs(LOCATION, 3);
  });

  it('follows workbench.editor.enablePreview: off, every click keeps its tab', async () => {
    await vscode.workspace.getConfiguration('workbench.editor').update('enablePreview', false, vscode.ConfigurationTarget.Global);
    await click(locationItem(0));
    await click(locationItem(1));
    await expectTabs(LOCATION, 2);
  });
});
