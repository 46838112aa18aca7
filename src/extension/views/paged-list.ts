// A tree of records fetched page by page from the service, with a trailing "Load N more" node
// (as microsoft/vscode-pull-request-github's category nodes do), progress shown on the view itself,
// and loading, empty and error states said in the view's message: never a silent empty tree.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Page } from '../../api/model';
import { type LoadAllResult, type PageOutcome, type PageRequested, PagedSource } from '../../api/paged-source';
import type { Subscription } from '../../api/listeners';
import type { ErrorReporter } from '../error-reporter';
import type { Session } from '../connection/session';
import type { LastLook, ListKey } from './last-look';
import type { ViewChoices } from './view-choices';
import { Commands, TreeItemKinds } from '../ids';
import { LoadAllRun } from './load-all-run';
import { Settings } from '../settings';
import { formatCount } from '../../webview/shared/format';
import { shownItem } from './shown-item';
import { sessionPages } from '../connection/session-pages';

export type ListNode<T> =
  | { kind: 'record'; record: T }
  | { kind: 'child'; item: vscode.TreeItem; parent: T }
  | { kind: 'more'; provider: PagedList<T> };

/** A record's id (a recommendation's `@id`, a location's or event's `id`): one record is listed once. */
function recordKey(record: unknown): string {
  const r = record as { '@id'?: unknown; id?: unknown };
  return String(r['@id'] ?? r.id);
}

export abstract class PagedList<T> implements vscode.TreeDataProvider<ListNode<T>>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ListNode<T> | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /**
   * The records shown, read page by page (src/api/paged-source.ts): the list's own, or one the
   * extension shares (the pending backlog the Recommendations tree draws).
   */
  private readonly pager: PagedSource<T>;
  private readonly subscriptions: Subscription[];
  /** "Load all": its run in progress, how the last was asked for (load-all-run.ts). */
  private readonly all = new LoadAllRun({
    noun: () => this.noun,
    loadedText: () => this.loadedText(),
    warn: (message) => this.errors.warn(message),
    ended: () => this.redraw(),
  });
  /** Where and when the page on its way was asked for (for the last-look store). */
  private request: { baseUrl: string; at: Date } | undefined;
  view: vscode.TreeView<ListNode<T>> | undefined;
  /** The sync before the one on screen, for "since last look" (per base URL). */
  private previousLook: { baseUrl: string; at: Date | undefined } | undefined;

  constructor(
    readonly viewId: string,
    protected readonly session: Session,
    protected readonly errors: ErrorReporter,
    protected readonly lastLook?: LastLook,
    source?: PagedSource<T>,
  ) {
    this.pager = source ?? new PagedSource<T>(sessionPages(session, (client, r) => this.fetchPage!(client, r.page, r.signal)), { keyOf: recordKey });
    this.subscriptions = [
      this.pager.onDidRequest((r) => this.requested(r)),
      this.pager.onDidSettle((outcome) => this.settle(outcome)),
      this.pager.onDidChange(() => this.redraw()),
    ];
  }

  /** Fixed for one generation, so "Load N more" and the pages agree after a settings change. */
  protected get pageSize(): number {
    return this.pager.pageSize;
  }

  /** Where the user's choices for this view (sort, filters, window) are kept across restarts. */
  protected choices?: ViewChoices;

  /** The connection whose choices the view has now (they are kept per connection). */
  private choicesScope: string | undefined;

  /** Restores the choices kept for this view; call before the first refresh. */
  useChoices(choices: ViewChoices): void {
    this.choices = choices;
    this.choicesScope = choices.scope;
    this.restoreChoices();
  }

  /**
   * After a switch of connection, the new connection's choices (or the defaults), before anything
   * is loaded: another service's filter must not apply here, not even for one page.
   */
  protected followConnection(): void {
    if (!this.choices || this.choices.scope === this.choicesScope) return;
    this.choicesScope = this.choices.scope;
    this.restoreChoices();
  }

  /** Subclasses with choices read them back here, falling back to their defaults. */
  protected restoreChoices(): void {}

  /** Called when the list is emptied for a reload, before its first page comes. */
  protected cleared(): void {}

  /** What this list is, for messages ("recommendations"). */
  protected abstract readonly noun: string;
  /** Its key in the settings `dedupCurator.pageSize.*` and in the last-look store. */
  protected abstract readonly listKey: ListKey;
  /** One page of this list, for a list that reads its own pages (one given a shared source has none). */
  protected fetchPage?(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<T>>;
  protected abstract recordItem(record: T): vscode.TreeItem;
  /**
   * A record's tooltip, built only when the user hovers (resolveTreeItem): VS Code asks for every
   * item of a long list at once, and the tooltips were most of that cost.
   */
  protected recordTooltip(_record: T): string | undefined {
    return undefined;
  }
  protected childItems(_record: T): vscode.TreeItem[] {
    return [];
  }

  attach(view: vscode.TreeView<ListNode<T>>): void {
    this.view = view;
  }

  /** Every record loaded so far. */
  protected get records(): readonly T[] {
    return this.pager.records;
  }

  /** Changes whenever the loaded records change (PagedSource.revision): what is derived from them can be kept per revision. */
  get revision(): number {
    return this.pager.revision;
  }

  protected get total(): number | undefined {
    return this.pager.total;
  }

  /** Drops what is shown and loads the first page again. */
  async refresh(): Promise<void> {
    this.followConnection();
    this.pager.reset(Settings.pageSize(this.listKey));
    this.cleared();
    this.changed.fire(undefined);
    await this.loadMore();
  }

  /** When this list was last synced before the load on screen (undefined: never, with this connection). */
  lastLookTime(): Date | undefined {
    const baseUrl = this.session.baseUrl;
    if (this.previousLook && this.previousLook.baseUrl === baseUrl) return this.previousLook.at;
    return this.lastLook?.get(baseUrl, this.listKey);
  }

  /** Settles when the load in progress (a page, or a whole "load all") has finished; tests and bulk actions wait on it. */
  get loading(): Promise<void> {
    const all = this.all.current;
    return all ? all.then(() => this.pager.loading) : this.pager.loading;
  }

  /** The next page; a second click on "Load more" while one is on its way waits for it. */
  async loadMore(): Promise<void> {
    await this.pager.loadMore();
  }

  /** The next page: one asked now, or the next one a "load all" under way brings (PagedSource.loadNext). */
  async loadNext(): Promise<void> {
    await this.pager.loadNext();
  }

  /**
   * Loads the remaining pages, up to `limit` records, for what needs the whole list (a sort, a
   * filter, a search): the service can do neither. With `notify` the progress is a cancellable
   * notification (the user asked and may wait a while), else only the view's bar. A second call
   * while one runs joins it.
   */
  loadAll(limit: number, notify: boolean): Promise<LoadAllResult> {
    const baseUrl = this.session.baseUrl;
    // A refresh meanwhile: the run goes on only while the session reads the same service.
    return this.all.start(this.pager, { limit, sameSource: () => this.session.baseUrl === baseUrl }, notify);
  }

  /** "50 of 206 loaded", "50 loaded". */
  loadedText(): string {
    const n = formatCount(this.records.length);
    return this.total !== undefined ? vscode.l10n.t('{0} of {1} loaded', n, formatCount(this.total)) : vscode.l10n.t('{0} loaded', n);
  }

  /** The records shown, in order (after any filter and sort of the view). */
  shown(): readonly T[] {
    return this.visible();
  }

  /** Every record loaded so far, in server order. */
  loaded(): readonly T[] {
    return this.records;
  }

  /** What the tree shows of the loaded records; views with a filter or sort override it. */
  protected visible(): readonly T[] {
    return this.records;
  }

  /** The service's total, when it reports one (the recommendation list). */
  get knownTotal(): number | undefined {
    return this.total;
  }

  get hasMore(): boolean {
    return this.pager.hasMore;
  }

  /** A page on its way: the view's progress bar until it settles, and "Loading…" while the view is empty. */
  private requested(request: PageRequested): void {
    if (!this.records.length) this.setMessage(vscode.l10n.t('Loading {0}…', this.noun));
    const baseUrl = this.session.baseUrl;
    if (request.page === 0 && baseUrl) this.request = { baseUrl, at: new Date() };
    void vscode.window.withProgress({ location: { viewId: this.viewId } }, () => request.settled);
  }

  /**
   * What Retry does after a page failed: a failed first page reloads every view (they fail together,
   * one notification for all, so they heal together); a later page goes on from the page that
   * failed, keeping what is loaded — with the loadAll it stopped, if one did.
   */
  private retryFrom(page: number, generation: number, duringAll: boolean): () => unknown {
    if (page === 0) return () => vscode.commands.executeCommand(Commands.refresh);
    return async () => {
      // The run that failed may still be winding up (a quick click): go on after it, not join it.
      await this.loading;
      // A refresh since then started over anyway; its own failures have their own Retry.
      if (generation !== this.pager.generation) return;
      const last = this.all.last;
      await (duringAll && last ? this.continueAll(last.limit, last.notify) : this.loadMore());
    };
  }

  /** Goes on with a loadAll that stopped on a failed page; views that track their whole-list load override it. */
  protected continueAll(limit: number, notify: boolean): Promise<unknown> {
    return this.loadAll(limit, notify);
  }

  /** What a page's outcome shows: the summary or the empty message, or the failure (reported once for all views). */
  private settle(outcome: PageOutcome<T>): void {
    if (outcome.status === 'skipped') {
      // Nothing was asked: no connection yet (the views say so themselves), or plain http declined.
      const declined = this.session.state.kind === 'ready' && this.pager.hasMore;
      this.setMessage(declined ? vscode.l10n.t('Not connected: sending the token over plain http was declined.') : undefined);
    } else if (outcome.status === 'loaded') {
      if (outcome.page === 0 && this.request) this.synced(this.request.baseUrl, this.request.at);
      this.setMessage(this.stateMessage());
    } else if (outcome.status === 'failed' && this.all.cancelled) {
      // The user cancelled the Load all: what is loaded stays, said as usual, and is no failure.
      this.setMessage(this.stateMessage());
    } else if (outcome.status === 'failed') {
      const retry = this.retryFrom(outcome.page, this.pager.generation, this.pager.running !== undefined);
      this.setMessage(vscode.l10n.t('Could not load {0}: {1}', this.noun, this.errors.report(outcome.error, vscode.l10n.t('Loading {0}', this.noun), retry)));
    }
    this.changed.fire(undefined);
  }

  private synced(baseUrl: string, at: Date): void {
    this.previousLook = { baseUrl, at: this.lastLook?.get(baseUrl, this.listKey) };
    void this.lastLook?.record(baseUrl, this.listKey, at);
  }

  protected emptyMessage(): string {
    return vscode.l10n.t('No {0}.', this.noun);
  }

  /**
   * The view's message as the list stands: its summary, the empty message once the service has
   * answered with nothing, or, before the first page is in, that it is on its way — "No pending
   * recommendations: every candidate duplicate has been decided." is a claim the service has not
   * made yet (on a large backlog the first page can take most of a second).
   */
  private stateMessage(): string | undefined {
    if (this.records.length) return this.summary();
    if (this.pager.nextPage === 0) return this.pager.busy ? vscode.l10n.t('Loading {0}…', this.noun) : undefined;
    return this.emptyMessage();
  }

  protected summary(): string | undefined {
    return undefined;
  }

  protected setMessage(message: string | undefined): void {
    if (this.view) this.view.message = message;
  }

  protected afterChange(): void {
    this.setMessage(this.stateMessage());
  }

  /** Re-renders after a change of filter or sort that needs no request. */
  protected redraw(): void {
    this.changed.fire(undefined);
    this.afterChange();
  }

  resolveTreeItem(item: vscode.TreeItem, node: ListNode<T>): vscode.TreeItem {
    if (node.kind === 'record' && item.tooltip === undefined) item.tooltip = this.recordTooltip(node.record);
    return shownItem(item);
  }

  getTreeItem(node: ListNode<T>): vscode.TreeItem {
    if (node.kind === 'record') return shownItem(this.recordItem(node.record));
    if (node.kind === 'child') return shownItem(node.item);
    const shown = this.records.length;
    // "Loaded", not "shown": a filter of the view may show fewer than have been fetched.
    const of =
      this.total !== undefined
        ? vscode.l10n.t(' ({0} of {1})', formatCount(shown), formatCount(this.total))
        : vscode.l10n.t(' ({0} loaded)', formatCount(shown));
    const item = new vscode.TreeItem(vscode.l10n.t('Load {0} more{1}', formatCount(this.pageSize), of));
    item.iconPath = new vscode.ThemeIcon('more');
    item.command = { command: Commands.loadMore, title: vscode.l10n.t('Load More'), arguments: [this.viewId] };
    item.contextValue = TreeItemKinds.loadMore;
    return this.moreItem(item);
  }

  /** The trailing "Load N more" node; a view whose sort or filter wants the whole list offers "Load all". */
  protected moreItem(item: vscode.TreeItem): vscode.TreeItem {
    return item;
  }

  /**
   * One node object per record, kept while the record is: TreeView.reveal and the selection find
   * elements by identity, so a keybinding or a test can select the node getChildren returned.
   */
  private readonly nodes = new WeakMap<object, ListNode<T>>();

  private recordNode(record: T): ListNode<T> {
    const key = record as object;
    let node = this.nodes.get(key);
    if (!node) this.nodes.set(key, (node = { kind: 'record', record }));
    return node;
  }

  getParent(node: ListNode<T>): ListNode<T> | undefined {
    return node.kind === 'child' ? this.recordNode(node.parent) : undefined;
  }

  getChildren(node?: ListNode<T>): ListNode<T>[] {
    if (!node) {
      const nodes: ListNode<T>[] = this.visible().map((record) => this.recordNode(record));
      // Offered whenever the server has more, even if a filter hides every loaded record.
      if (this.pager.hasMore && this.records.length) nodes.push({ kind: 'more', provider: this });
      return nodes;
    }
    if (node.kind === 'record') return this.childItems(node.record).map((item) => ({ kind: 'child', item, parent: node.record }));
    return [];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.pager.cancel();
    this.changed.dispose();
  }
}
