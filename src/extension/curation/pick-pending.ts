// The quick pick of a pending recommendation that Approve…, Reject…, Mark as Unsure… and Open
// Comparison show when run from the palette without one. Run as the first command of a window (the
// command is what activates the extension), it waits for the start-up and the list's first page:
// before, it said that no pending recommendations were loaded beside a status bar counting
// thousands of them.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { Session } from '../connection/session';
import type { RecommendationsList } from '../views/recommendations-list';
import { integrationName, percent, recommendationLabel } from '../views/labels';
import { inertText } from '../ui/inert-text';
import { showInfo } from '../ui/notify';
import { readyOrSay } from '../connection/ready-or-say';

export async function pickPending(session: Session, list: RecommendationsList, title: string): Promise<Recommendation | undefined> {
  if (!(await readyOrSay(session))) return undefined;
  await list.loading;
  const pending = list.shown();
  if (!pending.length) {
    const none = list.knownTotal === 0 && !list.hasMore;
    void showInfo(none ? vscode.l10n.t('No pending recommendations: every candidate duplicate has been decided.') : vscode.l10n.t('No pending recommendations are loaded.'));
    return undefined;
  }
  const items = pending.map((r) => ({
    // Record data: a quick pick renders $(icon) syntax.
    label: inertText(recommendationLabel(r)),
    description: percent(r.score),
    detail: inertText([...new Set(r.entities.map((e) => integrationName(e.integration)))].join(', ')),
    rec: r,
  }));
  return (await vscode.window.showQuickPick(items, { title, matchOnDescription: true, matchOnDetail: true }))?.rec;
}
