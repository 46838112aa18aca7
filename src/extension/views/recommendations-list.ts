// Pending recommendations: the entities' names, the score as a percentage with a coloured cue, the
// integrations involved; children are the entities. The view's badge shows the pending total.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Page, Recommendation } from '../../api/model';
import { PagedList } from './paged-list';
import { addressLine, integrationName, tooltipLines, percent, scoreIcon } from './labels';
import { type RecommendationFilter, type SortOrder, describeFilter, isFiltered, matches, sortRecords } from './recommendation-filter';
import { parseRecommendationFilter, parseSortOrder } from './view-choices';

/** See RecommendationsList.onDidChangePending. */
export interface PendingChange {
  id: string;
  pending: boolean;
}

/**
 * Sorting and filtering act on the pages loaded so far (the service has neither): the description
 * says so ("filtered: ≥ 90% · 37 of 150 loaded"), and "Load more" keeps fetching server pages.
 */
export class RecommendationsList extends PagedList<Recommendation> {
  protected readonly noun = vscode.l10n.t('pending recommendations');
  protected readonly listKey = 'recommendations';
  private filterValue: RecommendationFilter = {};
  private sortValue: SortOrder = 'server';

  get filter(): RecommendationFilter {
    return this.filterValue;
  }

  set filter(f: RecommendationFilter) {
    this.applyFilter(f);
    void this.choices?.write(this.viewId, 'filter', f);
    this.redraw();
  }

  private applyFilter(f: RecommendationFilter): void {
    this.filterValue = f;
    void vscode.commands.executeCommand('setContext', 'dedupCurator.recommendations.filtered', isFiltered(f));
  }

  get sort(): SortOrder {
    return this.sortValue;
  }

  set sort(order: SortOrder) {
    this.sortValue = order;
    void this.choices?.write(this.viewId, 'sort', order);
    this.redraw();
  }

  protected override restoreChoices(): void {
    this.sortValue = this.choices?.read(this.viewId, 'sort', parseSortOrder) ?? this.sortValue;
    const filter = this.choices?.read(this.viewId, 'filter', parseRecommendationFilter);
    if (filter) this.applyFilter(filter);
  }

  protected override visible(): Recommendation[] {
    const kept = isFiltered(this.filterValue) ? this.records.filter((r) => matches(r, this.filterValue)) : this.records;
    return sortRecords(kept, this.sortValue);
  }

  /** The integrations of the loaded recommendations' entities, for the filter's quick pick. */
  integrationsSeen(): string[] {
    const seen = new Set<string>();
    for (const r of this.records) for (const e of r.entities) if (e.integration) seen.add(e.integration);
    return [...seen].sort();
  }

  protected fetchPage(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<Recommendation>> {
    return client.listRecommendations({ page, pageSize: this.pageSize }, { signal });
  }

  protected recordItem(r: Recommendation): vscode.TreeItem {
    const names = r.entities.map((e) => e.name || e['@id']);
    const label = names.length > 2 ? `${names[0]} ⇄ ${names[1]} +${names.length - 2}` : names.join(' ⇄ ');
    const item = new vscode.TreeItem(label || r['@id'], vscode.TreeItemCollapsibleState.Collapsed);
    const integrations = [...new Set(r.entities.map((e) => integrationName(e.integration)))];
    item.id = r['@id'];
    item.description = `${percent(r.score)} · ${integrations.join(', ')}`;
    item.iconPath = scoreIcon(r.score);
    item.contextValue = 'recommendation';
    // A click opens the comparison (the twistie still expands the entities).
    item.command = { command: 'dedupCurator.openComparison', title: vscode.l10n.t('Open Comparison'), arguments: [r] };
    return item;
  }

  protected override recordTooltip(r: Recommendation): string {
    return tooltipLines([
      [vscode.l10n.t('Score'), percent(r.score)],
      [vscode.l10n.t('Recommendation'), r['@id']],
      ...r.entities.map((e, i): [string, string] => [vscode.l10n.t('Entity {0}', i + 1), `${e.name ?? ''} (${integrationName(e.integration)}) ${addressLine(e.address)}`]),
    ]);
  }

  protected override childItems(r: Recommendation): vscode.TreeItem[] {
    return r.entities.map((e) => {
      const item = new vscode.TreeItem(e.name || e['@id']);
      item.id = `${r['@id']}|${e['@id']}`;
      item.description = `${integrationName(e.integration)} · ${e.sourceId ?? ''}`;
      item.iconPath = new vscode.ThemeIcon('location');
      item.contextValue = 'recommendationEntity';
      item.tooltip = tooltipLines([
        [vscode.l10n.t('Name'), e.name],
        [vscode.l10n.t('Address'), addressLine(e.address)],
        [vscode.l10n.t('Telephone'), e.telephone],
        [vscode.l10n.t('URL'), e.url],
        [vscode.l10n.t('Integration'), e.integration],
        [vscode.l10n.t('Source id'), e.sourceId],
        [vscode.l10n.t('Entity'), e['@id']],
      ]);
      return item;
    });
  }

  protected override summary(): string | undefined {
    this.updateBadge();
    if (isFiltered(this.filterValue) && !this.visible().length) {
      return this.hasMore
        ? vscode.l10n.t('None of the {0} loaded recommendations match the filter. Load more, or clear the filter.', this.records.length)
        : vscode.l10n.t('No pending recommendation matches the filter.');
    }
    return undefined;
  }

  protected override emptyMessage(): string {
    this.updateBadge();
    return vscode.l10n.t('No pending recommendations: every candidate duplicate has been decided.');
  }

  private updateBadge(): void {
    if (!this.view) return;
    const pending = this.total?.toLocaleString('en-US');
    this.view.badge = this.total ? { value: this.total, tooltip: vscode.l10n.t('{0} pending recommendations', pending!) } : undefined;
    const parts = pending !== undefined ? [vscode.l10n.t('{0} pending', pending)] : [];
    if (isFiltered(this.filterValue)) {
      parts.push(vscode.l10n.t('filtered: {0} · {1} of {2} loaded', describeFilter(this.filterValue), this.visible().length, this.records.length));
    }
    if (this.sortValue !== 'server') parts.push(this.sortValue === 'score-desc' ? vscode.l10n.t('score ↓') : vscode.l10n.t('score ↑'));
    this.view.description = parts.join(' · ') || undefined;
  }

  private readonly pendingChanged = new vscode.EventEmitter<PendingChange>();
  /**
   * A recommendation left the list because it is being decided (tree, bulk, a panel), or came back
   * because that decision failed. Open comparison panels listen, to say "decided elsewhere".
   */
  readonly onDidChangePending = this.pendingChanged.event;

  /** Takes a decided recommendation out of the list at once; the returned function undoes that. */
  take(id: string): (() => void) | undefined {
    const putBack = this.remove((r) => r['@id'] === id);
    if (!putBack) return undefined;
    this.pendingChanged.fire({ id, pending: false });
    return () => {
      putBack();
      this.pendingChanged.fire({ id, pending: true });
    };
  }

  override dispose(): void {
    this.pendingChanged.dispose();
    super.dispose();
  }

  find(id: string): Recommendation | undefined {
    return this.records.find((r) => r['@id'] === id);
  }

  pending(): readonly Recommendation[] {
    return this.records;
  }
}
