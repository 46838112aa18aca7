// Decisions whose window closed during their undo period were never sent. The journal
// holds each one (journalled when made, with the time it would have been sent); at the next start
// the curator is told, once per decision, and pointed at the history. Sending them blindly later
// would act on a list that may have changed meanwhile, so the choice stays with the curator.
import * as vscode from 'vscode';
import { type JournalContents, notSent } from '../../curation/journal';
import { showWarning } from '../ui/notify';
import type { Curation } from './context';
import { Commands } from '../ids';
import { namesLabel } from '../views/labels';
import { formatCount } from '../../webview/shared/format';

const SEEN_KEY = 'dedupCurator.notSentReported';
const MAX_REMEMBERED = 500;

export async function reportNotSent(curation: Curation, memento: vscode.Memento, { entries }: JournalContents): Promise<number> {
  const seen = new Set(memento.get<string[]>(SEEN_KEY, []));
  // One still waiting in this window is not "not sent": it is on its way.
  const fresh = entries.filter((e) => notSent(e) && !seen.has(e.attempt) && !curation.undo.isWaiting(e.id));
  if (!fresh.length) return 0;
  await memento.update(SEEN_KEY, [...seen, ...fresh.map((e) => e.attempt)].slice(-MAX_REMEMBERED));
  const names = fresh.slice(0, 3).map((e) => namesLabel(e.entities));
  const more = fresh.length > 3 ? vscode.l10n.t(' and {0} more', formatCount(fresh.length - 3)) : '';
  const history = vscode.l10n.t('Show Decision History');
  const answer = await showWarning(
    vscode.l10n.t('Dedup Curator: {0} decision(s) were not sent because the window closed during the undo period: {1}{2}. They are still pending; decide them again if you meant them.', formatCount(fresh.length), names.join('; '), more),
    history,
  );
  if (answer === history) await vscode.commands.executeCommand(Commands.showDecisionHistory);
  return fresh.length;
}
