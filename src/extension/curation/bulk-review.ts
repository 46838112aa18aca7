// Before a bulk run: the list of what will be decided, every item checked, each with its score and
// names, so the curator sees the run and can leave any out; then a modal confirmation whose default
// (focused, Enter) button goes back to the list, not the decision (issue 13, point 3).
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { Verdict } from '../../api/model';
import { inertText } from '../ui/inert-text';
import { showWarning } from '../ui/notify';
import { integrationName, percent, recommendationLabel } from '../views/labels';
import type { Flag } from '../../triage/flags';
import { flagsText } from '../triage/flag-labels';

/** What the list and the confirmation say besides the targets (issue 17). */
export interface ReviewExtras {
  /** Each target's flags: flagged ones start unchecked (left out unless the curator includes them). */
  flags?: ReadonlyMap<string, readonly Flag[]>;
  /** Flagged ones start checked too (a flagged group the curator chose as such). */
  flaggedChecked?: boolean;
  /** How many of the selection were left out before the list because they are marked unsure. */
  unsureLeft?: number;
  /** A group decision's estimate in words ("estimated precision 99.4 % (98.9–99.8 %)"). */
  estimate?: string;
}

const t = vscode.l10n.t;

type ReviewItem = vscode.QuickPickItem & { target: Recommendation };

/** "97% · Café Noir ⇄ Cafe Noir +1": score first, so a narrow list still shows it. */
export function reviewLabel(r: Recommendation): string {
  // Record names reach a quick pick, which renders $(icon): made inert.
  return inertText(`${percent(r.score)} · ${recommendationLabel(r, { compact: true })}`);
}

function reviewItem(r: Recommendation, picked: boolean, flags: readonly Flag[]): ReviewItem {
  const integrations = [...new Set(r.entities.map((e) => integrationName(e.integration)))];
  const flagged = flagsText(flags);
  return { label: reviewLabel(r), description: inertText([flagged, integrations.join(', ')].filter(Boolean).join(' · ')), detail: inertText(r['@id']), picked, target: r };
}

const isFlagged = (flags: readonly Flag[] | undefined) => !!flags?.some((f) => f !== 'unsure');

/**
 * The targets the curator kept, after the list and the confirmation; undefined when they cancelled
 * or left nothing checked. `where` names the connection for the confirmation's detail.
 */
export async function reviewBulk(verdict: Verdict, targets: readonly Recommendation[], description: string, where: string, extras: ReviewExtras = {}): Promise<Recommendation[] | undefined> {
  const flagsOf = (r: Recommendation) => extras.flags?.get(r['@id']) ?? [];
  // Flagged ones first, so the curator sees what was left out and can check it back in.
  targets = [...targets].sort((a, b) => Number(isFlagged(flagsOf(b))) - Number(isFlagged(flagsOf(a))));
  const flaggedCount = targets.filter((r) => isFlagged(flagsOf(r))).length;
  let kept = new Set(targets.filter((r) => extras.flaggedChecked || !isFlagged(flagsOf(r))));
  for (;;) {
    const picked = await vscode.window.showQuickPick(
      targets.map((r) => reviewItem(r, kept.has(r), flagsOf(r))),
      {
        canPickMany: true,
        matchOnDescription: true,
        ignoreFocusOut: true,
        title:
          verdict === 'approve'
            ? t('Approve {0} recommendations ({1})? Uncheck any to leave it out', targets.length.toLocaleString('en-US'), description)
            : t('Reject {0} recommendations ({1})? Uncheck any to leave it out', targets.length.toLocaleString('en-US'), description),
        placeHolder: flaggedCount && !extras.flaggedChecked
          ? t('{0} flagged (⚑) are unchecked: check any to include it. Type to search; OK goes on to the confirmation', flaggedCount)
          : t('Type to search by name, integration or id; OK goes on to the confirmation'),
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
    const action = verdict === 'approve' ? t('Approve {0}', n.toLocaleString('en-US')) : t('Reject {0}', n.toLocaleString('en-US'));
    const left = targets.length - n;
    const answer = await showWarning(
      verdict === 'approve' ? t('Approve {0} recommendations ({1})?', n.toLocaleString('en-US'), description) : t('Reject {0} recommendations ({1})?', n.toLocaleString('en-US'), description),
      {
        modal: true,
        detail: [
          extras.estimate,
          left ? t('{0} left out of the {1} listed.', left.toLocaleString('en-US'), targets.length.toLocaleString('en-US')) : undefined,
          flaggedCount ? t('{0} of the listed are flagged; {1} of them included.', flaggedCount, targets.filter((r) => kept.has(r) && isFlagged(flagsOf(r))).length) : undefined,
          extras.unsureLeft ? t('{0} marked unsure left out.', extras.unsureLeft) : undefined,
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
