// One decision taken on a comparison page (the panel's buttons, the queue's keys when they take the
// panel's path): refused if the connection changed since the recommendation was shown, else sent
// through decideRecommendation, and its outcome said on the page. Shared by the comparison panel
// and the review queue, which differ only in what follows a decision or a "gone".
import * as vscode from 'vscode';
import type { Recommendation, Verdict } from '../../api/model';
import type { DecisionStatus } from '../../webview/comparison/protocol';
import { type DecisionContext, decideRecommendation } from '../curation/decide-one';
import type { SingleDecision } from '../curation/decision-messages';

/** What the page that decides does at each step. */
export interface DecisionSteps {
  /** The decision is in flight (true) or answered (false): the page takes no other action meanwhile. */
  deciding(inFlight: boolean): void;
  /** Says the decision's status on the page (and keeps it, for a page that reloads). */
  status(status: DecisionStatus): void;
  /** A line under the page's header. */
  notice(message: string): void;
  /** Approved or rejected at the service. */
  decided(done: SingleDecision): Promise<void>;
  /** The service no longer had it pending (decided elsewhere, made moot by a merge). */
  gone(gone: SingleDecision): Promise<void>;
}

/** Said on a page whose recommendation was decided somewhere else in this window. */
export const decidedElsewhereText = () => vscode.l10n.t('Decided elsewhere (in the tree, by a bulk decision or in another panel): this recommendation is no longer pending.');

/**
 * Decides `rec` as shown on a page. `sameConnection`: whether the active connection is still the one
 * it was shown for (a decision must not go to another service).
 */
export async function decideShown(ctx: DecisionContext, rec: Recommendation, verdict: Verdict, sameConnection: boolean, steps: DecisionSteps): Promise<void> {
  if (!sameConnection) {
    const message = vscode.l10n.t('The active connection changed since this recommendation was shown: nothing was sent. Open it again from the Recommendations view.');
    return steps.status({ state: 'failed', verdict, message });
  }
  steps.deciding(true);
  let outcome: SingleDecision;
  try {
    steps.status({ state: 'working', verdict });
    outcome = await decideRecommendation(ctx, verdict, rec);
  } finally {
    steps.deciding(false);
  }
  switch (outcome.status) {
    case 'cancelled':
      return steps.status({ state: 'cancelled', verdict });
    case 'undone':
      steps.status({ state: 'cancelled', verdict });
      return steps.notice(outcome.message);
    case 'gone':
      return steps.gone(outcome);
    case 'approved':
    case 'rejected':
      return steps.decided(outcome);
    default:
      return steps.status({ state: 'failed', verdict, message: outcome.message });
  }
}
