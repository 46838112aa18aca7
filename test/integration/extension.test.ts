// The extension as VS Code sees it: installed, activated by its commands, and contributing the
// Dedup Curator view container with its three views. Runs inside a real extension host.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'dedup-curator.dedup-curator';
const CONTAINER_ID = 'dedupCurator';
const VIEW_IDS = ['dedupCurator.recommendations', 'dedupCurator.locations', 'dedupCurator.events'];

interface Contributes {
  viewsContainers?: { activitybar?: { id: string; title: string }[] };
  views?: Record<string, { id: string; name: string }[]>;
  commands?: { command: string }[];
}

function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not installed in this VS Code`);
  return ext;
}

function contributes(): Contributes {
  return (extension().packageJSON as { contributes: Contributes }).contributes;
}

describe('Dedup Curator in a real VS Code', () => {
  before(() => {
    console.log(`VS Code ${vscode.version} (${vscode.env.appName}, uiKind ${vscode.UIKind[vscode.env.uiKind]}, remote ${vscode.env.remoteName ?? 'none'})`);
  });

  it('is installed under its publisher id', () => {
    assert.equal(extension().id, EXTENSION_ID);
  });

  it('activates when one of its commands runs', async () => {
    await vscode.commands.executeCommand('dedupCurator.showLog');
    assert.equal(extension().isActive, true);
  });

  it('contributes the Dedup Curator view container to the activity bar', () => {
    const container = contributes().viewsContainers?.activitybar?.find((c) => c.id === CONTAINER_ID);
    assert.ok(container, 'no activity-bar container "dedupCurator"');
    assert.equal(container.title, 'Dedup Curator');
  });

  it('contributes the Recommendations, Locations and Events views, in that order', () => {
    const views = contributes().views?.[CONTAINER_ID] ?? [];
    assert.deepEqual(
      views.map((v) => [v.id, v.name]),
      [
        [VIEW_IDS[0], 'Recommendations'],
        [VIEW_IDS[1], 'Locations'],
        [VIEW_IDS[2], 'Events'],
      ],
    );
  });

  it('registers the commands it has implemented', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(registered.has('dedupCurator.showLog'), 'dedupCurator.showLog is not registered');
  });

  it('registers every command it contributes', async () => {
    await extension().activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = (contributes().commands ?? []).map((c) => c.command).filter((c) => !registered.has(c));
    assert.deepEqual(missing, [], `contributed but not registered: ${missing.join(', ')}`);
  });

  it('opens its view container and focuses each view', async () => {
    await vscode.commands.executeCommand(`workbench.view.extension.${CONTAINER_ID}`);
    for (const id of VIEW_IDS) await vscode.commands.executeCommand(`${id}.focus`);
  });

  // Proves that a failing test fails the run: `node test/harness/run-integration.mjs --env DEDUP_CURATOR_TEST_FAIL_ONE=1`
  // must exit non-zero. Never set in CI.
  if (process.env.DEDUP_CURATOR_TEST_FAIL_ONE === '1') {
    it('fails on purpose (DEDUP_CURATOR_TEST_FAIL_ONE=1)', () => {
      assert.equal(1, 2, 'deliberate failure');
    });
  }
});
