// The triage flags in the curator's language: a short word for a tree row or a quick pick, and a
// sentence for a tooltip, the comparison panel and a confirmation.
import * as vscode from 'vscode';
import type { Flag } from '../../triage/flags';

export function flagWord(f: Flag): string {
  switch (f) {
    case 'same-source':
      return vscode.l10n.t('same source');
    case 'same-address-other-name':
      return vscode.l10n.t('one building');
    case 'chain':
      return vscode.l10n.t('chain');
    case 'rival-rejected':
      return vscode.l10n.t('chain, other link rejected');
    case 'rejected-before':
      return vscode.l10n.t('rejected before');
    case 'odd-one-out':
      return vscode.l10n.t('odd one out');
    case 'unsure':
      return vscode.l10n.t('unsure');
  }
}

export function flagSentence(f: Flag): string {
  switch (f) {
    case 'same-source':
      return vscode.l10n.t('Two entities come from the same integration.');
    case 'same-address-other-name':
      return vscode.l10n.t('The address agrees but the names differ: another venue in the same building?');
    case 'chain':
      return vscode.l10n.t('An entity is also in another pending recommendation (a chain of merges).');
    case 'rival-rejected':
      return vscode.l10n.t('An entity was in another recommendation that was rejected (a chain whose other link was rejected).');
    case 'rejected-before':
      return vscode.l10n.t('Two of its entities were together in a recommendation you rejected.');
    case 'odd-one-out':
      return vscode.l10n.t('One entity disagrees with the others (a branch of a chain inside the recommendation).');
    case 'unsure':
      return vscode.l10n.t('You marked it unsure.');
  }
}

/** "⚑ chain, same source", or '' without flags. Unsure has its own mark and is left out here. */
export function flagsText(flags: readonly Flag[]): string {
  const shown = flags.filter((f) => f !== 'unsure');
  return shown.length ? `⚑ ${shown.map(flagWord).join(', ')}` : '';
}
