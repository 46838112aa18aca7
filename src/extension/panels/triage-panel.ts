// The Triage panel: the backlog at a glance — score histogram coloured by your decisions,
// your approval rate by score, the pattern groups as a sortable table with Review (the review queue
// on that group: its pending members, most informative first), Approve… and Reject… (Decide a
// Group, with its list and confirmation). One panel; opening it again reveals and refreshes it. The
// page is src/webview/triage/ (strict CSP, nonce, text only, its strings in the user's language);
// its messages are checked by BasePanel against TriagePageMessage (src/webview/triage/protocol.ts).
import * as vscode from 'vscode';
import { Commands, PanelTypes } from '../ids';
import type { Recommendation } from '../../api/model';
import type { TriageResult } from '../../triage/triage';
import { TriagePageMessage } from '../../webview/triage/from-page';
import type { ToTriageWebview, TriagePanelData } from '../../webview/triage/protocol';
import type { Curation } from '../curation/context';
import { NoClientError, readTriage } from '../curation/group-command';
import { isDedupError } from '../../api/errors';
import { flagWord } from '../triage/flag-labels';
import { reviewGroupFrom } from './queue-group-restore';
import { BasePanel, type PanelPage, panelOptions } from './base-panel';
import { triagePanelData } from './triage-data';
import { certificateWords } from './triage-words';
import { rescoredBetween, scoresOf } from './triage-rescored';

/** The page of the Triage panel (src/webview/triage/; its charts' styles in media/triage.css). */
const TRIAGE_PAGE: PanelPage<TriagePageMessage> = { script: 'triage-webview.js', styles: ['webview.css', 'triage.css'], messages: TriagePageMessage };

export class TriagePanel extends BasePanel<ToTriageWebview, TriagePageMessage> {
  private pending: Recommendation[] = [];
  private result: TriageResult | undefined;
  private loading: Promise<void> | undefined;
  /** The service the groups were computed on, and its name for the page (a review queue or a group decision must be on the same one). */
  private computed: { baseUrl: string; label: string } | undefined;
  /** Answers, decisions or the connection changed since the groups were computed: recompute when seen. */
  private stale = false;
  private staleTimer: ReturnType<typeof setTimeout> | undefined;
  /** The panel has computed (or started to) once: from then on it follows the connection and the answers. */
  private followed = false;
  /** How long the last computation took (reading the list and triage), in ms. */
  private lastComputeMs = 0;
  /**
   * Why there are no groups — no active connection, or the computation failed (the service is
   * down) — said in the page, again to a page that loads meanwhile; `retry` offers Refresh there.
   */
  private unavailable: { message: string; retry: boolean } | undefined;
  /** The scores of the last read, and the connection it was of: the next read compares its scores with them. */
  private lastRead: { baseUrl: string; scores: Map<string, number> } | undefined;
  /** The latest re-scoring seen on this connection (said in the page until the connection changes). */
  private rescored: TriagePanelData['rescored'];
  /** What the page was last sent (tests read it as the user reads the page). */
  private drawn: TriagePanelData | undefined;

  constructor(
    panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
    private readonly c: Curation,
  ) {
    super(panel, extensionUri, c.log, TRIAGE_PAGE);
    this.panel.title = vscode.l10n.t('Triage');
    // The groups are a computation over one service's list and the journal's answers: they follow
    // both. A group decision reads the backlog again anyway; what must not happen is a table of one
    // service under another's name, or counts from before the curator's last answers (after a switch,
    // an old table's Approve… would offer the other service's group of the same pattern).
    // Recomputing reads every pending page, so changes are gathered for a moment, and a hidden panel
    // recomputes when it is shown again.
    this.disposables.push(
      c.session.onDidChange((state) => {
        if (state.kind !== 'ready') {
          // No service to compute for (a connection added, its token not yet set): the old groups go.
          // The next ready state computes.
          if (this.computed) this.waitForConnection();
          return;
        }
        if (state.baseUrl === this.computed?.baseUrl) return;
        const computing = vscode.l10n.t('The connection changed to {0}: computing its groups…', state.label);
        // The table (or the failure) of the connection before goes at once: onReady shows no groups of another backlog.
        if (!this.result && this.followed) this.unavailable = { message: computing, retry: false };
        this.changed(computing);
        this.onReady();
      }),
      // The header's counts follow the answers at once (one source: this connection's backlog and
      // journal); the groups follow when computed again. Until then the page said "0 decisions
      // learnt from" beside an approval rate of n = 14, and a pending count of before the answers.
      c.triage.onDidChange(() => {
        this.changed(vscode.l10n.t('Your decisions changed: computing the groups again…'));
        this.redrawCounts();
      }),
      c.backlog.onDidChangePending((change) => this.pendingChanged(change.id, change.pending)),
      // The header's pending count is the backlog's total, which also falls for a decided
      // recommendation the tree never loaded (a group's member): that changes no loaded record.
      c.backlog.onDidChange(() => {
        if (this.drawn && this.drawn.pending !== this.pendingTotal) this.redrawCounts();
      }),
      this.panel.onDidChangeViewState(() => {
        if (this.panel.visible && this.stale) this.changed();
      }),
      { dispose: () => clearTimeout(this.staleTimer) },
    );
  }

  /**
   * No service to compute for (no connection, or one added whose token is not set yet): the groups
   * shown go (they must not stay under a "no active connection" line), and the next ready state
   * computes.
   */
  waitForConnection(): void {
    this.followed = true;
    this.stale = true;
    this.result = undefined;
    this.pending = [];
    this.computed = undefined;
    this.unavailable = { message: vscode.l10n.t('There is no active connection: connect to a service; this panel computes its groups when it is ready.'), retry: false };
    this.onReady();
  }

  /** Recommendations that left the backlog (decided) or came back (that decision failed), kept while the groups wait to be computed again. */
  private readonly left = new Map<string, Recommendation>();

  private pendingChanged(id: string, pending: boolean): void {
    if (!this.result || this.computed?.baseUrl !== this.c.session.baseUrl) return;
    if (!pending) {
      const i = this.pending.findIndex((r) => r['@id'] === id);
      if (i < 0) return;
      this.left.set(id, this.pending[i]);
      this.pending = [...this.pending.slice(0, i), ...this.pending.slice(i + 1)];
    } else {
      const back = this.left.get(id);
      if (!back) return;
      this.left.delete(id);
      this.pending = [...this.pending, back];
    }
    this.redrawCounts();
  }

  /** The header's pending count: the backlog's total, as the tree and the status bar show it. */
  private get pendingTotal(): number {
    return this.c.backlog.total ?? this.pending.length;
  }

  /** The page's counts again from the backlog and the journal as they are now (a shown page only: a hidden one is sent them when shown). */
  private redrawCounts(): void {
    if (this.result && this.panel.visible) this.onReady();
  }

  /** Something the groups depend on changed: say so at once, recompute shortly (when visible). */
  private changed(message?: string): void {
    // Not before the panel's own first computation (a restored panel waits for the session's first state).
    if (!this.followed) return;
    this.stale = true;
    if (message) this.say(message);
    clearTimeout(this.staleTimer);
    if (!this.panel.visible) return;
    // Computing reads every pending page (≈ 100 requests and several seconds at 20,000): while the
    // curator answers faster than that, wait for a pause twice as long as the last computation took.
    this.staleTimer = setTimeout(
      () => {
        if (this.isDisposed || !this.stale) return;
        void this.refresh();
      },
      Math.max(1000, 2 * this.lastComputeMs),
    );
  }

  /** The groups as last computed (tests read them as the user reads the table). */
  get groups(): TriageResult['groups'] {
    return this.result?.groups ?? [];
  }

  /** Reads every pending recommendation again and triages them; the page is redrawn. */
  refresh(): Promise<void> {
    this.followed = true;
    this.loading ??= (async () => {
      // A change during the computation makes it stale again (its answers may have missed it).
      this.stale = false;
      const state = this.c.session.state;
      const started = performance.now();
      let loaded: Awaited<ReturnType<typeof readTriage>> | undefined;
      try {
        loaded = await readTriage(this.c, undefined);
      } catch (e) {
        this.failed(state, e);
      }
      if (loaded) {
        this.c.health.markReachable();
        // Only a computation that ran counts: a read that failed after its retries would make the next wait long.
        this.lastComputeMs = performance.now() - started;
        this.unavailable = undefined;
        this.computed = state.kind === 'ready' ? { baseUrl: state.baseUrl, label: state.label } : undefined;
        this.pending = loaded.pending;
        this.noteRescoring(state.kind === 'ready' ? state.baseUrl : undefined, loaded.pending);
        this.left.clear();
        this.result = loaded.result;
        if (state.kind === 'ready') this.syncTree(loaded.pending.length, state.baseUrl);
      }
      this.onReady();
    })().finally(() => {
      this.loading = undefined;
      if (this.stale && !this.isDisposed) this.changed();
    });
    return this.loading;
  }

  /** Compares this read's scores with the last read's of the same connection (a service that learns re-scores as answers come). */
  private noteRescoring(baseUrl: string | undefined, read: readonly Recommendation[]): void {
    if (!baseUrl || this.lastRead?.baseUrl !== baseUrl) this.rescored = undefined;
    const last = this.lastRead;
    const change = last && last.baseUrl === baseUrl ? rescoredBetween(last.scores, read) : undefined;
    if (change) this.rescored = { ...change, at: Date.now() };
    this.lastRead = baseUrl ? { baseUrl, scores: scoresOf(read) } : undefined;
  }

  /**
   * The Recommendations view's pending count is the service's as it last loaded, moved by the
   * decisions made here: when the backlog just read says otherwise (decided in another window,
   * recommendations made moot by an approval, a service restarted), the view loads again, so the
   * two never disagree (the walk: "21,496 pending" here beside a tree of 21,442). Not while a
   * decision waits out its undo period: the service still lists it, the view rightly does not.
   */
  private syncTree(read: number, baseUrl: string): void {
    const list = this.c.recommendations;
    const shown = list.knownTotal;
    if (shown === undefined || shown === read || this.c.session.baseUrl !== baseUrl || this.c.undo.latest() !== undefined) return;
    this.c.log.info(`triage read ${read} pending where the Recommendations view says ${shown}: the view loads again`);
    void list.loading.then(() => (list.knownTotal === shown ? list.refresh() : undefined));
  }

  /**
   * The computation failed: its groups (and any of the connection before) go, and the page says why
   * with Refresh, rather than a table of another backlog with live Review / Approve… / Reject… and
   * the failure in a notification only (a switch to a service that is down).
   */
  private failed(state: typeof this.c.session.state, e: unknown): void {
    const name = state.kind === 'ready' ? state.label : (this.c.session.active?.name ?? '');
    const why = e instanceof NoClientError ? e.message : this.c.errors.explain(e, vscode.l10n.t('Triage'));
    // Not reached: the status bar (and a review queue) say so too, until the service answers.
    if (isDedupError(e) && (e.kind === 'network' || e.kind === 'timeout')) this.c.health.markUnreachable(why);
    this.computed = state.kind === 'ready' ? { baseUrl: state.baseUrl, label: state.label } : undefined;
    this.result = undefined;
    this.pending = [];
    this.left.clear();
    this.unavailable = { message: vscode.l10n.t('Could not compute the groups of "{0}": {1} Refresh tries again.', name, why), retry: true };
  }

  /** Why the page shows no groups ('' when it shows them). */
  get unavailableReason(): string {
    return this.unavailable?.message ?? '';
  }

  /** What the page was last sent to draw (undefined while it shows no groups). */
  get shown(): TriagePanelData | undefined {
    return this.drawn;
  }

  /** The name of the connection the groups were computed on ('' before the first computation). */
  get computedOn(): string {
    return this.computed?.label ?? '';
  }

  /** How many pending recommendations the groups were computed on (0 before the first computation). */
  get pendingCount(): number {
    return this.pending.length;
  }

  /** A line in the page's status area (a restored panel with no connection to read from). */
  say(message: string): void {
    this.post({ type: 'notice', message });
  }

  protected onReady(): void {
    if (!this.result) {
      this.drawn = undefined;
      if (this.unavailable) this.post({ type: 'none', ...this.unavailable });
      return;
    }
    // A table of another connection's backlog is not shown (its actions would act on nothing of this one).
    const active = this.c.session.state;
    if (active.kind === 'ready' && active.baseUrl !== this.computed?.baseUrl) {
      this.drawn = undefined;
      this.post({ type: 'none', message: vscode.l10n.t('The connection changed to {0}: computing its groups…', active.label) });
      return;
    }
    // The counts of the header, the histogram and the approval rate: this connection's backlog and
    // journal as they are now; the groups as last computed.
    const data = triagePanelData(this.pending, this.c.triage.labels, this.result, flagWord, certificateWords());
    this.drawn = { ...data, pending: this.pendingTotal, connection: this.computed?.label ?? '', ...(this.rescored ? { rescored: this.rescored } : {}) };
    this.post({ type: 'triage', data: this.drawn });
  }

  protected async onMessage(message: TriagePageMessage): Promise<void> {
    if (message.type === 'refresh') return this.refresh();
    if (!this.drawn) return this.refresh();
    const group = this.result?.groups.find((g) => g.key === message.key);
    if (!group) return this.post({ type: 'notice', message: vscode.l10n.t('That group is no longer in the backlog: refresh.') });
    if (message.action === 'review') {
      // The review queue on this group: its pending members (not unsure), most informative first.
      const review = reviewGroupFrom(this.c, this.result!, this.pending, group, this.computed?.baseUrl);
      if (!review.members.length) return this.post({ type: 'notice', message: vscode.l10n.t('Nothing in this group can be reviewed (all marked unsure).') });
      await vscode.commands.executeCommand(Commands.startReviewQueue, { group: review });
      return;
    }
    // The same pattern on another service is another group: decide nothing from a table of another one.
    if (this.computed?.baseUrl !== this.c.session.baseUrl) {
      this.say(vscode.l10n.t('These groups were computed on another connection: computing them for this one…'));
      return this.refresh();
    }
    const summary = await vscode.commands.executeCommand(Commands.decideGroup, { group: group.key, verdict: message.action });
    if (summary) await this.refresh();
  }
}

/**
 * The one Triage panel: opened (or revealed and refreshed) by the command, and brought back after a
 * window reload by the serializer. Its page keeps no state (TriageStateSchema): a restored panel
 * shows "loading" until it has read the list again and recomputed the groups, so groups computed
 * before the reload are never shown, let alone acted on.
 */
export class TriagePanels implements vscode.WebviewPanelSerializer, vscode.Disposable {
  private panel: TriagePanel | undefined;

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly c: Curation,
    /** Settles when the session knows its first state (after a reload: the local sandbox restarted). */
    private readonly ready: Promise<void>,
  ) {}

  get current(): TriagePanel | undefined {
    return this.panel;
  }

  async open(): Promise<TriagePanel> {
    if (this.panel) {
      this.panel.panel.reveal();
      await this.panel.refresh();
      return this.panel;
    }
    const created = this.track(vscode.window.createWebviewPanel(PanelTypes.triage, vscode.l10n.t('Triage'), vscode.ViewColumn.Active, panelOptions(this.extensionUri)));
    await created.refresh();
    return created;
  }

  /** The page saves no state (`_state` is undefined): everything is read again. */
  async deserializeWebviewPanel(panel: vscode.WebviewPanel, _state?: unknown): Promise<void> {
    if (this.panel) return panel.dispose();
    const restored = this.track(panel);
    // Before the session's first state there is no connection to read the list from.
    await this.ready;
    if (restored.isDisposed) return;
    if (this.c.session.state.kind !== 'ready') return restored.waitForConnection();
    await restored.refresh();
  }

  private track(webviewPanel: vscode.WebviewPanel): TriagePanel {
    const created = new TriagePanel(webviewPanel, this.extensionUri, this.c);
    this.panel = created;
    created.onDidDispose(() => {
      if (this.panel === created) this.panel = undefined;
    });
    return created;
  }

  dispose(): void {
    this.panel?.dispose();
  }
}

export function registerTriagePanel(context: vscode.ExtensionContext, c: Curation, ready: Promise<void>): [TriagePanels, ...vscode.Disposable[]] {
  const panels = new TriagePanels(context.extensionUri, c, ready);
  return [panels, vscode.window.registerWebviewPanelSerializer(PanelTypes.triage, panels), vscode.commands.registerCommand(Commands.openTriage, () => panels.open())];
}
