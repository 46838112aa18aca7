// "Try the Local Sandbox": starts the sandbox service in this extension host with sample data, adds
// it as this window's connection "Local sandbox" (its token stays in memory, never in settings),
// makes it active, and stops it when VS Code closes.
//
// A window reload ends the extension host and the sandbox with it. So that the curator
// finds the same sandbox after a reload — same recommendations, the decisions made before the
// reload still made — it keeps its data in the workspace's storage (the sandbox's --data-dir), and
// activation starts it again from there when "Local sandbox" was this window's connection. A fresh
// "Try the Local Sandbox" (no sandbox running, none to restore) starts from new sample data.
import { rm } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { RunningSandbox } from '../../sandbox/index';
import { SANDBOX_CONNECTION_NAME } from '../connection/connections';
import type { Session } from '../connection/session';
import { showWarning } from '../ui/notify';
import { Commands } from '../ids';

/** Where the window's sandbox keeps its data; undefined without a workspace (nothing to restore into). */
export type SandboxDataDir = string | undefined;

export interface LocalSandbox extends vscode.Disposable {
  /**
   * After a reload: starts the window's sandbox again from its data, if it was the active
   * connection. True when it did (the session has then reloaded with it).
   */
  restore(): Promise<boolean>;
}

// The previous extension host may still hold the data directory's lock for a moment after a reload.
const LOCK_RETRY_MS = 250;
const LOCK_WAIT_MS = 10_000;

export function registerSandboxCommand(session: Session, log: vscode.LogOutputChannel, dataDir?: SandboxDataDir): [LocalSandbox, vscode.Disposable] {
  let running: RunningSandbox | undefined;

  const start = async (fresh: boolean): Promise<RunningSandbox> => {
    // Loaded on demand: the generator and matcher are not needed unless the sandbox runs.
    // The build turns this import into a require of dist/sandbox.js, its own bundle
    // (esbuild.js, lazySandboxPlugin), so activation never loads or parses it.
    const { startSandbox } = await import('../../sandbox/index');
    const sandboxLog = (l: string) => log.info(`sandbox: ${l}`);
    if (!dataDir) return startSandbox({ port: 0, log: sandboxLog });
    if (fresh) await rm(dataDir, { recursive: true, force: true });
    const until = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        return await startSandbox({ port: 0, dataDir, log: sandboxLog });
      } catch (e) {
        const inUse = e instanceof Error && e.name === 'DataDirError' && /in use by process/.test(e.message);
        if (inUse && Date.now() < until) {
          await new Promise((r) => setTimeout(r, LOCK_RETRY_MS));
          continue;
        }
        if (!fresh) throw e;
        // Another window of this workspace runs its own sandbox on this folder: this one lives in memory.
        log.warn(`local sandbox: ${e instanceof Error ? e.message : String(e)}; its data will not survive a reload of this window`);
        return startSandbox({ port: 0, log: sandboxLog });
      }
    }
  };

  const use = async (sandbox: RunningSandbox) => {
    running = sandbox;
    await session.useEphemeral({ baseUrl: sandbox.baseUrl, token: sandbox.token, label: SANDBOX_CONNECTION_NAME });
    log.info(`local sandbox running at ${sandbox.baseUrl}${dataDir ? ` (data in ${dataDir})` : ''}`);
  };

  /** The restart after a reload, while it runs: the command waits for it instead of starting a second sandbox. */
  let restoring: Promise<boolean> | undefined;
  const local: LocalSandbox = {
    restore() {
      restoring ??= restoreNow().finally(() => (restoring = undefined));
      return restoring;
    },
    dispose: () => void running?.close(),
  };

  async function restoreNow(): Promise<boolean> {
    if (running || session.rememberedWindowConnection !== SANDBOX_CONNECTION_NAME) return false;
    try {
      const sandbox = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Restarting the local sandbox…') }, () =>
        start(false),
      );
      await use(sandbox);
      return true;
    } catch (e) {
      // Say it, and let the session fall back to a configured connection (or none).
      await session.forgetWindowConnection();
      const why = e instanceof Error ? e.message : String(e);
      log.error(`the local sandbox could not be restarted after the reload: ${why}`);
      void showWarning(vscode.l10n.t('Dedup Curator: the local sandbox could not be restarted after the reload (see the log). Run "Try the Local Sandbox" to start a new one.'));
      return false;
    }
  }

  const command = vscode.commands.registerCommand(Commands.tryLocalSandbox, async () => {
    await restoring;
    if (!running) {
      const started = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Starting the local sandbox…') },
        () => start(true),
      );
      await use(started);
    } else if (session.active?.name !== SANDBOX_CONNECTION_NAME) {
      // Switched away meanwhile: pressing the button again means "back to the sandbox".
      await session.useConnection(SANDBOX_CONNECTION_NAME);
    }
    await vscode.commands.executeCommand('workbench.view.extension.dedupCurator');
    return running?.baseUrl;
  });
  return [local, command];
}
