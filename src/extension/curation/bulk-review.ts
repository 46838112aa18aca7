// Before a bulk run: the list of what will be decided, every item checked, each with its score and
// names, so the curator sees the run and can leave any out; then a modal confirmation whose default
// (focused, Enter) button goes back to the list, not the decision (issue 13, point 3).
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { Verdict } from '../../curation/journal';
import { inertText } from '../ui/inert-text';
import { showWarning } from '../ui/notify';
import { integrationName, percent, recommendationLabel } from '../views/labels';

const t = vscode.l10n.t;

type ReviewItem = vscode.QuickPickItem & { target: Recommendation };

/** "97% · Café Noir ⇄ Cafe Noir +1": score first, so a narrow list still shows it. */
export function reviewLabel(r: Recommendation): string {
  // Record names reach a quick pick, which renders $(icon): made inert.
  return inertText(`${percent(r.score)} · ${recommendationLabel(r, { compact: true })}`);
}

function reviewItem(r: Recommendation, picked: boolean): ReviewItem {
  const integrations = [...new Set(r.entities.map((e) => integrationName(e.integration)))];
  return { label: reviewLabel(r), description: inertText(integrations.join(', ')), detail: inertText(r['@id']), picked, target: r };
}

/**
 * The targets the curator kept, after the list and the confirmation; undefined when they cancelled
 * or left nothing checked. `where` names the connection for the confirmation's detail.
 */
export async function reviewBulk(verdict: Verdict, targets: readonly Recommendation[], description: string, where: string): Promise<Recommendation[] | undefined> {
  let kept = new Set(targets);
  for (;;) {
    const picked = await vscode.window.showQuickPick(
      targets.map((r) => reviewItem(r, kept.has(r))),
      {
        canPickMany: true,
        matchOnDescription: true,
        ignoreFocusOut: true,
        title:
          verdict === 'approve'
            ? t('Approve {0} recommendations ({1})? Uncheck any to leave it out', targets.length, description)
            : t('Reject {0} recommendations ({1})? Uncheck any to leave it out', targets.length, description),
        placeHolder: t('Type to search by name, integration or id; OK goes on to the confirmation'),
      },
    );
    if (!picked) return undefined;
    if (!picked.length) {
      void showWarning(t('Dedup Curator: nothing was checked, so nothing was decided.'));
      return undefined;
    }
    kept = new Set(picked.map((p) => p.target));
    const n = kept.size;
    const back = t('Back to the List');
    const action = verdict === 'approve' ? t('Approve {0}', n) : t('Reject {0}', n);
    const left = targets.length - n;
    const answer = await showWarning(
      verdict === 'approve' ? t('Approve {0} recommendations ({1})?', n, description) : t('Reject {0} recommendations ({1})?', n, description),
      {
        modal: true,
        detail: [
          left ? t('{0} left out of the {1} listed.', left, targets.length) : undefined,
          t('On {0}. Decisions cannot be undone; each attempt is recorded in the decision history.', where),
        ]
          .filter(Boolean)
          .join(' '),
      },
      // The first button is the dialog's default (focused, Enter): the safe one.
      back,
      action,
    );
    if (answer === action) return targets.filter((r) => kept.has(r));
    if (answer !== back) return undefined;
  }
}
