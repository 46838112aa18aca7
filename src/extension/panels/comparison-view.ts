// The comparison page as a panel owns it: the webview and the messages both ways (BasePanel), and
// the drawing of one recommendation on it — its entities side by side with the matcher's "why",
// its triage flags and unsure mark, the decision's status and "decided elsewhere". The comparison
// panel and the review queue each own one and decide what it shows; the view only draws.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import { ComparisonPageMessage } from '../../webview/comparison/from-page';
import type { ComparisonView as PageView, DecisionStatus, ToWebview } from '../../webview/comparison/protocol';
import type { DecisionContext } from '../curation/decide-one';
import { flagSentence } from '../triage/flag-labels';
import { integrationName } from '../views/labels';
import { BasePanel, type PanelPage } from './base-panel';
import { decidedElsewhereText } from './comparison-decide';
import { comparisonView } from './comparison-view-model';
import { shortName } from './panel-title';
import type { ServiceExplanations } from './service-explanations';

/** The page of the comparison panel and the review queue (src/webview/comparison/). */
const COMPARISON_PAGE: PanelPage<ComparisonPageMessage> = { script: 'webview.js', styles: ['webview.css'], messages: ComparisonPageMessage };

const entityLabel = (e: Recommendation['entities'][number]) => `${shortName(e.name || e['@id'])} · ${integrationName(e.integration)}`;

export type ShowMessage = Extract<ToWebview, { type: 'show' }>;

/** A recommendation on screen and what happened to it: all of it is sent again if the page reloads. */
export interface ShownItem {
  rec: Recommendation;
  /** The service it came from: a decision must not go to another one. */
  shownFor: string | undefined;
  /** The line shown with it (the outcome that led here). */
  notice?: string;
  /** The last decision's status. */
  decision?: DecisionStatus;
  /** Set while it is out of the list by a decision made elsewhere. */
  elsewhere?: string;
}

/** What the view needs of the panel that owns it. */
export interface ComparisonViewOwner {
  /** The page (re)loaded and said ready, or has more to show: send it everything it should show. */
  ready(): void;
  /** A validated message of the page. */
  message(message: ComparisonPageMessage): Promise<void>;
  /** The user acted on the page (a preview panel is kept from then on). */
  used(): void;
  /** The recommendation on screen, if one is (the service's reasons redraw only that one). */
  current(): Recommendation | undefined;
}

/** Where the view reads the recommendation's context: the connection, triage, the list, the service's reasons. */
export interface ComparisonViewContext {
  readonly ctx: DecisionContext;
  readonly explanations: ServiceExplanations;
}

/** What the queue's page drops when it is older than its latest move (MOVES_SEEN in the protocol). */
const STAMPED: ReadonlySet<ToWebview['type']> = new Set(['show', 'queueStatus', 'queueEnd']);

export class ComparisonView extends BasePanel<ToWebview, ComparisonPageMessage> {
  private lastView: PageView | undefined;
  /** The latest move number the page (in queue mode) has posted and this side received; 0 after each load of the page. */
  private movesSeen = 0;

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly context: ComparisonViewContext,
    private readonly owner: ComparisonViewOwner,
  ) {
    super(panel, extensionUri, context.ctx.log, COMPARISON_PAGE);
  }

  /**
   * The first `show` goes out with the HTML, not after the page's `ready` (a panel's first
   * content is wanted in ≤ 250 ms); the page (src/webview/main.ts) drops the replay `ready` brings.
   */
  protected override get postsEarly(): boolean {
    return true;
  }

  protected onReady(): void {
    // A page that (re)loaded numbers its moves from 1 again.
    this.movesSeen = 0;
    this.owner.ready();
  }

  protected onMessage(message: ComparisonPageMessage): Promise<void> {
    if ('seq' in message && message.seq !== undefined) this.movesSeen = Math.max(this.movesSeen, message.seq);
    return this.owner.message(message);
  }

  protected override post(message: ToWebview): void {
    const stamped: ToWebview = this.movesSeen > 0 && STAMPED.has(message.type) ? Object.assign({}, message, { seq: this.movesSeen }) : message;
    super.post(stamped);
  }

  protected override onUsed(): void {
    this.owner.used();
  }

  /** Sends a message to the page (dropped until it listens; see BasePanel). */
  send(message: ToWebview): void {
    this.post(message);
  }

  /** The view last sent to the page (tests read whose weights explain its score). */
  get viewShown(): PageView | undefined {
    return this.lastView;
  }

  /** What the page draws for a recommendation: its fields, the matcher's sum, its flags and unsure mark. */
  viewOf(rec: Recommendation): PageView {
    const { ctx, explanations } = this.context;
    const total = ctx.list.knownTotal;
    const triage = ctx.curation.triage;
    const service = explanations.cached(rec);
    const view = comparisonView(triage.pairScoring(), rec, { entityLabel, remaining: total === undefined ? undefined : Math.max(0, total - 1), ...(service ? { service } : {}) });
    const mark = triage.unsure(rec['@id']);
    // The flags among the loaded recommendations (as the tree shows them), in words.
    const flags = triage.flagsOf(rec, ctx.list).filter((f) => f !== 'unsure');
    view.triage = { flags: flags.map(flagSentence), ...(mark ? { unsure: mark.note ? { note: mark.note } : {} } : {}) };
    return view;
  }

  /** The page's `show` of a recommendation, with the line said with it and the connection's name. */
  showOf(rec: Recommendation, notice: string | undefined, view: PageView = this.viewOf(rec)): ShowMessage {
    const show: ShowMessage = { type: 'show', view };
    if (notice) show.notice = notice;
    const connection = this.context.ctx.session.active?.name;
    if (connection) show.connection = connection;
    return show;
  }

  /**
   * Draws `item`: `show` builds the page's message (the queue shapes it). The pair scores come from
   * the triage core, loaded with the journal just after activation: a page ready before it is drawn
   * once the core is there.
   */
  draw(item: ShownItem, show: (rec: Recommendation) => ShowMessage = (rec) => this.showOf(rec, item.notice)): void {
    const id = item.rec['@id'];
    const triage = this.context.ctx.curation.triage;
    if (!triage.hasCore) {
      const problem = triage.coreProblem;
      if (problem) this.hold(id, problem);
      else void triage.loaded.then(() => this.owner.ready());
      return;
    }
    const message = show(item.rec);
    this.lastView = message.view;
    this.post(message);
    if (item.decision) this.post({ type: 'decision', recommendationId: id, status: item.decision });
    if (item.elsewhere) this.post({ type: 'gone', recommendationId: id, message: item.elsewhere });
    if (message.view.explanations.length) this.explainByService(item.rec);
  }

  /**
   * `item`'s recommendation was taken out of the list elsewhere (buttons off) or put back (that
   * decision failed: on again); said on the page.
   */
  pendingChanged(item: ShownItem, pending: boolean): void {
    const id = item.rec['@id'];
    if (!pending) {
      item.elsewhere = decidedElsewhereText();
      this.post({ type: 'gone', recommendationId: id, message: item.elsewhere });
    } else if (item.elsewhere) {
      item.elsewhere = undefined;
      this.post({ type: 'pending', recommendationId: id, message: vscode.l10n.t('The decision made elsewhere did not go through: this recommendation is pending again.') });
    }
  }

  /** Buttons off, and why: nothing on screen can be decided here. */
  hold(recommendationId: string, message: string): void {
    this.post({ type: 'hold', recommendationId, message });
  }

  /**
   * The page shows this editor's estimate at once; where the service explains its own scores (the
   * sandbox), its reasons follow and the page is drawn again with them, if the recommendation is
   * still the one on screen.
   */
  private explainByService(rec: Recommendation): void {
    const explanations = this.context.explanations;
    if (!explanations.mayLoad(rec)) return;
    void explanations.load(rec).then((found) => {
      if (found && !this.isDisposed && this.owner.current() === rec) this.owner.ready();
    });
  }
}

