// What the Locations and Events views share: an "updated since" window (a sliding preset from the
// setting `dedupCurator.defaultTimeWindow` until the user picks another one) and the
// `only_external_updates` flag (the setting `dedupCurator.onlyExternalUpdates`).
import * as vscode from 'vscode';
import { type ListNode, PagedList } from './paged-list';
import { type WindowSpec, parseWindow, sinceOf, storedWindow, windowLabel } from './time-window';
import { Settings } from '../settings';

/** What a view shows while it is searched (the mirror's hits, view-search.ts), instead of its pages. */
export interface ViewSearchResults<T> {
  query: string;
  records: T[];
  /** The view's message: the query, how many results, how fresh the mirror is. */
  message: string;
}

export abstract class WindowedList<T> extends PagedList<T> {
  /** Set while the view shows search results; its pages stay loaded underneath. */
  private searchResults: ViewSearchResults<T> | undefined;
  /** Undefined: follow the default setting. */
  private chosen: WindowSpec | undefined;
  /** Resolved at each refresh, so a preset slides with time. */
  updatedSince: Date = sinceOf(this.window);

  get window(): WindowSpec {
    if (this.chosen) return this.chosen;
    return { kind: 'preset', preset: Settings.defaultTimeWindow() };
  }

  /** Chooses the window (undefined: back to the default) and reloads. */
  setWindow(spec: WindowSpec | undefined): Promise<void> {
    this.chosen = spec;
    void this.choices?.write(this.viewId, 'window', storedWindow(spec));
    return this.refresh();
  }

  protected override restoreChoices(): void {
    this.chosen = this.choices?.read(this.viewId, 'window', parseWindow);
  }

  /** Shows search results instead of the loaded pages (undefined: back to the pages). */
  showSearch(results: ViewSearchResults<T> | undefined): void {
    this.searchResults = results;
    this.redraw();
    this.updateDescription();
  }

  get search(): ViewSearchResults<T> | undefined {
    return this.searchResults;
  }

  protected override visible(): readonly T[] {
    return this.searchResults ? this.searchResults.records : super.visible();
  }

  override getChildren(node?: ListNode<T>): ListNode<T>[] {
    // No "Load more" under search results: they are all the mirror found, whatever is loaded.
    if (!node && this.searchResults) return super.getChildren().filter((n) => n.kind !== 'more');
    return super.getChildren(node);
  }

  protected override setMessage(message: string | undefined): void {
    super.setMessage(this.searchResults ? this.searchResults.message : message);
  }

  protected override afterChange(): void {
    if (this.searchResults) this.setMessage(undefined);
    else super.afterChange();
  }

  get onlyExternalUpdates(): boolean {
    return Settings.onlyExternalUpdates();
  }

  override refresh(): Promise<void> {
    // The window is the connection's: take it before computing the moment it starts.
    this.followConnection();
    this.updatedSince = sinceOf(this.window);
    return super.refresh();
  }

  /** "last 7 days · external updates only", and whatever the subclass adds. */
  protected describeWindow(extra: string[] = []): string {
    const parts = [windowLabel(this.window), ...extra];
    if (this.onlyExternalUpdates) parts.push(vscode.l10n.t('external updates only'));
    return parts.join(' · ');
  }

  protected override summary(): string | undefined {
    this.updateDescription();
    return undefined;
  }

  protected override emptyMessage(): string {
    this.updateDescription();
    return vscode.l10n.t('No {0} updated since {1}.', this.noun, this.updatedSince.toLocaleString());
  }

  protected updateDescription(): void {
    // Search results come from the whole mirror, not from the view's window, so the header must not
    // name the window ("last 30 days") over them.
    if (this.view) this.view.description = this.searchResults ? vscode.l10n.t('search in the mirror') : this.scopeText();
  }

  /** What the list holds, in words ("last 30 days · at Star Studio"): the header and the search say it. */
  scopeText(): string {
    return this.describeWindow(this.scopeExtras());
  }

  /** What a subclass adds to the window in scopeText (the events' start window and location). */
  protected scopeExtras(): string[] {
    return [];
  }
}
