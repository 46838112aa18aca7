// Shared by the integration tests: the extension's exports and small waits.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DedupCuratorApi } from '../../src/extension/extension';
import type { DedupClient } from '../../src/api/client';

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
