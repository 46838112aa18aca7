// The comparison panel of a recommendation: its entities side by side with the matcher's "why",
// and Approve / Reject, decided through the same path as the tree's commands. One panel per
// recommendation, revealed when opened again; restored after a reload by a WebviewPanelSerializer.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { DecisionStatus, FromWebview, ToWebview, Verdict } from '../../webview/protocol';
import { stateRecommendationId } from '../../webview/protocol';
import { type DecisionContext, decideRecommendation } from '../commands/decision-commands';
import type { ListNode } from '../views/paged-list';
import { integrationName, percent } from '../views/labels';
import { BasePanel, panelOptions } from './base-panel';
import { comparisonView } from './comparison-view';

export const COMPARISON_VIEW_TYPE = 'dedupCurator.comparison';

const MAX_TITLE_NAME = 40;
const short = (s: string) => (s.length > MAX_TITLE_NAME ? `${s.slice(0, MAX_TITLE_NAME)}…` : s);
const entityLabel = (e: Recommendation['entities'][number]) => `${short(e.name || e['@id'])} · ${integrationName(e.integration)}`;
const title = (r: Recommendation) => `Compare: ${r.entities.map((e) => short(e.name || '?')).join(' ⇄ ')}`;

export class ComparisonPanel extends BasePanel {
  private rec: Recommendation | undefined;
  /** The last decision's status, sent again if the page reloads. */
  private status: DecisionStatus | undefined;
  private notice: string | undefined;
  private busy = false;

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly registry: ComparisonPanels,
    /** The id this panel is about, also before its recommendation is found again after a reload. */
    public recommendationId: string,
  ) {
    super(panel, extensionUri, registry.ctx.log);
  }

  get recommendation(): Recommendation | undefined {
    return this.rec;
  }

  /** Shows a recommendation in this panel (the first, or the next after a decision). */
  show(rec: Recommendation, notice?: string): void {
    this.registry.rekey(this, rec['@id']);
    this.recommendationId = rec['@id'];
    this.rec = rec;
    this.status = undefined;
    this.notice = notice;
    this.panel.title = title(rec);
    this.onReady();
  }

  /** After a reload: the recommendation is no longer among the pending ones. */
  gone(message: string): void {
    this.rec = undefined;
    this.post({ type: 'gone', recommendationId: this.recommendationId, message });
  }

  protected onReady(): void {
    if (!this.rec) return;
    const total = this.registry.ctx.list.knownTotal;
    const view = comparisonView(this.rec, { entityLabel, remaining: total === undefined ? undefined : Math.max(0, total - 1) });
    const show: ToWebview = { type: 'show', view };
    if (this.notice) show.notice = this.notice;
    this.post(show);
    if (this.status) this.post({ type: 'decision', recommendationId: this.recommendationId, status: this.status });
  }

  protected async onMessage(message: Exclude<FromWebview, { type: 'ready' | 'openLink' }>): Promise<void> {
    // The id must be the one on screen: a click on a page showing an older recommendation is dropped.
    if (message.type !== 'decide' || !this.rec || message.recommendationId !== this.recommendationId || this.busy) return;
    await this.decide(this.rec, message.verdict);
  }

  private setStatus(status: DecisionStatus): void {
    this.status = status;
    this.post({ type: 'decision', recommendationId: this.recommendationId, status });
  }

  private async decide(rec: Recommendation, verdict: Verdict): Promise<void> {
    this.busy = true;
    try {
      this.setStatus({ state: 'working', verdict });
      const outcome = await decideRecommendation(this.registry.ctx, verdict, rec);
      if (outcome.status === 'cancelled') return this.setStatus({ state: 'cancelled', verdict });
      if (outcome.status !== 'ok') return this.setStatus({ state: 'failed', verdict, message: outcome.message });
      const done = `${verdict === 'approve' ? 'Approved' : 'Rejected'}: ${title(rec).replace(/^Compare: /, '')} (${percent(rec.score)}).`;
      const next = vscode.workspace.getConfiguration('dedupCurator').get<boolean>('panel.advanceAfterDecision', true) ? this.registry.nextPending(rec['@id']) : undefined;
      if (next) this.show(next, `${done} Showing the next pending recommendation.`);
      else this.setStatus({ state: 'done', verdict, message: done });
    } finally {
      this.busy = false;
    }
  }
}

/** The open comparison panels by recommendation id; opens, reveals, restores. */
export class ComparisonPanels implements vscode.Disposable, vscode.WebviewPanelSerializer {
  private readonly panels = new Map<string, ComparisonPanel>();

  constructor(
    readonly ctx: DecisionContext,
    private readonly extensionUri: vscode.Uri,
  ) {}

  get(id: string): ComparisonPanel | undefined {
    return this.panels.get(id);
  }

  get size(): number {
    return this.panels.size;
  }

  open(rec: Recommendation): ComparisonPanel {
    const existing = this.panels.get(rec['@id']);
    if (existing) {
      existing.panel.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(COMPARISON_VIEW_TYPE, title(rec), vscode.ViewColumn.Active, panelOptions(this.extensionUri));
    const created = this.track(new ComparisonPanel(panel, this.extensionUri, this, rec['@id']));
    created.show(rec);
    return created;
  }

  /** Restores a panel after a reload from the id its page saved with setState. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const id = stateRecommendationId(state);
    if (!id || this.panels.has(id)) {
      panel.dispose();
      return;
    }
    const restored = this.track(new ComparisonPanel(panel, this.extensionUri, this, id));
    // The page redraws its saved view at once; the live recommendation replaces it once loaded.
    await this.ctx.list.loading;
    const rec = this.ctx.list.find(id);
    if (rec) restored.show(rec);
    else restored.gone('This recommendation is not among the pending ones loaded: it may have been decided. Refresh the Recommendations view to check.');
  }

  /** The first pending recommendation in the tree's order, other than `after`, without a panel of its own. */
  nextPending(after: string): Recommendation | undefined {
    return this.ctx.list.shown().find((r) => r['@id'] !== after && !this.panels.has(r['@id']));
  }

  rekey(panel: ComparisonPanel, id: string): void {
    if (this.panels.get(panel.recommendationId) === panel) this.panels.delete(panel.recommendationId);
    this.panels.set(id, panel);
  }

  private track(panel: ComparisonPanel): ComparisonPanel {
    this.panels.set(panel.recommendationId, panel);
    panel.onDidDispose(() => {
      if (this.panels.get(panel.recommendationId) === panel) this.panels.delete(panel.recommendationId);
    });
    return panel;
  }

  dispose(): void {
    for (const p of [...this.panels.values()]) p.dispose();
    this.panels.clear();
  }
}

/** A tree node, a recommendation, or an id, as the command may be called with. */
function resolve(list: DecisionContext['list'], arg: unknown): Recommendation | undefined {
  if (typeof arg === 'string') return list.find(arg);
  if (!arg || typeof arg !== 'object') return undefined;
  if ('kind' in arg) {
    const node = arg as ListNode<Recommendation>;
    return node.kind === 'record' ? node.record : node.kind === 'child' ? node.parent : undefined;
  }
  const rec = arg as Recommendation;
  return typeof rec['@id'] === 'string' && Array.isArray(rec.entities) ? rec : undefined;
}

async function pickOne(list: DecisionContext['list']): Promise<Recommendation | undefined> {
  const pending = list.shown();
  if (!pending.length) {
    void vscode.window.showInformationMessage('No pending recommendations are loaded.');
    return undefined;
  }
  const items = pending.map((r) => ({ label: title(r).replace(/^Compare: /, ''), description: percent(r.score), rec: r }));
  return (await vscode.window.showQuickPick(items, { title: 'Dedup Curator: Open Comparison' }))?.rec;
}

/**
 * `dedupCurator.openComparison` (a recommendation tree item's click, its context menu, the palette)
 * and the serializer that restores panels. The command returns the panel (the integration tests use it).
 */
export function registerComparisonPanel(context: vscode.ExtensionContext, ctx: DecisionContext): vscode.Disposable[] {
  const panels = new ComparisonPanels(ctx, context.extensionUri);
  return [
    panels,
    vscode.window.registerWebviewPanelSerializer(COMPARISON_VIEW_TYPE, panels),
    vscode.commands.registerCommand('dedupCurator.openComparison', async (arg?: unknown) => {
      const rec = arg === undefined ? await pickOne(ctx.list) : resolve(ctx.list, arg);
      return rec ? panels.open(rec) : undefined;
    }),
  ];
}
