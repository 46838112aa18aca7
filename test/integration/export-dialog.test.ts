// The export's save dialog (issue 13, point 5): its title says what will be exported, the view's
// filter included; it opens in the workspace folder; CSV is the first format. The dialog itself is
// VS Code's: the test records the options the command passes it, and answers "cancelled".
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { curatorApi, settled } from './helpers';
import { capturingNotifications } from './messages';
import { recordNode } from './curation-helpers';

/** The dialog's options if one was shown (the command is answered "cancelled"), with the notifications shown meanwhile. */
async function maybeDialog(command: string) {
  const w = vscode.window as unknown as { showSaveDialog: (o: vscode.SaveDialogOptions) => Thenable<vscode.Uri | undefined> };
  const saved = w.showSaveDialog;
  let seen: vscode.SaveDialogOptions | undefined;
  w.showSaveDialog = async (o) => {
    seen = o;
    return undefined;
  };
  try {
    const shown = await capturingNotifications(async (shown) => {
      await vscode.commands.executeCommand(command);
      return shown;
    });
    return { options: seen, shown };
  } finally {
    w.showSaveDialog = saved;
  }
}

async function dialogOptions(command: string): Promise<vscode.SaveDialogOptions> {
  const w = vscode.window as unknown as { showSaveDialog: (o: vscode.SaveDialogOptions) => Thenable<vscode.Uri | undefined> };
  const saved = w.showSaveDialog;
  let seen: vscode.SaveDialogOptions | undefined;
  w.showSaveDialog = async (o) => {
    seen = o;
    return undefined;
  };
  try {
    await vscode.commands.executeCommand(command);
  } finally {
    w.showSaveDialog = saved;
  }
  assert.ok(seen, 'no save dialog was shown');
  return seen;
}

describe('The export save dialog', function () {
  this.timeout(60_000);
  let api: DedupCuratorApi;

  before(async () => {
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    api = await curatorApi();
    await settled(api);
  });

  after(async () => {
    await vscode.commands.executeCommand('dedupCurator.recommendations.clearFilter');
    await settled(api);
  });

  it('says "all N pending" without a filter, opens in the workspace folder, CSV first', async () => {
    await vscode.commands.executeCommand('dedupCurator.recommendations.clearFilter');
    const o = await dialogOptions('dedupCurator.exportRecommendations');
    assert.equal(o.title, `Export all ${api.recommendations.knownTotal!.toLocaleString('en-US')} pending recommendations`);
    assert.deepEqual(Object.keys(o.filters ?? {}), ['CSV', 'NDJSON', 'JSON']);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(folder, 'the test window has a workspace folder');
    assert.equal(path.dirname(o.defaultUri!.fsPath), folder);
    assert.match(o.defaultUri!.fsPath, /recommendations-\d{4}-\d\d-\d\d\.csv$/);
  });

  it('names the view’s filter and how many match it', async () => {
    await vscode.commands.executeCommand('dedupCurator.recommendations.filterScore', '80-90%');
    const matching = api.recommendations.shown().length;
    const o = await dialogOptions('dedupCurator.exportRecommendations');
    assert.equal(o.title, `Export the ${matching} pending recommendations matching 80%–90%`);
  });

  it('names the window of the Locations and Events views', async () => {
    const o = await dialogOptions('dedupCurator.exportEvents');
    assert.equal(o.title, `Export the events (${api.events.scopeText()})`);
    assert.match(String(o.title), /last|since/);
  });

  // Found by the walk of issue 13 (docs/walks.md): the decision history's dialog opened in the home
  // folder, and an empty list was "exported" as a file with a header only.
  it('Export Decision History opens in the workspace folder too, and says how many attempts it holds', async () => {
    // One decision, so the journal holds at least one attempt (each is sent after the undo period).
    await vscode.commands.executeCommand('dedupCurator.recommendations.clearFilter');
    await settled(api);
    await vscode.commands.executeCommand('dedupCurator.approve', recordNode(api.recommendations.shown()[0]));
    const { options } = await maybeDialog('dedupCurator.exportDecisionHistory');
    assert.ok(options, 'no save dialog was shown');
    assert.match(String(options.title), /^Export the decision history \([\d,]+ attempts\)$/);
    assert.equal(path.dirname(options.defaultUri!.fsPath), vscode.workspace.workspaceFolders?.[0]?.uri.fsPath);
    assert.match(options.defaultUri!.fsPath, /decision-history-\d{4}-\d\d-\d\d\.csv$/);
  });

  it('exporting recommendations when none match says so, with no dialog and no file', async () => {
    // No score is below 0 %, so the view's filter matches nothing once the whole list is read.
    await vscode.commands.executeCommand('dedupCurator.recommendations.filterScore', '0-0');
    await settled(api);
    await api.recommendations.wholeLoad;
    assert.equal(api.recommendations.shown().length, 0, 'something matched a score of exactly 0');
    const { options, shown } = await maybeDialog('dedupCurator.exportRecommendations');
    assert.equal(options, undefined, `a save dialog was shown: ${options?.title}`);
    assert.deepEqual(shown.map((m) => m.text), ['No pending recommendation matches the view’s filter: nothing to export.']);
  });
});
