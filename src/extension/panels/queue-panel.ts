// The review queue: a comparison page walking through the pending recommendations in the tree's
// current order and filter (or one triage group's members), by keyboard (the keys are read in the
// webview, src/webview/comparison/queue-keys.ts, and arrive here as validated `queue` and `decide`
// messages). Decisions go through the same path as everywhere (decideRecommendation: journal,
// tree, errors); skips, back and undo are local. It owns a ComparisonView for its page, the walk
// (ReviewQueue), and its state; queue-actions.ts, queue-decide-ahead.ts and queue-page.ts do the rest.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { ComparisonPageMessage, ToWebview } from '../../webview/comparison/protocol';
import type { PendingChange } from '../../curation/pending-backlog';
import { type SingleDecision, movedOnText } from '../curation/decision-messages';
import { markUnsure, clearUnsure } from '../curation/unsure-marks';
import { Settings, affects } from '../settings';
import { SettingKeys } from '../setting-keys';
import type { PanelRegistry } from './comparison-panel';
import { decideShown, decidedElsewhereText } from './comparison-decide';
import { ComparisonView, type ShownItem } from './comparison-view';
import { queueAction } from './queue-actions';
import { QueueConnection } from './queue-connection';
import { decideAhead } from './queue-decide-ahead';
import { GroupSource, type ReviewGroup } from './queue-group';
import { type QueueHeader, backOnlineText, endHeading, queueHeader, queueTitle, stoppedHeader } from './queue-header';
import { queueEnd, queueShow } from './queue-page';
import { type QueueEntry, ReviewQueue } from './queue-state';
import { treeSource } from './queue-tree-source';
import { WaitingDecisions } from './queue-waiting';

/** A restored group queue whose group could not be brought back, and why. */
export interface LostGroup {
  words: string;
  why: string;
}

/**
 * Where the queue is: starting (before its first item), walking (an item on screen), ended (past
 * its last), group-lost (a restored group queue whose group is gone: it waits, it does not walk the
 * whole list instead), stopped (another connection is active: nothing acts until its own is back).
 */
export type QueueState =
  | { kind: 'starting' }
  | { kind: 'walking'; item: ShownItem }
  | { kind: 'ended'; notice?: string }
  | ({ kind: 'group-lost'; notice?: string } & LostGroup)
  | { kind: 'stopped'; was: Exclude<QueueState, { kind: 'stopped' }> };

/** What runs: nothing, a step of the walk (skip, back, undo, the move after a decision), or a decision taken on the panel's path. Keys meanwhile are dropped. */
export type QueueStep = 'idle' | 'moving' | 'deciding';

export class QueuePanel implements vscode.Disposable {
  readonly view: ComparisonView;
  /** Replaced when the queue starts over on a group or on the whole list (restart). */
  queue: ReviewQueue;
  private state: QueueState = { kind: 'starting' };
  private step: QueueStep = 'idle';
  readonly connection: QueueConnection;
  readonly waiting: WaitingDecisions;
  /** Set while the queue walks one triage group's members ("Review samples"); else the tree's list. */
  private groupSource: GroupSource | undefined;
  /** The scope the page's header shows (the last header). */
  private scopeSent: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly registry: PanelRegistry,
  ) {
    this.view = new ComparisonView(panel, extensionUri, registry, {
      ready: () => this.onReady(),
      message: (m) => this.onMessage(m),
      used: () => undefined,
      current: () => this.item?.rec,
    });
    this.queue = new ReviewQueue(treeSource(registry.ctx.list));
    this.connection = new QueueConnection(registry.ctx);
    this.waiting = new WaitingDecisions(registry.ctx.curation.undo);
    this.panel.title = vscode.l10n.t('Review Queue');
    this.disposables.push(...this.listen());
    this.view.onDidDispose(() => this.disposables.splice(0).forEach((d) => d.dispose()));
  }

  private listen(): vscode.Disposable[] {
    const { ctx } = this.registry;
    return [
      // Blind mode switched on or off: the item on screen is drawn again, with or without its score.
      vscode.workspace.onDidChangeConfiguration((e) => affects(e, SettingKeys.queueBlind) && this.step !== 'moving' && this.onReady()),
      // Another connection made active: the tree now lists that service's recommendations, which
      // this queue must not walk into (its items, counts and undo are the first service's). It
      // stops and says so at once, rather than showing a stale item whose keys would send nothing.
      // Back on its own connection, it goes on.
      ctx.session.onDidChange(() => this.step !== 'moving' && this.onReady()),
      // The service could not be reached, or answers again; a decision failed, or was sent again.
      ctx.curation.health.onDidChange(() => this.healthChanged()),
      ctx.curation.failed.onDidChange(() => this.step !== 'moving' && !this.connection.other && this.postStatus()),
      // The header says which sort and filter it follows, and how much of the list they saw: when
      // that changes (a sort chosen, a whole-list load going on) the header follows at once.
      ctx.list.onDidChangeTreeData(() => {
        // A group's queue does not follow the tree's sort and filter (the header says which group).
        if (this.group || ctx.list.describeScope() === this.scopeSent || this.step === 'moving' || this.connection.other || this.queue.atEnd) return;
        this.postStatus();
      }),
    ];
  }

  get panel(): vscode.WebviewPanel {
    return this.view.panel;
  }

  get onDidDispose(): vscode.Event<void> {
    return this.view.onDidDispose;
  }

  get isDisposed(): boolean {
    return this.view.isDisposed;
  }

  get isReady(): boolean {
    return this.view.isReady;
  }

  handleMessage(raw: unknown): Promise<void> {
    return this.view.handleMessage(raw);
  }

  /** The state, looking through a stop (what the queue goes back to). */
  private get walk(): Exclude<QueueState, { kind: 'stopped' }> {
    return this.state.kind === 'stopped' ? this.state.was : this.state;
  }

  /** The item on screen, if the queue is on one. */
  private get item(): ShownItem | undefined {
    const walk = this.walk;
    return walk.kind === 'walking' ? walk.item : undefined;
  }

  /** The id of the item on screen ('' before the first and at the end). */
  get recommendationId(): string {
    return this.item?.rec['@id'] ?? '';
  }

  get recommendation(): Recommendation | undefined {
    return this.item?.rec;
  }

  get decidedElsewhere(): boolean {
    return this.item?.elsewhere !== undefined;
  }

  get decisionStatus() {
    return this.item?.decision;
  }

  get noticeShown(): string | undefined {
    const walk = this.walk;
    return walk.kind === 'starting' ? undefined : walk.kind === 'walking' ? walk.item.notice : walk.notice;
  }

  get viewShown() {
    return this.view.viewShown;
  }

  /** The items came from this service (ComparisonPanels starts anew on another). */
  get startedFor(): string | undefined {
    return this.connection.startedFor;
  }

  /** Paused: the service did not answer, and the curator has not chosen to go on. */
  get paused(): boolean {
    return this.connection.paused;
  }

  /** The triage group this queue walks, if it walks one. */
  get group(): ReviewGroup | undefined {
    return this.groupSource?.group;
  }

  private get lost(): LostGroup | undefined {
    const walk = this.walk;
    return walk.kind === 'group-lost' ? walk : undefined;
  }

  /**
   * Unreachable: the decisions of this queue still in their undo period are held back at once (they
   * would fail one by one, seconds later, while the queue moved on) and listed as not sent. Back:
   * the queue goes on, and says what is left to send.
   */
  private healthChanged(): void {
    if (this.connection.other) return;
    if (this.connection.health.unreachable) {
      for (const id of this.waiting.all()) this.registry.ctx.curation.decisions.holdBack(id);
      if (this.step !== 'moving') this.postStatus();
      return;
    }
    this.connection.goingOn = false;
    const message = backOnlineText(this.connection.failedHere().length);
    if (this.step === 'moving') return;
    this.postStatus();
    this.view.send({ type: 'notice', message, tone: 'ok' });
  }

  /** The counts in the page and the tab's title, from one status (they must agree). */
  postStatus(): void {
    const queue = this.statusNow();
    this.setTitle(queue);
    this.view.send({ type: 'queueStatus', queue });
  }

  private setTitle(s: QueueHeader): void {
    this.panel.title = queueTitle(s, { atEnd: this.queue.atEnd, lost: this.lost !== undefined });
  }

  /**
   * Starts over in the same panel: on `group`'s members (Review samples), or without one on the
   * tree's whole list (the group queue's "Full queue", Start Review Queue). Local skips and counts
   * start afresh; decisions still in their undo period stay undoable by U.
   */
  async restart(group?: ReviewGroup, startId?: string, notice?: string): Promise<void> {
    // Mid-step the page and the old queue would disagree on the item on screen: not now.
    if (this.step !== 'idle') return;
    this.groupSource = group && new GroupSource(group, (id) => this.registry.ctx.curation.triage.isUnsure(id));
    this.queue = new ReviewQueue(this.groupSource ?? treeSource(this.registry.ctx.list));
    this.state = { kind: 'starting' };
    this.panel.reveal();
    await this.begin(startId, notice);
  }

  /**
   * After a reload: the group this queue walked cannot be brought back. It says so and waits — "Full
   * queue" goes on with the whole list, the Triage panel's Review starts a group again — rather than
   * walking the whole list in its place.
   */
  async groupLost(saved: { key: string; words: string }, why: string): Promise<void> {
    // The key stays in the page's state: a later reload tries the group again.
    this.groupSource = new GroupSource({ ...saved, members: [], baseUrl: this.registry.ctx.session.baseUrl }, () => false);
    this.queue = new ReviewQueue(this.groupSource);
    this.state = { kind: 'group-lost', words: saved.words, why };
    await this.begin();
  }

  /** Shows the first item: `startId` if it is pending (a restored queue), else the tree's first; `notice` said with it. */
  begin(startId?: string, notice?: string): Promise<void> {
    this.connection.startHere();
    return this.navigate(() => this.queue.start(startId), notice);
  }

  /** Runs one step of the walk and shows where it led: an item, or the end. */
  async navigate(step: () => QueueEntry | undefined | Promise<QueueEntry | undefined>, notice?: string): Promise<void> {
    if (this.step !== 'idle') return;
    this.step = 'moving';
    try {
      const entry = await step();
      if (entry) this.showEntry(entry, notice);
      else if (this.queue.atEnd) this.showEnd(notice);
    } finally {
      this.step = 'idle';
    }
  }

  /** Shows an entry of the walk as it stands: decided here, gone, or to decide. */
  showEntry(entry: QueueEntry, notice?: string): void {
    // Every item of the queue is from the service it was started on (Start Review Queue again after a switch).
    const item: ShownItem = { rec: entry.rec, shownFor: this.connection.startedFor, notice };
    if ((entry.state === 'approved' || entry.state === 'rejected') && entry.outcome) {
      item.decision = { state: 'done', verdict: entry.state === 'approved' ? 'approve' : 'reject', message: entry.outcome };
    } else if (entry.state === 'gone') {
      item.elsewhere = decidedElsewhereText();
    }
    this.setWalk({ kind: 'walking', item });
    this.setTitle(this.statusNow());
    this.onReady();
  }

  private showEnd(notice?: string): void {
    const lost = this.lost;
    this.setWalk(lost ? { kind: 'group-lost', ...lost, notice } : { kind: 'ended', notice });
    this.panel.title = queueTitle(this.statusNow(), { atEnd: true, lost: lost !== undefined });
    this.onReady();
  }

  /** Moves the walk on, kept behind a stop if the queue is stopped. */
  private setWalk(walk: Exclude<QueueState, { kind: 'stopped' }>): void {
    this.state = this.state.kind === 'stopped' ? { kind: 'stopped', was: walk } : walk;
  }

  /**
   * The audit draw number if triage's audit sample drew this item: only while the queue follows
   * "most informative first" (which interleaves the draws and has the triage run at hand; in another
   * order it would cost a triage per decision), and never in a group review (the curator's choice).
   */
  auditDraw(rec: Recommendation): number | undefined {
    const list = this.registry.ctx.list;
    if (this.group || list.sort !== 'informative') return undefined;
    return this.registry.ctx.curation.triage.auditDraw(list, rec['@id']);
  }

  private get facts() {
    return { ctx: this.registry.ctx, explanations: this.registry.explanations, view: this.view, queue: this.queue, groupWords: this.group?.words, header: () => this.statusNow(), auditDraw: (rec: Recommendation) => this.auditDraw(rec) };
  }

  private onReady(): void {
    if (this.connection.other) return this.stop();
    if (this.state.kind === 'stopped') {
      // Back on its own connection: it goes on where it was.
      this.state = this.state.was;
      this.setTitle(this.statusNow());
    }
    const state = this.state;
    if (state.kind === 'walking') return this.view.draw(state.item, (rec) => queueShow(this.facts, rec, state.item.notice));
    if (state.kind === 'ended' || state.kind === 'group-lost') {
      this.view.send({ type: 'queueEnd', queue: this.statusNow(), ...queueEnd(this.facts, { lost: this.lost, notice: state.notice }) });
    }
  }

  /** Another connection is active: the queue stops, and says on which connection it goes on. */
  private stop(): void {
    if (this.state.kind !== 'stopped') this.state = { kind: 'stopped', was: this.state };
    this.panel.title = vscode.l10n.t('Review Queue: stopped');
    this.view.send({ type: 'queueEnd', queue: stoppedHeader(this.statusNow()), message: this.connection.stoppedText(), heading: endHeading('stopped') });
  }

  private async onMessage(message: ComparisonPageMessage): Promise<void> {
    // Keys pressed on a page that shows another item than this panel's are stale: dropped.
    if ((message.recommendationId ?? '') !== this.recommendationId) return;
    // Started on another connection: no key acts; the page (which may have drawn the next item
    // ahead) is told again that the queue stopped.
    if (this.connection.other && (message.type === 'queue' || message.type === 'decide' || message.type === 'unsure')) return this.onReady();
    if (message.type === 'queue') return queueAction(this, message.action);
    // Paused (the service does not answer): nothing is sent; the item stays on screen, said why.
    if (message.type === 'decide' && this.connection.paused) {
      const entry = this.queue.current();
      if (entry) this.showEntry(entry, vscode.l10n.t('Paused, nothing was sent: the service cannot be reached. Try again, or choose “Go on anyway”.'));
      return;
    }
    if (message.type === 'clearUnsure') return this.clearMark();
    const entry = this.queue.current();
    const undecided = entry?.state === 'pending' || entry?.state === 'skipped';
    if (message.type === 'unsure') return undecided ? this.markUnsure() : undefined;
    // The page may have drawn the next item already: say that this key was not acted on.
    if (this.step === 'moving' && message.type === 'decide') return this.view.send({ type: 'notice', message: vscode.l10n.t('Nothing sent: the queue was still moving. Press the key again.'), tone: 'info' });
    // A decided item shown again by ← is read-only; a skipped one can still be decided.
    if (this.step === 'moving' || !undecided) return;
    if (message.type === 'undo') return void this.registry.ctx.curation.undo.cancel(message.recommendationId);
    return this.decide(message.verdict);
  }

  /** Clearing a mark keeps the item on screen, undecided, its state and the queue's counts kept. */
  private async clearMark(): Promise<void> {
    const rec = this.item?.rec;
    if (!rec || this.step !== 'idle') return;
    if (!(await clearUnsure(this.registry.ctx.curation, rec['@id']))) return;
    const entry = this.queue.current();
    if (entry?.rec['@id'] === rec['@id']) this.showEntry(entry, vscode.l10n.t('Unsure mark cleared: pending as before, part of bulk and group decisions again. Nothing was sent.'));
  }

  /** Unsure keeps it pending: the note is asked for, and the queue moves on as after a skip, and says so. */
  private async markUnsure(): Promise<void> {
    const rec = this.item?.rec;
    if (!rec || this.step !== 'idle') return;
    const marked = await markUnsure(this.registry.ctx.curation, rec);
    // The input box took the focus: give it back to the page so its keys work again.
    this.panel.reveal(undefined, false);
    if (marked) await this.navigate(() => this.queue.skip(), vscode.l10n.t('Marked unsure: kept pending, nothing was sent; left out of bulk decisions.'));
  }

  /**
   * A or R: decided ahead (the next item at once); a reject to confirm, or a connection that
   * changed, take the comparison page's own path (a dialog, a refusal) and move on after it.
   */
  private async decide(verdict: 'approve' | 'reject'): Promise<void> {
    const item = this.item;
    if (!item || this.step !== 'idle' || item.elsewhere) return;
    const sameConnection = this.registry.ctx.session.baseUrl === item.shownFor;
    if (sameConnection && !(verdict === 'reject' && Settings.confirmReject())) return decideAhead(this, item.rec, verdict);
    await decideShown(this.registry.ctx, item.rec, verdict, sameConnection, {
      deciding: (inFlight) => (this.step = inFlight ? 'deciding' : 'idle'),
      status: (status) => {
        if (this.item === item) item.decision = status;
        this.view.send({ type: 'decision', recommendationId: this.recommendationId, status });
      },
      notice: (message) => this.view.send({ type: 'notice', message, tone: 'info' }),
      decided: (done) => this.afterDecision(item.rec, verdict, done),
      gone: (gone) => this.afterGone(item.rec, gone),
    });
  }

  private async afterDecision(rec: Recommendation, verdict: 'approve' | 'reject', done: SingleDecision): Promise<void> {
    this.queue.decided(rec['@id'], verdict, done.message);
    await this.navigate(() => this.queue.forward(), done.message);
  }

  /** Left the list at the service: marked so (not counted as done) and the queue moves on, saying so once. */
  private async afterGone(rec: Recommendation, gone: SingleDecision): Promise<void> {
    this.queue.gone(rec['@id']);
    await this.navigate(() => this.queue.forward(), movedOnText(gone));
  }

  /** The outcome of a decision ahead: with its item if that is on screen again, else in the bar. */
  sayOutcome(id: string, notice: { message: string; tone: Extract<ToWebview, { type: 'notice' }>['tone'] }): void {
    const current = this.queue.current();
    if (this.recommendationId === id && current) return this.showEntry(current, notice.message);
    this.postStatus();
    this.view.send({ type: 'notice', ...notice });
  }

  /** The countdown of the latest decision waiting to be sent, and U on. */
  sayWaiting(message: string): void {
    this.view.send({ type: 'queueStatus', queue: this.statusNow() });
    this.view.send({ type: 'notice', message, tone: 'info' });
  }

  get ctx() {
    return this.registry.ctx;
  }

  /** The queue's counts, with U offered while one of its decisions can still be undone. */
  statusNow(): QueueHeader {
    // The queue walks the tree's order and filter: its header says which; a group's queue says
    // which group instead (the tree's order and filter do not apply to it).
    const group = this.group;
    const scope = group ? undefined : this.registry.ctx.list.describeScope();
    this.scopeSent = scope;
    const { connection } = this;
    return queueHeader(this.queue.status(), {
      undoWaiting: this.waiting.latest() !== undefined,
      scope,
      group,
      down: connection.other ? undefined : connection.health.unreachable,
      goingOn: connection.goingOn,
      failed: connection.failedHere(),
    });
  }

  pendingChanged(change: PendingChange): void {
    // Our own decision in flight: the move after it sends the new counts.
    if (this.step === 'deciding' && change.id === this.recommendationId) return;
    this.groupSource?.pendingChanged(change.id, change.pending);
    if (change.pending) this.queue.restored(change.id);
    else this.queue.gone(change.id);
    this.itemPendingChanged(change);
    // Any decision changes "remaining", whichever recommendation it was about.
    if (this.step !== 'moving') this.postStatus();
  }

  /** The item on screen taken out elsewhere (buttons off), or put back (on again). */
  private itemPendingChanged(change: PendingChange): void {
    const item = this.item;
    if (change.id !== this.recommendationId || !item || this.step === 'deciding' || item.decision?.state === 'done') return;
    if (!change.pending) {
      item.elsewhere = decidedElsewhereText();
      this.view.send({ type: 'gone', recommendationId: this.recommendationId, message: item.elsewhere });
    } else if (item.elsewhere) {
      item.elsewhere = undefined;
      this.view.send({ type: 'pending', recommendationId: this.recommendationId, message: vscode.l10n.t('The decision made elsewhere did not go through: this recommendation is pending again.') });
    }
  }

  dispose(): void {
    this.view.dispose();
  }
}
