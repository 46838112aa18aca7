// "Toggle Blind Review": the review queue hides the score, the flags and the matcher's sum
// until the verdict is given, so the curator does not anchor on the service's number. The setting
// dedupCurator.queue.blind holds it; an open queue redraws its item when it changes.
import * as vscode from 'vscode';
import { Commands } from '../ids';
import { SettingKeys } from '../setting-keys';
import { Settings, updateGlobal } from '../settings';

export function registerBlindCommand(): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.toggleBlindReview, async (on?: boolean) => {
      const next = typeof on === 'boolean' ? on : !Settings.queueBlind();
      await updateGlobal(SettingKeys.queueBlind, next);
      vscode.window.setStatusBarMessage(next ? vscode.l10n.t('Blind review on: the queue hides scores and flags until you decide.') : vscode.l10n.t('Blind review off.'), 4000);
      return next;
    }),
  ];
}
