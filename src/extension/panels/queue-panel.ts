// The review queue: the comparison panel walking through the pending recommendations in the tree's
// current order and filter, by keyboard (the keys are read in the webview, src/webview/comparison/queue-keys.ts,
// and arrive here as validated `queue` and `decide` messages). Decisions go through the same path as
// everywhere (decideRecommendation: journal, tree, errors); skips, back and undo are local.
import * as vscode from 'vscode';
import type { Recommendation, Verdict } from '../../api/model';
import type { ComparisonPageMessage, QueueAction, ToWebview } from '../../webview/comparison/protocol';
import type { PendingChange } from '../../curation/pending-backlog';
import { decideRecommendation } from '../curation/decide-one';
import { type SingleDecision, movedOnText, queueNotice, sendingText, waitingText } from '../curation/decision-messages';
import { ComparisonPanel, type ComparisonScreen, type PanelRegistry, decidedElsewhereText } from './comparison-panel';
import { type QueueEntry, ReviewQueue } from './queue-state';
import { treeSource } from './queue-tree-source';
import { type QueueHeader, backOnlineText, endHeading, endText, queueHeader, queueTitle, stoppedHeader, stoppedText } from './queue-header';
import { Settings, affects } from '../settings';
import { SettingKeys } from '../setting-keys';
import { GroupSource, type ReviewGroup } from './queue-group';
import { undoCountdown } from './undo-countdown';
import { queueItemView } from './queue-item-view';
import { Commands } from '../ids';

export class QueuePanel extends ComparisonPanel {
  /** Replaced when the queue starts over on a group or on the whole list (restart). */
  queue: ReviewQueue;
  /** Set while the queue walks one triage group's members ("Review samples"); else the tree's list. */
  private groupSource: GroupSource | undefined;
  /** A step (skip, back, undo, the move after a decision) is running; keys meanwhile are dropped. */
  private navigating = false;

  constructor(panel: vscode.WebviewPanel, extensionUri: vscode.Uri, registry: PanelRegistry) {
    super(panel, extensionUri, registry, '');
    this.queue = new ReviewQueue(treeSource(registry.ctx.list));
    this.startedFor = registry.ctx.session.baseUrl;
    this.startedName = registry.ctx.session.active?.name;
    this.panel.title = vscode.l10n.t('Review Queue');
    // Blind mode switched on or off: the item on screen is drawn again, with or without its score.
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affects(e, SettingKeys.queueBlind) && !this.navigating) this.onReady();
      }),
      // Another connection made active: the tree now lists that service's recommendations, which
      // this queue must not walk into (its items, counts and undo are the first service's). It
      // stops and says so at once, rather than showing a stale item whose keys would send nothing
      // (it would sit on "Sending the decision…"). Back on its own connection, it goes on.
      registry.ctx.session.onDidChange(() => {
        if (!this.navigating) this.onReady();
      }),
      // The service could not be reached, or answers again; a decision failed, or was sent again.
      registry.ctx.curation.health.onDidChange(() => this.healthChanged()),
      registry.ctx.curation.failed.onDidChange(() => {
        if (!this.navigating && !this.otherConnection) this.postStatus();
      }),
      // The header says which sort and filter it follows, and how much of the list they saw: when
      // that changes (a sort chosen, a whole-list load going on) the header follows at once, not at
      // the next item (a restored queue would keep "among 1,700 loaded" for good).
      registry.ctx.list.onDidChangeTreeData(() => {
        const scope = registry.ctx.list.describeScope();
        // A group's queue does not follow the tree's sort and filter (statusNow says which group).
        if (this.group || scope === this.scopeSent || this.navigating || this.otherConnection || this.queue.atEnd) return;
        this.postStatus();
      }),
    );
  }

  /** The curator chose to go on while the service did not answer: decisions are sent (and listed when they fail). */
  private goingOn = false;

  private get health() {
    return this.registry.ctx.curation.health;
  }

  /** Paused: the service did not answer, and the curator has not chosen to go on. */
  get paused(): boolean {
    return this.health.unreachable !== undefined && !this.goingOn;
  }

  /**
   * Unreachable: the decisions of this queue still in their undo period are held back at once (they
   * would fail one by one, seconds later, while the queue moved on) and listed as not sent. Back:
   * the queue goes on, and says what is left to send.
   */
  private healthChanged(): void {
    if (this.otherConnection) return;
    if (this.health.unreachable) {
      for (const id of this.sentFromHere) this.registry.ctx.curation.decisions.holdBack(id);
      if (!this.navigating) this.postStatus();
      return;
    }
    this.goingOn = false;
    const message = backOnlineText(this.failedHere().length);
    if (this.navigating) return;
    this.postStatus();
    this.post({ type: 'notice', message, tone: 'ok' });
  }

  /** The failed decisions of the service this queue is on. */
  private failedHere() {
    return this.registry.ctx.curation.failed.of(this.startedFor);
  }

  /** The counts in the page and the tab's title, from one status (they disagreed: "7 done, 21,439 left" against "4 done · 21,442"). */
  private postStatus(): void {
    const queue = this.statusNow();
    this.setTitle(queue);
    this.post({ type: 'queueStatus', queue });
  }

  private setTitle(s: QueueHeader): void {
    this.panel.title = queueTitle(s, { atEnd: this.queue.atEnd, lost: this.lost !== undefined });
  }

  /** The scope the page's header shows (the last statusNow). */
  private scopeSent: string | undefined;

  /** The queue said it stopped (another connection active); cleared when its own is active again. */
  private stopped = false;

  /** The active connection is not the one this queue was started on (its items are another service's). */
  private get otherConnection(): boolean {
    const now = this.registry.ctx.session.baseUrl;
    return now !== undefined && this.startedFor !== undefined && now !== this.startedFor;
  }

  override get isQueue(): boolean {
    return true;
  }

  /** The triage group this queue walks, if it walks one. */
  get group(): ReviewGroup | undefined {
    return this.groupSource?.group;
  }

  /**
   * Starts over in the same panel: on `group`'s members (Review samples), or without one on the
   * tree's whole list (the group queue's "Full queue", Start Review Queue). Local skips and counts
   * start afresh; decisions still in their undo period stay undoable by U.
   */
  async restart(group?: ReviewGroup, startId?: string, notice?: string): Promise<void> {
    // Mid-step the page and the old queue would disagree on the item on screen: not now.
    if (this.navigating || this.busy) return;
    this.lost = undefined;
    this.groupSource = group && new GroupSource(group, (id) => this.registry.ctx.curation.triage.isUnsure(id));
    this.queue = new ReviewQueue(this.groupSource ?? treeSource(this.registry.ctx.list));
    this.panel.reveal();
    await this.begin(startId, notice);
  }

  /** The group this queue walked before a reload, which could not be brought back, and why. */
  private lost: { words: string; why: string } | undefined;

  /**
   * After a reload: the group this queue walked cannot be brought back. It says so and waits — "Full
   * queue" goes on with the whole list, the Triage panel's Review starts a group again — rather than
   * walking the whole list in its place.
   */
  async groupLost(saved: { key: string; words: string }, why: string): Promise<void> {
    // The key stays in the page's state: a later reload tries the group again.
    this.groupSource = new GroupSource({ ...saved, members: [], baseUrl: this.registry.ctx.session.baseUrl }, () => false);
    this.queue = new ReviewQueue(this.groupSource);
    this.lost = { words: saved.words, why };
    await this.begin();
  }

  /** Shows the first item: `startId` if it is pending (a restored queue), else the tree's first; `notice` said with it. */
  begin(startId?: string, notice?: string): Promise<void> {
    // A restored queue is made before the session knows its connection: it starts on the one active now.
    this.startedFor = this.registry.ctx.session.baseUrl;
    this.startedName = this.registry.ctx.session.active?.name;
    return this.navigate(() => this.queue.start(startId), notice);
  }

  private async navigate(step: () => QueueEntry | undefined | Promise<QueueEntry | undefined>, notice?: string): Promise<void> {
    if (this.navigating || this.busy) return;
    this.navigating = true;
    try {
      const entry = await step();
      if (entry) this.showEntry(entry, notice);
      else if (this.queue.atEnd) this.showEnd(notice);
    } finally {
      this.navigating = false;
    }
  }

  private showEntry(entry: QueueEntry, notice?: string): void {
    this.setRecommendation(entry.rec, notice);
    // Every item of the queue is from the service it was started on (Start Review Queue again after a switch).
    const screen = { ...(this.screen as Extract<ComparisonScreen, { kind: 'showing' }>), shownFor: this.startedFor };
    if ((entry.state === 'approved' || entry.state === 'rejected') && entry.outcome) {
      screen.decision = { state: 'done', verdict: entry.state === 'approved' ? 'approve' : 'reject', message: entry.outcome };
    } else if (entry.state === 'gone') {
      screen.elsewhere = decidedElsewhereText();
    }
    this.screen = screen;
    this.setTitle(this.statusNow());
    this.onReady();
  }

  /** After Clear mark: the same entry, its state and the queue's counts kept. */
  protected override redraw(rec: Recommendation, notice: string): void {
    const entry = this.queue.current();
    if (entry?.rec['@id'] === rec['@id']) this.showEntry(entry, notice);
  }

  /** The queue's items came from the service it was started on. */
  startedFor: string | undefined;
  /** That connection's name, for saying so. */
  private startedName: string | undefined;

  /** What the end of the queue says: why it ended, and what this queue did. */
  private endMessage(): string {
    return endText(this.queue.status(), { lost: this.lost, connected: this.registry.ctx.session.state.kind === 'ready', loadFailed: this.queue.loadFailed, inGroup: this.group !== undefined, notice: this.screen.notice });
  }

  private showEnd(notice?: string): void {
    this.recommendationId = '';
    this.screen = { kind: 'empty', notice };
    this.panel.title = queueTitle(this.statusNow(), { atEnd: true, lost: this.lost !== undefined });
    this.onReady();
  }

  /** The queue's own view of an item: blind, an audit draw, why it is asked (queue-item-view.ts). */
  protected override viewOf(rec: Recommendation): ReturnType<ComparisonPanel['viewOf']> {
    const state = this.queue.entry(rec['@id'])?.state;
    const decided = state === 'approved' || state === 'rejected';
    return queueItemView(super.viewOf(rec), {
      decided,
      // Only asked of an undecided item: the draw may need a triage run.
      auditDraw: !decided && this.auditDraw(rec) !== undefined,
      groupWords: this.group?.words,
      informative: this.registry.ctx.list.sort === 'informative',
      blind: Settings.queueBlind(),
    });
  }

  /**
   * The audit draw number if triage's audit sample drew this item: only while the queue follows
   * "most informative first" (which interleaves the draws and has the triage run at hand; in another
   * order it would cost a triage per decision), and never in a group review (the curator's choice).
   */
  private auditDraw(rec: Recommendation): number | undefined {
    const list = this.registry.ctx.list;
    if (this.group || list.sort !== 'informative') return undefined;
    return this.registry.ctx.curation.triage.auditDraw(list, rec['@id']);
  }

  protected override showMessage(rec: Recommendation): Extract<ToWebview, { type: 'show' }> {
    const show = super.showMessage(rec);
    // The queue's header says what remains; "N more pending" beside it would say it twice, differently.
    delete show.view.remaining;
    const next = Settings.confirmReject() ? undefined : this.queue.peek();
    if (next) {
      show.next = this.viewOf(next);
      delete show.next.remaining;
      // The service's reasons for the next item, ready by the time the curator gets there.
      if (show.next.explanations.length && this.registry.explanations.mayLoad(next)) void this.registry.explanations.load(next);
    }
    return { ...show, queue: this.statusNow() };
  }

  protected override onReady(): void {
    if (this.otherConnection) {
      this.stopped = true;
      this.panel.title = vscode.l10n.t('Review Queue: stopped');
      const message = stoppedText(this.startedName ?? this.startedFor ?? '');
      this.post({ type: 'queueEnd', queue: stoppedHeader(this.statusNow()), message, heading: endHeading('stopped') });
      return;
    }
    if (this.stopped) {
      // Back on its own connection: it goes on where it was.
      this.stopped = false;
      this.setTitle(this.statusNow());
    }
    if (this.queue.atEnd) this.post({ type: 'queueEnd', queue: this.statusNow(), message: this.endMessage(), ...this.emptyHeading() });
    else super.onReady();
  }

  /** A queue that had nothing to review at all is not "finished": it says the list is empty. */
  private emptyHeading(): { heading?: string } {
    if (this.lost) return { heading: endHeading('lost') };
    const s = this.queue.status();
    const nothing = s.done + s.skipped === 0 && !this.queue.loadFailed && this.registry.ctx.session.state.kind === 'ready';
    return nothing ? { heading: endHeading('empty') } : {};
  }

  protected override async onMessage(message: ComparisonPageMessage): Promise<void> {
    // Keys pressed on a page that shows another item than this panel's are stale: dropped.
    if ((message.recommendationId ?? '') !== this.recommendationId) return;
    // Started on another connection: no key acts; the page (which may have drawn the next item
    // ahead) is told again that the queue stopped.
    if (this.otherConnection && (message.type === 'queue' || message.type === 'decide' || message.type === 'unsure')) return this.onReady();
    if (message.type === 'queue') return this.act(message.action);
    // Paused (the service does not answer): nothing is sent; the item stays on screen, said why.
    if (message.type === 'decide' && this.paused) {
      const entry = this.queue.current();
      if (entry) this.showEntry(entry, vscode.l10n.t('Paused, nothing was sent: the service cannot be reached. Try again, or choose “Go on anyway”.'));
      return;
    }
    // Clearing a mark keeps the item on screen, undecided: the panel's own path.
    if (message.type === 'clearUnsure') return this.navigating ? undefined : super.onMessage(message);
    const entry = this.queue.current();
    if (message.type === 'unsure') {
      if (this.navigating || this.busy || !this.rec || (entry?.state !== 'pending' && entry?.state !== 'skipped')) return;
      // Unsure keeps it pending: the queue moves on as after a skip, and says so.
      if (await this.onUnsure(this.rec)) await this.navigate(() => this.queue.skip(), vscode.l10n.t('Marked unsure: kept pending, nothing was sent; left out of bulk decisions.'));
      return;
    }
    // The page may have drawn the next item already: say that this key was not acted on.
    if (this.navigating && message.type === 'decide') return this.post({ type: 'notice', message: vscode.l10n.t('Nothing sent: the queue was still moving. Press the key again.'), tone: 'info' });
    // A decided item shown again by ← is read-only; a skipped one can still be decided.
    if (this.navigating || (entry?.state !== 'pending' && entry?.state !== 'skipped')) return;
    // A reject to confirm, or a connection that changed, take the panel's own path (a dialog, a refusal).
    if (message.type === 'decide' && this.rec && !this.busy && !this.decidedElsewhere && this.sameConnection && !(message.verdict === 'reject' && Settings.confirmReject())) {
      return this.decideAhead(this.rec, message.verdict);
    }
    await super.onMessage(message);
  }

  /**
   * The next item is shown at once — the page has drawn it already from `next` — and the decision
   * goes to the service behind it (the next item within 50 ms, the outcome follows). The
   * entry counts as decided meanwhile; if the service refuses, it is pending again (← goes back to
   * it) or gone, and the status line says so.
   */
  private async decideAhead(rec: Recommendation, verdict: Verdict): Promise<void> {
    const id = rec['@id'];
    const wait = Settings.undoMs();
    const pendingText = wait ? waitingText(verdict, rec, Math.round(wait / 1000)) : sendingText(verdict, rec);
    this.queue.decided(id, verdict, pendingText);
    this.sentFromHere.add(id);
    const moved = this.navigate(() => this.queue.forward(), wait ? pendingText : undefined);
    // The queue's U is its undo: no notification per item. The line counts down, and U is on, while it waits.
    // A failure to reach the service is said in the queue's bar (and the status bar): no notification each.
    const countdown = wait ? undoCountdown(() => this.undo.remaining(id), (s) => this.tellWaiting(id, verdict, rec, s)) : undefined;
    const outcome = await decideRecommendation(this.registry.ctx, verdict, rec, { notifyUndo: false, audit: this.auditDraw(rec), quietOffline: true });
    countdown?.dispose();
    this.sentFromHere.delete(id);
    await moved;
    if (outcome.status === 'approved' || outcome.status === 'rejected') this.queue.decided(id, verdict, outcome.message);
    else this.queue.undecided(id, outcome.status === 'gone' ? 'gone' : 'pending');
    const { message, tone } = queueNotice(outcome, verdict, rec);
    if (this.recommendationId === id && this.queue.current()) this.showEntry(this.queue.current() as QueueEntry, message);
    else {
      this.postStatus();
      this.post({ type: 'notice', message, tone });
    }
  }

  /** The seconds left before the decision on `id` is sent, and U on (the latest waiting decision of this queue speaks). */
  private tellWaiting(id: string, verdict: Verdict, rec: Recommendation, seconds: number): void {
    if (this.undo.latest([...this.sentFromHere]) !== id) return;
    this.post({ type: 'queueStatus', queue: this.statusNow() });
    this.post({ type: 'notice', message: waitingText(verdict, rec, seconds), tone: 'info' });
  }

  private act(action: QueueAction): Promise<void> {
    switch (action) {
      case 'skip':
        return this.navigate(() => this.queue.skip());
      // With nothing to go back to or undo, nothing happens (the page says so by itself).
      case 'back':
        return this.queue.canBack ? this.navigate(() => this.queue.back()) : Promise.resolve();
      case 'fullQueue':
        return this.restart();
      case 'tryAgain':
        return this.tryAgain();
      case 'goOn':
        this.goingOn = true;
        this.postStatus();
        return Promise.resolve();
      case 'retryFailed':
        return Promise.resolve(vscode.commands.executeCommand(Commands.retryFailedDecisions)).then(() => undefined);
      case 'undo': {
        // A decision of this queue still in its undo period first (the one on screen, else the
        // latest), then the last skip.
        const waiting = this.undo.isWaiting(this.recommendationId) ? this.recommendationId : this.undo.latest([...this.sentFromHere]);
        if (waiting !== undefined && this.undo.cancel(waiting)) {
          this.queue.undecided(waiting, 'pending');
          return this.navigate(() => this.queue.goTo(waiting), vscode.l10n.t('Undone: nothing was sent; this recommendation is pending again.'));
        }
        return this.queue.canUndo ? this.navigate(() => this.queue.undoSkip(), vscode.l10n.t('Skip undone: this recommendation is pending again.')) : Promise.resolve();
      }
    }
  }

  /** Try Again Now: the service asked at once; the bar says what it answered. */
  private async tryAgain(): Promise<void> {
    if (await this.health.checkNow()) return;
    this.post({ type: 'notice', message: vscode.l10n.t('Still no answer: {0}', this.health.unreachable?.message ?? ''), tone: 'error' });
  }

  protected override async afterDecision(rec: Recommendation, verdict: Verdict, done: SingleDecision): Promise<void> {
    this.queue.decided(rec['@id'], verdict, done.message);
    await this.navigate(() => this.queue.forward(), done.message);
  }

  /** Left the list at the service: marked so (not counted as done) and the queue moves on, saying so once. */
  protected override async afterGone(rec: Recommendation, gone: SingleDecision): Promise<void> {
    this.queue.gone(rec['@id']);
    await this.navigate(() => this.queue.forward(), movedOnText(gone));
  }

  /** Decisions made in this queue still waiting out their undo period (U can take them back). */
  private readonly sentFromHere = new Set<string>();

  private get undo() {
    return this.registry.ctx.curation.undo;
  }

  /** The queue's counts, with U offered while one of its decisions can still be undone. */
  private statusNow(): QueueHeader {
    // The queue walks the tree's order and filter: its header says which; a group's queue says
    // which group instead (the tree's order and filter do not apply to it).
    const group = this.group;
    const scope = group ? undefined : this.registry.ctx.list.describeScope();
    this.scopeSent = scope;
    return queueHeader(this.queue.status(), {
      undoWaiting: this.undo.latest([...this.sentFromHere]) !== undefined,
      scope,
      group,
      down: this.otherConnection ? undefined : this.health.unreachable,
      goingOn: this.goingOn,
      failed: this.failedHere(),
    });
  }

  override pendingChanged(change: PendingChange): void {
    // Our own decision in flight: the move after it sends the new counts.
    if (this.busy && change.id === this.recommendationId) return;
    this.groupSource?.pendingChanged(change.id, change.pending);
    if (change.pending) this.queue.restored(change.id);
    else this.queue.gone(change.id);
    super.pendingChanged(change);
    // Any decision changes "remaining", whichever recommendation it was about.
    if (!this.navigating) this.postStatus();
  }
}
