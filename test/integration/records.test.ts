// The location and event panels in the real VS Code: opened from tree items (their click
// commands), revealed (not duplicated) when opened again, their pages loading under the CSP and
// saying ready; the location's events as the events endpoint lists them; an event's location card;
// Open as JSON; Copy Id. Expectations come from the live sandbox, not from assumptions.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Event, Location } from '../../src/api/model';
import { MIRROR_FRESH_MS } from '../../src/extension/mirror/mirror-service';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { RecordPanel } from '../../src/extension/panels/record-panel';
import type { ListNode } from '../../src/extension/views/paged-list';
import { activeClient, curatorApi, expectWebviewTabs, settled, waitFor, webviewTabs } from './helpers';

const LOCATION = 'dedupCurator.location';
/** https: as a source of its own in img-src (the webview's own source may be an https origin too). */
const HTTPS_IMAGES = /img-src [^;"]* https:[;"]/;
const EVENT = 'dedupCurator.event';

const tabs = webviewTabs;
const expectTabs = expectWebviewTabs;

/** Runs a tree item's click command, as VS Code does. */
async function click<T>(item: vscode.TreeItem, command: string): Promise<T> {
  assert.equal(item.command?.command, command);
  return (await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []))) as T;
}

describe('Record panels in the real VS Code', function () {
  this.timeout(120000);
  let api: DedupCuratorApi;
  let event: Event;
  let location: Location;
  let locationPanel: RecordPanel;
  let eventPanel: RecordPanel;

  before(async () => {
    await vscode.commands.executeCommand('dedupCurator.tryLocalSandbox');
    api = await curatorApi();
    await settled(api);
    // These tests are about the events endpoint: a mirror synced by an earlier test would answer instead.
    api.mirrors.freshForMs = 0;
    const withLocation = api.events.shown().find((e) => e.location?.id);
    assert.ok(withLocation?.location, 'the sandbox should list events with locations');
    event = withLocation;
    location = withLocation.location;
  });

  after(async () => {
    api.mirrors.freshForMs = MIRROR_FRESH_MS;
    await vscode.workspace.getConfiguration('dedupCurator').update('panels.loadRemoteImages', undefined, vscode.ConfigurationTarget.Global);
    for (const tab of [...tabs(LOCATION), ...tabs(EVENT)]) await vscode.window.tabGroups.close(tab);
    // The untitled JSON documents are dirty: revert them, or closing asks whether to save.
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isUntitled && d.languageId === 'json')) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('opens a location panel from a tree item and loads its page under the CSP', async () => {
    // The Locations view's own item when it lists the location, else the event's location child.
    const listed = api.locations.shown().find((l) => l.id === location.id);
    let item: vscode.TreeItem;
    if (listed) item = api.locations.getTreeItem({ kind: 'record', record: listed });
    else {
      const [child] = api.events.getChildren({ kind: 'record', record: event } as ListNode<Event>);
      item = api.events.getTreeItem(child);
    }
    locationPanel = await click<RecordPanel>(item, 'dedupCurator.openLocation');
    assert.ok(locationPanel, 'the command returned no panel');
    assert.equal(locationPanel.panel.viewType, LOCATION);
    assert.equal(locationPanel.recordId, location.id);
    await expectTabs(LOCATION, 1);
    const options = locationPanel.panel.webview.options;
    assert.equal(options.enableCommandUris, false);
    assert.equal(options.enableScripts, true);
    assert.deepEqual(options.localResourceRoots?.map((u) => u.path.split('/').pop()), ['dist', 'media']);
    const html = locationPanel.panel.webview.html;
    assert.match(html, /default-src 'none'; script-src 'nonce-[A-Za-z0-9+/=]{24}'/);
    assert.match(html, /img-src [^;]+;/);
    assert.doesNotMatch(html, HTTPS_IMAGES, 'remote images are off by default');
    assert.match(html, /font-src /);
    assert.match(html, /record-webview\.js/);
    assert.match(html, /form-action 'none'/);
    assert.match(html, /data-l10n="[^"]*Events at this location/);
    if (location.name) assert.ok(!html.includes(location.name), 'record data in the HTML');
    await waitFor('the page to say ready', () => locationPanel.isReady, 30000);
  });

  it('reveals the same location panel when it is opened again', async () => {
    const again = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openLocation', location.id);
    assert.strictEqual(again, locationPanel);
    await expectTabs(LOCATION, 1);
  });

  it('lists the events at the location exactly as the events endpoint does', async () => {
    await locationPanel.eventsLoading;
    while (locationPanel.hasMoreEvents) await locationPanel.loadMoreEvents();
    const expected: string[] = [];
    for await (const e of activeClient(api).allEvents({ updatedSince: new Date(0), location: location.id })) expected.push(e.id);
    assert.ok(expected.includes(event.id), 'the endpoint does not list the event we came from');
    assert.deepEqual(locationPanel.eventsAtLocation.map((e) => e.id), expected);
  });

  it('opens an event of the list in its own panel, and once only', async () => {
    await locationPanel.handleMessage({ type: 'openRecord', kind: 'event', id: event.id });
    await expectTabs(EVENT, 1);
    await locationPanel.handleMessage({ type: 'openRecord', kind: 'event', id: event.id });
    await expectTabs(EVENT, 1);
    // An id the panel did not list opens nothing.
    await locationPanel.handleMessage({ type: 'openRecord', kind: 'event', id: 'urn:event:not-listed-here' });
    await expectTabs(EVENT, 1);
  });

  it('an event tree item opens (reveals) its panel; its location card opens the location panel', async () => {
    eventPanel = await click<RecordPanel>(api.events.getTreeItem({ kind: 'record', record: event }), 'dedupCurator.openEvent');
    assert.equal(eventPanel.panel.viewType, EVENT);
    assert.equal(eventPanel.recordId, event.id);
    await expectTabs(EVENT, 1);
    await waitFor('the event page to say ready', () => eventPanel.isReady, 30000);
    await eventPanel.handleMessage({ type: 'openRecord', kind: 'location', id: location.id });
    await expectTabs(LOCATION, 1);
    // The panel's view state reaches the extension host asynchronously after the reveal.
    await waitFor('the location panel to come to the front', () => locationPanel.panel.active);
  });

  it('Open as JSON opens the raw record in an untitled JSON editor, from the tree and from the panel', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('dedupCurator.openAsJson', { kind: 'record', record: event });
    assert.equal(editor.document.languageId, 'json');
    assert.equal(editor.document.isUntitled, true);
    assert.equal((JSON.parse(editor.document.getText()) as Event).id, event.id);
    await locationPanel.handleMessage({ type: 'action', action: 'openJson', id: location.id });
    const isLocation = (e: vscode.TextEditor) => e.document.languageId === 'json' && (JSON.parse(e.document.getText()) as { id?: string }).id === location.id;
    const shown = await waitFor('a JSON editor with the location', () => vscode.window.visibleTextEditors.find(isLocation));
    assert.deepEqual(JSON.parse(shown.document.getText()), JSON.parse(JSON.stringify(location)));
  });

  it('Copy Id puts the id on the clipboard, from the tree and from the panel', async () => {
    await vscode.env.clipboard.writeText('before');
    await vscode.commands.executeCommand('dedupCurator.copyId', { kind: 'record', record: event });
    assert.equal(await vscode.env.clipboard.readText(), event.id);
    await eventPanel.handleMessage({ type: 'action', action: 'copyId', id: event.id });
    await locationPanel.handleMessage({ type: 'action', action: 'copyId', id: location.id });
    assert.equal(await vscode.env.clipboard.readText(), location.id);
  });

  it('ignores malformed or stale messages from the page', async () => {
    await vscode.env.clipboard.writeText('unchanged');
    await locationPanel.handleMessage({ type: 'action', action: 'copyId', id: 'urn:location:another-one' });
    await locationPanel.handleMessage({ type: 'action', action: 'delete', id: location.id });
    await locationPanel.handleMessage({ type: 'openLink', url: 'command:workbench.action.quit' });
    await locationPanel.handleMessage({ type: 'openRecord', kind: 'location', id: 'urn:location:elsewhere' });
    assert.equal(await vscode.env.clipboard.readText(), 'unchanged');
    await expectTabs(LOCATION, 1);
  });

  it('asks before opening a link to a loopback or private address (VS Code opens localhost without asking)', async () => {
    const w = vscode.window as unknown as Record<string, unknown>;
    const saved = w.showWarningMessage;
    const asked: { message: string; options: vscode.MessageOptions; items: string[] }[] = [];
    // The curator answers the question by closing it: nothing may be opened then.
    w.showWarningMessage = async (message: string, options: vscode.MessageOptions, ...items: string[]) => void asked.push({ message, options, items });
    try {
      for (const url of ['http://127.0.0.1:8787/api/custom/approve-deduplication', 'http://localhost:9/', 'http://192.168.1.1/admin', 'http://[::1]:8080/']) {
        await locationPanel.handleMessage({ type: 'openLink', url });
      }
    } finally {
      w.showWarningMessage = saved;
    }
    assert.equal(asked.length, 4, `not asked for every private link: ${JSON.stringify(asked.map((a) => a.options?.detail))}`);
    for (const a of asked) {
      assert.equal(a.options.modal, true, 'the question is not modal');
      assert.deepEqual(a.items, ['Open']);
    }
    assert.ok(asked[2].options.detail?.includes('http://192.168.1.1/admin'), 'the question does not name the address');
  });

  it('allows https images in the CSP only while the setting is on (the page reloads)', async () => {
    await vscode.workspace.getConfiguration('dedupCurator').update('panels.loadRemoteImages', true, vscode.ConfigurationTarget.Global);
    await waitFor('a CSP with https images', () => HTTPS_IMAGES.test(locationPanel.panel.webview.html));
    await vscode.workspace.getConfiguration('dedupCurator').update('panels.loadRemoteImages', undefined, vscode.ConfigurationTarget.Global);
    await waitFor('a CSP without https images', () => !HTTPS_IMAGES.test(locationPanel.panel.webview.html));
  });

  it('closing a panel releases it, and opening again creates a new one', async () => {
    eventPanel.panel.dispose();
    await expectTabs(EVENT, 0);
    const reopened = await vscode.commands.executeCommand<RecordPanel>('dedupCurator.openEvent', event.id);
    assert.notStrictEqual(reopened, eventPanel);
    await waitFor('the page to say ready', () => reopened.isReady, 30000);
  });
});
