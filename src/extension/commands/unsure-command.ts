// "Mark as Unsure…": the curator looked and cannot tell. Asks for an optional note, keeps
// the mark in the decision journal and never sends anything to the service: the recommendation
// stays pending, marked in the tree and the comparison panel, and out of bulk and group decisions,
// until a decision about it reaches the service.
import * as vscode from 'vscode';
import { Commands } from '../ids';
import type { Recommendation } from '../../api/model';
import { type Curation, currentConnection } from '../curation/context';
import type { ListNode } from '../views/paged-list';
import { inertText } from '../ui/inert-text';
import { showInfo, showWarning } from '../ui/notify';
import { percent, recommendationLabel } from '../views/labels';

/** For tests and scripts: the note given, so no input box is shown. */
export interface UnsureArgs {
  note?: string;
}

const MAX_NOTE = 2000;

const names = (r: Recommendation) => recommendationLabel(r);

/** Asks for the note and keeps the mark; false when the curator cancelled or nothing could be kept. */
export async function markUnsure(c: Curation, rec: Recommendation, args?: UnsureArgs): Promise<boolean> {
  const connection = currentConnection(c.session);
  if (!connection) {
    void showWarning(vscode.l10n.t('Dedup Curator: no active connection with a token.'));
    return false;
  }
  let note = args?.note;
  if (note === undefined) {
    note = await vscode.window.showInputBox({
      title: inertText(vscode.l10n.t('Unsure: {0}', names(rec))),
      prompt: vscode.l10n.t('A note for later (optional): what would settle it? Nothing is sent to the service; the recommendation stays pending and out of bulk decisions.'),
      value: c.triage.unsure(rec['@id'])?.note ?? '',
      validateInput: (t) => (t.length > MAX_NOTE ? vscode.l10n.t('At most {0} characters.', MAX_NOTE) : undefined),
    });
    if (note === undefined) return false;
  }
  try {
    await c.triage.markUnsure(connection, rec, note.slice(0, MAX_NOTE));
  } catch (e) {
    // The journal could not be written: say so, and nothing is marked.
    c.errors.report(e, vscode.l10n.t('Marking "{0}" unsure', names(rec)));
    return false;
  }
  c.log.info(`unsure ${rec['@id']} (score ${rec.score})`);
  return true;
}

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
