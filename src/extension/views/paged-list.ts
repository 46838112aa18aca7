// A tree of records fetched page by page from the service, with a trailing "Load N more" node
// (as microsoft/vscode-pull-request-github's category nodes do), progress shown on the view itself,
// and loading, empty and error states said in the view's message: never a silent empty tree.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Page } from '../../api/model';
import type { ErrorReporter } from '../error-reporter';
import type { Session } from '../connection/session';

export type ListNode<T> =
  | { kind: 'record'; record: T }
  | { kind: 'child'; item: vscode.TreeItem; parent: T }
  | { kind: 'more'; provider: PagedList<T> };

export abstract class PagedList<T> implements vscode.TreeDataProvider<ListNode<T>>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ListNode<T> | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  protected records: T[] = [];
  protected total: number | undefined;
  /** Settles when the load in progress (if any) has finished; tests and bulk actions wait on it. */
  loading: Promise<void> = Promise.resolve();
  private nextPage: number | undefined = 0;
  private generation = 0;
  private inFlight: AbortController | undefined;
  private busy = false;
  view: vscode.TreeView<ListNode<T>> | undefined;

  constructor(
    readonly viewId: string,
    protected readonly session: Session,
    protected readonly errors: ErrorReporter,
    protected readonly pageSize = 50,
  ) {}

  /** What this list is, for messages ("recommendations"). */
  protected abstract readonly noun: string;
  protected abstract fetchPage(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<T>>;
  protected abstract recordItem(record: T): vscode.TreeItem;
  protected childItems(_record: T): vscode.TreeItem[] {
    return [];
  }

  attach(view: vscode.TreeView<ListNode<T>>): void {
    this.view = view;
  }

  /** Drops what is shown and loads the first page again. */
  async refresh(): Promise<void> {
    this.inFlight?.abort();
    this.generation++;
    this.busy = false;
    this.records = [];
    this.total = undefined;
    this.nextPage = 0;
    this.changed.fire(undefined);
    await this.loadMore();
  }

  loadMore(): Promise<void> {
    const page = this.nextPage;
    // One load at a time per generation: a second click on "Load more" waits for the first.
    if (page === undefined || this.busy) return this.loading;
    this.busy = true;
    const generation = this.generation;
    this.loading = this.load(page, generation).finally(() => {
      if (generation === this.generation) this.busy = false;
    });
    return this.loading;
  }

  /** The records shown, in order. */
  shown(): readonly T[] {
    return this.records;
  }

  /** The service's total, when it reports one (the recommendation list). */
  get knownTotal(): number | undefined {
    return this.total;
  }

  get hasMore(): boolean {
    return this.nextPage !== undefined;
  }

  private async load(page: number, generation: number): Promise<void> {
    const state = this.session.state;
    if (state.kind !== 'ready') {
      this.setMessage(undefined);
      this.changed.fire(undefined);
      return;
    }
    const client = await this.session.client();
    if (!client) {
      this.setMessage('Not connected: sending the token over plain http was declined.');
      return;
    }
    if (generation !== this.generation) return;
    const controller = (this.inFlight = new AbortController());
    this.setMessage(this.records.length ? undefined : `Loading ${this.noun}…`);
    try {
      const result = await vscode.window.withProgress({ location: { viewId: this.viewId } }, () =>
        this.fetchPage(client, page, controller.signal),
      );
      if (generation !== this.generation) return;
      this.records.push(...result.data);
      this.total = result.total;
      this.nextPage = result.hasNextPage ? page + 1 : undefined;
      this.setMessage(this.records.length ? this.summary() : this.emptyMessage());
    } catch (e) {
      if (generation !== this.generation) return;
      this.setMessage(`Could not load ${this.noun}: ${this.errors.report(e, `Loading ${this.noun}`)}`);
    } finally {
      if (this.inFlight === controller) this.inFlight = undefined;
      this.changed.fire(undefined);
    }
  }

  protected emptyMessage(): string {
    return `No ${this.noun}.`;
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
    const [record] = this.records.splice(index, 1);
    if (this.total !== undefined) this.total--;
    this.changed.fire(undefined);
    this.afterChange();
    return () => {
      this.records.splice(Math.min(index, this.records.length), 0, record);
      if (this.total !== undefined) this.total++;
      this.changed.fire(undefined);
      this.afterChange();
    };
  }

  protected afterChange(): void {
    this.setMessage(this.records.length ? this.summary() : this.emptyMessage());
  }

  getTreeItem(node: ListNode<T>): vscode.TreeItem {
    if (node.kind === 'record') return this.recordItem(node.record);
    if (node.kind === 'child') return node.item;
    const shown = this.records.length;
    const of = this.total !== undefined ? ` (${shown.toLocaleString('en-US')} of ${this.total.toLocaleString('en-US')})` : ` (${shown.toLocaleString('en-US')} shown)`;
    const item = new vscode.TreeItem(`Load ${this.pageSize} more${of}`);
    item.iconPath = new vscode.ThemeIcon('more');
    item.command = { command: 'dedupCurator.loadMore', title: 'Load More', arguments: [this.viewId] };
    item.contextValue = 'loadMore';
    return item;
  }

  getChildren(node?: ListNode<T>): ListNode<T>[] {
    if (!node) {
      const nodes: ListNode<T>[] = this.records.map((record) => ({ kind: 'record', record }));
      if (this.nextPage !== undefined && this.records.length) nodes.push({ kind: 'more', provider: this });
      return nodes;
    }
    if (node.kind === 'record') return this.childItems(node.record).map((item) => ({ kind: 'child', item, parent: node.record }));
    return [];
  }

  dispose(): void {
    this.inFlight?.abort();
    this.changed.dispose();
  }
}
