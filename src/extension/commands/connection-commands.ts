// Commands that choose the service and its token: switch, add and remove connections; set and clear
// the active connection's token. Every command takes optional arguments so that tests (and other
// extensions) can run it without a quick pick.
import * as vscode from 'vscode';
import { checkBaseUrl } from '../../api/base-url';
import { type Connection, connectionNameProblem, configuredConnections, deleteConnection, hostOf, saveConnection } from '../connection/connections';
import type { Session } from '../connection/session';
import { inertText } from '../ui/inert-text';
import { checkConnection } from '../connection/connection-check';
import type { ErrorReporter } from '../error-reporter';
import { showError, showInfo, showWarning } from '../ui/notify';
import { Commands, LegacyCommands } from '../ids';
import { Settings } from '../settings';

const t = vscode.l10n.t;

export function registerConnectionCommands(session: Session, errors: ErrorReporter): vscode.Disposable[] {
  const add = (arg?: { name?: string; baseUrl?: string }) => addConnection(session, errors, arg);
  return [
    vscode.commands.registerCommand(Commands.addConnection, add),
    // The older command: a base URL is now a connection.
    vscode.commands.registerCommand(LegacyCommands.setBaseUrl, () => add()),
    vscode.commands.registerCommand(Commands.switchConnection, (name?: string) => switchConnection(session, name)),
    vscode.commands.registerCommand(Commands.removeConnection, (name?: string) => removeConnection(session, name)),
    vscode.commands.registerCommand(Commands.setToken, () => setToken(session)),
    vscode.commands.registerCommand(Commands.clearToken, () => clearToken(session)),
  ];
}

/** Add Connection…: asks what `arg` does not give, saves the connection, makes it active and tries it. */
async function addConnection(session: Session, errors: ErrorReporter, arg?: { name?: string; baseUrl?: string }): Promise<string | undefined> {
  const interactive = !arg?.baseUrl;
  const raw = arg?.baseUrl ?? (await askBaseUrl());
  if (raw === undefined) return undefined;
  let url: string;
  try {
    url = checkBaseUrl(raw).url;
  } catch (e) {
    void showError(t('Dedup Curator: {0}', (e as Error).message));
    return undefined;
  }
  const existing = configuredConnections();
  const name = arg?.name ?? (await askName(hostOf(url), existing));
  if (name === undefined) return undefined;
  const problem = connectionNameProblem(name, existing);
  if (problem) {
    void showError(t('Dedup Curator: {0}', problem));
    return undefined;
  }
  await saveConnection({ name: name.trim(), baseUrl: url });
  await session.useConnection(name.trim());
  if (interactive && session.state.kind === 'no-token') await vscode.commands.executeCommand(Commands.setToken);
  // Saved first, then tried: one cheap call says whether it works (skipped while it has no token).
  await checkConnection(session, errors, name.trim());
  return name.trim();
}

async function switchConnection(session: Session, name?: string): Promise<unknown> {
  if (typeof name === 'string') {
    if (!session.connections().some((c) => c.name === name)) {
      void showError(t('Dedup Curator: there is no connection named "{0}".', name));
      return undefined;
    }
    await session.useConnection(name);
    return name;
  }
  const chosen = await pickConnection(session);
  if (!chosen) return undefined;
  if (chosen === 'add') return vscode.commands.executeCommand(Commands.addConnection);
  if (chosen === 'remove') return vscode.commands.executeCommand(Commands.removeConnection);
  if (chosen === 'sandbox') return vscode.commands.executeCommand(Commands.tryLocalSandbox);
  await session.useConnection(chosen.name);
  return chosen.name;
}

async function removeConnection(session: Session, name?: string): Promise<void> {
  const configured = configuredConnections();
  let conn: Connection | undefined;
  if (typeof name === 'string') {
    conn = configured.find((c) => c.name === name);
    if (!conn) {
      void showError(t('Dedup Curator: there is no configured connection named "{0}".', name));
      return;
    }
  } else {
    if (!configured.length) {
      void showInfo(t('No connections are configured.'));
      return;
    }
    const picked = await vscode.window.showQuickPick(
      configured.map((c) => ({ label: inertText(c.name), description: inertText(c.baseUrl), conn: c })),
      { title: t('Dedup Curator: Remove Connection') },
    );
    conn = picked?.conn;
    if (!conn) return;
    const remove = t('Remove');
    const ok = await showWarning(t('Remove the connection "{0}" and its access token?', conn.name), { modal: true }, remove);
    if (ok !== remove) return;
  }
  await deleteConnection(conn);
  // Tokens are kept per base URL: drop it only when no remaining connection uses that URL.
  const url = safeUrl(conn.baseUrl);
  if (url && !configuredConnections().some((c) => safeUrl(c.baseUrl) === url)) await session.tokens.clear(url);
  await session.reload();
}

async function setToken(session: Session): Promise<void> {
  const active = session.active;
  if (active?.ephemeral) {
    void showInfo(t('The local sandbox has its own token for this window; there is nothing to set.'));
    return;
  }
  const baseUrl = session.baseUrl;
  if (!baseUrl || !active) {
    const add = t('Add Connection…');
    void showInfo(t('Add a connection to a service first.'), add).then((a) => {
      if (a === add) void vscode.commands.executeCommand(Commands.addConnection);
    });
    return;
  }
  const token = await vscode.window.showInputBox({
    title: t('Dedup Curator: Access token for {0} ({1})', active.name, baseUrl),
    prompt: t('Kept in the editor’s secret storage, never in settings.'),
    password: true,
    ignoreFocusOut: true,
    validateInput: (text) =>
      !text ? t('The token is empty') : /\s/.test(text) ? t('The token contains whitespace: the service would refuse the header (402)') : undefined,
  });
  if (!token) return;
  await session.tokens.set(baseUrl, token);
  await session.reload();
}

async function clearToken(session: Session): Promise<void> {
  const baseUrl = session.baseUrl;
  if (!baseUrl || session.active?.ephemeral) return;
  await session.tokens.clear(baseUrl);
  await session.reload();
  void showInfo(t('The access token for {0} was removed.', baseUrl));
}

type Choice = Connection | 'add' | 'remove' | 'sandbox';

async function pickConnection(session: Session): Promise<Choice | undefined> {
  const active = session.active?.name;
  const items: (vscode.QuickPickItem & { choice?: Choice })[] = session.connections().map((c) => ({
    // Names are free text (a shared settings file may carry anything): `$(…)` must not become an icon.
    label: inertText(c.name),
    description: inertText(c.baseUrl),
    detail: c.name === active ? t('active') : c.ephemeral ? t('this window only') : undefined,
    iconPath: new vscode.ThemeIcon(c.name === active ? 'check' : c.ephemeral ? 'beaker' : 'plug'),
    choice: c,
  }));
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push({ label: t('Add Connection…'), iconPath: new vscode.ThemeIcon('add'), choice: 'add' });
  if (configuredConnections().length) items.push({ label: t('Remove Connection…'), iconPath: new vscode.ThemeIcon('trash'), choice: 'remove' });
  if (!session.connections().some((c) => c.ephemeral)) items.push({ label: t('Try the Local Sandbox'), iconPath: new vscode.ThemeIcon('beaker'), choice: 'sandbox' });
  const picked = await vscode.window.showQuickPick(items, { title: t('Dedup Curator: Switch Connection'), matchOnDescription: true });
  return picked?.choice;
}

function askBaseUrl(): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: t('Dedup Curator: Base URL of the service'),
    prompt: t('The endpoints are under <base URL>/api/custom/'),
    placeHolder: 'https://dedup.example.com',
    ignoreFocusOut: true,
    validateInput: (text) => {
      try {
        return checkBaseUrl(text).insecureRemote
          ? { message: t('Plain http to another machine: the token would travel unencrypted.'), severity: vscode.InputBoxValidationSeverity.Warning }
          : undefined;
      } catch (e) {
        return (e as Error).message;
      }
    },
  });
}

function askName(suggested: string, existing: readonly Connection[]): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: t('Dedup Curator: Name of the connection'),
    prompt: t('For example production or staging'),
    value: suggested,
    ignoreFocusOut: true,
    validateInput: (text) => connectionNameProblem(text, existing),
  });
}

function safeUrl(raw: string): string | undefined {
  try {
    return checkBaseUrl(raw).url;
  } catch {
    return undefined;
  }
}

/**
 * The demo and the CLI pass a token in DEDUP_TOKEN; when the configured service has no token yet,
 * it is moved into SecretStorage once, so it is never written anywhere else.
 */
export async function importTokenFromEnvironment(session: Session, log: vscode.LogOutputChannel): Promise<void> {
  const token = process.env.DEDUP_TOKEN;
  const raw = Settings.baseUrl();
  if (!token || !raw) return;
  const baseUrl = safeUrl(raw);
  if (!baseUrl || (await session.tokens.get(baseUrl))) return;
  await session.tokens.set(baseUrl, token);
  log.info(`access token for ${baseUrl} taken from DEDUP_TOKEN into secret storage`);
}
