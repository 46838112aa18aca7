// The review queue: a comparison page walking through the pending recommendations in the tree's
// current order and filter (or one triage group's members), by keyboard (the keys are read in the
// webview, src/webview/comparison/queue-keys.ts, and arrive here as validated `queue` and `decide`
// messages). Decisions go through the same path as everywhere (decideRecommendation: journal,
// tree, errors); skips, back and undo are local. It owns a ComparisonView for its page, the walk
// (ReviewQueue) and its state; its page's messages (queue-messages.ts, queue-actions.ts,
// queue-decide-ahead.ts), what it follows (queue-listeners.ts) and what its page gets (queue-page.ts)
// are files of their own.
import * as vscode from 'vscode';
import type { Recommendation } from '../../api/model';
import type { ToWebview } from '../../webview/comparison/protocol';
import type { PendingChange } from '../../curation/pending-backlog';
import type { PanelRegistry } from './comparison-panel';
import { decidedElsewhereText } from './comparison-decide';
import { ComparisonView, type ShownItem } from './comparison-view';
import { QueueConnection } from './queue-connection';
import { GroupSource, type ReviewGroup } from './queue-group';
import { type QueueHeader, endHeading, queueHeader, queueTitle, stoppedHeader } from './queue-header';
import { queueListeners } from './queue-listeners';
import { type MessagedQueue, type QueueStep, queueMessage } from './queue-messages';
import { hadNothingToReview, queueEnd, queueShow } from './queue-page';
import { type QueueEntry, ReviewQueue } from './queue-state';
import { treeSource } from './queue-tree-source';
import { WaitingDecisions } from './queue-waiting';

export type { QueueStep } from './queue-messages';

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

export class QueuePanel implements MessagedQueue {
  /** Its page, which the registry (comparison-panels.ts) and the tests reach through this: the webview panel, readiness, messages. */
  readonly view: ComparisonView;
  /** Replaced when the queue starts over on a group or on the whole list (restart). */
  queue: ReviewQueue;
  private state: QueueState = { kind: 'starting' };
  private stepNow: QueueStep = 'idle';
  readonly connection: QueueConnection;
  readonly waiting: WaitingDecisions;
  /** Set while the queue walks one triage group's members ("Review samples"); else the tree's list. */
  private groupSource: GroupSource | undefined;
  /** The scope the page's header shows (the last header). */
  scopeSent: string | undefined;

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly registry: PanelRegistry,
  ) {
    this.view = new ComparisonView(panel, extensionUri, registry, {
      ready: () => this.onReady(),
      message: (m) => queueMessage(this, m),
      used: () => undefined,
      current: () => this.shownItem?.rec,
    });
    this.queue = new ReviewQueue(treeSource(registry.ctx.list));
    this.connection = new QueueConnection(registry.ctx);
    this.waiting = new WaitingDecisions(registry.ctx.curation.undo);
    this.view.panel.title = vscode.l10n.t('Review Queue');
    const listeners = queueListeners(this);
    this.view.onDidDispose(() => listeners.forEach((d) => d.dispose()));
  }

  get ctx() {
    return this.registry.ctx;
  }

  /** What runs now (keys meanwhile are dropped). */
  get step(): QueueStep {
    return this.stepNow;
  }

  setStep(step: QueueStep): void {
    this.stepNow = step;
  }

  /** The state, looking through a stop (what the queue goes back to). */
  private get walk(): Exclude<QueueState, { kind: 'stopped' }> {
    return this.state.kind === 'stopped' ? this.state.was : this.state;
  }

  /** The item on screen, if the queue is on one. */
  get shownItem(): ShownItem | undefined {
    const walk = this.walk;
    return walk.kind === 'walking' ? walk.item : undefined;
  }

  /** The id of the item on screen ('' before the first and at the end). */
  get recommendationId(): string {
    return this.shownItem?.rec['@id'] ?? '';
  }

  get recommendation(): Recommendation | undefined {
    return this.shownItem?.rec;
  }

  get decidedElsewhere(): boolean {
    return this.shownItem?.elsewhere !== undefined;
  }

  get decisionStatus() {
    return this.shownItem?.decision;
  }

  get noticeShown(): string | undefined {
    const walk = this.walk;
    return walk.kind === 'starting' ? undefined : walk.kind === 'walking' ? walk.item.notice : walk.notice;
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

  get inGroup(): boolean {
    return this.groupSource !== undefined;
  }

  private get lost(): LostGroup | undefined {
    const walk = this.walk;
    return walk.kind === 'group-lost' ? walk : undefined;
  }

  /** The counts in the page and the tab's title, from one status (they must agree). */
  postStatus(): void {
    const queue = this.statusNow();
    this.setTitle(queue);
    this.view.send({ type: 'queueStatus', queue });
  }

  private setTitle(s: QueueHeader): void {
    this.view.panel.title = queueTitle(s, { atEnd: this.queue.atEnd, lost: this.lost !== undefined, empty: hadNothingToReview(this.facts) });
  }

  /**
   * Starts over in the same panel: on `group`'s members (Review samples), or without one on the
   * tree's whole list (the group queue's "Full queue", Start Review Queue). Local skips and counts
   * start afresh; decisions still in their undo period stay undoable by U.
   */
  async restart(group?: ReviewGroup, startId?: string, notice?: string): Promise<void> {
    // Mid-step the page and the old queue would disagree on the item on screen: not now.
    if (this.step !== 'idle') return;
    this.groupSource = group && new GroupSource(group, (id) => this.ctx.curation.triage.isUnsure(id));
    this.queue = new ReviewQueue(this.groupSource ?? treeSource(this.ctx.list));
    this.state = { kind: 'starting' };
    this.view.panel.reveal();
    await this.begin(startId, notice);
  }

  /**
   * After a reload: the group this queue walked cannot be brought back. It says so and waits — "Full
   * queue" goes on with the whole list, the Triage panel's Review starts a group again — rather than
   * walking the whole list in its place.
   */
  async groupLost(saved: { key: string; words: string }, why: string): Promise<void> {
    // The key stays in the page's state: a later reload tries the group again.
    this.groupSource = new GroupSource({ ...saved, members: [], baseUrl: this.ctx.session.baseUrl }, () => false);
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
    if (this.stepNow !== 'idle') return;
    this.stepNow = 'moving';
    try {
      const entry = await step();
      if (entry) this.showEntry(entry, notice);
      else if (this.queue.atEnd) this.showEnd(notice);
    } finally {
      this.stepNow = 'idle';
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
    this.view.panel.title = queueTitle(this.statusNow(), { atEnd: true, lost: lost !== undefined, empty: hadNothingToReview(this.facts) });
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
    const list = this.ctx.list;
    if (this.group || list.sort !== 'informative') return undefined;
    return this.ctx.curation.triage.auditDraw(list, rec['@id']);
  }

  private get facts() {
    return { ctx: this.registry.ctx, explanations: this.registry.explanations, view: this.view, queue: this.queue, groupWords: this.group?.words, header: () => this.statusNow(), auditDraw: (rec: Recommendation) => this.auditDraw(rec) };
  }

  /** Sends the page everything it should show (again). */
  redraw(): void {
    this.onReady();
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
    this.view.panel.title = vscode.l10n.t('Review Queue: stopped');
    this.view.send({ type: 'queueEnd', queue: stoppedHeader(this.statusNow()), message: this.connection.stoppedText(), heading: endHeading('stopped') });
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

  /** The queue's counts, with U offered while one of its decisions can still be undone. */
  statusNow(): QueueHeader {
    // The queue walks the tree's order and filter: its header says which; a group's queue says
    // which group instead (the tree's order and filter do not apply to it).
    const group = this.group;
    const scope = group ? undefined : this.ctx.list.describeScope();
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
    // The item on screen taken out elsewhere (buttons off), or put back (on again); not this queue's own decision.
    const item = this.shownItem;
    if (item && change.id === this.recommendationId && this.step !== 'deciding' && item.decision?.state !== 'done') this.view.pendingChanged(item, change.pending);
    // Any decision changes "remaining", whichever recommendation it was about.
    if (this.step !== 'moving') this.postStatus();
  }
}
