// "Mark as Unsure…": the curator looked and cannot tell. Asks for an optional note, keeps
// the mark in the decision journal and never sends anything to the service: the recommendation
// stays pending, marked in the tree and the comparison panel, and out of bulk and group decisions,
// until a decision about it reaches the service.
import * as vscode from 'vscode';
import { Commands } from '../ids';
import type { Recommendation } from '../../api/model';
import type { Curation } from '../curation/context';
import { type UnsureArgs, markUnsure } from '../curation/unsure-marks';
import type { ListNode } from '../views/paged-list';
import { pickPending } from '../curation/pick-pending';

export function registerUnsureCommand(c: Curation): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.markUnsure, async (node?: ListNode<Recommendation>, _selected?: unknown, args?: UnsureArgs) => {
      const rec = node ? (node.kind === 'record' ? node.record : node.kind === 'child' ? node.parent : undefined) : await pickPending(c.session, c.recommendations, vscode.l10n.t('Dedup Curator: Mark as Unsure'));
      if (!rec) return false;
      return markUnsure(c, rec, args);
    }),
  ];
}

