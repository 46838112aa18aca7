// Pending recommendations: the entities' names, the score as a percentage with a coloured cue, the
// integrations involved; children are the entities. The view's badge shows the pending total.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Page, Recommendation } from '../../api/model';
import { PagedList } from './paged-list';
import { addressLine, integrationName, markdownLines, percent, scoreIcon } from './labels';

export class RecommendationsList extends PagedList<Recommendation> {
  protected readonly noun = 'pending recommendations';

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
    item.tooltip = markdownLines([
      ['Score', percent(r.score)],
      ['Recommendation', r['@id']],
      ...r.entities.map((e, i): [string, string] => [`Entity ${i + 1}`, `${e.name ?? ''} (${integrationName(e.integration)}) ${addressLine(e.address)}`]),
    ]);
    return item;
  }

  protected override childItems(r: Recommendation): vscode.TreeItem[] {
    return r.entities.map((e) => {
      const item = new vscode.TreeItem(e.name || e['@id']);
      item.id = `${r['@id']}|${e['@id']}`;
      item.description = `${integrationName(e.integration)} · ${e.sourceId ?? ''}`;
      item.iconPath = new vscode.ThemeIcon('location');
      item.contextValue = 'recommendationEntity';
      item.tooltip = markdownLines([
        ['Name', e.name],
        ['Address', addressLine(e.address)],
        ['Telephone', e.telephone],
        ['URL', e.url],
        ['Integration', e.integration],
        ['Source id', e.sourceId],
        ['Entity', e['@id']],
      ]);
      return item;
    });
  }

  protected override summary(): string | undefined {
    this.updateBadge();
    return undefined;
  }

  protected override emptyMessage(): string {
    this.updateBadge();
    return 'No pending recommendations: every candidate duplicate has been decided.';
  }

  private updateBadge(): void {
    if (!this.view) return;
    this.view.badge = this.total ? { value: this.total, tooltip: `${this.total.toLocaleString('en-US')} pending recommendations` } : undefined;
    this.view.description = this.total !== undefined ? `${this.total.toLocaleString('en-US')} pending` : undefined;
  }

  /** Takes a decided recommendation out of the list at once; the returned function undoes that. */
  take(id: string): (() => void) | undefined {
    return this.remove((r) => r['@id'] === id);
  }

  find(id: string): Recommendation | undefined {
    return this.records.find((r) => r['@id'] === id);
  }

  pending(): readonly Recommendation[] {
    return this.records;
  }
}
