// Approve and reject: from a tree item's inline action or context menu, or from the command
// palette with a quick pick of pending recommendations. The item leaves the tree at once; a failed
// decision puts it back and says why.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { Session } from '../connection/session';
import type { ErrorReporter } from '../error-reporter';
import type { ListNode } from '../views/paged-list';
import type { RecommendationsList } from '../views/recommendations-list';
import { integrationName, percent } from '../views/labels';

type Verdict = 'approve' | 'reject';

export function registerDecisionCommands(session: Session, list: RecommendationsList, errors: ErrorReporter, log: vscode.LogOutputChannel): vscode.Disposable[] {
  const decide = async (verdict: Verdict, node?: ListNode<Recommendation>) => {
    const rec = node ? recordOf(node) : await pick(list, verdict);
    if (!rec) return;
    const client = await session.client();
    if (!client) {
      void vscode.window.showWarningMessage('Dedup Curator: no active connection with a token.');
      return;
    }
    if (verdict === 'reject' && vscode.workspace.getConfiguration('dedupCurator').get<boolean>('confirmReject', false)) {
      const ok = await vscode.window.showWarningMessage(`Reject "${names(rec)}"?`, { modal: true }, 'Reject');
      if (ok !== 'Reject') return;
    }
    const putBack = list.take(rec['@id']);
    try {
      await client[verdict](rec['@id']);
      log.info(`${verdict === 'approve' ? 'approved' : 'rejected'} ${rec['@id']} (score ${rec.score})`);
    } catch (e) {
      putBack?.();
      errors.report(e, `${verdict === 'approve' ? 'Approving' : 'Rejecting'} "${names(rec)}"`);
    }
  };
  return [
    vscode.commands.registerCommand('dedupCurator.approve', (node?: ListNode<Recommendation>) => decide('approve', node)),
    vscode.commands.registerCommand('dedupCurator.reject', (node?: ListNode<Recommendation>) => decide('reject', node)),
  ];
}

// Invoked on an entity row, the decision is about its recommendation.
function recordOf(node: ListNode<Recommendation>): Recommendation | undefined {
  return node.kind === 'record' ? node.record : node.kind === 'child' ? node.parent : undefined;
}

function names(r: Recommendation): string {
  return r.entities.map((e) => e.name || e['@id']).join(' ⇄ ');
}

async function pick(list: RecommendationsList, verdict: Verdict): Promise<Recommendation | undefined> {
  const pending = list.pending();
  if (!pending.length) {
    void vscode.window.showInformationMessage('No pending recommendations are loaded.');
    return undefined;
  }
  const chosen = await vscode.window.showQuickPick(
    pending.map((r) => ({
      label: names(r),
      description: percent(r.score),
      detail: [...new Set(r.entities.map((e) => integrationName(e.integration)))].join(', '),
      rec: r,
    })),
    { title: `Dedup Curator: ${verdict === 'approve' ? 'Approve' : 'Reject'} a recommendation`, matchOnDescription: true, matchOnDetail: true },
  );
  return chosen?.rec;
}
