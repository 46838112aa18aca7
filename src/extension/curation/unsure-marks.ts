// Unsure marks as the curator sets and clears them: the note asked for, the mark kept in the
// decision journal (nothing is ever sent to the service), a failure to write it said. Shared by the
// palette and tree commands and by the comparison panel and the review queue.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { UnsureMark } from '../../curation/unsure';
import { type Curation, currentConnection } from './context';
import { namesLabel, recommendationLabel } from '../views/labels';
import { inertText } from '../ui/inert-text';
import { showInfo, showWarning } from '../ui/notify';
import { formatCount } from '../../webview/shared/format';

/** For tests and scripts: the note given, so no input box is shown. */
export interface UnsureArgs {
  note?: string;
}

const MAX_NOTE = 2000;

const names = (r: Recommendation) => recommendationLabel(r);

export const markNames = (m: UnsureMark) => namesLabel(m.entities ?? []) || m.id;

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
      validateInput: (t) => (t.length > MAX_NOTE ? vscode.l10n.t('At most {0} characters.', formatCount(MAX_NOTE)) : undefined),
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

/** Clears the mark on `id`; false when there was none, no connection, or the journal could not be written. */
export async function clearUnsure(c: Curation, id: string): Promise<boolean> {
  const connection = currentConnection(c.session);
  if (!connection) {
    void showWarning(vscode.l10n.t('Dedup Curator: no active connection with a token.'));
    return false;
  }
  const mark = c.triage.unsure(id);
  if (!mark) {
    void showInfo(vscode.l10n.t('This recommendation is not marked unsure.'));
    return false;
  }
  try {
    await c.triage.clearUnsure(connection, mark);
  } catch (e) {
    // Nothing was journalled: the mark stands, and the curator is told why.
    c.errors.report(e, vscode.l10n.t('Clearing the unsure mark of "{0}"', markNames(mark)));
    return false;
  }
  c.log.info(`unsure cleared ${id}`);
  return true;
}
