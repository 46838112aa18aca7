// The open comparison panels: one per recommendation (opened, revealed, restored after a reload by
// a WebviewPanelSerializer) plus at most one review queue; the commands that open them. A click in
// the Recommendations tree opens a preview: the next click shows its recommendation in that same
// panel, until the panel is kept (preview-slot.ts). The panels
// hear from the Recommendations tree when a recommendation leaves it, to say "decided elsewhere".
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import { stateConnection, stateGroup, stateIsQueue, stateRecommendationId } from '../../webview/comparison/from-page';
import type { DecisionContext } from '../curation/decide-one';
import { recommendationOf } from '../views/recommendation-node';
import type { ListNode } from '../views/paged-list';
import { panelOptions } from './base-panel';
import { ComparisonPanel, type PanelRegistry, recommendationNames } from './comparison-panel';
import { restoreComparison } from './comparison-restore';
import { QueuePanel } from './queue-panel';
import { ServiceExplanations } from './service-explanations';
import { resumePoint } from './queue-resume';
import type { ReviewGroup } from './queue-group';
import { reviewGroupAgain } from './queue-group-restore';
import { PreviewSlot, previewEnabled } from './preview-slot';
import { showInfo } from '../ui/notify';
import { Commands, PanelTypes } from '../ids';
import { pickPending } from '../curation/pick-pending';
import { readyOrSay } from '../connection/ready-or-say';

export class ComparisonPanels implements vscode.Disposable, vscode.WebviewPanelSerializer, PanelRegistry {
  private readonly panels = new Map<string, ComparisonPanel>();
  private queuePanel: QueuePanel | undefined;
  /** The panel the next tree click re-uses. */
  private readonly previews = new PreviewSlot<ComparisonPanel>((p) => p.view);
  private readonly subscription: vscode.Disposable;
  readonly explanations: ServiceExplanations;

  constructor(
    readonly ctx: DecisionContext,
    private readonly extensionUri: vscode.Uri,
    /** Settles when the session knows its first state (after a reload: the local sandbox restarted). */
    private readonly ready: Promise<void> = Promise.resolve(),
  ) {
    this.explanations = new ServiceExplanations(ctx.session, ctx.log);
    this.subscription = ctx.curation.backlog.onDidChangePending((change) => {
      for (const p of this.panels.values()) p.pendingChanged(change);
      this.queuePanel?.pendingChanged(change);
    });
  }

  get(id: string): ComparisonPanel | undefined {
    return this.panels.get(id);
  }

  get size(): number {
    return this.panels.size;
  }

  get queue(): QueuePanel | undefined {
    return this.queuePanel;
  }

  /** The panel a tree click opened and nothing kept yet, if any. */
  get preview(): ComparisonPanel | undefined {
    return this.previews.panel;
  }

  /**
   * Shows a recommendation: the panel that shows it if there is one (its own, or the queue while
   * the queue shows it), revealed, and kept unless this open is a preview; as a preview (a tree
   * click), in the preview panel, re-used (no new webview: its page gets the recommendation by
   * message, which is faster), else in a new panel.
   */
  open(rec: Recommendation, opts: { preview?: boolean } = {}): ComparisonPanel | QueuePanel {
    const preview = opts.preview === true && previewEnabled();
    if (this.queuePanel?.recommendationId === rec['@id'] && !this.panels.has(rec['@id'])) {
      this.queuePanel.view.panel.reveal();
      return this.queuePanel;
    }
    const existing = this.panels.get(rec['@id']);
    if (existing) {
      existing.view.panel.reveal();
      if (!preview) this.previews.keep(existing);
      return existing;
    }
    const create = () => {
      const panel = vscode.window.createWebviewPanel(PanelTypes.comparison, recommendationNames(rec), vscode.ViewColumn.Active, panelOptions(this.extensionUri));
      const created = this.track(new ComparisonPanel(panel, this.extensionUri, this, rec['@id']));
      created.show(rec);
      return created;
    };
    if (!preview) return create();
    return this.previews.open(create, (old) => {
      // Title, id (rekey), connection, status and listeners all follow the recommendation shown.
      old.show(rec);
      return true;
    });
  }

  keep(panel: ComparisonPanel): void {
    this.previews.keep(panel);
  }

  /**
   * The queue if one is open (revealed), else a new one; one that reached its end starts over.
   * With `group` (Review samples in the Triage panel) the queue walks that group's members only; an
   * open queue starts over on it, in its own panel. Without one, a group's queue goes back to the
   * whole list.
   */
  async openQueue(group?: ReviewGroup): Promise<QueuePanel> {
    const open = this.queuePanel;
    if (open && (group || open.group) && open.startedFor === this.ctx.session.baseUrl) {
      await this.ctx.list.loading;
      await open.restart(group);
      return open;
    }
    // A queue started on another connection holds that service's recommendations: start anew.
    if (open && !open.queue.atEnd && open.startedFor === this.ctx.session.baseUrl) {
      open.view.panel.reveal();
      return open;
    }
    this.queuePanel?.view.dispose();
    const panel = vscode.window.createWebviewPanel(PanelTypes.comparison, vscode.l10n.t('Review Queue'), vscode.ViewColumn.Active, panelOptions(this.extensionUri));
    const queue = this.trackQueue(new QueuePanel(panel, this.extensionUri, this));
    await this.ctx.list.loading;
    if (group) await queue.restart(group);
    else await queue.begin();
    return queue;
  }

  /**
   * The session's first state and the Recommendations view's first page. After a window reload the
   * serializer runs during activation, before either exists: a restored panel that looked at the
   * list then found it empty (a decided recommendation shown as pending, a queue "finished").
   */
  private async settled(): Promise<void> {
    await this.ready;
    await this.ctx.list.loading;
  }

  /** Restores a panel after a reload from the id its page saved with setState. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const id = stateRecommendationId(state);
    if (stateIsQueue(state)) {
      if (this.queuePanel) return panel.dispose();
      // Local skips and counts lived in the extension host and are gone: a new queue, at the same item if still pending.
      const queue = this.trackQueue(new QueuePanel(panel, this.extensionUri, this));
      await this.settled();
      // A group's queue walks its group again (or says plainly it cannot): never the whole list in its place.
      const group = stateGroup(state);
      if (group) return this.restoreGroupQueue(queue, group, id);
      if (!id) return queue.begin();
      // Back at its item once the view has it (a whole-list sort brings it only with its load), else at the view's first, said.
      const point = await resumePoint(this.ctx.list, id);
      if (queue.view.isDisposed) return;
      return queue.begin(point.startId, point.notice);
    }
    if (!id || this.panels.has(id)) return panel.dispose();
    const restored = this.track(new ComparisonPanel(panel, this.extensionUri, this, id));
    // The page redraws its saved copy at once, buttons off; they work again once the list says it is pending.
    restored.hold(vscode.l10n.t('Checking whether this recommendation is still pending…'));
    await this.settled();
    await restoreComparison(restored, this.ctx, stateConnection(state));
  }

  /** A restored queue on the group it walked before the reload: at the same item if it is still pending there. */
  private async restoreGroupQueue(queue: QueuePanel, saved: { key: string; words: string }, id: string | undefined): Promise<void> {
    const group = await reviewGroupAgain(this.ctx.curation, saved.key);
    if (queue.view.isDisposed) return;
    if ('why' in group) return queue.groupLost(saved, group.why);
    const at = id && group.members.some((r) => r['@id'] === id) ? id : undefined;
    const notice = at
      ? vscode.l10n.t('Back at the item shown before the reload, in the same group.')
      : id
        ? vscode.l10n.t('The item shown before the reload is no longer pending in this group: the queue goes on with the group’s next.')
        : undefined;
    await queue.restart(group, at, notice);
  }

  nextPending(after: string): Recommendation | undefined {
    const onScreen = (id: string) => this.panels.has(id) || this.queuePanel?.recommendationId === id;
    return this.ctx.list.shown().find((r) => r['@id'] !== after && !onScreen(r['@id']));
  }

  rekey(panel: ComparisonPanel, id: string): void {
    if (this.panels.get(panel.recommendationId) === panel) this.panels.delete(panel.recommendationId);
    this.panels.set(id, panel);
  }

  private track(panel: ComparisonPanel): ComparisonPanel {
    this.panels.set(panel.recommendationId, panel);
    panel.view.onDidDispose(() => {
      if (this.panels.get(panel.recommendationId) === panel) this.panels.delete(panel.recommendationId);
    });
    return panel;
  }

  private trackQueue(queue: QueuePanel): QueuePanel {
    this.queuePanel = queue;
    queue.view.onDidDispose(() => {
      if (this.queuePanel === queue) this.queuePanel = undefined;
    });
    return queue;
  }

  dispose(): void {
    this.subscription.dispose();
    this.previews.dispose();
    this.queuePanel?.view.dispose();
    for (const p of [...this.panels.values()]) p.view.dispose();
    this.panels.clear();
  }
}

/** A tree node, a recommendation, or an id, as the command may be called with. */
function resolve(list: DecisionContext['list'], arg: unknown): Recommendation | undefined {
  if (typeof arg === 'string') return list.find(arg);
  if (!arg || typeof arg !== 'object') return undefined;
  if ('kind' in arg) return recommendationOf(arg as ListNode<Recommendation>);
  const rec = arg as Recommendation;
  return typeof rec['@id'] === 'string' && Array.isArray(rec.entities) ? rec : undefined;
}

/**
 * `dedupCurator.openComparison` (a recommendation tree item's click, its context menu, the palette),
 * `dedupCurator.startReviewQueue` (the Recommendations view's title bar, the palette), and the
 * serializer that restores panels. The commands return the panel (the integration tests use it).
 */
export function registerComparisonPanel(context: vscode.ExtensionContext, ctx: DecisionContext, ready?: Promise<void>): [ComparisonPanels, ...vscode.Disposable[]] {
  const panels = new ComparisonPanels(ctx, context.extensionUri, ready);
  return [
    panels,
    vscode.window.registerWebviewPanelSerializer(PanelTypes.comparison, panels),
    // A tree item's click passes { preview: true } after the recommendation; a context menu passes
    // the selection (an array) there and, like the palette, opens a kept panel.
    vscode.commands.registerCommand(Commands.openComparison, async (arg?: unknown, opts?: unknown) => {
      const rec = arg === undefined ? await pickPending(ctx.session, ctx.list, vscode.l10n.t('Dedup Curator: Open Comparison')) : resolve(ctx.list, arg);
      const preview = typeof opts === 'object' && opts !== null && !Array.isArray(opts) && (opts as { preview?: unknown }).preview === true;
      return rec ? panels.open(rec, { preview }) : undefined;
    }),
    // args.group: from the Triage panel's Review (the extension's own call, not a user's argument).
    vscode.commands.registerCommand(Commands.startReviewQueue, async (args?: { group?: ReviewGroup }) => {
      if (!(await readyOrSay(ctx.session))) return undefined;
      const group = args?.group;
      if (group && group.baseUrl !== ctx.session.baseUrl) {
        void showInfo(vscode.l10n.t('The Triage panel was computed on another connection: refresh it, then review the group again.'));
        return undefined;
      }
      return panels.openQueue(group && Array.isArray(group.members) ? group : undefined);
    }),
  ];
}
