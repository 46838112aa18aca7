// A connection just added is tried with one cheap call (the first recommendation, a page of one),
// and the user is told what happened: it works (with the pending count), the token was refused, or
// the service cannot be reached. The connection is saved whatever the answer:
// the service may be down for a moment, or the token come later.
import * as vscode from 'vscode';
import type { ErrorReporter } from '../error-reporter';
import type { Session } from './session';
import { showInfo } from '../ui/notify';
import { formatCount } from '../../webview/shared/format';

export type CheckOutcome = 'ok' | 'failed' | 'skipped';

/**
 * Tries the active connection if it is `name` and ready (no token yet: nothing to try; the caller
 * asks for one). A failure goes through the ErrorReporter, so it reads like every other failure
 * (401 → Update Token…; unreachable → Retry · Change Connection… · Show Log), and the views failing
 * at the same moment add no second notification.
 */
export async function checkConnection(session: Session, errors: ErrorReporter, name: string): Promise<CheckOutcome> {
  if (session.active?.name !== name || session.state.kind !== 'ready') return 'skipped';
  // Declined plain http to another machine: the question already said why nothing is sent.
  const client = await session.client();
  if (!client) return 'skipped';
  try {
    const page = await client.listRecommendations({ pageSize: 1 });
    const pending = page.total;
    void showInfo(
      pending === undefined
        ? vscode.l10n.t('Connection "{0}" works: the service answered.', name)
        : vscode.l10n.t('Connection "{0}" works: the service answered, {1} pending recommendations.', name, formatCount(pending)),
    );
    return 'ok';
  } catch (e) {
    errors.report(e, vscode.l10n.t('Testing the connection "{0}"', name), () => checkConnection(session, errors, name));
    return 'failed';
  }
}
