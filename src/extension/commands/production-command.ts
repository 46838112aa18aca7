// The production guard: a connection marked production is coloured in the status bar,
// and every bulk or group decision on it asks for the connection's name to be typed — a slip of the
// hand on the live service costs a sentence, not a thousand merges. Stored as `production: true` on
// the connection in the setting dedupCurator.connections.
import * as vscode from 'vscode';
import { Commands } from '../ids';
import { setProduction } from '../connection/connections';
import type { Session } from '../connection/session';
import { inertText } from '../ui/inert-text';
import { showInfo, showWarning } from '../ui/notify';

export function registerProductionCommand(session: Session): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.toggleProduction, async (on?: boolean) => {
      const conn = session.active;
      if (!conn) {
        void showWarning(vscode.l10n.t('Dedup Curator: no active connection.'));
        return undefined;
      }
      if (conn.ephemeral) {
        void showInfo(vscode.l10n.t('The local sandbox lives only in this window; it cannot be marked production.'));
        return undefined;
      }
      const next = typeof on === 'boolean' ? on : !conn.production;
      if (!(await setProduction(conn.name, next))) {
        void showWarning(vscode.l10n.t('"{0}" is not in the user settings (dedupCurator.connections): add it with Add Connection… to mark it.', conn.name));
        return undefined;
      }
      // The same service, token and client: the status bar follows, the views keep their pages.
      await session.reload({ onlyIfChanged: true });
      vscode.window.setStatusBarMessage(
        inertText(next ? vscode.l10n.t('{0} is marked production: bulk and group decisions ask for its name.', conn.name) : vscode.l10n.t('{0} is no longer marked production.', conn.name)),
        5000,
      );
      return next;
    }),
  ];
}

/**
 * Before a bulk or group decision on a production connection: the curator types its name. `typed`
 * (tests, scripts) is checked instead of asking. True when the decision may go ahead.
 */
export async function productionGuard(session: Session, what: string, typed?: string): Promise<boolean> {
  const conn = session.active;
  if (!conn?.production) return true;
  const answer =
    typed ??
    (await vscode.window.showInputBox({
      title: inertText(vscode.l10n.t('Production: {0}', conn.name)),
      prompt: inertText(vscode.l10n.t('{0} on the production service "{1}": type its name to go on.', what, conn.name)),
      ignoreFocusOut: true,
      validateInput: (t) => (t === '' || t === conn.name ? undefined : vscode.l10n.t('Type the connection’s name exactly, or press Escape.')),
    }));
  if (answer === conn.name) return true;
  if (answer !== undefined) void showWarning(vscode.l10n.t('Dedup Curator: the name typed is not "{0}": nothing was decided.', conn.name));
  return false;
}
