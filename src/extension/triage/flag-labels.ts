// The triage flags in the curator's language: a short word for a tree row or a quick pick, and a
// sentence for a tooltip, the comparison panel and a confirmation.
import * as vscode from 'vscode';
import type { Flag } from '../../triage/flags';

/** Each flag's short word (a tree row, a quick pick) and its sentence (a tooltip, the comparison panel, a confirmation). */
const FLAG_TEXT: Record<Flag, { word: () => string; sentence: () => string }> = {
  'same-source': { word: () => vscode.l10n.t('same source'), sentence: () => vscode.l10n.t('Two entities come from the same integration.') },
  'same-address-other-name': {
    word: () => vscode.l10n.t('one building'),
    sentence: () => vscode.l10n.t('The address agrees but the names differ: another venue in the same building?'),
  },
  chain: { word: () => vscode.l10n.t('chain'), sentence: () => vscode.l10n.t('An entity is also in another pending recommendation (a chain of merges).') },
  'rival-rejected': {
    word: () => vscode.l10n.t('chain, other link rejected'),
    sentence: () => vscode.l10n.t('An entity was in another recommendation that was rejected (a chain whose other link was rejected).'),
  },
  'rejected-before': { word: () => vscode.l10n.t('rejected before'), sentence: () => vscode.l10n.t('Two of its entities were together in a recommendation you rejected.') },
  'odd-one-out': {
    word: () => vscode.l10n.t('odd one out'),
    sentence: () => vscode.l10n.t('One entity disagrees with the others (a branch of a chain inside the recommendation).'),
  },
  unsure: { word: () => vscode.l10n.t('unsure'), sentence: () => vscode.l10n.t('You marked it unsure.') },
};

export function flagWord(f: Flag): string {
  return FLAG_TEXT[f].word();
}

export function flagSentence(f: Flag): string {
  return FLAG_TEXT[f].sentence();
}

/** "⚑ chain, same source", or '' without flags. Unsure has its own mark and is left out here. */
export function flagsText(flags: readonly Flag[]): string {
  const shown = flags.filter((f) => f !== 'unsure');
  return shown.length ? `⚑ ${shown.map(flagWord).join(', ')}` : '';
}
