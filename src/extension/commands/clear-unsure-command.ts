// "Clear Unsure Mark": takes an unsure mark back. The clearing is a line in the decision
// journal (the source of truth for marks, read back after a reload and by other windows); nothing is
// sent to the service. The recommendation is then plain pending again: part of bulk and group
// decisions, asked again by "most informative first". From the tree's context menu on a marked
// recommendation, the comparison panel and the review queue ("Clear mark" beside the mark), and the
// palette with a pick of the marks standing on the active connection.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { Curation } from '../curation/context';
import { clearUnsure, markNames } from '../curation/unsure-marks';
import { Commands } from '../ids';
import type { ListNode } from '../views/paged-list';
import { percent } from '../views/labels';
import { inertText } from '../ui/inert-text';
import { showInfo } from '../ui/notify';

const t = vscode.l10n.t;

/** The id the command was called with: a tree node, a recommendation, or an id. */
function idOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (!arg || typeof arg !== 'object') return undefined;
  if ('kind' in arg) {
    const node = arg as ListNode<Recommendation>;
    return node.kind === 'record' ? node.record['@id'] : node.kind === 'child' ? node.parent['@id'] : undefined;
  }
  const id = (arg as Partial<Recommendation>)['@id'];
  return typeof id === 'string' ? id : undefined;
}

export function registerClearUnsureCommand(c: Curation): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(Commands.clearUnsure, async (arg?: unknown) => {
      const id = arg === undefined ? await pick(c) : idOf(arg);
      return id === undefined ? false : clearUnsure(c, id);
    }),
  ];
}

/** The marks standing on the active connection, newest first (marks on other services are theirs). */
async function pick(c: Curation): Promise<string | undefined> {
  // The marks are the active connection's: as a window's first command, wait for it to be known.
  await c.session.settled();
  await c.triage.loaded;
  const marks = c.triage.marked();
  if (!marks.length) {
    void showInfo(t('No recommendation is marked unsure on this connection.'));
    return undefined;
  }
  const chosen = await vscode.window.showQuickPick(
    marks.map((m) => ({
      // Record data and the curator's note go in as inert text.
      label: `$(question) ${inertText(markNames(m))}`,
      description: m.score === undefined ? undefined : percent(m.score),
      detail: inertText(m.note ? t('Note: {0}', m.note) : t('(no note)')),
      id: m.id,
    })),
    { title: t('Dedup Curator: Clear Unsure Mark'), placeHolder: t('The mark is taken back in the decision journal; nothing is sent to the service'), matchOnDescription: true, matchOnDetail: true },
  );
  return chosen?.id;
}
