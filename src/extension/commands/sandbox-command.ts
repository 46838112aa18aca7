// "Try the Local Sandbox": starts the sandbox service in this extension host with sample data, adds
// it as this window's connection "Local sandbox" (its token stays in memory, never in settings),
// makes it active, and stops it when VS Code closes.
import * as vscode from 'vscode';
import type { RunningSandbox } from '../../sandbox/index';
import { SANDBOX_CONNECTION_NAME } from '../connection/connections';
import type { Session } from '../connection/session';

export function registerSandboxCommand(session: Session, log: vscode.LogOutputChannel): vscode.Disposable[] {
  let running: RunningSandbox | undefined;
  return [
    vscode.commands.registerCommand('dedupCurator.tryLocalSandbox', async () => {
      if (!running) {
        const started = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local sandbox…') },
          async () => {
            // Loaded on demand: the generator and matcher are not needed unless the sandbox runs.
            // The build turns this import into a require of dist/sandbox.js, its own bundle
            // (esbuild.js, lazySandboxPlugin), so activation never loads or parses it.
            const { startSandbox } = await import('../../sandbox/index');
            const sandbox = await startSandbox({ port: 0, log: (l: string) => log.info(`sandbox: ${l}`) });
            await session.useEphemeral({ baseUrl: sandbox.baseUrl, token: sandbox.token, label: SANDBOX_CONNECTION_NAME });
            return sandbox;
          },
        );
        running = started;
        log.info(`local sandbox running at ${started.baseUrl}`);
      } else if (session.active?.name !== SANDBOX_CONNECTION_NAME) {
        // Switched away meanwhile: pressing the button again means "back to the sandbox".
        await session.useConnection(SANDBOX_CONNECTION_NAME);
      }
      await vscode.commands.executeCommand('workbench.view.extension.dedupCurator');
      return running.baseUrl;
    }),
    { dispose: () => void running?.close() },
  ];
}
