// The comparison panel of a recommendation: its entities side by side with the matcher's "why",
// and Approve / Reject, decided through the same path as the tree's commands. One panel per
// recommendation, revealed when opened again (comparison-panels.ts keeps them). The page and its
// drawing are the ComparisonView this panel owns (the review queue owns one too, queue-panel.ts);
// the panel holds what is on screen and what may happen to it.
import * as vscode from 'vscode';
import type { Recommendation, Verdict } from '../../api/model';
import type { ComparisonPageMessage, DecisionStatus } from '../../webview/comparison/protocol';
import type { DecisionContext } from '../curation/decide-one';
import { type SingleDecision, advancedText, recommendationNames } from '../curation/decision-messages';
import type { PendingChange } from '../../curation/pending-backlog';
import { clearUnsure, markUnsure } from '../curation/unsure-marks';
import { Settings } from '../settings';
import { decideShown } from './comparison-decide';
import { ComparisonView, type ShownItem } from './comparison-view';
import type { ServiceExplanations } from './service-explanations';

export { recommendationNames };
export { decidedElsewhereText } from './comparison-decide';

/** What a panel needs of the registry that keeps it (comparison-panels.ts). */
export interface PanelRegistry {
  readonly ctx: DecisionContext;
  rekey(panel: ComparisonPanel, id: string): void;
  /** The user acted on this panel: if it is the preview, it is kept (preview-slot.ts). */
  keep(panel: ComparisonPanel): void;
  /** The first pending recommendation in the tree's order, other than `after`, not on screen in another panel. */
  nextPending(after: string): Recommendation | undefined;
  /** The service's own reasons for scores, where it gives them (the sandbox). */
  readonly explanations: ServiceExplanations;
}

/**
 * What the panel is at: opening (before its first recommendation), held (a recommendation it cannot
 * decide, and why: restoring, gone, another connection), shown (one it can decide), deciding (its
 * decision in flight: no other action meanwhile), decided (approved or rejected here, nothing left
 * to do). `item` is what the page was told, sent again whole if it reloads.
 */
export type ComparisonPanelState =
  | { kind: 'opening' }
  | { kind: 'held'; reason: string; notice?: string }
  | { kind: 'shown'; item: ShownItem }
  | { kind: 'deciding'; item: ShownItem }
  | { kind: 'decided'; item: ShownItem };

export class ComparisonPanel {
  /** Its page, which the registry (comparison-panels.ts) and the tests reach through this: the webview panel, readiness, messages. */
  readonly view: ComparisonView;
  private state: ComparisonPanelState = { kind: 'opening' };

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly registry: PanelRegistry,
    /** The id this panel is about, also before its recommendation is found again after a reload. */
    public recommendationId: string,
  ) {
    this.view = new ComparisonView(panel, extensionUri, registry, {
      ready: () => this.onReady(),
      message: (m) => this.onMessage(m),
      used: () => registry.keep(this),
      current: () => this.recommendation,
    });
  }

  /** The screen while it shows a recommendation (in whatever step). */
  private get item(): ShownItem | undefined {
    return this.state.kind === 'opening' || this.state.kind === 'held' ? undefined : this.state.item;
  }

  /** The recommendation on screen that this panel can decide, if any. */
  get recommendation(): Recommendation | undefined {
    return this.item?.rec;
  }

  /** Whether the page says the recommendation on screen was decided elsewhere (buttons off). */
  get decidedElsewhere(): boolean {
    return this.item?.elsewhere !== undefined;
  }

  /** The last decision's status on screen (working, done, failed, cancelled), if any. */
  get decisionStatus(): DecisionStatus | undefined {
    return this.item?.decision;
  }

  /** The line the page shows with the recommendation (the outcome that led here). */
  get noticeShown(): string | undefined {
    return this.state.kind === 'opening' ? undefined : this.state.kind === 'held' ? this.state.notice : this.state.item.notice;
  }

  /** Why the buttons are off while nothing decidable is on screen, if so (tests read it). */
  get heldReason(): string | undefined {
    return this.state.kind === 'held' ? this.state.reason : undefined;
  }

  /** Shows a recommendation in this panel (the first, or the next after a decision). */
  show(rec: Recommendation, notice?: string): void {
    this.registry.rekey(this, rec['@id']);
    this.recommendationId = rec['@id'];
    this.state = { kind: 'shown', item: { rec, shownFor: this.registry.ctx.session.baseUrl, notice } };
    this.view.panel.title = vscode.l10n.t('Compare: {0}', recommendationNames(rec));
    this.onReady();
  }

  /**
   * No recommendation this panel can decide is on screen (a restored page still being checked, one
   * no longer pending, one from another connection): the buttons stay off and the page says why,
   * also when it says ready only later.
   */
  hold(message: string): void {
    this.state = { kind: 'held', reason: message, notice: this.noticeShown };
    this.view.hold(this.recommendationId, message);
  }

  private onReady(): void {
    const state = this.state;
    if (state.kind === 'held') this.view.hold(this.recommendationId, state.reason);
    else if (state.kind !== 'opening') this.view.draw(state.item);
  }

  private async onMessage(message: ComparisonPageMessage): Promise<void> {
    // Marks act on the recommendation on screen, while no decision of it is in flight.
    const state = this.state;
    const item = (state.kind === 'shown' || state.kind === 'decided') && message.recommendationId === this.recommendationId ? state.item : undefined;
    switch (message.type) {
      case 'undo':
        if (message.recommendationId === this.recommendationId) this.registry.ctx.curation.undo.cancel(message.recommendationId);
        return;
      case 'clearUnsure':
        if (item && (await clearUnsure(this.registry.ctx.curation, item.rec['@id']))) this.show(item.rec, vscode.l10n.t('Unsure mark cleared: pending as before, part of bulk and group decisions again. Nothing was sent.'));
        return;
      case 'unsure':
        if (item && !item.elsewhere && (await this.markUnsure(item.rec))) this.show(item.rec, vscode.l10n.t('Marked unsure: kept pending, nothing was sent; left out of bulk decisions.'));
        return;
      case 'decide':
        return this.onDecide(message.recommendationId, message.verdict);
    }
  }

  /**
   * The id must be the one on screen: a click on a page showing an older recommendation is not
   * acted on, and the page is told why, so it never waits on "Approving…" for an answer.
   */
  private async onDecide(id: string, verdict: Verdict): Promise<void> {
    const state = this.state;
    if (state.kind === 'deciding' || this.decidedElsewhere) return;
    if ((state.kind !== 'shown' && state.kind !== 'decided') || id !== this.recommendationId) {
      const why = this.heldReason ?? vscode.l10n.t('This page showed another recommendation than the panel holds: nothing was sent.');
      return this.view.hold(id, why);
    }
    const { item } = state;
    await decideShown(this.registry.ctx, item.rec, verdict, this.registry.ctx.session.baseUrl === item.shownFor, {
      deciding: (inFlight) => {
        if (this.item === item) this.state = { kind: inFlight ? 'deciding' : 'shown', item };
      },
      status: (status) => this.setStatus(item, status),
      notice: (message) => this.view.send({ type: 'notice', message, tone: 'info' }),
      decided: (done) => this.afterDecision(item, verdict, done),
      gone: (gone) => this.afterGone(item, gone),
    });
  }

  /**
   * "Unsure…" on the page: the note is asked for in VS Code's input box, the mark is journalled,
   * nothing is sent. Returns whether it was marked.
   */
  private async markUnsure(rec: Recommendation): Promise<boolean> {
    const marked = await markUnsure(this.registry.ctx.curation, rec);
    // The input box took the focus: give it back to the page so its keys work again.
    this.view.panel.reveal(undefined, false);
    return marked;
  }

  private setStatus(item: ShownItem, status: DecisionStatus): void {
    if (this.item === item) {
      item.decision = status;
      if (status.state === 'done') this.state = { kind: 'decided', item };
    }
    this.view.send({ type: 'decision', recommendationId: this.recommendationId, status });
  }

  /** Setting panels.advanceAfterDecision: the next pending recommendation, or the outcome. */
  private async afterDecision(item: ShownItem, verdict: Verdict, done: SingleDecision): Promise<void> {
    const next = Settings.advanceAfterDecision() ? this.registry.nextPending(item.rec['@id']) : undefined;
    if (next) this.show(next, advancedText(done));
    else this.setStatus(item, { state: 'done', verdict, message: done.message });
  }

  /**
   * The service no longer had it pending (decided elsewhere, made moot by a merge): said on the
   * page, not in a notification; with advanceAfterDecision, the next pending one is shown.
   */
  private async afterGone(item: ShownItem, gone: SingleDecision): Promise<void> {
    const next = Settings.advanceAfterDecision() ? this.registry.nextPending(item.rec['@id']) : undefined;
    if (next) return this.show(next, advancedText(gone));
    if (this.item === item) item.elsewhere = gone.message;
    this.view.send({ type: 'gone', recommendationId: this.recommendationId, message: gone.message });
  }

  /** The tree took a recommendation out (being decided elsewhere) or put it back (that decision failed). */
  pendingChanged(change: PendingChange): void {
    // This panel's own decision takes its recommendation out of the tree too: not "elsewhere".
    if (change.id !== this.recommendationId || this.state.kind !== 'shown') return;
    this.view.pendingChanged(this.state.item, change.pending);
  }
}
