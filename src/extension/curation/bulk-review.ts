// Before a bulk run: the list of what will be decided, every item checked, each with its score and
// names, so the curator sees the run and can leave any out; then a modal confirmation whose default
// (focused, Enter) button goes back to the list, not the decision.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { Verdict } from '../../api/model';
import { inertText } from '../ui/inert-text';
import { showWarning } from '../ui/notify';
import { integrationName, percent, recommendationLabel } from '../views/labels';
import type { Flag } from '../../triage/flags';
import { flagsText } from '../triage/flag-labels';
import { decideAllTargets, planPreview } from '../../curation/bulk-preview';
import { Settings } from '../settings';
import { formatCount } from '../../webview/shared/format';

/** What the list and the confirmation say besides the targets. */
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
 * or left nothing checked. `where` names the connection for the confirmation's detail. Beyond
 * `dedupCurator.bulkPreviewLimit` targets the list shows the riskiest ones only, says so, and the
 * confirmation offers "decide all" as a separate, non-default button (src/curation/bulk-preview.ts).
 */
export async function reviewBulk(verdict: Verdict, targets: readonly Recommendation[], description: string, where: string, extras: ReviewExtras = {}): Promise<Recommendation[] | undefined> {
  const flagsOf = (r: Recommendation) => extras.flags?.get(r['@id']) ?? [];
  const flaggedOf = (r: Recommendation) => isFlagged(flagsOf(r));
  // Flagged ones first, so the curator sees what was left out and can check it back in; then the lowest scores.
  const preview = planPreview(targets, Settings.bulkPreviewLimit(), flaggedOf);
  const listed = preview.listed;
  const total = targets.length;
  const capped = preview.unlisted.length > 0;
  const flaggedCount = listed.filter(flaggedOf).length;
  let kept = new Set(listed.filter((r) => extras.flaggedChecked || !flaggedOf(r)));
  for (;;) {
    const picked = await vscode.window.showQuickPick(
      listed.map((r) => reviewItem(r, kept.has(r), flagsOf(r))),
      { canPickMany: true, matchOnDescription: true, ignoreFocusOut: true, title: listTitle(verdict, listed.length, total, description), placeHolder: listHint(capped, listed.length, total, flaggedCount && !extras.flaggedChecked ? flaggedCount : 0) },
    );
    if (!picked) return undefined;
    if (!picked.length) {
      void showWarning(t('Dedup Curator: nothing was checked, so nothing was decided.'));
      return undefined;
    }
    kept = new Set(picked.map((p) => p.target));
    const n = kept.size;
    const all = capped ? decideAllTargets(preview, kept, flaggedOf, extras.flaggedChecked === true) : [];
    const back = t('Back to the List');
    const action = capped
      ? verdict === 'approve' ? t('Approve the {0} Listed', fmt(n)) : t('Reject the {0} Listed', fmt(n))
      : verdict === 'approve' ? t('Approve {0}', fmt(n)) : t('Reject {0}', fmt(n));
    const allAction = verdict === 'approve' ? t('Approve All {0}', fmt(all.length)) : t('Reject All {0}', fmt(all.length));
    const left = listed.length - n;
    const answer = await showWarning(
      verdict === 'approve' ? t('Approve {0} recommendations ({1})?', fmt(n), description) : t('Reject {0} recommendations ({1})?', fmt(n), description),
      {
        modal: true,
        detail: [
          extras.estimate,
          capped ? t('Only {0} of the {1} matching were listed (lowest scores and flagged first). {2} decides the {3} not listed too, unseen.', fmt(listed.length), fmt(total), allAction, fmt(all.length - n)) : undefined,
          capped && preview.unlistedFlagged && !extras.flaggedChecked ? t('{0} flagged not listed are left out either way.', fmt(preview.unlistedFlagged)) : undefined,
          left ? t('{0} left out of the {1} listed.', fmt(left), fmt(listed.length)) : undefined,
          flaggedCount ? t('{0} of the listed are flagged; {1} of them included.', formatCount(flaggedCount), formatCount(listed.filter((r) => kept.has(r) && flaggedOf(r)).length)) : undefined,
          extras.unsureLeft ? t('{0} marked unsure left out.', formatCount(extras.unsureLeft)) : undefined,
          t('On {0}. Decisions cannot be undone; each attempt is recorded in the decision history.', where),
        ]
          .filter(Boolean)
          .join(' '),
      },
      // The first button is the dialog's default (focused, Enter): the safe one; "decide all" is last.
      ...[back, action, ...(capped && all.length > n ? [allAction] : [])],
    );
    if (answer === action) return listed.filter((r) => kept.has(r));
    if (capped && answer === allAction) return all;
    if (answer !== back) return undefined;
  }
}

const fmt = (n: number) => formatCount(n);

function listTitle(verdict: Verdict, listed: number, total: number, description: string): string {
  if (listed < total) {
    return verdict === 'approve'
      ? t('Approve recommendations ({0}): {1} of {2} listed, lowest scores and flagged first. Uncheck any to leave it out', description, fmt(listed), fmt(total))
      : t('Reject recommendations ({0}): {1} of {2} listed, lowest scores and flagged first. Uncheck any to leave it out', description, fmt(listed), fmt(total));
  }
  return verdict === 'approve'
    ? t('Approve {0} recommendations ({1})? Uncheck any to leave it out', fmt(total), description)
    : t('Reject {0} recommendations ({1})? Uncheck any to leave it out', fmt(total), description);
}

function listHint(capped: boolean, listed: number, total: number, flaggedUnchecked: number): string {
  const parts = [
    capped ? t('{0} of {1} listed — narrow the range, or decide all of them from the confirmation.', fmt(listed), fmt(total)) : undefined,
    flaggedUnchecked ? t('{0} flagged (⚑) are unchecked: check any to include it.', fmt(flaggedUnchecked)) : undefined,
    t('Type to search by name, integration or id; OK goes on to the confirmation'),
  ];
  return parts.filter(Boolean).join(' ');
}
