// The Triage panel brought back after a window reload (the walk of issue 13 found its tab gone: no
// serializer). The serializer is called as VS Code calls it after a reload (a new panel of the
// view type; the page saves no state). The restored panel must recompute from the list as it is now
// — recommendations decided since the panel was last computed are not in its groups — and be the
// one panel the command reveals. A sandbox of the test's own is the judge of what is pending.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupClient } from '../../src/api/client';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { TriagePanel } from '../../src/extension/panels/triage-panel';
import { pendingNow } from './curation-helpers';
import { settled, waitFor } from './helpers';
import { type SandboxConnection, sandboxConnection } from './sandbox-connection';

const NAME = 'Triage restore test service';
const TOKEN = 'triage-restore-token';
const VIEW_TYPE = 'dedupCurator.triage';

describe('The Triage panel restored after a reload', function () {
  this.timeout(120_000);
  let api: DedupCuratorApi;
  let direct: DedupClient;
  let fixture: SandboxConnection;

  before(async () => {
    fixture = await sandboxConnection(NAME, { token: TOKEN, seed: 77, locations: 300, events: 0, integrations: 4, autoMergeThreshold: 2 });
    api = fixture.api;
    direct = fixture.direct;
    await settled(api);
  });

  after(async () => {
    api.triagePanels?.current?.dispose();
    await fixture?.close();
  });

  it('comes back recomputed from the list as it is now, and is the panel Open Triage reveals', async () => {
    const opened = (await vscode.commands.executeCommand('dedupCurator.openTriage')) as TriagePanel;
    const before = await pendingNow(direct);
    assert.equal(opened.pendingCount, before.size);
    // The reload drops the old panel; meanwhile five recommendations are decided elsewhere.
    opened.dispose();
    const decided = [...before.keys()].slice(0, 5);
    for (const id of decided) await direct.reject(id);

    const webviewPanel = vscode.window.createWebviewPanel(VIEW_TYPE, 'restored', vscode.ViewColumn.Active, { enableScripts: true });
    assert.ok(api.triagePanels, 'the extension has no Triage serializer');
    await api.triagePanels.deserializeWebviewPanel(webviewPanel, undefined);
    const restored = api.triagePanels.current;
    assert.ok(restored, 'the serializer kept no panel');
    assert.equal(restored.panel, webviewPanel);
    assert.equal(restored.pendingCount, before.size - decided.length, 'the restored panel was not recomputed from the current list');
    const inGroups = new Set(restored.groups.flatMap((g) => g.decidable));
    for (const id of decided) assert.ok(!inGroups.has(id), `${id}, decided before the restore, is in a group`);
    await waitFor('the restored page to say ready', () => restored.isReady, 30_000);

    // The command reveals the restored panel rather than opening a second one.
    const again = (await vscode.commands.executeCommand('dedupCurator.openTriage')) as TriagePanel;
    assert.equal(again, restored);
    // A second restored Triage tab (two windows' state) is closed: one panel.
    const extra = vscode.window.createWebviewPanel(VIEW_TYPE, 'restored', vscode.ViewColumn.Active, { enableScripts: true });
    let closed = false;
    extra.onDidDispose(() => (closed = true));
    await api.triagePanels.deserializeWebviewPanel(extra, undefined);
    assert.ok(closed, 'a second Triage panel was kept');
    assert.equal(api.triagePanels.current, restored);
  });
});
