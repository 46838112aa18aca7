// Commands that choose the service and its token.
import * as vscode from 'vscode';
import { checkBaseUrl } from '../../api/base-url';
import type { Session } from '../connection/session';

export function registerConnectionCommands(session: Session): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand('dedupCurator.setBaseUrl', async () => {
      const config = vscode.workspace.getConfiguration('dedupCurator');
      const value = await vscode.window.showInputBox({
        title: 'Dedup Curator: Base URL of the service',
        prompt: 'The endpoints are under {base URL}/api/custom/',
        value: config.get<string>('baseUrl', ''),
        placeHolder: 'https://dedup.example.com',
        ignoreFocusOut: true,
        validateInput: (text) => {
          try {
            const checked = checkBaseUrl(text);
            return checked.insecureRemote
              ? { message: 'Plain http to another machine: the token would travel unencrypted.', severity: vscode.InputBoxValidationSeverity.Warning }
              : undefined;
          } catch (e) {
            return (e as Error).message;
          }
        },
      });
      if (value === undefined) return;
      await session.useEphemeral(undefined);
      await config.update('baseUrl', checkBaseUrl(value).url, vscode.ConfigurationTarget.Global);
      if (session.state.kind === 'no-token') await vscode.commands.executeCommand('dedupCurator.setToken');
    }),

    vscode.commands.registerCommand('dedupCurator.setToken', async () => {
      const baseUrl = session.baseUrl;
      if (!baseUrl) {
        void vscode.window.showInformationMessage('Set the base URL of the service first.', 'Set Base URL…').then((a) => {
          if (a) void vscode.commands.executeCommand('dedupCurator.setBaseUrl');
        });
        return;
      }
      const token = await vscode.window.showInputBox({
        title: `Dedup Curator: Access token for ${baseUrl}`,
        prompt: 'Kept in the editor’s secret storage, never in settings.',
        password: true,
        ignoreFocusOut: true,
        validateInput: (t) => (!t ? 'The token is empty' : /\s/.test(t) ? 'The token contains whitespace: the service would refuse the header (402)' : undefined),
      });
      if (!token) return;
      await session.tokens.set(baseUrl, token);
      await session.reload();
    }),

    vscode.commands.registerCommand('dedupCurator.clearToken', async () => {
      const baseUrl = session.baseUrl;
      if (!baseUrl) return;
      await session.tokens.clear(baseUrl);
      await session.reload();
      void vscode.window.showInformationMessage(`The access token for ${baseUrl} was removed.`);
    }),
  ];
}

/**
 * The demo and the CLI pass a token in DEDUP_TOKEN; when the configured service has no token yet,
 * it is moved into SecretStorage once, so it is never written anywhere else.
 */
export async function importTokenFromEnvironment(session: Session, log: vscode.LogOutputChannel): Promise<void> {
  const token = process.env.DEDUP_TOKEN;
  const raw = vscode.workspace.getConfiguration('dedupCurator').get<string>('baseUrl', '');
  if (!token || !raw) return;
  let baseUrl: string;
  try {
    baseUrl = checkBaseUrl(raw).url;
  } catch {
    return;
  }
  if (await session.tokens.get(baseUrl)) return;
  await session.tokens.set(baseUrl, token);
  log.info(`access token for ${baseUrl} taken from DEDUP_TOKEN into secret storage`);
}
