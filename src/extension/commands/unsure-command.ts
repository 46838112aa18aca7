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
import { inertText } from '../ui/inert-text';
import { showInfo } from '../ui/notify';
import { percent, recommendationLabel } from '../views/labels';

const names = (r: Recommendation) => recommendationLabel(r);

export function registerUnsureCommand(c: Curation): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.markUnsure, async (node?: ListNode<Recommendation>, _selected?: unknown, args?: UnsureArgs) => {
      const rec = node ? (node.kind === 'record' ? node.record : node.kind === 'child' ? node.parent : undefined) : await pick(c);
      if (!rec) return false;
      return markUnsure(c, rec, args);
    }),
  ];
}

async function pick(c: Curation): Promise<Recommendation | undefined> {
  const pending = c.recommendations.shown();
  if (!pending.length) {
    void showInfo(vscode.l10n.t('No pending recommendations are loaded.'));
    return undefined;
  }
  const chosen = await vscode.window.showQuickPick(
    pending.map((r) => ({ label: inertText(names(r)), description: percent(r.score), rec: r })),
    { title: vscode.l10n.t('Dedup Curator: Mark as Unsure'), matchOnDescription: true },
  );
  return chosen?.rec;
}
