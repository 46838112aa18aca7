// The export's save dialog (issue 13, point 5): its title says what will be exported, the view's
// filter included; it opens in the workspace folder; CSV is the first format. The dialog itself is
// VS Code's: the test records the options the command passes it, and answers "cancelled".
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import { curatorApi, settled } from './helpers';

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
});
