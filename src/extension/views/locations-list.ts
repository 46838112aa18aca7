// Deduplicated locations updated since a moment: name, locality, and how many sources were merged.
import * as vscode from 'vscode';
import type { DedupClient } from '../../api/client';
import type { Location, Page } from '../../api/model';
import { PagedList } from './paged-list';
import { addressLine, integrationName, localDateTime, markdownLines } from './labels';

/** How far back the Locations and Events views look until the user chooses (30 days). */
export const DEFAULT_LOOKBACK_MS = 30 * 24 * 3600 * 1000;

export class LocationsList extends PagedList<Location> {
  protected readonly noun = 'locations';
  updatedSince = new Date(Date.now() - DEFAULT_LOOKBACK_MS);

  protected fetchPage(client: DedupClient, page: number, signal: AbortSignal): Promise<Page<Location>> {
    return client.listLocations({ updatedSince: this.updatedSince, page, pageSize: this.pageSize }, { signal });
  }

  protected recordItem(l: Location): vscode.TreeItem {
    return locationItem(l, vscode.TreeItemCollapsibleState.None);
  }

  protected override emptyMessage(): string {
    return `No locations updated since ${this.updatedSince.toLocaleString()}.`;
  }

  protected override summary(): string | undefined {
    if (this.view) this.view.description = `since ${this.updatedSince.toLocaleDateString()}`;
    return undefined;
  }
}

export function locationItem(l: Location, state: vscode.TreeItemCollapsibleState): vscode.TreeItem {
  const item = new vscode.TreeItem(l.name || l.id, state);
  const sources = l.sourceIds?.length ?? 0;
  item.description = [l.address?.addressLocality, `${sources} source${sources === 1 ? '' : 's'}`].filter(Boolean).join(' · ');
  item.iconPath = new vscode.ThemeIcon(sources > 1 ? 'merge' : 'location');
  item.contextValue = 'location';
  item.tooltip = markdownLines([
    ['Name', l.name],
    ['Address', addressLine(l.address)],
    ['Telephone', l.telephone],
    ['Coordinates', l.latitude != null && l.longitude != null ? `${l.latitude}, ${l.longitude}` : undefined],
    ['Integrations', (l.integrations ?? []).map(integrationName).join(', ')],
    ['Updated', localDateTime(l.updatedAt)],
    ['Id', l.id],
  ]);
  return item;
}
