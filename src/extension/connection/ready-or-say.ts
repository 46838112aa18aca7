// A command run from the palette, possibly as the window's first (the command is what activates the
// extension), waits for the session's start-up; without a ready connection it says how to get one.
import * as vscode from 'vscode';
import type { Session } from './session';
import { showInfo } from '../ui/notify';

/** Whether the session is ready once its start-up has settled; if not, the user is told. */
export async function readyOrSay(session: Session): Promise<boolean> {
  if ((await session.settled()).kind === 'ready') return true;
  void showInfo(vscode.l10n.t('Dedup Curator: connect to a service first (Switch Connection… or Try the Local Sandbox).'));
  return false;
}
