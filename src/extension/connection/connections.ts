// The list of connections (a name and a base URL each) and which one is active.
//
// Configured connections come from the setting `dedupCurator.connections`; the older single
// `dedupCurator.baseUrl` is still read as one more connection (named after its host) rather than
// migrated, so a settings file shared with an older version, or written by `npm run demo`, keeps
// working and is never rewritten behind the user's back. An ephemeral connection (the in-process
// sandbox) exists only in this window and is never written to settings.
//
// The active connection's *name* is remembered per machine in globalState (not synced: another
// machine may not reach the same services); the token never is, it stays in SecretStorage.
import * as vscode from 'vscode';
import { checkBaseUrl } from '../../api/base-url';
import { Settings, updateGlobal } from '../settings';
import { SettingKeys } from '../setting-keys';

export interface Connection {
  name: string;
  /** As configured; checked when the connection becomes active. */
  baseUrl: string;
  /** Lives only in this window (the local sandbox): not in settings. */
  ephemeral?: boolean;
  /** A production service: coloured in the status bar; bulk and group decisions ask for its name to be typed. */
  production?: boolean;
}

export const ACTIVE_KEY = 'dedupCurator.activeConnection';
export const SANDBOX_CONNECTION_NAME = 'Local sandbox';

/** The connections in the settings: the `connections` array, then the legacy `baseUrl` if not already listed. */
export function configuredConnections(): Connection[] {
  const list: Connection[] = [];
  for (const entry of Settings.connections()) {
    const c = entry as { name?: unknown; baseUrl?: unknown; production?: unknown };
    if (typeof c?.baseUrl !== 'string' || !c.baseUrl.trim()) continue;
    const name = typeof c.name === 'string' && c.name.trim() ? c.name.trim() : hostOf(c.baseUrl);
    if (!list.some((x) => x.name === name)) list.push({ name, baseUrl: c.baseUrl.trim(), ...(c.production === true ? { production: true } : {}) });
  }
  const legacy = Settings.baseUrl();
  if (legacy && !list.some((x) => sameUrl(x.baseUrl, legacy))) {
    let name = hostOf(legacy);
    while (list.some((x) => x.name === name)) name += ' (baseUrl)';
    list.push({ name, baseUrl: legacy });
  }
  return list;
}

/** Adds (or, for an existing name, updates) a connection in the user settings. */
export async function saveConnection(conn: Connection): Promise<void> {
  const current = storedList().filter((c) => c.name !== conn.name);
  await updateGlobal(SettingKeys.connections, [...current, { name: conn.name, baseUrl: conn.baseUrl, ...(conn.production ? { production: true } : {}) }]);
}

/** Marks a configured connection as production or not (the setting's `production`). False when it is not in the user settings. */
export async function setProduction(name: string, production: boolean): Promise<boolean> {
  const stored = storedList();
  if (!stored.some((c) => c.name === name)) return false;
  const next = stored.map((c) => {
    if (c.name !== name) return c;
    const { production: _old, ...rest } = c as { name: string; baseUrl: string; production?: boolean };
    return production ? { ...rest, production: true } : rest;
  });
  await updateGlobal(SettingKeys.connections, next);
  return true;
}

/** Removes a connection from the settings; a legacy `baseUrl` connection is removed by clearing that setting. */
export async function deleteConnection(conn: Connection): Promise<void> {
  const stored = storedList();
  if (stored.some((c) => c.name === conn.name)) {
    await updateGlobal(SettingKeys.connections, stored.filter((c) => c.name !== conn.name));
  }
  const legacy = Settings.baseUrl();
  if (legacy && sameUrl(legacy, conn.baseUrl)) await updateGlobal(SettingKeys.baseUrl, undefined);
}

function storedList(): { name: string; baseUrl: string }[] {
  return (Settings.userConnections() as ({ name?: unknown; baseUrl?: unknown } | null)[]).filter(
    (c): c is { name: string; baseUrl: string } => typeof c?.name === 'string' && typeof c?.baseUrl === 'string',
  );
}

/** Why a name cannot be used for a new connection, or undefined. */
export function connectionNameProblem(name: string, existing: readonly Connection[]): string | undefined {
  if (!name.trim()) return vscode.l10n.t('The name is empty');
  if (name.trim() === SANDBOX_CONNECTION_NAME) return vscode.l10n.t('"{0}" is reserved for the in-process sandbox', SANDBOX_CONNECTION_NAME);
  if (existing.some((c) => c.name === name.trim())) return vscode.l10n.t('A connection named "{0}" already exists', name.trim());
  return undefined;
}

export function hostOf(url: string): string {
  try {
    return new URL(url.trim()).host || url.trim();
  } catch {
    return url.trim();
  }
}

function sameUrl(a: string, b: string): boolean {
  try {
    return checkBaseUrl(a).url === checkBaseUrl(b).url;
  } catch {
    return a.trim() === b.trim();
  }
}
