// A tree of records fetched page by page from the service, with a trailing "Load N more" node
// (as microsoft/vscode-pull-request-github's category nodes do), progress shown on the view itself,
// and loading, empty and error states said in the view's message: never a silent empty tree.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { LoadAllResult, WholeList } from '../../api/load-all';
import type { Page } from '../../api/model';
import { type PageOutcome, Pager } from '../../api/pager';
import { resumingFetcher } from '../../api/paging';
import type { ErrorReporter } from '../error-reporter';
import type { Session } from '../connection/session';
import type { LastLook, ListKey } from './last-look';
import type { ViewChoices } from './view-choices';
import { Commands, TreeItemKinds } from '../ids';
import { LoadAllRun } from './load-all-run';
import { Settings } from '../settings';
import { shownItem } from './shown-item';

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
  /** The pages loaded so far: one request at a time, aborted by a refresh (src/api/pager.ts). */
  private readonly pager = new Pager<T>((page, signal) => this.fetchForPager(page, signal), { keyOf: recordKey });
  /** The page load in progress (or the last one, settled). */
  private pageLoading: Promise<void> = Promise.resolve();
  /** "Load all": its run in progress, how the last was asked for, its resumptions (load-all-run.ts). */
  private readonly all = new LoadAllRun({
    noun: () => this.noun,
    loadedText: () => this.loadedText(),
    abortPage: () => this.pager.abort(),
    warn: (message) => this.errors.warn(message),
    ended: () => this.redraw(),
  });
  /** Counts refreshes, so a "load all" of an earlier generation stops. */
  private generation = 0;
  /** Where and when the page on its way was asked for (for the last-look store). */
  private request: { baseUrl: string; at: Date } | undefined;
  view: vscode.TreeView<ListNode<T>> | undefined;
  /** Fixed for one generation, so "Load N more" and the pages agree after a settings change. */
  protected pageSize = 50;
  /** The sync before the one on screen, for "since last look" (per base URL). */
  private previousLook: { baseUrl: string; at: Date | undefined } | undefined;

  constructor(
    readonly viewId: string,
    protected readonly session: Session,
    protected readonly errors: ErrorReporter,
    protected readonly lastLook?: LastLook,
  ) {}

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
  protected abstract fetchPage(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<T>>;
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

  /** Every record loaded so far (the pager's array: remove() splices it). */
  protected get records(): T[] {
    return this.pager.records;
  }

  /** Changes whenever the loaded records change (Pager.revision): what is derived from them can be kept per revision. */
  get revision(): number {
    return this.pager.revision;
  }

  protected get total(): number | undefined {
    return this.pager.total;
  }

  protected set total(n: number | undefined) {
    this.pager.total = n;
  }

  /** Drops what is shown and loads the first page again. */
  async refresh(): Promise<void> {
    this.followConnection();
    this.pager.reset();
    this.generation++;
    this.cleared();
    this.pageSize = Settings.pageSize(this.listKey);
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
    return all ? all.then(() => this.pageLoading) : this.pageLoading;
  }

  loadMore(): Promise<void> {
    // One load at a time per generation: a second click on "Load more" waits for the first.
    if (!this.pager.hasMore || this.pager.busy) return this.pageLoading;
    this.pageLoading = this.pager.loadMore().then((outcome) => this.settle(outcome));
    return this.pageLoading;
  }

  /**
   * Loads the remaining pages, up to `limit` records, for what needs the whole list (a sort, a
   * filter, a search): the service can do neither. With `notify` the progress is a cancellable
   * notification (the user asked and may wait a while), else only the view's bar. A second call
   * while one runs joins it.
   */
  loadAll(limit: number, notify: boolean): Promise<LoadAllResult> {
    return this.all.start(this.wholeList(this.session.baseUrl), limit, notify);
  }

  /** This list as loadRemaining sees it: a reload goes on only while the session reads `baseUrl`. */
  private wholeList(baseUrl: string | undefined): WholeList {
    const sameSource = () => this.session.baseUrl === baseUrl;
    return {
      count: () => this.records.length,
      hasMore: () => this.pager.hasMore,
      nextPage: () => this.pager.nextPage,
      generation: () => this.generation,
      sameSource,
      loadMore: () => this.loadMore(),
    };
  }

  /** "50 of 206 loaded", "50 loaded". */
  loadedText(): string {
    const n = this.records.length.toLocaleString('en-US');
    return this.total !== undefined ? vscode.l10n.t('{0} of {1} loaded', n, this.total.toLocaleString('en-US')) : vscode.l10n.t('{0} loaded', n);
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
  protected visible(): T[] {
    return this.records;
  }

  /** The service's total, when it reports one (the recommendation list). */
  get knownTotal(): number | undefined {
    return this.total;
  }

  get hasMore(): boolean {
    return this.pager.hasMore;
  }

  /** One page for the pager, once the session has a client; undefined (nothing asked) without one. */
  private async fetchForPager(page: number, signal: AbortSignal): Promise<Page<T> | undefined> {
    const state = this.session.state;
    if (state.kind !== 'ready') {
      this.setMessage(undefined);
      return undefined;
    }
    const client = await this.session.client();
    if (!client) {
      this.setMessage(vscode.l10n.t('Not connected: sending the token over plain http was declined.'));
      return undefined;
    }
    if (signal.aborted) return undefined;
    this.setMessage(this.records.length ? undefined : vscode.l10n.t('Loading {0}…', this.noun));
    this.request = { baseUrl: state.baseUrl, at: new Date() };
    const resume = this.all.resume;
    const ask = resume ? resumingFetcher<T>((p, s) => this.fetchPage(client, p, s ?? signal), resume) : (p: number, s: AbortSignal) => this.fetchPage(client, p, s);
    return vscode.window.withProgress({ location: { viewId: this.viewId } }, () => ask(page, signal));
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
      if (generation !== this.generation) return;
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
    if (outcome.status === 'loaded') {
      if (outcome.page === 0 && this.request) this.synced(this.request.baseUrl, this.request.at);
      this.setMessage(this.stateMessage());
    } else if (outcome.status === 'failed' && this.all.cancelled) {
      // The user cancelled the Load all: what is loaded stays, said as usual, and is no failure.
      this.setMessage(this.stateMessage());
    } else if (outcome.status === 'failed') {
      const retry = this.retryFrom(outcome.page, this.generation, this.all.resume !== undefined);
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
   * made yet (the walk of issue 13 saw it for 0.7 s on every reload of a 31,919 backlog).
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

  /** Removes a record (after a decision) and returns a function that puts it back where it was. */
  protected remove(match: (r: T) => boolean): (() => void) | undefined {
    const index = this.records.findIndex(match);
    if (index < 0) return undefined;
    const record = this.pager.removeAt(index)!;
    this.shiftTotal(-1);
    return () => {
      this.pager.insertAt(index, record);
      this.shiftTotal(1);
    };
  }

  /**
   * The service's list grew or shrank by `delta` (a record removed or put back, or one this list
   * never loaded decided elsewhere in this window): the known total follows and the view redraws.
   */
  protected shiftTotal(delta: number): void {
    if (this.total !== undefined) this.total += delta;
    this.changed.fire(undefined);
    this.afterChange();
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
        ? vscode.l10n.t(' ({0} of {1})', shown.toLocaleString('en-US'), this.total.toLocaleString('en-US'))
        : vscode.l10n.t(' ({0} loaded)', shown.toLocaleString('en-US'));
    const item = new vscode.TreeItem(vscode.l10n.t('Load {0} more{1}', this.pageSize, of));
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
    this.pager.abort();
    this.changed.dispose();
  }
}
