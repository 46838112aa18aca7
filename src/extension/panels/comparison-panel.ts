// The comparison panel of a recommendation: its entities side by side with the matcher's "why",
// and Approve / Reject, decided through the same path as the tree's commands. One panel per
// recommendation, revealed when opened again (comparison-panels.ts keeps them); the review queue
// (queue-panel.ts) is this panel walking through the pending recommendations.
import * as vscode from 'vscode';
import type { Recommendation, Verdict } from '../../api/model';
import { ComparisonPageMessage } from '../../webview/comparison/from-page';
import type { ComparisonView, DecisionStatus, ToWebview } from '../../webview/comparison/protocol';
import { type DecisionContext, decideRecommendation } from '../curation/decide-one';
import { type SingleDecision, advancedText, recommendationNames } from '../curation/decision-messages';
import { integrationName } from '../views/labels';
import type { PendingChange } from '../../curation/pending-backlog';
import { BasePanel, type PanelPage } from './base-panel';
import { comparisonView } from './comparison-view';
import { clearUnsure, markUnsure } from '../curation/unsure-marks';
import { flagSentence } from '../triage/flag-labels';
import { Settings } from '../settings';
import { shortName } from './panel-title';
import type { ServiceExplanations } from './service-explanations';

const entityLabel = (e: Recommendation['entities'][number]) => `${shortName(e.name || e['@id'])} · ${integrationName(e.integration)}`;
export { recommendationNames };

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

/** The page of the comparison panel and the review queue (src/webview/comparison/). */
const COMPARISON_PAGE: PanelPage<ComparisonPageMessage> = { script: 'webview.js', styles: ['webview.css'], messages: ComparisonPageMessage };

export class ComparisonPanel extends BasePanel<ToWebview, ComparisonPageMessage> {
  /** What the page shows, sent again whole if the page reloads. */
  protected screen: ComparisonScreen = { kind: 'empty' };
  /** A decision of this panel is in flight. */
  protected busy = false;
  private lastView: ComparisonView | undefined;

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    protected readonly registry: PanelRegistry,
    /** The id this panel is about, also before its recommendation is found again after a reload. */
    public recommendationId: string,
  ) {
    super(panel, extensionUri, registry.ctx.log, COMPARISON_PAGE);
  }

  /**
   * The first `show` goes out with the HTML, not after the page's `ready` (a
   * panel's first content in ≤ 250 ms); the page (src/webview/main.ts) drops the replay `ready` brings.
   */
  protected override get postsEarly(): boolean {
    return true;
  }

  /** The review queue keeps itself apart from the per-recommendation panels. */
  get isQueue(): boolean {
    return false;
  }

  /** The recommendation on screen that this panel can decide, if any. */
  protected get rec(): Recommendation | undefined {
    return this.screen.kind === 'showing' ? this.screen.rec : undefined;
  }

  /** The screen while it shows a recommendation. */
  private get showing(): Extract<ComparisonScreen, { kind: 'showing' }> | undefined {
    return this.screen.kind === 'showing' ? this.screen : undefined;
  }

  get recommendation(): Recommendation | undefined {
    return this.rec;
  }

  /** Whether the page says the recommendation on screen was decided elsewhere (buttons off). */
  get decidedElsewhere(): boolean {
    return this.showing?.elsewhere !== undefined;
  }

  /** The last decision's status on screen (working, done, failed, cancelled), if any. */
  get decisionStatus(): DecisionStatus | undefined {
    return this.showing?.decision;
  }

  /** Shows a recommendation in this panel (the first, or the next after a decision). */
  show(rec: Recommendation, notice?: string): void {
    this.setRecommendation(rec, notice);
    this.onReady();
  }

  protected setRecommendation(rec: Recommendation, notice?: string): void {
    this.registry.rekey(this, rec['@id']);
    this.recommendationId = rec['@id'];
    this.screen = { kind: 'showing', rec, shownFor: this.registry.ctx.session.baseUrl, notice };
    this.panel.title = vscode.l10n.t('Compare: {0}', recommendationNames(rec));
  }

  /**
   * No recommendation this panel can decide is on screen (a restored page still being checked, one
   * no longer pending, one from another connection): the buttons stay off and the page says why,
   * also when it says ready only later.
   */
  hold(message: string): void {
    this.screen = { kind: 'held', reason: message, notice: this.screen.notice };
    this.post({ type: 'hold', recommendationId: this.recommendationId, message });
  }

  /** The view last sent to the page (tests read whose weights explain its score). */
  get viewShown(): ComparisonView | undefined {
    return this.lastView;
  }

  /** Why the buttons are off while nothing decidable is on screen, if so (tests read it). */
  /** The line the page shows with the item (the outcome that led here, where a restored queue started). */
  get noticeShown(): string | undefined {
    return this.screen.notice;
  }

  get heldReason(): string | undefined {
    return this.screen.kind === 'held' ? this.screen.reason : undefined;
  }

  /** What the page draws for a recommendation. */
  protected viewOf(rec: Recommendation): ReturnType<typeof comparisonView> {
    const total = this.registry.ctx.list.knownTotal;
    const triage = this.registry.ctx.curation.triage;
    const service = this.registry.explanations.cached(rec);
    const view = comparisonView(triage.pairScoring(), rec, { entityLabel, remaining: total === undefined ? undefined : Math.max(0, total - 1), ...(service ? { service } : {}) });
    const mark = triage.unsure(rec['@id']);
    // The flags among the loaded recommendations (as the tree shows them), in words.
    const flags = triage.flagsOf(rec, this.registry.ctx.list).filter((f) => f !== 'unsure');
    view.triage = { flags: flags.map(flagSentence), ...(mark ? { unsure: mark.note ? { note: mark.note } : {} } : {}) };
    return view;
  }

  /**
   * "Unsure…" on the page (N in the queue): the note is asked for in VS Code's input box, the mark
   * is journalled, nothing is sent; the page shows the mark. Returns whether it was marked.
   */
  protected async onUnsure(rec: Recommendation): Promise<boolean> {
    const marked = await markUnsure(this.registry.ctx.curation, rec);
    // The input box took the focus: give it back to the page so its keys work again.
    this.panel.reveal(undefined, false);
    return marked;
  }

  /** Draws `rec` again after its mark changed (the queue keeps its place and counts). */
  protected redraw(rec: Recommendation, notice: string): void {
    this.show(rec, notice);
  }

  protected showMessage(rec: Recommendation): Extract<ToWebview, { type: 'show' }> {
    const view = this.viewOf(rec);
    const show: Extract<ToWebview, { type: 'show' }> = { type: 'show', view };
    if (this.screen.notice) show.notice = this.screen.notice;
    const connection = this.registry.ctx.session.active?.name;
    if (connection) show.connection = connection;
    return show;
  }

  protected onReady(): void {
    const screen = this.screen;
    if (screen.kind !== 'showing') {
      if (screen.kind === 'held') this.post({ type: 'hold', recommendationId: this.recommendationId, message: screen.reason });
      return;
    }
    // The pair scores come from the triage core, loaded with the journal just after activation: a
    // panel restored at start may be ready first, and is drawn once the core is there.
    const triage = this.registry.ctx.curation.triage;
    if (!triage.hasCore) {
      const problem = triage.coreProblem;
      if (problem) this.post({ type: 'hold', recommendationId: this.recommendationId, message: problem });
      else void triage.loaded.then(() => this.onReady());
      return;
    }
    const show = this.showMessage(screen.rec);
    this.lastView = show.view;
    this.post(show);
    if (screen.decision) this.post({ type: 'decision', recommendationId: this.recommendationId, status: screen.decision });
    if (screen.elsewhere) this.post({ type: 'gone', recommendationId: this.recommendationId, message: screen.elsewhere });
    if (show.view.explanations.length) this.explainByService(screen.rec);
  }

  /**
   * The page shows this editor's estimate at once; where the service explains its own scores (the
   * sandbox), its reasons follow and the page is drawn again with them, if the recommendation is
   * still the one on screen.
   */
  private explainByService(rec: Recommendation): void {
    const explanations = this.registry.explanations;
    if (!explanations.mayLoad(rec)) return;
    void explanations.load(rec).then((found) => {
      if (found && !this.isDisposed && this.rec === rec) this.onReady();
    });
  }

  protected override onUsed(): void {
    this.registry.keep(this);
  }

  protected async onMessage(message: ComparisonPageMessage): Promise<void> {
    if (message.type === 'undo') {
      if (message.recommendationId === this.recommendationId) this.registry.ctx.curation.undo.cancel(message.recommendationId);
      return;
    }
    if (message.type === 'clearUnsure') {
      if (!this.rec || message.recommendationId !== this.recommendationId || this.busy) return;
      const rec = this.rec;
      if (await clearUnsure(this.registry.ctx.curation, rec['@id'])) this.redraw(rec, vscode.l10n.t('Unsure mark cleared: pending as before, part of bulk and group decisions again. Nothing was sent.'));
      return;
    }
    if (message.type === 'unsure') {
      if (!this.rec || message.recommendationId !== this.recommendationId || this.busy || this.decidedElsewhere) return;
      const rec = this.rec;
      if (await this.onUnsure(rec)) this.show(rec, vscode.l10n.t('Marked unsure: kept pending, nothing was sent; left out of bulk decisions.'));
      return;
    }
    if (message.type !== 'decide' || this.busy || this.decidedElsewhere) return;
    // The id must be the one on screen: a click on a page showing an older recommendation is not
    // acted on, and the page is told why, so it never waits on "Approving…" for an answer.
    if (!this.rec || message.recommendationId !== this.recommendationId) {
      const why = this.heldReason ?? vscode.l10n.t('This page showed another recommendation than the panel holds: nothing was sent.');
      this.post({ type: 'hold', recommendationId: message.recommendationId, message: why });
      return;
    }
    await this.decide(this.rec, message.verdict);
  }

  protected setStatus(status: DecisionStatus): void {
    if (this.screen.kind === 'showing') this.screen.decision = status;
    this.post({ type: 'decision', recommendationId: this.recommendationId, status });
  }

  /** Whether the active connection is still the one the recommendation on screen came from. */
  protected get sameConnection(): boolean {
    return this.showing !== undefined && this.registry.ctx.session.baseUrl === this.showing.shownFor;
  }

  private async decide(rec: Recommendation, verdict: Verdict): Promise<void> {
    if (!this.sameConnection) {
      const message = vscode.l10n.t('The active connection changed since this recommendation was shown: nothing was sent. Open it again from the Recommendations view.');
      return this.setStatus({ state: 'failed', verdict, message });
    }
    this.busy = true;
    let outcome: SingleDecision;
    try {
      this.setStatus({ state: 'working', verdict });
      outcome = await decideRecommendation(this.registry.ctx, verdict, rec);
    } finally {
      this.busy = false;
    }
    switch (outcome.status) {
      case 'cancelled':
        return this.setStatus({ state: 'cancelled', verdict });
      case 'undone':
        this.setStatus({ state: 'cancelled', verdict });
        return this.post({ type: 'notice', message: outcome.message, tone: 'info' });
      case 'gone':
        return this.afterGone(rec, outcome);
      case 'approved':
      case 'rejected':
        return this.afterDecision(rec, verdict, outcome);
      default:
        return this.setStatus({ state: 'failed', verdict, message: outcome.message });
    }
  }

  /** Setting panels.advanceAfterDecision: the next pending recommendation, or the outcome. */
  protected async afterDecision(rec: Recommendation, verdict: Verdict, done: SingleDecision): Promise<void> {
    const next = Settings.advanceAfterDecision() ? this.registry.nextPending(rec['@id']) : undefined;
    if (next) this.show(next, advancedText(done));
    else this.setStatus({ state: 'done', verdict, message: done.message });
  }

  /**
   * The service no longer had it pending (decided elsewhere, made moot by a merge): said on the
   * page, not in a notification; with advanceAfterDecision, the next pending one is shown.
   */
  protected async afterGone(rec: Recommendation, gone: SingleDecision): Promise<void> {
    const next = Settings.advanceAfterDecision() ? this.registry.nextPending(rec['@id']) : undefined;
    if (next) return this.show(next, advancedText(gone));
    if (this.screen.kind === 'showing') this.screen.elsewhere = gone.message;
    this.post({ type: 'gone', recommendationId: this.recommendationId, message: gone.message });
  }

  /** The tree took a recommendation out (being decided elsewhere) or put it back (that decision failed). */
  pendingChanged(change: PendingChange): void {
    const screen = this.showing;
    // This panel's own decision takes its recommendation out of the tree too: not "elsewhere".
    if (change.id !== this.recommendationId || !screen || this.busy || screen.decision?.state === 'done') return;
    if (!change.pending) {
      screen.elsewhere = decidedElsewhereText();
      this.post({ type: 'gone', recommendationId: this.recommendationId, message: screen.elsewhere });
    } else if (screen.elsewhere) {
      screen.elsewhere = undefined;
      this.post({ type: 'pending', recommendationId: this.recommendationId, message: vscode.l10n.t('The decision made elsewhere did not go through: this recommendation is pending again.') });
    }
  }
}

/** Said on a page whose recommendation was decided somewhere else in this window. */
export const decidedElsewhereText = () => vscode.l10n.t('Decided elsewhere (in the tree, by a bulk decision or in another panel): this recommendation is no longer pending.');

/**
 * What a comparison page shows: nothing yet (or the queue's end), a recommendation it cannot decide
 * and why (restoring, gone, another connection), or one it can, with what happened to it.
 */
export type ComparisonScreen =
  | { kind: 'empty'; notice?: string }
  | { kind: 'held'; reason: string; notice?: string }
  | {
      kind: 'showing';
      rec: Recommendation;
      /** The service it came from: a decision must not go to another one. */
      shownFor: string | undefined;
      /** The line shown with it (the outcome that led here). */
      notice?: string;
      /** The last decision's status, sent again if the page reloads. */
      decision?: DecisionStatus;
      /** Set while it is out of the list by a decision made elsewhere. */
      elsewhere?: string;
    };
