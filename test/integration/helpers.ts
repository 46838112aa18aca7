// Shared by the integration tests: the extension's exports and small waits.
import * as assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { DedupClient } from '../../src/api/client';
import { BURST_MS } from '../../src/extension/error-reporter';

export async function curatorApi(): Promise<DedupCuratorApi> {
  const ext = vscode.extensions.getExtension<DedupCuratorApi>('dedup-curator.dedup-curator');
  assert.ok(ext, 'the extension is not installed');
  const api = ext.isActive ? ext.exports : await ext.activate();
  await api.ready;
  return api;
}

/** Polls until `check` returns a truthy value (state changes travel through async events). */
export async function waitFor<T>(what: string, check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The open webview tabs of a panel kind (view types end with the extension's own type). */
export function webviewTabs(viewType: string): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(viewType));
}

/**
 * Waits until there are `count` tabs of the kind and it stays so for a second: the tab model reaches
 * the extension host piece by piece (a new panel's tab may show up after the replaced one has gone,
 * or before, and on CI's slower machine after a dispose was already counted), so one matching
 * reading proves nothing on a loaded machine.
 */
export async function expectWebviewTabs(viewType: string, count: number): Promise<void> {
  let since: number | undefined;
  await waitFor(`${count} ${viewType} tab(s) for a second, not ${webviewTabs(viewType).length}`, () => {
    if (webviewTabs(viewType).length !== count) since = undefined;
    else since ??= Date.now();
    return since !== undefined && Date.now() - since >= 1000;
  }, 30_000);
  assert.equal(webviewTabs(viewType).length, count);
}

/** Waits until no list is loading. */
export async function settled(api: DedupCuratorApi): Promise<void> {
  for (let i = 0; i < 3; i++) await Promise.all([api.recommendations.loading, api.locations.loading, api.events.loading]);
}

/** The active client (as the extension uses it), for computing expectations from live state. */
export function activeClient(api: DedupCuratorApi): DedupClient {
  const s = api.session.state;
  assert.equal(s.kind, 'ready', `the session is ${s.kind}`);
  return (s as { client: DedupClient }).client;
}

/** Replaces the ErrorReporter's notification with a counter, so tests count what a user would see. */
export function spyNotifications(api: DedupCuratorApi): { calls: string[]; restore: () => void } {
  const target = api.errors as unknown as { show: (err: unknown, message: string, doing: string) => Promise<void> };
  const original = target.show;
  const calls: string[] = [];
  target.show = async (_err, message) => {
    calls.push(message);
  };
  return { calls, restore: () => (target.show = original) };
}

/**
 * Ends the ErrorReporter's burst window at once (by moving its clock on), so the next failure is
 * notified even when it repeats the one before: no test waits the window out.
 */
export function endBurstWindow(api: DedupCuratorApi): void {
  api.clock.advance(BURST_MS);
}

/**
 * Stores tokens and waits until SecretStorage has told the extension of each (its change event
 * arrives a little after `set` resolves) and the session has dealt with them: a test that goes on
 * then meets no reload caused by its set-up.
 */
export async function setTokens(api: DedupCuratorApi, entries: readonly (readonly [string, string])[]): Promise<void> {
  let heard = 0;
  const listening = api.session.tokens.onDidChange(() => heard++);
  try {
    for (const [url, token] of entries) await api.session.tokens.set(url, token);
    await waitFor('SecretStorage telling of every token', () => heard >= entries.length);
  } finally {
    listening.dispose();
  }
  await sessionIdle(api);
}

/** Resolves when every reload the session has been asked for so far is done, and the views have loaded. */
export async function sessionIdle(api: DedupCuratorApi): Promise<void> {
  // Reloads are serialized: one that changes nothing, queued last, ends after all the others.
  await api.session.reload({ onlyIfChanged: true });
  await settled(api);
}

/**
 * Runs `change` (a settings update, or a command that updates them) and waits until VS Code has told
 * the extension that `dedupCurator.<key>` changed — its own listeners, registered first, have run by
 * the time this one does — and the session and views are done with it.
 */
export async function settingChange(api: DedupCuratorApi, key: string, change: () => Thenable<unknown>): Promise<void> {
  let heard = false;
  const listening = vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(`dedupCurator.${key}`)) heard = true;
  });
  try {
    await change();
    await waitFor(`the change of dedupCurator.${key}`, () => heard);
  } finally {
    listening.dispose();
  }
  await sessionIdle(api);
}

/**
 * Writes a marker line to the extension's log and waits until the log file under `runDir` holds it:
 * every line logged before is on disk then.
 */
export async function logWritten(api: DedupCuratorApi, runDir: string): Promise<void> {
  const marker = `log written ${Date.now()}-${Math.random().toString(36).slice(2)}`;
  api.errors.warn(marker);
  const holdsMarker = async (dir: string): Promise<boolean> => {
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() ? await holdsMarker(full) : entry.name.endsWith('.log') && (await readFile(full, 'utf8').catch(() => '')).includes(marker)) return true;
    }
    return false;
  };
  for (const started = Date.now(); !(await holdsMarker(runDir)); await new Promise((r) => setTimeout(r, 50))) {
    assert.ok(Date.now() - started < 20_000, `the marker line never reached a log file under ${runDir}`);
  }
}

/**
 * Moves the workbench's active item of `qp` to `item` with the keys a user would press (↓), and
 * presses Enter. Each move is waited for: the workbench tells the extension host the active item
 * it moved to, which it does not do for an active item set from the extension host.
 */
export async function acceptItem<T extends vscode.QuickPickItem>(qp: vscode.QuickPick<T>, item: T): Promise<void> {
  const index = qp.items.indexOf(item);
  assert.ok(index >= 0, `"${item.label}" is not among the items`);
  await waitFor('an active item', () => qp.activeItems.length > 0 || undefined);
  for (let moves = 0; qp.activeItems[0] !== item; moves++) {
    assert.ok(moves <= qp.items.length, `"${item.label}" never became active`);
    const before = qp.activeItems[0];
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await waitFor('the next item active', () => qp.activeItems[0] !== before);
  }
  await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
}
