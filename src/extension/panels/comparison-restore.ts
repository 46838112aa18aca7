// A comparison panel brought back after a window reload: its page redraws the copy it
// saved, which may be stale — decided before the reload, decided elsewhere since, or from another
// connection. Before its buttons work again the panel reads the recommendation's state from the
// list: the pages the Recommendations view has loaded, then the service's further pages (there is
// no endpoint for one recommendation). Whatever the answer, the page says it.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { DecisionContext } from '../curation/decide-one';
import type { ComparisonPanel } from './comparison-panel';
import { formatCount } from '../../webview/shared/format';

/** Beyond this many recommendations read, the panel says it could not check rather than read on. */
const MAX_SCANNED = 5000;

export type Lookup = { found: Recommendation } | { missing: string } | { unknown: string };

/** Where recommendation `id` stands now: pending (with its current data), not pending, or unknown. */
export async function lookUpPending(ctx: DecisionContext, id: string): Promise<Lookup> {
  const loaded = ctx.list.find(id);
  if (loaded) return { found: loaded };
  if (ctx.session.state.kind !== 'ready') return { unknown: vscode.l10n.t('There is no active connection to check this recommendation against.') };
  const gone = vscode.l10n.t('No longer pending: it was decided (before the reload, or elsewhere since) or made moot when an approval merged its entities.');
  if (!ctx.list.hasMore) return { missing: gone };
  const client = await ctx.session.client();
  if (!client) return { unknown: vscode.l10n.t('There is no active connection to check this recommendation against.') };
  let scanned = 0;
  try {
    for await (const r of client.allRecommendations({ pageSize: 200 })) {
      if (r['@id'] === id) return { found: r };
      if (++scanned >= MAX_SCANNED) {
        return { unknown: vscode.l10n.t('Not found among the first {0} pending recommendations: open it again from the Recommendations view.', formatCount(MAX_SCANNED)) };
      }
    }
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    ctx.log.warn(`restored comparison ${id}: the list could not be read: ${why}`);
    return { unknown: vscode.l10n.t('Could not read the recommendation list to check it ({0}). Refresh the Recommendations view and open it again.', why) };
  }
  return { missing: gone };
}

/**
 * Brings a restored panel up to date: `from` is the name of the connection its page was shown for
 * (absent in states saved by older versions). Call once the session and the list have settled.
 */
export async function restoreComparison(panel: ComparisonPanel, ctx: DecisionContext, from: string | undefined): Promise<void> {
  const active = ctx.session.active?.name;
  if (from !== undefined && from !== active) {
    return panel.hold(
      active === undefined
        ? vscode.l10n.t('This comparison came from the connection "{0}", which is not active: nothing can be decided here.', from)
        : vscode.l10n.t('This comparison came from the connection "{0}", but "{1}" is active: switch back to decide it.', from, active),
    );
  }
  const result = await lookUpPending(ctx, panel.recommendationId);
  if ('found' in result) panel.show(result.found);
  else panel.hold('missing' in result ? result.missing : result.unknown);
}
